// The live roulette client: follows the shared table over server-sent
// events, places bets through the studio's session API on a betting board
// laid out as a European table (numbers in three rows, zero, columns,
// dozens and the even chances; turned upright on a phone), with the inside
// bets on its lines: splits, streets, corners and six lines.
(function () {
  'use strict';
  var cfg = JSON.parse(document.getElementById('studio-config').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var REDS = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
  // Amounts are integers of the session currency's minor units (the launch's
  // betScale: factor per euro cent, decimals), formatted by string.
  var st = { sid: '', currency: '', decimals: 2, chips: [], limits: {}, table: null, chip: 0, mine: {}, myRound: 0, last: {}, skew: 0, q: Promise.resolve(), shown: 0 };
  function colour(n) { return n === 0 ? 'green' : REDS.indexOf(n) >= 0 ? 'red' : 'black'; }
  var client = window.studioClient, api = client.api, say = client.say, L = client.t;
  var calm = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  // A spot's key (as the table's Bet.Spot): "straight:17", "split:17-20", "red:0".
  function key(b) { return b.kind + ':' + (b.numbers && b.numbers.length ? b.numbers.join('-') : (b.number || 0)); }
  function parse(k) {
    var p = k.split(':'), b = { kind: p[0] };
    if (p[1].indexOf('-') > 0) b.numbers = p[1].split('-').map(Number); else b.number = +p[1];
    return b;
  }
  // money: the decimal the API takes; cur: the amount as shown, in the
  // page's locale, with the currency.
  function money(minor) { return client.money(minor, st.decimals); }
  function cur(minor) { return client.num(money(minor), st.decimals) + ' ' + st.currency; }
  // A chip's face: trailing zeros dropped ("1" EUR, "0.5", "0.00002" BTC), so
  // a chip stays short; the amount sent is exact.
  function chipText(minor) {
    var s = money(minor); if (s.indexOf('.') >= 0) s = s.replace(/\.?0+$/, '');
    var dot = s.indexOf('.');
    return client.num(s, dot < 0 ? 0 : s.length - dot - 1);
  }
  function sum(m) { return Object.keys(m).reduce(function (a, k) { return a + m[k]; }, 0); }
  function betting() { var t = st.table; return !!t && t.phase === 'betting' && t.closesAt > Date.now() + st.skew; }

  // What a bet covers: the same rule as the table (bff/studio/roulette).
  function covers(kind, num, n) {
    if (kind === 'straight') return n === num;
    if (Array.isArray(num)) return num.indexOf(n) >= 0; // split, street, corner, line
    if (n === 0) return false;
    switch (kind) {
      case 'red': return colour(n) === 'red';
      case 'black': return colour(n) === 'black';
      case 'odd': return n % 2 === 1;
      case 'even': return n % 2 === 0;
      case 'low': return n <= 18;
      case 'high': return n >= 19;
      case 'dozen': return Math.floor((n - 1) / 12) + 1 === num;
      case 'column': return (n - 1) % 3 + 1 === num;
    }
    return false;
  }
  // An inside bet on k numbers returns 36/k its stake; 2 to 1 bets 3; even chances 2.
  function mult(b) { return b.kind === 'straight' ? 36 : b.numbers ? 36 / b.numbers.length : b.kind === 'dozen' || b.kind === 'column' ? 3 : 2; }
  function hits(b, n) { return covers(b.kind, b.numbers || b.number, n); }
  function winOf(bets, n) {
    return Object.keys(bets).reduce(function (w, k) {
      var b = parse(k);
      return w + (hits(b, n) ? bets[k] * mult(b) : 0);
    }, 0);
  }

  // The board. Each spot carries its place in both layouts as CSS
  // variables: across (desktop: zero, 12 × 3 numbers, "2 to 1"; dozens and
  // even chances below) and upright (phone: zero on top, 3 numbers a row,
  // dozens and even chances at the left, columns at the bottom).
  var spots = [];
  function spot(label, name, bet, cls, across, upright) {
    var b = document.createElement('button');
    b.type = 'button'; b.className = 'spot ' + (cls || '');
    b.dataset.bet = key(bet); b.dataset.name = name;
    var t = document.createElement('span'); t.className = 'lbl'; t.textContent = label; b.appendChild(t);
    b.setAttribute('aria-label', L('js.betOn', { name: name }));
    b.style.setProperty('--ac', across[0]); b.style.setProperty('--ar', across[1]);
    b.style.setProperty('--uc', upright[0]); b.style.setProperty('--ur', upright[1]);
    b.addEventListener('click', function () { place(bet); });
    $('board').appendChild(b); spots.push(b);
    return b;
  }
  // The inside bets sit on the board's lines, as chips do on a real table:
  // a split on the line between two numbers, a street on the row's outer
  // edge, a corner where four numbers meet, a six line on the outer edge
  // between two rows, and the zero's splits, trios and first four along the
  // zero's edge. Their hit areas are placed from the number spots' boxes
  // (either layout); on a phone they show in the "Inside bets" mode, which
  // makes the rows taller.
  var inside = [];
  function words(ns) { return L('js.listAnd', { list: ns.slice(0, -1).join(', '), last: ns[ns.length - 1] }); }
  function insideSpot(kind, ns) {
    var name = L({ split: 'js.split', street: ns[0] === 0 ? 'js.trio' : 'js.street', corner: ns[0] === 0 ? 'js.firstFour' : 'js.corner', line: 'js.sixLine' }[kind], { numbers: words(ns) });
    var b = document.createElement('button');
    b.type = 'button'; b.className = 'spot in ' + kind; b.tabIndex = inside.length ? -1 : 0;
    var bet = { kind: kind, numbers: ns };
    b.dataset.bet = key(bet); b.dataset.name = name; b.title = name;
    b.setAttribute('aria-label', L('js.betOn', { name: name }));
    b.addEventListener('click', function () { place(bet); });
    // One tab stop for the whole layer: the arrow keys move inside it.
    b.addEventListener('focus', function () { inside.forEach(function (x) { x.tabIndex = x === b ? 0 : -1; }); });
    $('board').appendChild(b); spots.push(b); inside.push(b);
  }
  function insideBets() {
    var n, k;
    [[0, 1], [0, 2], [0, 3]].forEach(function (ns) { insideSpot('split', ns); });
    for (n = 1; n <= 36; n++) {
      if (n % 3) insideSpot('split', [n, n + 1]);
      if (n <= 33) insideSpot('split', [n, n + 3]);
    }
    insideSpot('street', [0, 1, 2]); insideSpot('street', [0, 2, 3]);
    for (k = 0; k < 12; k++) insideSpot('street', [3 * k + 1, 3 * k + 2, 3 * k + 3]);
    insideSpot('corner', [0, 1, 2, 3]);
    for (n = 1; n <= 32; n++) if (n % 3) insideSpot('corner', [n, n + 1, n + 3, n + 4]);
    for (k = 0; k < 11; k++) insideSpot('line', [3 * k + 1, 3 * k + 2, 3 * k + 3, 3 * k + 4, 3 * k + 5, 3 * k + 6]);
  }
  function placeInside() {
    var board = $('board'), br = board.getBoundingClientRect(), box = {};
    if (!inside.length || !br.width) return;
    spots.forEach(function (s) {
      var p = s.dataset.bet.split(':');
      if (p[0] !== 'straight') return;
      var r = s.getBoundingClientRect(), x = r.left - br.left - board.clientLeft, y = r.top - br.top - board.clientTop;
      box[p[1]] = { l: x, t: y, r: x + r.width, b: y + r.height, x: x + r.width / 2, y: y + r.height / 2 };
    });
    if (!box[5] || !box[5].r) return; // hidden
    var z = box[0], mid = function (a, b) { return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }; };
    // Where number n meets the zero; a row's outer edge (away from its 2nd number).
    var zero = function (n) { var c = box[n]; return z.r <= c.l + 2 ? { x: c.l, y: c.y } : { x: c.x, y: c.t }; };
    var edge = function (a) { var c = box[a], d = box[a + 1]; return { x: c.x + (c.x - d.x) / 2, y: c.y + (c.y - d.y) / 2 }; };
    var w = Math.min(box[5].r - box[5].l, 80) * 0.44, h = Math.min(box[5].b - box[5].t, 80) * 0.44;
    inside.forEach(function (s) {
      var ns = parse(s.dataset.bet).numbers, kind = s.dataset.bet.split(':')[0], a = ns[0], at;
      if (a === 0) {
        if (kind === 'split') at = zero(ns[1]);
        else if (kind === 'street') at = mid(zero(ns[1]), zero(ns[2]));
        else { var e = zero(1); at = { x: e.x + (box[1].x - box[2].x) / 2, y: e.y + (box[1].y - box[2].y) / 2 }; }
      } else if (kind === 'split') at = mid(box[a], box[ns[1]]);
      else if (kind === 'street') at = edge(a);
      else if (kind === 'corner') at = mid(box[a], box[a + 4]);
      else at = mid(edge(a), edge(a + 3));
      s.style.left = (at.x - w / 2).toFixed(1) + 'px'; s.style.top = (at.y - h / 2).toFixed(1) + 'px';
      s.style.width = w.toFixed(1) + 'px'; s.style.height = h.toFixed(1) + 'px';
    });
  }
  function board() {
    spot('0', '0', { kind: 'straight', number: 0 }, 'num green', ['1', '1 / span 3'], ['3 / span 3', '1']);
    for (var n = 1; n <= 36; n++) {
      var c = Math.ceil(n / 3), r = 3 - (n - 1) % 3;
      spot(String(n), String(n), { kind: 'straight', number: n }, 'num ' + colour(n), [String(c + 1), String(r)], [String(3 + (n - 1) % 3), String(c + 1)]);
    }
    [1, 2, 3].forEach(function (k) {
      spot(L('js.twoToOne'), L('js.column', { n: k }), { kind: 'column', number: k }, 'out col', ['14', String(4 - k)], [String(2 + k), '14']);
    });
    [L('js.dozen1'), L('js.dozen2'), L('js.dozen3')].forEach(function (l, i) {
      var at = (2 + i * 4) + ' / span 4';
      spot(l, l, { kind: 'dozen', number: i + 1 }, 'out doz', [at, '4'], ['2', at]);
    });
    [['1–18', '1–18', 'low'], [L('js.even'), L('js.even'), 'even'], ['', L('js.red'), 'red'], ['', L('js.black'), 'black'], [L('js.odd'), L('js.odd'), 'odd'], ['19–36', '19–36', 'high']].forEach(function (x, i) {
      var at = (2 + i * 2) + ' / span 2';
      var b = spot(x[0], x[1], { kind: x[2] }, 'out even', [at, '5'], ['1', at]);
      if (!x[0]) { var d = document.createElement('span'); d.className = 'dia ' + x[2]; b.insertBefore(d, b.firstChild); }
    });
    insideBets();
    // Arrow keys move to the nearest spot in that direction, among the
    // numbers and outside bets, or among the inside bets (their own layer).
    $('board').addEventListener('keydown', function (e) {
      var dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
      if (!dir || !e.target.classList.contains('spot')) return;
      var layer = e.target.classList.contains('in');
      var a = e.target.getBoundingClientRect(), ax = a.left + a.width / 2, ay = a.top + a.height / 2, best = null, bd = Infinity;
      spots.forEach(function (s) {
        if (s === e.target || s.classList.contains('in') !== layer) return;
        var b = s.getBoundingClientRect(), dx = b.left + b.width / 2 - ax, dy = b.top + b.height / 2 - ay;
        var along = dx * dir[0] + dy * dir[1], across = Math.abs(dx * dir[1] + dy * dir[0]);
        if (along <= 1) return;
        var d = along + across * 2;
        if (d < bd) { bd = d; best = s; }
      });
      if (best) { best.focus(); e.preventDefault(); }
    });
    if (window.ResizeObserver) new ResizeObserver(function () { placeInside(); }).observe($('board'));
    window.addEventListener('resize', placeInside);
    placeInside();
    // The phone's mode switch: the inside bets' hit areas over taller rows.
    $('inside').addEventListener('click', function () {
      var on = $('inside').getAttribute('aria-pressed') !== 'true';
      $('inside').setAttribute('aria-pressed', String(on));
      $('board').classList.toggle('inside', on);
      placeInside();
    });
  }
  // Chip colours by denomination (the table's five chips, smallest first).
  function chipClass(minor) {
    var i = 0;
    st.chips.forEach(function (v, j) { if (minor >= v) i = j; });
    return 'c' + i;
  }
  function chips() {
    var box = $('chips'), all = [];
    st.chips.forEach(function (v, i) {
      var b = document.createElement('button');
      b.type = 'button'; b.className = 'chip-value c' + i; b.dataset.chip = money(v); b.textContent = chipText(v);
      b.title = cur(v);
      b.setAttribute('aria-pressed', 'false');
      b.addEventListener('click', function () {
        st.chip = v;
        all.forEach(function (x) { x.setAttribute('aria-pressed', String(x === b)); });
      });
      box.appendChild(b); all.push(b);
    });
    if (all[1]) all[1].click();
  }
  function markBets() {
    spots.forEach(function (s) {
      var old = s.querySelector('.chip'); if (old) old.remove();
      var amt = st.mine[s.dataset.bet];
      s.setAttribute('aria-label', amt ? L('js.betOnPlaced', { name: s.dataset.name, amount: cur(amt) }) : L('js.betOn', { name: s.dataset.name }));
      if (!amt) return;
      var c = document.createElement('span'); c.className = 'chip ' + chipClass(amt); c.textContent = chipText(amt);
      c.setAttribute('aria-hidden', 'true');
      s.appendChild(c);
    });
    $('total').textContent = cur(sum(st.mine));
    buttons();
  }
  function off(b, v) { if (b.disabled !== v) b.disabled = v; }
  function buttons() {
    var open = betting(), any = sum(st.mine) > 0;
    off($('undo'), !open || !any);
    off($('clear'), !open || !any);
    off($('repeat'), !open || !Object.keys(st.last).length);
  }
  // The table's limits, as the server checks them (bff/studio/roulette:
  // Config.MaxFor and PlaceBets), from the launch's game (minor units of the
  // session currency): an inside bet on k numbers k × maxInside (at most
  // maxBet), any other maxBet, for everything on one spot this round; all
  // the player's bets of the round maxRound. over(bets) is the message for
  // the first limit that adding bets (spot key → amount) would pass, or ''.
  function maxFor(b) {
    var lim = st.limits, k = b.kind === 'straight' ? 1 : b.numbers ? b.numbers.length : 0;
    return k && lim.maxInside ? Math.min(k * lim.maxInside, lim.maxBet) : lim.maxBet;
  }
  function over(bets) {
    var mine = st.table && st.myRound === st.table.round ? st.mine : {}, round = sum(mine), ks = Object.keys(bets);
    for (var i = 0; i < ks.length; i++) {
      var m = maxFor(parse(ks[i]));
      if (m && (mine[ks[i]] || 0) + bets[ks[i]] > m) return L('js.overSpot', { max: cur(m) });
      round += bets[ks[i]];
    }
    return st.limits.maxRound && round > st.limits.maxRound ? L('js.overRound', { max: cur(st.limits.maxRound) }) : '';
  }
  // Requests to the table go one after another, so an undo follows the
  // placement it undoes; a placement is checked against the limits when its
  // turn comes (after the placements before it).
  function send(path, body, done, adds) {
    st.q = st.q.then(function () {
      if (!betting()) { say(L('js.closed'), 'err'); return; }
      var no = adds && over(adds);
      if (no) { say(no, 'err'); return; }
      body.round = st.table.round;
      return api('POST', '/api/studio/sessions/' + st.sid + path, body).then(done).catch(function (e) { say(e.message, 'err'); });
    });
  }
  function applyPlaced(p) {
    st.mine = {}; st.myRound = p.round;
    (p.bets || []).forEach(function (x) { st.mine[key(x)] = (st.mine[key(x)] || 0) + x.amount; });
    markBets(); setBalance(p.balance);
  }
  function place(bet) {
    if (!betting()) { say(L('js.closed'), 'err'); return; }
    var b = { kind: bet.kind, number: bet.number || 0, amount: money(st.chip) };
    if (bet.numbers) b.numbers = bet.numbers;
    var adds = {}; adds[key(bet)] = st.chip;
    send('/bets', { bets: [b] }, function (p) {
      applyPlaced(p);
      say(L('js.placed', { amount: cur(p.staked) }));
    }, adds);
  }
  function undo(all) {
    send('/bets/withdraw', { all: all }, function (p) {
      applyPlaced(p);
      say(all ? L('js.cleared', { amount: cur(0) }) : L('js.undone', { amount: cur(p.staked) }));
    });
  }
  function repeat() {
    var bets = Object.keys(st.last).map(function (k) { var b = parse(k); b.number = b.number || 0; b.amount = money(st.last[k]); return b; });
    if (!bets.length) return;
    send('/bets', { bets: bets }, function (p) {
      applyPlaced(p);
      say(L('js.placed', { amount: cur(p.staked) }));
    }, Object.assign({}, st.last));
  }
  function setBalance(b) { if (b) $('balance').textContent = client.num(b, st.decimals) + ' ' + st.currency; }
  function refreshBalance() { api('GET', '/api/studio/sessions/' + st.sid).then(function (d) { setBalance(d.balance); }).catch(function () {}); }

  // The wheel: the 37 pockets in the European order, drawn as SVG sectors;
  // it turns while the ball is in play and comes to rest with the drawn
  // number under the pointer at the top (reduced motion: no long turn).
  // The sectors are drawn once into their own <svg> inside an HTML element,
  // #disc-turn, that turns by a CSS transform transition: the compositor
  // rotates the already painted wheel every frame (turning an SVG <g> made
  // the renderer lay out and repaint the whole drawing 60 times a second).
  // #disc above it holds the ball, which does not turn.
  var ORDER = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26];
  var turn = 0, STOP_MS = calm ? 0 : 2200;
  function drawWheel() {
    var svg = $('disc'), step = 360 / 37, parts = [], fills = { red: '#c0392b', black: '#1c1c1c', green: '#0b7a34' };
    for (var i = 0; i < 37; i++) {
      var a0 = (i - 0.5) * step - 90, a1 = (i + 0.5) * step - 90, r = 96, rad = Math.PI / 180;
      var p0 = [100 + r * Math.cos(a0 * rad), 100 + r * Math.sin(a0 * rad)], p1 = [100 + r * Math.cos(a1 * rad), 100 + r * Math.sin(a1 * rad)];
      parts.push('<path d="M100 100L' + p0[0].toFixed(2) + ' ' + p0[1].toFixed(2) + 'A96 96 0 0 1 ' + p1[0].toFixed(2) + ' ' + p1[1].toFixed(2) + 'z" fill="' + fills[colour(ORDER[i])] + '" stroke="#d4af37" stroke-width=".6"/>');
      parts.push('<text x="100" y="16" text-anchor="middle" font-size="9" font-weight="700" fill="#fff" font-family="sans-serif" transform="rotate(' + (i * step).toFixed(2) + ' 100 100)">' + ORDER[i] + '</text>');
    }
    parts.push('<circle cx="100" cy="100" r="62" fill="#5a3a1a" stroke="#d4af37" stroke-width="3"/>');
    for (var k = 0; k < 8; k++) parts.push('<path d="M100 100L100 44" stroke="#d4af37" stroke-width="3" stroke-linecap="round" transform="rotate(' + (k * 45) + ' 100 100)"/>');
    parts.push('<circle cx="100" cy="100" r="14" fill="#d4af37"/>');
    var disc = document.createElement('div');
    disc.id = 'disc-turn'; disc.className = 'disc-turn';
    disc.innerHTML = '<svg viewBox="0 0 200 200" aria-hidden="true" focusable="false">' + parts.join('') + '</svg>';
    svg.parentNode.insertBefore(disc, svg);
    svg.innerHTML = '<circle id="ball" class="ball" cx="100" cy="29" r="5" fill="#fafafa" stroke="#999" stroke-width=".8"/>';
  }
  function turnTo(deg, how) {
    var g = $('disc-turn');
    g.style.transition = how;
    g.style.transform = 'rotate(' + deg + 'deg)';
  }
  function spinWheel() {
    if (!$('disc-turn')) return;
    $('ball').classList.remove('on');
    turn += calm ? 0 : 720;
    turnTo(turn, calm ? 'none' : 'transform 4s linear');
  }
  function stopWheel(n, now) {
    if (!$('disc-turn')) return;
    var want = -ORDER.indexOf(n) * 360 / 37, base = Math.ceil((turn - want) / 360) * 360 + (calm || now ? 0 : 360);
    turn = base + want;
    turnTo(turn, calm || now ? 'none' : 'transform 2.2s cubic-bezier(.15,.7,.2,1)');
    $('disc').dataset.number = String(n);
    setTimeout(function () { $('ball').classList.add('on'); }, calm || now ? 0 : STOP_MS);
  }
  function history(list) {
    var h = $('history'); h.textContent = '';
    list.forEach(function (n) {
      var s = document.createElement('span'); s.className = colour(n); s.textContent = n;
      s.setAttribute('role', 'listitem'); s.setAttribute('aria-label', n + ' ' + L('js.colour.' + colour(n)));
      h.appendChild(s);
    });
  }
  // The win counts up from 0 (reduced motion: at once).
  function countUp(win) {
    var el = $('win-amount'), t0 = 0, d = calm ? 0 : 1200;
    $('win-banner').hidden = false;
    function frame(t) {
      if (!t0) t0 = t;
      var f = d ? Math.min(1, (t - t0) / d) : 1;
      el.textContent = cur(Math.round(win * f * (2 - f)));
      if (f < 1) requestAnimationFrame(frame);
    }
    if (d) requestAnimationFrame(frame); else el.textContent = cur(win);
  }
  // The result is shown when the wheel has come to rest.
  function reveal(t) {
    if (!st.table || st.table.round !== t.round || st.table.phase !== 'result' || st.shown === t.round) return;
    st.shown = t.round;
    var n = t.number;
    $('ball').classList.add('on');
    document.body.dataset.phase = 'result';
    var w = $('wheel');
    w.textContent = n + ' ' + L('js.colour.' + t.colour); w.className = 'wheel ' + t.colour;
    history(t.history || []);
    spots.forEach(function (s) { s.classList.toggle('hit', hits(parse(s.dataset.bet), n)); });
    $('board').classList.add('settled');
    var text = L('js.result', { n: n, colour: L('js.colour.' + t.colour) });
    if (st.myRound === t.round && sum(st.mine) > 0) {
      var win = winOf(st.mine, n);
      st.last = Object.assign({}, st.mine);
      $('last-win').textContent = cur(win);
      say(win > 0 ? L('js.youWin', { amount: cur(win) }) : L('js.noWinRound'), win > 0 ? 'win' : '');
      text += ' ' + (win > 0 ? L('js.youWin', { amount: cur(win) }) : L('js.noWinRound')) + '.';
      if (win > 0) countUp(win);
      setTimeout(refreshBalance, 400);
    }
    $('announce').textContent = text;
  }
  // Writes only what changed: the countdown runs every 100 ms, and an
  // unchanged text set again still costs the page a layout.
  function put(el, text) { if (el.textContent !== text) el.textContent = text; }
  function attr(el, k, v) { if (el.getAttribute(k) !== v) el.setAttribute(k, v); }
  // The time bar shrinks by a transform (scaleX), which the compositor
  // draws without a layout.
  function tick() {
    var t = st.table; if (!t) return;
    var now = Date.now() + st.skew, bar = $('timer-bar'), timer = $('timer'), phase = $('phase');
    if (t.phase === 'betting') {
      var left = Math.max(0, t.closesAt - now), total = Math.max(1, t.closesAt - (t.opensAt || t.closesAt - 15000)), s = Math.ceil(left / 1000);
      put(phase, left > 0 ? L('js.placeBetsLeft', { s: s }) : L('js.noMoreBets'));
      bar.style.transform = 'scaleX(' + (left / total).toFixed(3) + ')';
      if (timer.classList.contains('low') !== left < 3000) timer.classList.toggle('low', left < 3000);
      attr(timer, 'aria-valuemax', String(Math.round(total / 1000)));
      attr(timer, 'aria-valuenow', String(s));
      attr(timer, 'aria-valuetext', L('js.secondsLeft', { s: s }));
    } else {
      if (bar.style.transform !== 'scaleX(0)') bar.style.transform = 'scaleX(0)';
      attr(timer, 'aria-valuenow', '0');
      attr(timer, 'aria-valuetext', L('js.bettingClosed'));
    }
    if (t.phase === 'spinning') put(phase, L('js.wheelSpinning'));
    if (t.phase === 'result') put(phase, st.shown === t.round ? L('js.nextRound', { s: Math.max(0, Math.ceil((t.nextRoundAt - now) / 1000)) }) : L('js.settling'));
    buttons();
  }
  function onTable(t) {
    var prev = st.table, first = !prev;
    st.table = t; st.skew = t.now - Date.now();
    document.body.dataset.round = String(t.round);
    $('round').textContent = '#' + t.round;
    $('seed-hash').textContent = t.serverSeedHash;
    $('seed-client').textContent = t.clientSeed + ' · ' + t.round;
    var w = $('wheel');
    if (t.phase !== 'result') {
      document.body.dataset.phase = t.phase;
      history(t.history || []);
    }
    if (t.phase === 'betting') {
      w.textContent = L('js.placeBets'); w.className = 'wheel idle';
      if (!prev || prev.phase !== 'betting') {
        $('board').classList.remove('settled');
        spots.forEach(function (s) { s.classList.remove('hit'); });
        $('win-banner').hidden = true;
        if (!first) $('announce').textContent = L('js.roundOpen', { n: t.round });
      }
      if (st.myRound && st.myRound !== t.round) { st.mine = {}; st.myRound = 0; markBets(); }
    }
    if (t.phase === 'spinning') {
      w.textContent = L('js.noMoreBets'); w.className = 'wheel idle';
      if (!prev || prev.phase !== 'spinning') { spinWheel(); $('announce').textContent = L('js.noMoreBets') + '.'; }
    }
    if (t.phase === 'result' && t.number !== undefined) {
      if (!prev || prev.phase !== 'result' || prev.round !== t.round) {
        history((t.history || []).slice(1)); // the new number appears when the ball settles
        stopWheel(t.number, first);
        // Shown when the ball settles, and always before the next round.
        setTimeout(function () { reveal(t); }, first ? 0 : Math.max(0, Math.min(STOP_MS, t.nextRoundAt - t.now - 600)));
      }
      $('seed-last').textContent = t.serverSeed;
    }
    tick();
  }
  function follow() {
    var es = new EventSource('/studio/tables/' + cfg.gameId + '/events');
    es.addEventListener('table', function (e) { onTable(JSON.parse(e.data)); });
  }
  api('POST', '/api/studio/sessions', { gameId: cfg.gameId, mode: cfg.mode })
    .then(function (l) {
      st.sid = l.sessionId; st.currency = l.currency;
      st.decimals = l.betScale.decimals; st.chips = (l.game && l.game.chips) || [];
      st.limits = l.game || {};
      $('mode').textContent = l.mode === 'real' ? L('mode.real') : L('mode.demo');
      $('mode').className = 'badge ' + l.mode;
      setBalance(l.balance);
      $('total').textContent = cur(0); $('last-win').textContent = cur(0);
      board(); chips(); drawWheel();
      $('undo').addEventListener('click', function () { undo(false); });
      $('clear').addEventListener('click', function () { undo(true); });
      $('repeat').addEventListener('click', repeat);
      follow();
      setInterval(tick, 100);
      document.body.dataset.ready = '1';
    })
    .catch(function (e) { say(e.message, 'err'); });
})();
