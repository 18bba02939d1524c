// Vector art of the studio's slots, drawn for this project with SVG shapes
// and gradients (no images, no fonts beyond the system's). Every symbol of
// every game is a drawing chosen by its name; each game also has a themed
// background scene and a logo. Used by slot.js in the page and by
// scripts/studio-thumbs.mjs (node) to draw the lobby thumbnails.
//   studioArt.svg(symbol, index)  one 100×100 symbol ({name, wild, scatter})
//   studioArt.scene(gameId)       background, 400×300, scaled to cover
//   studioArt.logo(gameId, name)  the title as a 360×90 logo with its emblem
//   studioArt.thumb(game)         a 300×400 lobby thumbnail (standalone SVG)
(function (root) {
  'use strict';
  var n = 0, defs = '';
  function lg(a, b, x2, y2) {
    var id = 'sa' + (++n);
    defs += '<linearGradient id="' + id + '" x1="0" y1="0" x2="' + (x2 || 0) + '" y2="' + (y2 == null ? 1 : y2) + '"><stop offset="0" stop-color="' + a + '"/><stop offset="1" stop-color="' + b + '"/></linearGradient>';
    return 'url(#' + id + ')';
  }
  function rg(a, b) {
    var id = 'sa' + (++n);
    defs += '<radialGradient id="' + id + '" cx=".4" cy=".35" r=".75"><stop offset="0" stop-color="' + a + '"/><stop offset="1" stop-color="' + b + '"/></radialGradient>';
    return 'url(#' + id + ')';
  }
  var O = ' stroke="#0008" stroke-width="2" stroke-linejoin="round"';
  function P(d, f, x) { return '<path d="' + d + '" fill="' + f + '"' + (x || '') + '/>'; }
  function C(cx, cy, r, f, x) { return '<circle cx="' + cx + '" cy="' + cy + '" r="' + r + '" fill="' + f + '"' + (x || '') + '/>'; }
  function E(cx, cy, rx, ry, f, x) { return '<ellipse cx="' + cx + '" cy="' + cy + '" rx="' + rx + '" ry="' + ry + '" fill="' + f + '"' + (x || '') + '/>'; }
  function R(x, y, w, h, r, f, xx) { return '<rect x="' + x + '" y="' + y + '" width="' + w + '" height="' + h + '" rx="' + r + '" fill="' + f + '"' + (xx || '') + '/>'; }
  function L(d, s, w) { return '<path d="' + d + '" fill="none" stroke="' + s + '" stroke-width="' + (w || 3) + '" stroke-linecap="round" stroke-linejoin="round"/>'; }
  function T(x, y, size, f, word, font, x2) { return '<text x="' + x + '" y="' + y + '" text-anchor="middle" font-size="' + size + '" font-weight="900" fill="' + f + '" font-family="' + (font || 'Verdana,sans-serif') + '"' + (x2 || '') + '>' + word + '</text>'; }
  function eye(x, y, r) { return C(x, y, r, '#fff', O) + C(x + r * 0.15, y + r * 0.1, r * 0.55, '#111') + C(x - r * 0.1, y - r * 0.25, r * 0.2, '#fff'); }
  var shine = '<ellipse cx="36" cy="28" rx="11" ry="5" fill="#fff" opacity=".4" transform="rotate(-30 36 28)"/>';
  // A ribbon across the foot of a wild or scatter.
  var plain = false; // emblems (logo, thumbnail) go without the ribbon
  function ribbon(word, a, b) {
    if (plain) return '';
    return P('M4 70h92l-7 10 7 10H4l7-10z', lg(a, b), O) + T(50, 85, word.length > 5 ? 11 : 14, '#fff', word, 'Verdana,sans-serif', ' stroke="#0009" stroke-width=".6" letter-spacing="1"');
  }
  function star(cx, cy, ro, ri, k) {
    var d = '';
    for (var i = 0; i < 2 * k; i++) { var r = i % 2 ? ri : ro, t = Math.PI * i / k - Math.PI / 2; d += (i ? 'L' : 'M') + (cx + r * Math.cos(t)).toFixed(1) + ' ' + (cy + r * Math.sin(t)).toFixed(1); }
    return d + 'z';
  }
  function rays(cx, cy, r1, r2, k, f, w) {
    var s = '';
    for (var i = 0; i < k; i++) { var t = 2 * Math.PI * i / k; s += 'M' + (cx + r1 * Math.cos(t)).toFixed(1) + ' ' + (cy + r1 * Math.sin(t)).toFixed(1) + 'L' + (cx + r2 * Math.cos(t)).toFixed(1) + ' ' + (cy + r2 * Math.sin(t)).toFixed(1); }
    return L(s, f, w);
  }
  function gem(a, b) { return P('M30 18h40l18 22-38 46-38-46z', lg(a, b), ' stroke="#fff8" stroke-width="2"') + L('M12 40h76M30 18l20 22 20-22M50 40v46M30 18l-6 22 26 46 26-46-6-22', '#fff6', 1.5); }

  // Each drawing returns the body of a 100×100 symbol (gradients go to defs).
  var draw = {
    // Classic machine
    cherry: function () { var g = rg('#ff7a8a', '#a3001b'); return L('M32 62Q42 30 66 16M68 62Q62 36 66 16', '#3b7a2a', 4) + P('M66 16q14-2 20 8q-14 4-20-8z', '#4cbb3c') + C(32, 68, 18, g, O) + C(68, 68, 18, g, O) + C(26, 62, 5, '#fff', ' opacity=".5"') + C(62, 62, 5, '#fff', ' opacity=".5"'); },
    lemon: function () { return E(50, 54, 36, 26, rg('#fff59a', '#e0b400'), ' stroke="#b38f00" stroke-width="2"') + C(14, 54, 5, '#e0b400') + C(86, 54, 5, '#e0b400') + shine; },
    orange: function () { return C(50, 56, 32, rg('#ffc46b', '#e86a00'), O) + P('M50 24q10-14 24-10q-8 14-24 10z', '#3fae3f') + shine; },
    plum: function () { return E(50, 56, 28, 33, rg('#c79bff', '#4b1a8a'), O) + L('M50 26q-6 30 0 62', '#0003', 2) + P('M50 24q10-14 24-10q-8 14-24 10z', '#3fae3f') + shine; },
    melon: function () { return E(50, 55, 38, 30, rg('#a4f07f', '#1f7a2e'), O) + L('M20 50q30-20 60 0M18 62q32-16 64 0M30 36q20 40 0 44M70 36q-20 40 0 44', '#145a20', 3) + shine; },
    bell: function () { return P('M50 14q-26 4-26 40l-8 16h68l-8-16q0-36-26-40z', lg('#ffe680', '#c98b00'), ' stroke="#8a5c00" stroke-width="2"') + C(50, 78, 8, '#8a5c00') + R(46, 8, 8, 8, 3, '#8a5c00') + shine; },
    seven: function () { return P('M20 18h60v12L48 86H30l30-52H20z', lg('#ff4d4d', '#8e0000'), ' stroke="#ffd84d" stroke-width="4" stroke-linejoin="round"'); },
    bar: function (k) {
      var g = lg('#3a3a3a', '#000'), b = '', h = 18, top = 50 - (k * (h + 4) - 4) / 2;
      for (var i = 0; i < k; i++) b += R(12, top + i * (h + 4), 76, h, 4, g, ' stroke="#ffd84d" stroke-width="2"') + T(50, top + i * (h + 4) + 14, 13, '#ffd84d', 'BAR');
      return b;
    },
    diamond: function () { return gem('#f4fbff', '#5fb6ff') + ribbon('WILD', '#ffd84d', '#c98b00'); },
    fiesta: function () { return P(star(50, 44, 42, 18, 5), lg('#ffe27a', '#e05a00'), ' stroke="#fff" stroke-width="3" stroke-linejoin="round"') + C(50, 44, 9, '#fff8') + ribbon('WILD', '#ff4d6d', '#a3001b'); },
    // Arctic
    'ice block': function () { return P('M50 14l34 16v40L50 86 16 70V30z', '#bfe9ff', O) + P('M50 14l34 16-34 16-34-16z', '#effaff') + P('M50 46l34-16v40L50 86z', '#7cc7f2') + L('M26 36l10 5M60 60l12-6M30 58l8 4', '#fff', 2); },
    snowflake: function () {
      var arm = L('M50 50V12M50 22l-9-8M50 22l9-8M50 34l-8-6M50 34l8-6', '#e9f8ff', 5), s = '';
      for (var i = 0; i < 6; i++) s += '<g transform="rotate(' + i * 60 + ' 50 50)">' + arm + '</g>';
      return '<g stroke-opacity="1">' + s.replace(/#e9f8ff/g, '#5fb6e8').replace(/stroke-width="5"/g, 'stroke-width="8"') + s + '</g>' + C(50, 50, 7, '#fff');
    },
    igloo: function () { return P('M10 78a40 40 0 0 1 80 0z', lg('#ffffff', '#a9d8f5'), O) + L('M14 62h72M22 46h56M34 33h32M30 78V62M50 62V46M70 78V62M40 46V33M62 46V33', '#7fb8dc', 2) + P('M38 78v-12a12 12 0 0 1 24 0v12z', '#24466b', O); },
    penguin: function () { return E(50, 56, 28, 36, '#1d2633', O) + E(50, 62, 19, 27, '#fff') + eye(41, 38, 5) + eye(59, 38, 5) + P('M44 46l6 8 6-8z', '#ff9f1a', O) + E(38, 92, 9, 4, '#ff9f1a', O) + E(62, 92, 9, 4, '#ff9f1a', O) + P('M22 52q-10 14-4 28l8-10z', '#1d2633'); },
    seal: function () { return P('M14 80q2-26 30-34q6-22 26-20q14 2 16 16q2 12-10 16q-4 14-20 22z', lg('#b7c3cf', '#6d7d8d'), O) + P('M20 82q-14-4-14 6q10 2 14-6zM50 80l10 8h-14z', '#6d7d8d', O) + C(64, 38, 3.5, '#111') + C(78, 38, 3.5, '#111') + E(82, 46, 4, 3, '#222') + L('M86 48l10-2M86 50l10 2M78 48l-10 0', '#333', 1); },
    'arctic fox': function () { return P('M20 14l16 24h28l16-24 4 34q-6 22-34 38-28-16-34-38z', lg('#ffffff', '#d7e6f0'), O) + P('M24 22l8 14-10 4zM76 22l-8 14 10 4z', '#ffc2cf') + eye(38, 50, 5) + eye(62, 50, 5) + P('M44 72h12l-6 8z', '#1b1b1b') + L('M50 80v4', '#333', 2); },
    'polar bear': function () { return C(26, 28, 11, '#f2f7fa', O) + C(74, 28, 11, '#f2f7fa', O) + C(50, 54, 36, rg('#ffffff', '#d4e2ec'), O) + E(50, 68, 16, 12, '#e8eef2', O) + E(50, 62, 7, 5, '#1b1b1b') + C(36, 46, 4, '#111') + C(64, 46, 4, '#111') + L('M44 72q6 5 12 0', '#333', 2); },
    aurora: function () { return R(6, 6, 88, 88, 18, lg('#04122e', '#0c3b5c'), O) + P('M6 46q22-30 44-8t44-14v20q-22 12-44 6T6 62z', '#3dffb0', ' opacity=".75"') + P('M6 30q24-20 46 0t42-8v12q-20 8-42 2T6 42z', '#b57bff', ' opacity=".6"') + C(24, 20, 1.5, '#fff') + C(70, 16, 1.5, '#fff') + C(84, 30, 1, '#fff') + ribbon('WILD', '#3dffb0', '#0b7a5a'); },
    // Aztec
    'jade mask': function () { return P('M20 20q30-14 60 0l-4 44q-4 20-26 24-22-4-26-24z', lg('#5de0a4', '#0d6b48'), O) + P('M28 42l14-4 2 8-14 2zM72 42l-14-4-2 8 14 2z', '#0a2e22') + P('M46 50h8l2 14h-12z', '#2a9a6d') + R(38, 70, 24, 6, 3, '#0a2e22') + C(16, 50, 5, '#ffd84d', O) + C(84, 50, 5, '#ffd84d', O) + L('M26 28q24-8 48 0', '#ffd84d', 3); },
    serpent: function () { return L('M18 84q40 4 26-24T58 30', '#0d6b48', 15) + L('M18 84q40 4 26-24T58 30', '#4fd08a', 10) + L('M22 82q30 4 20-20', '#ffd84d', 2) + P('M50 30q4-18 22-16q14 4 10 16q-6 8-20 8z', '#4fd08a', O) + C(70, 22, 3, '#111') + L('M82 30l10 2m-10-2l8 6', '#e0303a', 2) + P('M54 16q-8-10-2-14q4 6 10 8zM62 12q-2-10 6-12q0 8 4 10z', '#e0303a'); },
    eagle: function () { return P('M24 82q-8-40 16-60q24-14 42 4l10 12q-6 8-18 6l-6 8q-4 16 6 30z', lg('#8a5a2b', '#4a2a10'), O) + P('M40 22q24-14 42 4q-10 2-24-2q-8 4-18-2z', '#fff') + P('M82 26l14 10q-2 10-12 10l-4-6q6-2 2-14z', '#ffc93c', O) + eye(68, 32, 4.5) + L('M30 60q10 4 18 0M32 70q10 4 18 0', '#ffd84d55', 3); },
    'sun king': function () { return P('M14 46q-4-30 10-40l8 22 8-26 10 24 10-24 8 26 8-22q14 10 10 40z', lg('#ffd84d', '#e0303a'), O) + C(50, 60, 24, rg('#e0a060', '#8a4a1a'), O) + R(28, 40, 44, 8, 2, '#16a085', O) + C(50, 44, 4, '#ffd84d') + eye(42, 58, 4) + eye(58, 58, 4) + L('M42 72q8 4 16 0', '#5a2a0a', 3) + C(26, 66, 5, '#ffd84d', O) + C(74, 66, 5, '#ffd84d', O); },
    'temple wild': function () { return P('M10 72h80l-8-12H18zM18 60h64l-8-12H26zM26 48h48l-8-12H34zM34 36h32l-6-10H40z', lg('#e8c170', '#8a5a1a'), O) + R(44, 14, 12, 12, 2, '#16a085', O) + P('M46 72v-10h8v10z', '#3a2208') + ribbon('WILD', '#16a085', '#0a5b4b'); },
    'sun stone': function () { return rays(50, 44, 30, 44, 16, '#ffd84d', 5) + C(50, 44, 32, rg('#d9c49a', '#8a7250'), O) + C(50, 44, 22, 'none', ' stroke="#5a4a2a" stroke-width="3"') + P(star(50, 44, 16, 8, 4), '#c08a2a', O) + C(50, 44, 6, '#16a085') + ribbon('SCATTER', '#ff7a3c', '#a0300a'); },
    // Candy
    gumdrop: function () { return P('M18 80q0-56 32-60q32 4 32 60z', rg('#ff8ad0', '#b3126f'), O) + '<g fill="#fff" opacity=".8">' + C(36, 46, 2.5, '') + C(52, 36, 2.5, '') + C(62, 54, 2.5, '') + C(44, 62, 2.5, '') + C(68, 70, 2.5, '') + C(30, 70, 2.5, '') + '</g>' + E(50, 80, 32, 5, '#8a0c52'); },
    'jelly bean': function () { return P('M18 46q-2-24 24-22 10 1 18 8 8 6 18 2 14 2 12 20-4 26-32 24-16-1-26-8-14-6-14-24z', lg('#8fe36b', '#1f9a3e', 1, 1), O) + E(40, 36, 12, 4, '#fff', ' opacity=".55" transform="rotate(-8 40 36)"'); },
    lollipop: function () { var s = lg('#ff5a8a', '#ff9f1a', 1, 1); return R(47, 56, 6, 40, 3, '#f4efe6', O) + C(50, 38, 30, s, O) + L('M50 38m0-4a4 4 0 1 1-4 4a8 8 0 0 1 8-8a12 12 0 0 1 12 12a16 16 0 0 1-16 16a20 20 0 0 1-20-20a24 24 0 0 1 24-24', '#fff', 4); },
    cupcake: function () { return P('M24 56h52l-8 34H32z', lg('#7ec8ff', '#2a6fc9'), O) + L('M36 58l2 30M50 58v30M64 58l-2 30', '#fff8', 2) + P('M20 58q-6-14 10-18 0-14 20-16 20 2 20 16 16 4 10 18z', lg('#fff0f7', '#ff9fcf'), O) + C(50, 18, 8, '#e0303a', O) + L('M50 10q4-8 10-8', '#3b7a2a', 2) + '<g fill="#ffd84d">' + R(34, 44, 6, 2, 1, '') + R(58, 40, 6, 2, 1, '') + R(46, 50, 6, 2, 1, '') + '</g>'; },
    donut: function () { return C(50, 52, 38, '#d99a4e', O) + P('M14 50q2-30 36-34 34 2 38 32-6 4-10 0-4 10-12 4-8 8-14 0-8 6-12-2-8 6-14-2-8 4-12 2z', '#ff8ad0', O) + E(50, 48, 12, 9, '#5a3214', O) + '<g stroke-width="3" stroke-linecap="round">' + L('M28 34l5 3', '#3dd1ff') + L('M68 30l-4 4', '#ffd84d') + L('M72 48l4 3', '#7ee08a') + L('M38 26l4-2', '#fff') + L('M24 48l2 5', '#b57bff') + '</g>'; },
    'candy wild': function () { return P('M28 42L6 26v32zM72 42l22-16v32z', '#ff9f1a', O) + E(50, 42, 26, 20, lg('#ff5a8a', '#b3126f'), O) + L('M34 28q8 14 0 28M50 22q8 20 0 40M66 28q8 14 0 28', '#fff', 3) + ribbon('WILD', '#7ee08a', '#1d7a34'); },
    carousel: function () { return R(22, 26, 4, 44, 1, '#ffd84d') + R(48, 26, 4, 44, 1, '#ffd84d') + R(74, 26, 4, 44, 1, '#ffd84d') + P('M8 30L50 6l42 24z', '#ff5a8a', O) + P('M8 30q7 8 14 0 7 8 14 0 7 8 14 0 7 8 14 0 7 8 14 0 7 8 14 0z', '#fff', O) + R(10, 66, 80, 6, 3, '#b3126f', O) + P('M30 50q4-8 12-4h10l4-6 4 4-4 6v10h-4v-6H38v6h-4v-6q-6-2-4-4z', '#fff', O) + C(50, 5, 3, '#ffd84d') + ribbon('SCATTER', '#3dd1ff', '#1c5fa8'); },
    // Cosmic
    ruby: function () { return gem('#ff6b81', '#a0001e'); },
    sapphire: function () { return gem('#6bb8ff', '#0b3fa0'); },
    emerald: function () { return gem('#6bffb0', '#07804a'); },
    amethyst: function () { return gem('#d8b4ff', '#6a1b9a'); },
    'ringed planet': function () { return E(50, 52, 46, 12, 'none', ' stroke="#ffd8a8" stroke-width="5" transform="rotate(-18 50 52)"') + C(50, 50, 28, rg('#ffb86b', '#9a3d8a'), O) + L('M26 42q24 6 48 0M24 56q26 6 52 0', '#fff4', 4) + P('M4 52a46 12 0 0 0 92 0', 'none', ' stroke="#ffd8a8" stroke-width="5" transform="rotate(-18 50 52)"'); },
    'star wild': function () { return P(star(50, 42, 40, 17, 5), lg('#fff6b0', '#ff9ff3'), ' stroke="#fff" stroke-width="3" stroke-linejoin="round"') + C(50, 42, 8, '#fff') + ribbon('WILD', '#7b5cff', '#2c1380'); },
    comet: function () { return P('M66 26L6 70l10 6 10 4z', lg('#ffffff', '#5fd2ff00', 1, 1), ' opacity=".9"') + P('M60 20L14 44l20 6z', '#9fe8ff', ' opacity=".6"') + C(66, 32, 16, rg('#ffffff', '#3dd1ff'), O) + ribbon('SCATTER', '#ff9ff3', '#9a3d8a'); },
    // Dragon
    'gold coin': function () { return C(50, 50, 38, rg('#ffe680', '#b8860b'), O) + C(50, 50, 30, 'none', ' stroke="#8a5c00" stroke-width="2"') + R(40, 40, 20, 20, 2, '#5a0b0b', O) + T(50, 30, 13, '#8a5c00', '福', 'serif') + T(50, 80, 13, '#8a5c00', '财', 'serif') + T(26, 55, 13, '#8a5c00', '吉', 'serif') + T(74, 55, 13, '#8a5c00', '祥', 'serif'); },
    lantern: function () { return L('M50 2v10', '#ffd84d', 2) + R(34, 10, 32, 8, 3, '#ffd84d', O) + E(50, 48, 32, 30, rg('#ff6b5a', '#a3001b'), O) + L('M50 18q-16 30 0 60M50 18q16 30 0 60M34 24q-12 24 0 48M66 24q12 24 0 48', '#ffd84d88', 1.5) + R(34, 76, 32, 8, 3, '#ffd84d', O) + L('M44 84v12M50 84v14M56 84v12', '#e0303a', 2); },
    koi: function () { return P('M12 54q20-26 52-20l18-14q-2 20 2 32 2 10-4 28l-16-16q-30 10-52-10z', lg('#fff', '#ffe6d6'), O) + P('M30 42q14-10 28-6-4 10-18 12zM44 58q10 4 16 0-4 10-14 10z', '#ff6b1a') + P('M64 34l18-14q-2 20 2 32 2 10-4 28l-16-16q6-14 0-30z', '#ff6b1a', O) + eye(22, 48, 3.5) + L('M14 56q-6 4-10 2M18 58q-4 6-8 6', '#ff6b1a', 1.5); },
    tiger: function () { return C(22, 24, 10, '#ff9a2e', O) + C(78, 24, 10, '#ff9a2e', O) + C(50, 54, 36, rg('#ffb04a', '#e06a00'), O) + E(50, 70, 18, 14, '#fff4e6') + '<g fill="#1b1b1b">' + P('M50 20l-4 12h8zM30 28l6 12 4-4zM70 28l-6 12-4-4zM16 52l14 2-2 4zM84 52l-14 2 2 4zM18 64l12-2v4zM82 64l-12-2v4z', '') + '</g>' + eye(38, 48, 5.5) + eye(62, 48, 5.5) + P('M44 62h12l-6 7z', '#b03030') + L('M50 69v5M50 74q-6 5-10 0M50 74q6 5 10 0', '#333', 2); },
    dragon: function () { return P('M22 34q-10-24 8-28l4 16zM78 34q10-24-8-28l-4 16z', '#ffd84d', O) + P('M20 44q0-24 30-26 30 2 30 26l8 20q-10 24-38 26-28-2-38-26z', lg('#48d17a', '#0d6b3a'), O) + P('M34 66q16 8 32 0l-4 14q-12 6-24 0z', '#ffd8a8', O) + eye(36, 44, 6) + eye(64, 44, 6) + C(42, 64, 2.5, '#111') + C(58, 64, 2.5, '#111') + L('M30 72q-16 4-24 16M70 72q16 4 24 16', '#ffd84d', 2.5) + ribbon('WILD', '#e0303a', '#7a0000'); },
    firecracker: function () { return '<g transform="rotate(-12 50 50)">' + R(22, 30, 16, 44, 4, lg('#ff4d4d', '#8e0000', 1, 0), O) + R(42, 24, 16, 50, 4, lg('#ff4d4d', '#8e0000', 1, 0), O) + R(62, 30, 16, 44, 4, lg('#ff4d4d', '#8e0000', 1, 0), O) + L('M22 40h16M42 34h16M62 40h16M22 64h16M42 64h16M62 64h16', '#ffd84d', 2) + L('M50 24q2-10 10-14', '#5a3a1a', 2) + '</g>' + P(star(64, 12, 10, 4, 8), '#ffd84d') + ribbon('SCATTER', '#ffd84d', '#c98b00'); },
    // Jungle
    frog: function () { return E(50, 62, 38, 26, rg('#8fe36b', '#1f7a2e'), O) + C(30, 36, 13, '#5dc04a', O) + C(70, 36, 13, '#5dc04a', O) + eye(30, 36, 8) + eye(70, 36, 8) + L('M26 68q24 14 48 0', '#0d4a1a', 3) + C(42, 56, 1.5, '#0d4a1a') + C(58, 56, 1.5, '#0d4a1a') + E(50, 80, 22, 6, '#d8f5a8', ' opacity=".6"'); },
    parrot: function () { return P('M30 92q-12-30 0-60 12-26 38-20 12 4 14 16-8-2-14 2l-4 14q-2 30-34 48z', lg('#ff4d4d', '#b3001b'), O) + P('M64 28q20-4 24 14-2 14-12 10 4-10-6-12z', '#ffe9a8', O) + P('M68 34q8 0 8 8', '#222') + C(58, 24, 8, '#fff', O) + C(59, 24, 4, '#111') + P('M34 56q16 4 20 30-16-6-20-30z', '#ffd84d', O) + P('M30 66q12 6 14 26-12-6-14-26z', '#2a7bff', O); },
    jaguar: function () { return C(24, 26, 10, '#e0a030', O) + C(76, 26, 10, '#e0a030', O) + C(50, 54, 36, rg('#ffd06b', '#c98020'), O) + E(50, 72, 16, 12, '#fff2d6') + '<g fill="none" stroke="#3a2208" stroke-width="2.5">' + C(30, 36, 4, '') + C(70, 36, 4, '') + C(50, 28, 4, '') + C(22, 58, 3.5, '') + C(78, 58, 3.5, '') + C(40, 38, 3, '') + C(60, 38, 3, '') + '</g>' + eye(38, 50, 5.5).replace(/#111/, '#1a3a0a') + eye(62, 50, 5.5) + P('M44 64h12l-6 7z', '#3a2208') + L('M50 71v4M50 75q-6 5-10 0M50 75q6 5 10 0', '#3a2208', 2); },
    gorilla: function () { return C(50, 50, 40, rg('#4a4a52', '#17171c'), O) + P('M26 52q0-20 24-20 24 0 24 20 4 30-24 34-28-4-24-34z', '#8a7a70', O) + P('M24 40q26-12 52 0-2 8-8 6-18-6-36 0-6 2-8-6z', '#17171c') + C(38, 44, 4, '#111') + C(62, 44, 4, '#111') + E(44, 62, 4, 3, '#222') + E(56, 62, 4, 3, '#222') + L('M40 74q10 4 20 0', '#222', 2.5); },
    'idol wild': function () { return R(22, 8, 56, 66, 10, lg('#b9a27a', '#6a5a3a'), O) + R(26, 20, 20, 10, 3, '#2a1f10') + R(54, 20, 20, 10, 3, '#2a1f10') + C(36, 25, 3, '#3dffb0') + C(64, 25, 3, '#3dffb0') + P('M44 32h12l4 16H40z', '#8a7250', O) + R(30, 52, 40, 10, 3, '#2a1f10') + L('M34 57h32', '#e8e0c8', 2) + P('M18 8h64l-8-6H26z', '#3a8a3a') + ribbon('WILD', '#3dae3f', '#145a20'); },
    waterfall: function () { return P('M4 10h30v60H4zM66 10h30v60H66z', lg('#5a8a3a', '#2a4a1a'), O) + R(30, 10, 40, 62, 2, lg('#d6f4ff', '#3aa0e0'), O) + L('M38 12v56M48 12v56M58 12v56M66 12v56', '#fff', 2) + E(50, 70, 30, 8, '#e9f8ff', O) + C(28, 66, 6, '#fff') + C(72, 66, 6, '#fff') + ribbon('SCATTER', '#3aa0e0', '#0b4a80'); },
    // Lucky clover
    horseshoe: function () { var g = lg('#ffe680', '#b8860b'); return P('M20 20q-8 40 8 60 10 12 22 12t22-12q16-20 8-60h-16q6 34-4 50-4 6-10 6t-10-6q-10-16-4-50z', g, O) + '<g fill="#5a3a00">' + C(24, 30, 2.5, '') + C(23, 46, 2.5, '') + C(28, 62, 2.5, '') + C(76, 30, 2.5, '') + C(77, 46, 2.5, '') + C(72, 62, 2.5, '') + '</g>'; },
    hat: function () { return E(50, 78, 44, 12, '#1f7a34', O) + P('M26 78l6-62h36l6 62z', lg('#34a853', '#145a20'), O) + R(29, 56, 42, 10, 1, '#1b1b1b') + R(42, 54, 16, 14, 2, 'none', ' stroke="#ffd84d" stroke-width="4"') + P('M68 30q14-6 10 10q-6-8-10-10z', '#4cbb3c'); },
    harp: function () { return P('M22 90V16q0-10 10-8 30 8 52 36-12 8-20 6-18 8-26 30z', 'none', ' stroke="#d4a017" stroke-width="8" stroke-linejoin="round"') + L('M32 24v62M42 26v54M52 32v42M62 40v26M72 46v10', '#fff7d6', 1.5) + C(22, 90, 5, '#d4a017') + P('M14 30q4-8 8-4 0 8-8 4z', '#4cbb3c'); },
    rainbow: function () { var s = ['#ff4d4d', '#ff9f1a', '#ffe14d', '#4cbb3c', '#2a7bff', '#8a4bff'], b = ''; for (var i = 0; i < s.length; i++) b += P('M' + (8 + i * 5) + ' 72a' + (42 - i * 5) + ' ' + (42 - i * 5) + ' 0 0 1 ' + (84 - i * 10) + ' 0', 'none', ' stroke="' + s[i] + '" stroke-width="5.5"'); return b + C(16, 74, 9, '#fff', O) + C(26, 76, 8, '#fff') + C(82, 74, 9, '#fff', O) + C(72, 76, 8, '#fff'); },
    clover: function () { var leaf = P('M50 48q-22-2-24-18-2-14 12-14 10 0 12 10 2-10 12-10 14 0 12 14-2 16-24 18z', lg('#6fe36b', '#1f7a2e'), O), s = ''; for (var i = 0; i < 4; i++) s += '<g transform="rotate(' + (i * 90 + 45) + ' 50 48)">' + leaf + '</g>'; return L('M50 48q4 20 14 30', '#1f7a2e', 5) + s + ribbon('WILD', '#ffd84d', '#b8860b'); },
    'pot of gold': function () { return C(34, 30, 9, rg('#ffe680', '#b8860b'), O) + C(52, 24, 9, rg('#ffe680', '#b8860b'), O) + C(68, 32, 9, rg('#ffe680', '#b8860b'), O) + E(50, 40, 34, 8, '#ffd84d', O) + P('M16 40q-4 30 14 38h40q18-8 14-38z', rg('#4a4a52', '#111'), O) + R(12, 36, 76, 8, 4, '#2a2a30', O) + ribbon('SCATTER', '#4cbb3c', '#145a20'); },
    // Neon nights
    cassette: function () { return R(8, 22, 84, 56, 6, lg('#ff4fd8', '#7a1a9a'), O) + R(18, 30, 64, 24, 3, '#fff0', ' stroke="#fff" stroke-width="2"') + R(22, 34, 56, 16, 8, '#1b0a26') + C(36, 42, 6, '#fff', O) + C(64, 42, 6, '#fff', O) + C(36, 42, 2, '#1b0a26') + C(64, 42, 2, '#1b0a26') + P('M28 78l6-14h32l6 14z', '#3a1a4a', O) + C(40, 70, 2, '#fff') + C(60, 70, 2, '#fff'); },
    skates: function () { return P('M22 14h26v36q20 2 30 10 8 6 8 14H16z', lg('#00f5d4', '#0a8a8a'), O) + L('M28 22h14M28 30h14M28 38h14', '#fff', 3) + R(14, 72, 74, 8, 4, '#ff4fd8', O) + C(28, 86, 8, '#ffd84d', O) + C(74, 86, 8, '#ffd84d', O) + C(28, 86, 3, '#7a1a9a') + C(74, 86, 3, '#7a1a9a'); },
    arcade: function () { return P('M24 94V14q0-8 8-8h36q8 0 8 8v80z', lg('#7b5cff', '#2c1380'), O) + R(30, 16, 40, 30, 3, '#0a0a1a', O) + P('M38 36l6-8 6 6 8-12 4 14z', '#00f5d4') + C(44, 26, 2, '#ff4fd8') + R(24, 50, 52, 14, 2, '#ff4fd8', O) + L('M40 56v-8', '#ddd', 3) + C(40, 46, 4, '#e0303a') + C(58, 57, 3, '#ffd84d') + C(66, 57, 3, '#00f5d4'); },
    'sports car': function () { return P('M4 66q0-10 12-12l16-14q6-4 16-4h16q8 0 14 8l10 8q10 2 10 14v6H4z', lg('#ff3d6e', '#8e0030'), O) + P('M36 42h14v12H26zM56 42h8q4 0 8 6l4 6H56z', '#bfe9ff', O) + L('M8 62h84', '#fff6', 2) + C(26, 74, 10, '#1b1b1b', O) + C(74, 74, 10, '#1b1b1b', O) + C(26, 74, 4, '#ccc') + C(74, 74, 4, '#ccc') + R(86, 60, 8, 4, 2, '#ffd84d'); },
    dj: function () { return C(50, 50, 28, rg('#c88a5a', '#7a4a2a'), O) + P('M24 44q-2-30 26-32 28 2 26 32', 'none', ' stroke="#1b1b1b" stroke-width="7"') + R(14, 38, 16, 26, 6, '#ff4fd8', O) + R(70, 38, 16, 26, 6, '#ff4fd8', O) + R(30, 42, 40, 12, 6, '#111', O) + L('M34 46h10M56 46h10', '#00f5d4', 2) + L('M42 66q8 6 16 0', '#3a1a0a', 3) + P('M22 20q28-18 56 0-28-8-56 0z', '#1b1b1b'); },
    'neon wild': function () { return R(8, 18, 84, 50, 12, '#14002a', ' stroke="#ff4fd8" stroke-width="4"') + R(14, 24, 72, 38, 8, 'none', ' stroke="#00f5d4" stroke-width="2" opacity=".8"') + T(50, 52, 24, '#fff', 'WILD', 'Verdana,sans-serif', ' stroke="#00f5d4" stroke-width="1.5"') + L('M20 80h60', '#ff4fd8', 3) + L('M30 88h40', '#00f5d4', 3); },
    blackout: function () { return P('M50 12a24 24 0 0 0-14 44v10h28V56a24 24 0 0 0-14-44z', lg('#5a5a66', '#2a2a33'), O) + R(38, 66, 24, 6, 2, '#8a8a96') + R(40, 74, 20, 6, 2, '#8a8a96') + L('M44 42q6 6 12 0M50 44v18', '#777', 2) + L('M76 24l10-10M80 40h12M20 40H8M24 24L14 14', '#555', 2); },
    // Ocean
    shell: function () { var g = lg('#ffd8c8', '#ff7a8a'); return P('M50 86L18 60q-12-28 14-44 18-10 36 0 26 16 14 44z', g, O) + L('M50 86L22 30M50 86L38 18M50 86V14M50 86L62 18M50 86L78 30', '#c0455a', 2) + P('M40 86h20l-4 8H44z', '#ff9aa8', O); },
    seahorse: function () { return P('M54 14q18 0 16 16l10 6-10 4q-2 10-10 12 14 12 8 30-8 16-22 10 10-2 10-12 0-8-10-12-14-6-10-22 2-10 8-16-6-10 0-16z', lg('#ffd84d', '#ff7a1a'), O) + eye(60, 24, 4) + L('M48 40l-8-2M46 50l-8 0M48 60l-8 2', '#c05a00', 2) + P('M40 26l-8-8 10 2z', '#ff7a1a'); },
    turtle: function () { return E(20, 34, 10, 6, '#6fbf6a', O) + E(80, 34, 10, 6, '#6fbf6a', O) + E(22, 72, 9, 6, '#6fbf6a', O) + E(78, 72, 9, 6, '#6fbf6a', O) + E(50, 16, 10, 11, '#6fbf6a', O) + C(46, 13, 2, '#111') + C(54, 13, 2, '#111') + E(50, 54, 30, 34, lg('#8a6a2a', '#4a3a10'), O) + P('M50 34l12 8v14l-12 8-12-8V42z', '#c8a050', O) + L('M50 20v14M62 42l14-8M62 56l14 8M50 64v22M38 56l-14 8M38 42l-14-8', '#c8a050', 2); },
    'treasure chest': function () { return R(14, 46, 72, 40, 4, lg('#a0642a', '#5a3210'), O) + P('M20 46l8-20h44l8 20z', '#ffd84d', O) + C(34, 38, 6, rg('#fff6b0', '#d4a017')) + C(50, 32, 6, rg('#fff6b0', '#d4a017')) + C(64, 38, 6, rg('#fff6b0', '#d4a017')) + P('M14 40q36-18 72 0v8H14z', lg('#b8763a', '#6a3a14'), O) + R(14, 56, 72, 6, 0, '#d4a017') + R(44, 52, 12, 16, 2, '#d4a017', O) + C(50, 60, 2.5, '#3a2208'); },
    pearl: function () { return P('M8 50q42 34 84 0-8 30-42 32Q16 80 8 50z', lg('#b0b8d0', '#5a627a'), O) + P('M8 50q42-40 84 0-42-20-84 0z', lg('#d6dce8', '#8a92a8'), O) + C(50, 46, 16, rg('#ffffff', '#c8c0e0'), O) + ribbon('WILD', '#3dd1ff', '#0b4a80'); },
    anchor: function () { return C(50, 16, 8, 'none', ' stroke="#ffd84d" stroke-width="5"') + L('M50 24v44M32 36h36M18 48q4 22 32 22 28 0 32-22', '#ffd84d', 7) + P('M12 50l8-8 6 10zM88 50l-8-8-6 10z', '#ffd84d') + ribbon('SCATTER', '#ff7a3c', '#a0300a'); },
    // Egypt
    scarab: function () { return C(50, 16, 11, rg('#ffb347', '#e0303a'), O) + P('M22 46q-14-8-16 8 10 0 16-4zM78 46q14-8 16 8-10 0-16-4zM24 66q-12 6-10 20 8-6 12-14zM76 66q12 6 10 20-8-6-12-14z', '#2a6fc9', O) + E(50, 34, 12, 8, '#14508a', O) + E(50, 62, 22, 26, lg('#3dd1ff', '#0b3fa0'), O) + L('M50 38v48', '#0a2a5a', 2) + L('M36 50q14-6 28 0', '#ffd84d', 2); },
    anubis: function () { return P('M30 50L26 4l16 26zM70 50L74 4 58 30z', '#1b1b22', O) + P('M30 40q20-12 40 0 8 20-6 30l-22 20q-14-6-12-20-6-16 0-30z', lg('#2a2a33', '#0a0a10'), O) + P('M50 70l-10 22h20z', '#1b1b22') + P('M34 52l10-2-2 4zM66 52l-10-2 2 4z', '#ffd84d') + P('M18 82q32-12 64 0v12H18z', '#d4a017', O) + L('M20 88h60', '#2a6fc9', 3); },
    pharaoh: function () { return P('M14 92l8-56q4-28 28-30 24 2 28 30l8 56z', lg('#2a6fc9', '#0b3fa0'), O) + L('M22 44h10M20 56h12M18 68h14M16 80h16M68 44h10M68 56h12M68 68h14M68 80h16', '#ffd84d', 4) + E(50, 50, 18, 22, rg('#e0a060', '#8a4a1a'), O) + R(30, 22, 40, 8, 2, '#ffd84d', O) + P('M46 22q4-10 8 0z', '#ffd84d') + eye(43, 48, 3.5) + eye(57, 48, 3.5) + L('M38 46l-6-2M62 46l6-2', '#111', 1.5) + R(46, 70, 8, 18, 2, lg('#ffd84d', '#8a5c00'), O); },
    explorer: function () { return C(50, 58, 24, rg('#f2c8a0', '#b8825a'), O) + E(50, 38, 40, 9, '#c8a870', O) + P('M26 38q2-28 24-28 22 0 24 28z', lg('#e8d0a0', '#a88a50'), O) + R(26, 32, 48, 6, 0, '#6a4a20') + eye(42, 56, 3.5) + eye(58, 56, 3.5) + L('M42 70q8 5 16 0', '#6a3a1a', 2.5) + P('M28 82q22 12 44 0l6 14H22z', '#c84a2a', O); },
    ankh: function () { return L('M50 40q-18-2-18-18 0-14 18-14 18 0 18 14 0 16-18 18', '#ffd84d', 8) + L('M20 44h60M50 40v52', '#ffd84d', 10) + L('M20 44h60M50 40v52', '#d4a017', 4) + ribbon('WILD', '#2a6fc9', '#0b3fa0'); },
    'eye of horus': function () { return P('M8 40q42-30 84 0-42 22-84 0z', '#fff', O) + C(50, 38, 11, '#1b3a8a') + C(50, 38, 5, '#111') + L('M8 40q42-30 84 0M10 22q40-16 80 0M44 52l-6 22M58 50q10 10 20 0 4 10-6 14', '#1b1b22', 4) + ribbon('SCATTER', '#d4a017', '#8a5c00'); },
    // Viking
    axe: function () { return L('M30 92L70 10', '#8a5a2b', 7) + P('M58 18q-4 18 14 30 10-14 22-14-8-22-30-28z', lg('#e4ecf2', '#7a8a96', 1, 1), O) + L('M30 92L70 10', '#0003', 1) + R(26, 80, 12, 6, 2, '#4a3218', ' transform="rotate(-64 32 83)"'); },
    helmet: function () { return P('M24 30q-20 4-18-22 12 10 22 14zM76 30q20 4 18-22-12 10-22 14z', '#f2e8d0', O) + P('M20 66q-4-48 30-50 34 2 30 50z', lg('#c8d0d8', '#5a6670'), O) + R(18, 60, 64, 10, 3, '#8a6a2a', O) + R(46, 16, 8, 60, 3, '#8a6a2a', O) + C(24, 65, 2, '#ffd84d') + C(76, 65, 2, '#ffd84d'); },
    longship: function () { return L('M50 12v54', '#5a3a1a', 4) + P('M28 16h44l4 36H24z', '#fff', O) + P('M28 16h9l-1 36h-9zM46 16h9v36h-9zM64 16h8l4 36h-9z', '#e0303a') + P('M6 60q44 30 88 0-8 24-44 26-36-2-44-26z', lg('#a0642a', '#5a3210'), O) + P('M90 62q6-18-6-26l-2 6q8 6 2 16z', '#a0642a', O) + C(26, 70, 5, '#ffd84d', O) + C(40, 74, 5, '#2a6fc9', O) + C(54, 75, 5, '#ffd84d', O) + C(68, 72, 5, '#2a6fc9', O) + L('M2 92q12-6 24 0t24 0 24 0 24 0', '#3dd1ff', 3); },
    odin: function () { return P('M20 44q0-34 30-36 30 2 30 36z', lg('#c8d0d8', '#5a6670'), O) + R(18, 40, 64, 8, 3, '#8a6a2a', O) + C(50, 56, 22, rg('#f2c8a0', '#b8825a'), O) + P('M24 60q0 36 26 36 26 0 26-36-8 12-26 12-18 0-26-12z', lg('#e8e8f0', '#9aa0b0'), O) + eye(58, 54, 4) + L('M32 48l24 10', '#1b1b1b', 2) + E(42, 54, 6, 5, '#1b1b1b') + L('M40 66q10-4 20 0', '#9aa0b0', 4); },
    shield: function () { var s = ''; for (var i = 0; i < 6; i++) s += '<g transform="rotate(' + i * 60 + ' 50 44)">' + P('M50 44L50 6a38 38 0 0 1 33 19z', i % 2 ? '#2a6fc9' : '#e8d0a0') + '</g>'; return s + C(50, 44, 38, 'none', ' stroke="#5a6670" stroke-width="5"') + C(50, 44, 10, rg('#fff', '#8a96a0'), O) + ribbon('WILD', '#e0303a', '#7a0000'); },
    rune: function () { return P('M22 84q-10-40 4-68 22-12 48 0 16 30 4 68z', lg('#9aa0b0', '#4a5060'), O) + L('M40 22v52M40 30l18 12M40 46l18-12', '#3dd1ff', 5) + L('M62 54l-8 16', '#3dd1ff', 4) + ribbon('SCATTER', '#3dd1ff', '#0b4a80'); },
    // Wild west
    boots: function () { return P('M30 8h26l-2 50q20 4 34 14 6 6 2 14H20l2-26z', lg('#a0642a', '#5a3210'), O) + L('M34 16l12 12-12 12M52 16L40 28', '#ffd84d', 2) + P('M20 86h72v4H18z', '#2a1a08') + C(18, 78, 7, 'none', ' stroke="#c8d0d8" stroke-width="2.5"') + R(6, 76, 12, 3, 1, '#c8d0d8'); },
    revolver: function () { return P('M10 34h58v14H10z', lg('#c8d0d8', '#5a6670'), O) + R(50, 28, 26, 24, 4, lg('#9aa0b0', '#4a5060'), O) + P('M70 48h14q6 0 8 6l-6 34H70q-2-20 6-30h-10z', lg('#a0642a', '#5a3210'), O) + L('M56 58q0 10 8 8', '#4a5060', 3) + C(58, 40, 3, '#2a2a30') + R(8, 30, 4, 6, 1, '#5a6670'); },
    horse: function () { return P('M62 8l6 14q18 10 22 38 2 10-6 12l-12-2q-6-2-10-10l-6-8q-6 30 2 40H28q-8-30 4-56 8-18 26-24z', lg('#b87a4a', '#6a3a1a'), O) + P('M56 10q-20 6-28 24-8 18-6 44 4-26 20-40z', '#2a1a08') + eye(70, 32, 3.5) + E(86, 64, 3, 2, '#2a1a08') + P('M62 8l4-6 4 8z', '#6a3a1a'); },
    cowgirl: function () { return P('M28 52q-8 26-2 40h16zM72 52q8 26 2 40H58z', '#e8a030', O) + C(50, 56, 22, rg('#f6d0b0', '#c8906a'), O) + P('M4 40q10 8 46 4 36 4 46-4-8 10-46 12-38-2-46-12z', lg('#c84a2a', '#7a2010'), O) + P('M26 42q0-30 24-30 24 0 24 30-24-6-48 0z', lg('#e05a3a', '#8a2a14'), O) + L('M27 38q23-6 46 0', '#ffd84d', 3) + eye(42, 56, 3.5) + eye(58, 56, 3.5) + P('M42 68q8 6 16 0z', '#c0304a'); },
    'sheriff star': function () { var b = P(star(50, 42, 38, 20, 6), lg('#fff0a0', '#c98b00'), O), k = ''; for (var i = 0; i < 6; i++) { var t = Math.PI * i / 3 - Math.PI / 2; k += C((50 + 38 * Math.cos(t)).toFixed(1), (42 + 38 * Math.sin(t)).toFixed(1), 5, '#ffd84d', O); } return b + k + C(50, 42, 14, 'none', ' stroke="#8a5c00" stroke-width="2"') + ribbon('WILD', '#c84a2a', '#7a2010'); },
    'gold nugget': function () { return P('M16 56l8-22 20-10 18 6 18-4 8 20-6 20-20 8-26-2z', lg('#fff0a0', '#b8860b', 1, 1), O) + P('M30 38l12 4-4 10zM60 36l10 8-10 4zM44 60l14-2-4 8z', '#fff8') + ribbon('SCATTER', '#a0642a', '#5a3210'); }
  };
  var ranks = { Ten: '10', Jack: 'J', Queen: 'Q', King: 'K', Ace: 'A' };
  var rankColours = { Ten: ['#5ec8ff', '#1c5fa8'], Jack: ['#7ee08a', '#1d7a34'], Queen: ['#ff8ad0', '#a3206f'], King: ['#ffb15e', '#b35400'], Ace: ['#ff6b6b', '#a10f0f'] };
  var alias = { 'red seven': 'seven', 'double bar': 'bar2', 'triple bar': 'bar3', 'wild fiesta': 'fiesta' };

  function wrap(body, attrs) {
    var d = defs; defs = '';
    return '<svg viewBox="0 0 100 100" ' + (attrs || 'width="100%" height="100%"') + ' aria-hidden="true" focusable="false">' + (d ? '<defs>' + d + '</defs>' : '') + body + '</svg>';
  }
  // body of one symbol; gradients collected into defs.
  function body(s, index) {
    var name = s.name, low = name.toLowerCase(), k = alias[low] || low;
    if (ranks[name]) {
      var c = rankColours[name], l = ranks[name];
      return R(12, 12, 76, 76, 18, lg(c[0], c[1]), ' stroke="#fff6" stroke-width="2"') + T(50, 68, l.length > 1 ? 42 : 52, '#fff', l, 'Georgia,serif', ' stroke="#0007" stroke-width="1.5"');
    }
    if (k === 'blank') return '';
    if (k === 'bar2') return draw.bar(2);
    if (k === 'bar3') return draw.bar(3);
    if (k === 'bar') return draw.bar(1);
    if (draw[k]) return draw[k]();
    // A symbol without a drawing of its own (a new game): a badge with its initials.
    var i = index || 0, pal = [['#7b5cff', '#2c1380'], ['#ff7a59', '#9c2a10'], ['#21c7a8', '#0b5e50'], ['#f2c94c', '#9a6b00']][i % 4];
    var b = C(50, 50, 42, lg(pal[0], pal[1]), ' stroke="#ffd84d" stroke-width="4"') + T(50, 60, 28, '#fff', name.split(' ').map(function (w) { return w[0]; }).join('').slice(0, 2), 'Georgia,serif');
    if (s.wild) b += ribbon('WILD', '#ffd84d', '#c98b00');
    if (s.scatter) b += ribbon('SCATTER', '#d78bff', '#6a1b9a');
    return b;
  }
  function svg(s, index) { defs = ''; var b = body(s, index); return wrap(b); }

  // Themes: background colours, accent, logo lettering and the scene.
  var themes = {
    'arctic-aurora': { sky: ['#02122e', '#0c4a6e'], accent: '#55efc4', ink: ['#ffffff', '#9fe8ff'], font: 'Verdana,sans-serif', emblem: 'Polar Bear' },
    'aztec-sun': { sky: ['#3a1a04', '#a0520a'], accent: '#16a085', ink: ['#ffe680', '#d4a017'], font: 'Georgia,serif', emblem: 'Sun Stone' },
    'candy-carnival': { sky: ['#ff9fcf', '#7b5cff'], accent: '#ffeaa7', ink: ['#ffffff', '#ffd0ea'], font: '"Trebuchet MS",Verdana,sans-serif', emblem: 'Lollipop' },
    'cosmic-gems': { sky: ['#000015', '#341f97'], accent: '#ff9ff3', ink: ['#ffffff', '#d8b4ff'], font: 'Verdana,sans-serif', emblem: 'Ringed Planet' },
    'dragon-fortune': { sky: ['#4a0000', '#b3121b'], accent: '#f5c542', ink: ['#fff0a0', '#e0a020'], font: 'Georgia,serif', emblem: 'Dragon' },
    'fruit-fiesta': { sky: ['#5a0a2a', '#e0503a'], accent: '#ffe66d', ink: ['#fff6b0', '#ffb020'], font: '"Trebuchet MS",Verdana,sans-serif', emblem: 'Cherry' },
    'jungle-ways': { sky: ['#04240f', '#1f7a3a'], accent: '#f1c40f', ink: ['#fff0a0', '#e0b020'], font: 'Georgia,serif', emblem: 'Jaguar' },
    'lucky-clover': { sky: ['#0a3a1a', '#3aa860'], accent: '#f7dc6f', ink: ['#fff6b0', '#f7c040'], font: 'Georgia,serif', emblem: 'Clover' },
    'neon-nights': { sky: ['#0f0026', '#5a1a7a'], accent: '#00f5d4', ink: ['#ffffff', '#ff9ff3'], font: 'Verdana,sans-serif', emblem: 'Cassette' },
    'ocean-treasures': { sky: ['#04203a', '#0a6a8a'], accent: '#f8efba', ink: ['#ffffff', '#9fe8ff'], font: 'Georgia,serif', emblem: 'Treasure Chest' },
    'pharaohs-book': { sky: ['#1a0e30', '#c08a2a'], accent: '#1f6fb2', ink: ['#fff0a0', '#d4a017'], font: 'Georgia,serif', emblem: 'Pharaoh' },
    'triple-sevens': { sky: ['#000000', '#2c3e50'], accent: '#e74c3c', ink: ['#ffffff', '#ffd84d'], font: 'Georgia,serif', emblem: 'Red Seven' },
    'viking-raid': { sky: ['#10181f', '#4a5a6a'], accent: '#d5dbdb', ink: ['#ffffff', '#b8c4cc'], font: 'Georgia,serif', emblem: 'Helmet' },
    'wild-west-gold': { sky: ['#4a1a04', '#e07a2a'], accent: '#fdebd0', ink: ['#fff0a0', '#d4a017'], font: 'Georgia,serif', emblem: 'Sheriff Star' }
  };
  var fallback = { sky: ['#0e1320', '#2a3552'], accent: '#e8b64a', ink: ['#ffffff', '#e8b64a'], font: 'Georgia,serif', emblem: '' };
  function theme(id) { return themes[id] || fallback; }

  // Scenery per game on a 400×300 canvas (drawn over the sky gradient).
  var scenes = {
    'arctic-aurora': function (t) { return P('M0 90q100-70 200-20t200-30v40q-100 40-200 20T0 130z', '#3dffb0', ' opacity=".35"') + P('M0 60q120-50 220 0t180-20v24q-90 26-190 0T0 84z', '#b57bff', ' opacity=".25"') + dots(40, 0, 0, 400, 160, '#fff', 1.2) + P('M0 240l60-40 50 30 70-60 80 70 60-40 80 50v50H0z', '#dff4ff') + P('M0 270q200-30 400 0v30H0z', '#ffffff'); },
    'aztec-sun': function (t) { return rays(200, 110, 60, 260, 24, '#ffd84d22', 14) + C(200, 110, 56, '#ffd84d', ' opacity=".55"') + P('M110 300v-30h20v-30h20v-30h20v-30h60v30h20v30h20v30h20v30z', '#5a2a08', ' opacity=".85"') + P('M0 300V230q40-30 60 0t50-10v80zM400 300V220q-40-20-60 10t-50 0v70z', '#0d4a2a'); },
    'candy-carnival': function (t) { var s = ''; for (var i = -2; i < 14; i++) s += P('M' + (i * 40) + ' 0h20l-80 300h-20z', '#fff', ' opacity=".12"'); return s + dots(30, 0, 0, 400, 300, '#fff', 3) + P('M0 250q50-30 100 0t100 0 100 0 100 0v50H0z', '#ff5a8a', ' opacity=".6"'); },
    'cosmic-gems': function (t) { return dots(70, 0, 0, 400, 300, '#fff', 1.3) + C(330, 70, 40, rg('#ffb86b', '#9a3d8a'), ' opacity=".7"') + E(330, 70, 70, 14, 'none', ' stroke="#ffd8a8" stroke-width="4" opacity=".6" transform="rotate(-18 330 70)"') + C(60, 240, 90, '#7b5cff', ' opacity=".18"'); },
    'dragon-fortune': function (t) { var s = ''; for (var i = 0; i < 6; i++) s += P('M' + (i * 70 - 10) + ' 260q20-30 40 0 20-30 40 0', 'none', ' stroke="#f5c542" stroke-width="4" opacity=".35"'); return s + R(0, 0, 400, 12, 0, '#f5c54255') + lanternRow() + C(200, 130, 70, '#f5c542', ' opacity=".12"'); },
    'fruit-fiesta': function (t) { return rays(200, 150, 20, 300, 20, '#ffd84d22', 18) + dots(24, 0, 0, 400, 300, '#ffe66d', 2.5); },
    'jungle-ways': function (t) { return leaves('#0b5a25') + leaves('#12823a', 180) + P('M0 300V260q100-20 200 0t200-10v50z', '#062a12'); },
    'lucky-clover': function (t) { var s = ['#ff4d4d', '#ff9f1a', '#ffe14d', '#4cbb3c', '#2a7bff', '#8a4bff'], b = ''; for (var i = 0; i < 6; i++) b += P('M' + (40 + i * 12) + ' 260a' + (160 - i * 12) + ' ' + (160 - i * 12) + ' 0 0 1 ' + (320 - i * 24) + ' 0', 'none', ' stroke="' + s[i] + '" stroke-width="12" opacity=".35"'); return b + P('M0 240q100-40 200 0t200-10v70H0z', '#1f7a34') + P('M0 270q120-30 260 0t140 0v30H0z', '#145a20'); },
    'neon-nights': function (t) { var g = ''; for (var i = 0; i <= 10; i++) g += L('M200 170L' + (i * 40 - 200) * 3 + ' 300', '#ff4fd8', 1.5); for (var j = 0; j < 5; j++) g += L('M0 ' + (180 + j * j * 6) + 'H400', '#ff4fd8', 1.5); return C(200, 150, 70, lg('#ffd84d', '#ff4fd8'), ' opacity=".8"') + R(0, 120, 400, 4, 0, '#0f0026') + R(0, 134, 400, 6, 0, '#0f0026') + R(0, 150, 400, 8, 0, '#0f0026') + P('M0 170V120h30v-20h20v30h30V90h24v40h20v-30h30v70zM260 170v-60h26V80h20v30h24v-20h24v40h46v40z', '#14002a') + '<g opacity=".7">' + g + '</g>'; },
    'ocean-treasures': function (t) { return rays(200, -40, 0, 300, 9, '#ffffff14', 26) + dots(22, 0, 40, 400, 220, '#bfefff', 2.5) + P('M0 260q60-30 120-6t140-8 140 10v44H0z', '#d8c08a') + P('M40 260q-6-40 10-70M50 262q10-30-2-60M340 258q6-30-8-56', 'none', ' stroke="#3aa860" stroke-width="5" stroke-linecap="round"'); },
    'pharaohs-book': function (t) { return dots(30, 0, 0, 400, 120, '#fff', 1.2) + C(320, 80, 30, '#ffe680', ' opacity=".6"') + P('M40 250l90-110 90 110zM190 250l70-86 70 86z', '#8a5a1a', ' opacity=".85"') + P('M130 140l90 110h-40z', '#5a3a10', ' opacity=".6"') + P('M0 250q200-20 400 0v50H0z', '#d4a017', ' opacity=".8"'); },
    'triple-sevens': function (t) { var s = ''; for (var i = 0; i < 20; i++) s += C(10 + i * 20, 12, 4, i % 2 ? '#ffd84d' : '#e74c3c', ' opacity=".7"') + C(10 + i * 20, 288, 4, i % 2 ? '#e74c3c' : '#ffd84d', ' opacity=".7"'); return s + C(200, 150, 120, '#e74c3c', ' opacity=".12"'); },
    'viking-raid': function (t) { return P('M0 200l70-90 60 60 60-100 80 110 60-50 70 70v100H0z', '#2a3540') + P('M150 70l40-60 40 60-20-10-20 20-20-20z', '#e8eef2', ' opacity=".8"') + P('M0 240q50-14 100 0t100 0 100 0 100 0v60H0z', '#1c3a52') + P('M0 262q50-14 100 0t100 0 100 0 100 0v40H0z', '#2a5a7a'); },
    'wild-west-gold': function (t) { return C(300, 90, 40, '#ffd84d', ' opacity=".6"') + P('M0 230h40v-60h20v-20h70v20h20v60h80v-90h20v-14h60v14h20v90h70v70H0z', '#7a3a10', ' opacity=".8"') + P('M340 250v-40q-10 0-10-10v-14h6v12h4v-24q0-6 6-6t6 6v34h4v-18h6v20q0 10-10 10v30z', '#2a5a1a') + P('M0 260q200-20 400 0v40H0z', '#c8782a'); }
  };
  // Stars or bubbles: deterministic positions (no Math.random, so thumbnails are stable).
  function dots(k, x0, y0, w, h, f, r) {
    var s = '', a = 12345;
    for (var i = 0; i < k; i++) { a = (a * 1103515245 + 12345) % 2147483648; var x = x0 + a % w; a = (a * 1103515245 + 12345) % 2147483648; var y = y0 + a % h; s += C(x, y, (r * (0.5 + (i % 3) / 3)).toFixed(1), f, ' opacity="' + (0.4 + (i % 4) / 8) + '"'); }
    return s;
  }
  function leaves(f, shift) { var s = '', o = shift || 0; for (var i = 0; i < 9; i++) { var x = (i * 53 + o) % 420 - 10, y = i % 2 ? 0 : 300, d = y ? -1 : 1; s += P('M' + x + ' ' + y + 'q' + (30) + ' ' + (60 * d) + ' 0 ' + (110 * d) + 'q-30 ' + (-50 * d) + ' 0 ' + (-110 * d) + 'z', f, ' opacity=".8"'); } return s; }
  function lanternRow() { var s = ''; for (var i = 0; i < 5; i++) { var x = 40 + i * 80; s += L('M' + x + ' 0v' + (30 + (i % 2) * 16), '#f5c542', 1.5) + E(x, 48 + (i % 2) * 16, 14, 12, '#e0303a', ' opacity=".8"'); } return s; }

  function sceneBody(id) {
    var t = theme(id), f = scenes[id];
    return R(0, 0, 400, 300, 0, lg(t.sky[0], t.sky[1])) + (f ? f(t) : '');
  }
  function scene(id) {
    defs = ''; var b = sceneBody(id), d = defs; defs = '';
    return '<svg viewBox="0 0 400 300" width="100%" height="100%" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false"><defs>' + d + '</defs>' + b + '</svg>';
  }
  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; }); }
  // The logo's lettering: the name in the theme's colours with a dark outline.
  function lettering(id, name, x, y, size, width) {
    var t = theme(id), g = lg(t.ink[0], t.ink[1]);
    return '<text x="' + x + '" y="' + y + '" text-anchor="middle" font-size="' + size + '" font-weight="900" font-family="' + esc(t.font) + '" fill="' + g + '" stroke="#000a" stroke-width="' + (size / 14).toFixed(1) + '" paint-order="stroke" letter-spacing="1"' + (width ? ' textLength="' + width + '" lengthAdjust="spacingAndGlyphs"' : '') + '>' + esc(name) + '</text>';
  }
  function logo(id, name) {
    defs = '';
    plain = true;
    var t = theme(id), em = t.emblem ? body({ name: t.emblem }, 0) : '';
    plain = false;
    var emblem = em ? '<svg x="0" y="5" width="80" height="80" viewBox="0 0 100 100">' + em + '</svg>' : '';
    var len = Math.min(260, name.length * 22);
    var b = emblem + lettering(id, name, 84 + len / 2, 60, 38, len);
    var d = defs; defs = '';
    return '<svg viewBox="0 0 ' + (96 + len) + ' 90" height="100%" role="img" aria-label="' + esc(name) + '" focusable="false"><defs>' + d + '</defs>' + b + '</svg>';
  }
  // A 300×400 lobby thumbnail: the scene, the game's emblem and two of its
  // best-paying symbols, the name as its logo. game: {id, name, symbols, pays}.
  function thumb(game) {
    defs = '';
    var t = theme(game.id), syms = game.symbols || [], pays = game.pays || {};
    var best = syms.filter(function (s) { return !s.wild && !s.scatter && !ranks[s.name] && pays[s.id] && s.name !== t.emblem; })
      .sort(function (a, b) { return top(pays[b.id]) - top(pays[a.id]); });
    var wild = syms.filter(function (s) { return s.wild; })[0];
    function place(s, x, y, size) { return '<svg x="' + x + '" y="' + y + '" width="' + size + '" height="' + size + '" viewBox="0 0 100 100">' + body(s, 0) + '</svg>'; }
    var side = best.slice(0, 2), hero = { name: t.emblem || (best[0] || wild || { name: game.name }).name };
    var lines = wrapWords(game.name, 13);
    var b = '<svg width="300" height="400" viewBox="0 0 400 300" preserveAspectRatio="xMidYMid slice">' + sceneBody(game.id) + '</svg>' +
      R(0, 0, 300, 400, 0, lg('#0000', '#000b')) +
      C(150, 150, 96, rg(t.accent, '#0000'), ' opacity=".35"') +
      (side[0] ? place(side[0], 6, 150, 110) : '') + (side[1] ? place(side[1], 184, 150, 110) : '') +
      (plain = true, place(hero, 65, 40, 170));
    plain = false;
    lines.forEach(function (l, i) { b += lettering(game.id, l, 150, 312 + i * 40 - (lines.length - 1) * 20, 36, Math.min(276, l.length * 21)); });
    b += '<text x="150" y="384" text-anchor="middle" font-size="15" font-family="Verdana,sans-serif" fill="' + t.accent + '">Aurum Studio</text>';
    var d = defs; defs = '';
    return '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400" role="img" aria-label="' + esc(game.name) + '"><defs>' + d + '<clipPath id="frame"><rect width="300" height="400" rx="18"/></clipPath></defs><g clip-path="url(#frame)">' + b + '</g></svg>\n';
  }
  function top(p) { var m = 0; for (var k in p) if (p[k] > m) m = p[k]; return m; }
  function wrapWords(s, w) { var out = [], cur = ''; s.split(' ').forEach(function (x) { if (cur && (cur + ' ' + x).length > w) { out.push(cur); cur = x; } else cur = cur ? cur + ' ' + x : x; }); out.push(cur); return out; }

  root.studioArt = { svg: svg, scene: scene, logo: logo, thumb: thumb, themes: themes };
})(typeof window !== 'undefined' ? window : globalThis);
