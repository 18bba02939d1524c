// Vector art of the studio's slot symbols, drawn for this project with SVG
// shapes and gradients (no images, no fonts beyond the system's): a symbol
// is chosen by its name, a card rank or a wild/scatter gets a themed badge.
// studioArt.svg(symbol, theme) returns the markup of one 100×100 symbol.
(function () {
  'use strict';
  var n = 0;
  function grad(a, b) {
    var id = 'g' + (++n);
    return { id: id, def: '<linearGradient id="' + id + '" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="' + a + '"/><stop offset="1" stop-color="' + b + '"/></linearGradient>', url: 'url(#' + id + ')' };
  }
  function wrap(defs, body) {
    return '<svg viewBox="0 0 100 100" width="100%" height="100%" aria-hidden="true" focusable="false"><defs>' + defs + '</defs>' + body + '</svg>';
  }
  var shine = '<ellipse cx="38" cy="30" rx="12" ry="6" fill="#fff" opacity=".45" transform="rotate(-25 38 30)"/>';
  function ball(a, b, leaf) {
    var g = grad(a, b);
    return wrap(g.def, '<circle cx="50" cy="55" r="32" fill="' + g.url + '" stroke="#0003" stroke-width="2"/>' + (leaf ? '<path d="M50 24q10-14 24-10q-8 14-24 10z" fill="#3fae3f"/>' : '') + shine);
  }
  var draw = {
    cherry: function () {
      var g = grad('#ff5a6e', '#a3001b');
      return wrap(g.def, '<path d="M32 62Q42 30 66 16M68 62Q62 36 66 16" stroke="#3b7a2a" stroke-width="4" fill="none"/><path d="M66 16q14-2 20 8q-14 4-20-8z" fill="#4cbb3c"/><circle cx="32" cy="68" r="18" fill="' + g.url + '"/><circle cx="68" cy="68" r="18" fill="' + g.url + '"/><circle cx="26" cy="62" r="5" fill="#fff" opacity=".5"/><circle cx="62" cy="62" r="5" fill="#fff" opacity=".5"/>');
    },
    lemon: function () { var g = grad('#fff27a', '#e0b400'); return wrap(g.def, '<ellipse cx="50" cy="54" rx="36" ry="26" fill="' + g.url + '" stroke="#b38f00" stroke-width="2"/><circle cx="14" cy="54" r="5" fill="#e0b400"/><circle cx="86" cy="54" r="5" fill="#e0b400"/>' + shine); },
    orange: function () { return ball('#ffb347', '#e86a00', true); },
    plum: function () { return ball('#b57bff', '#4b1a8a', true); },
    melon: function () {
      var g = grad('#8fe36b', '#1f7a2e');
      return wrap(g.def, '<ellipse cx="50" cy="55" rx="38" ry="30" fill="' + g.url + '"/><path d="M20 50q30-20 60 0M18 62q32-16 64 0M30 36q20 40 0 44M70 36q-20 40 0 44" stroke="#145a20" stroke-width="3" fill="none"/>' + shine);
    },
    bell: function () {
      var g = grad('#ffe680', '#c98b00');
      return wrap(g.def, '<path d="M50 14q-26 4-26 40l-8 16h68l-8-16q0-36-26-40z" fill="' + g.url + '" stroke="#8a5c00" stroke-width="2"/><circle cx="50" cy="78" r="8" fill="#8a5c00"/><rect x="46" y="8" width="8" height="8" rx="3" fill="#8a5c00"/>' + shine);
    },
    seven: function () {
      var g = grad('#ff4d4d', '#8e0000');
      return wrap(g.def, '<path d="M20 18h60v12L48 86H30l30-52H20z" fill="' + g.url + '" stroke="#ffd84d" stroke-width="4" stroke-linejoin="round"/>');
    },
    bar: function (k) {
      var g = grad('#3a3a3a', '#000'), b = '', h = 18, top = 50 - (k * (h + 4) - 4) / 2;
      for (var i = 0; i < k; i++) b += '<rect x="12" y="' + (top + i * (h + 4)) + '" width="76" height="' + h + '" rx="4" fill="' + g.url + '" stroke="#ffd84d" stroke-width="2"/><text x="50" y="' + (top + i * (h + 4) + 14) + '" text-anchor="middle" font-size="13" font-weight="900" fill="#ffd84d" font-family="sans-serif">BAR</text>';
      return wrap(g.def, b);
    },
    gem: function (a, b) {
      var g = grad(a, b);
      return wrap(g.def, '<path d="M30 18h40l18 22-38 46-38-46z" fill="' + g.url + '" stroke="#fff8" stroke-width="2"/><path d="M12 40h76M30 18l20 22 20-22M50 40v46" stroke="#fff6" stroke-width="2" fill="none"/>');
    },
    star: function (a, b, word) {
      var g = grad(a, b);
      return wrap(g.def, '<path d="M50 6l12 28 30 3-23 20 7 30-26-16-26 16 7-30L8 37l30-3z" fill="' + g.url + '" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>' + (word ? '<text x="50" y="62" text-anchor="middle" font-size="17" font-weight="900" fill="#fff" stroke="#0008" stroke-width="1" font-family="sans-serif">' + word + '</text>' : ''));
    },
    burst: function (a, b, word) {
      var g = grad(a, b), p = '';
      for (var i = 0; i < 24; i++) { var r = i % 2 ? 30 : 46, t = i * Math.PI / 12; p += (i ? 'L' : 'M') + (50 + r * Math.cos(t)).toFixed(1) + ' ' + (50 + r * Math.sin(t)).toFixed(1); }
      return wrap(g.def, '<path d="' + p + 'z" fill="' + g.url + '" stroke="#fff" stroke-width="2"/><text x="50" y="56" text-anchor="middle" font-size="14" font-weight="900" fill="#fff" font-family="sans-serif">' + word + '</text>');
    },
    rank: function (letter, a, b) {
      var g = grad(a, b);
      return wrap(g.def, '<rect x="14" y="14" width="72" height="72" rx="16" fill="' + g.url + '" opacity=".9"/><text x="50" y="67" text-anchor="middle" font-size="' + (letter.length > 1 ? 40 : 50) + '" font-weight="900" fill="#fff" stroke="#0006" stroke-width="1.5" font-family="Georgia,serif">' + letter + '</text>');
    },
    medallion: function (name, a, b, i) {
      var g = grad(a, b), glyphs = [
        '<path d="M50 28l18 22-18 22-18-22z" fill="#fff"/>',
        '<circle cx="50" cy="50" r="16" fill="none" stroke="#fff" stroke-width="6"/>',
        '<path d="M32 64l18-34 18 34z" fill="#fff"/>',
        '<path d="M50 68s-20-12-20-26a10 10 0 0 1 20-4a10 10 0 0 1 20 4c0 14-20 26-20 26z" fill="#fff"/>',
        '<rect x="34" y="34" width="32" height="32" rx="6" fill="#fff" transform="rotate(45 50 50)"/>'
      ];
      var initial = name.split(' ').map(function (w) { return w[0]; }).join('').slice(0, 2);
      return wrap(g.def, '<circle cx="50" cy="50" r="42" fill="' + g.url + '" stroke="#ffd84d" stroke-width="4"/><g opacity=".35">' + glyphs[i % glyphs.length] + '</g><text x="50" y="60" text-anchor="middle" font-size="28" font-weight="900" fill="#fff" font-family="Georgia,serif">' + initial + '</text>');
    }
  };
  var ranks = { Ten: '10', Jack: 'J', Queen: 'Q', King: 'K', Ace: 'A' };
  var rankColours = { Ten: ['#5ec8ff', '#1c5fa8'], Jack: ['#7ee08a', '#1d7a34'], Queen: ['#ff8ad0', '#a3206f'], King: ['#ffb15e', '#b35400'], Ace: ['#ff6b6b', '#a10f0f'] };
  var palettes = [['#7b5cff', '#2c1380'], ['#ff7a59', '#9c2a10'], ['#21c7a8', '#0b5e50'], ['#f2c94c', '#9a6b00'], ['#eb5757', '#7a0f0f'], ['#56ccf2', '#145a8a']];

  function svg(s, index) {
    var name = s.name, low = name.toLowerCase();
    if (ranks[name]) return draw.rank(ranks[name], rankColours[name][0], rankColours[name][1]);
    if (s.wild) return draw.star('#ffe27a', '#d08a00', 'WILD');
    if (s.scatter) return draw.burst('#d78bff', '#6a1b9a', name.split(' ').pop().toUpperCase().slice(0, 8));
    if (low === 'cherry') return draw.cherry();
    if (low === 'lemon') return draw.lemon();
    if (low === 'orange') return draw.orange();
    if (low === 'plum') return draw.plum();
    if (low === 'melon') return draw.melon();
    if (low === 'bell') return draw.bell();
    if (/seven/.test(low)) return draw.seven();
    if (low === 'bar') return draw.bar(1);
    if (low === 'double bar') return draw.bar(2);
    if (low === 'triple bar') return draw.bar(3);
    if (low === 'blank') return wrap('', '');
    if (low === 'ruby') return draw.gem('#ff6b81', '#a0001e');
    if (low === 'sapphire') return draw.gem('#6bb8ff', '#0b3fa0');
    if (low === 'emerald') return draw.gem('#6bffb0', '#07804a');
    if (low === 'amethyst' || low === 'diamond') return draw.gem('#d8b4ff', '#6a1b9a');
    var p = palettes[index % palettes.length];
    return draw.medallion(name, p[0], p[1], index);
  }
  window.studioArt = { svg: svg };
})();
