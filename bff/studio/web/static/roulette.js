// The live roulette client: follows the shared table over server-sent
// events, places bets through the studio's session API.
(function () {
  'use strict';
  var cfg = JSON.parse(document.getElementById('studio-config').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var REDS = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
  // Amounts are integers of the session currency's minor units (the launch's
  // betScale: factor per euro cent, decimals), formatted by string.
  var st = { sid: '', currency: '', decimals: 2, chips: [], table: null, chip: 0, mine: {}, round: 0, timer: 0, skew: 0 };
  function colour(n) { return n === 0 ? 'green' : REDS.indexOf(n) >= 0 ? 'red' : 'black'; }
  var client = window.studioClient, api = client.api, say = client.say;
  function key(b) { return b.kind + ':' + (b.number || 0); }
  function money(minor) { return client.money(minor, st.decimals); }
  // A chip's face: trailing zeros beyond the cents dropped ("0.00002" BTC,
  // "1.00" EUR), so a coin's chip stays short; the value sent is exact.
  function chipText(minor) { return money(minor).replace(/(\.\d\d\d*?)0+$/, '$1'); }

  function button(label, bet, cls) {
    var b = document.createElement('button');
    b.type = 'button'; b.className = 'pocket ' + (cls || ''); b.textContent = label;
    b.dataset.bet = key(bet); b.setAttribute('aria-label', 'Bet on ' + label);
    b.addEventListener('click', function () { place(bet); });
    return b;
  }
  function layout() {
    var nums = $('numbers');
    nums.appendChild(button('0', { kind: 'straight', number: 0 }, 'green'));
    for (var n = 1; n <= 36; n++) nums.appendChild(button(String(n), { kind: 'straight', number: n }, colour(n)));
    var out = $('outside');
    [['1–18', 'low'], ['Even', 'even'], ['Red', 'red'], ['Black', 'black'], ['Odd', 'odd'], ['19–36', 'high']].forEach(function (x) {
      out.appendChild(button(x[0], { kind: x[1] }, x[1] === 'black' ? 'black' : ''));
    });
    [1, 2, 3].forEach(function (d) { out.appendChild(button(['1st', '2nd', '3rd'][d - 1] + ' 12', { kind: 'dozen', number: d }, 'black')); });
    [1, 2, 3].forEach(function (c) { out.appendChild(button('Column ' + c, { kind: 'column', number: c }, 'black')); });
  }
  function chips() {
    var box = $('chips'), all = [];
    st.chips.forEach(function (v) {
      var b = document.createElement('button');
      b.type = 'button'; b.className = 'chip-value'; b.dataset.chip = money(v); b.textContent = chipText(v);
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
    document.querySelectorAll('.pocket .chip').forEach(function (c) { c.remove(); });
    Object.keys(st.mine).forEach(function (k) {
      var el = document.querySelector('[data-bet="' + k + '"]');
      if (!el) return;
      var c = document.createElement('span'); c.className = 'chip'; c.textContent = chipText(st.mine[k]);
      el.appendChild(c);
    });
  }
  function place(bet) {
    if (!st.table || st.table.phase !== 'betting') { say('Betting is closed: wait for the next round.', 'err'); return; }
    var b = { kind: bet.kind, number: bet.number || 0, amount: money(st.chip) };
    api('POST', '/api/studio/sessions/' + st.sid + '/bets', { round: st.table.round, bets: [b] })
      .then(function (p) {
        st.mine = {}; st.round = p.round;
        p.bets.forEach(function (x) { st.mine[key(x)] = (st.mine[key(x)] || 0) + x.amount; });
        markBets(); setBalance(p.balance);
        say('Bet placed: ' + money(p.staked) + ' ' + st.currency + ' on this round.');
      })
      .catch(function (e) { say(e.message, 'err'); });
  }
  function setBalance(b) { if (b) $('balance').textContent = b + ' ' + st.currency; }
  function refreshBalance() { api('GET', '/api/studio/sessions/' + st.sid).then(function (d) { setBalance(d.balance); }).catch(function () {}); }

  function winOf(n) {
    var win = 0;
    Object.keys(st.mine).forEach(function (k) {
      var p = k.split(':'), kind = p[0], num = +p[1], amt = st.mine[k], hit = false, mult = 2;
      if (kind === 'straight') { hit = n === num; mult = 36; }
      else if (n !== 0) {
        if (kind === 'red') hit = colour(n) === 'red';
        if (kind === 'black') hit = colour(n) === 'black';
        if (kind === 'odd') hit = n % 2 === 1;
        if (kind === 'even') hit = n % 2 === 0;
        if (kind === 'low') hit = n <= 18;
        if (kind === 'high') hit = n >= 19;
        if (kind === 'dozen') { hit = Math.floor((n - 1) / 12) + 1 === num; mult = 3; }
        if (kind === 'column') { hit = (n - 1) % 3 + 1 === num; mult = 3; }
      }
      if (hit) win += amt * mult;
    });
    return win;
  }
  // The wheel: the 37 pockets in the European order, drawn as SVG sectors;
  // it turns while the ball is in play and comes to rest with the drawn
  // number under the pointer at the top (reduced motion: no long turn).
  var ORDER = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26];
  var calm = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  var turn = 0;
  function drawWheel() {
    var svg = $('disc'), step = 360 / 37, parts = [], fills = { red: '#c0392b', black: '#1c1c1c', green: '#0b7a34' };
    for (var i = 0; i < 37; i++) {
      var a0 = (i - 0.5) * step - 90, a1 = (i + 0.5) * step - 90, r = 96, rad = Math.PI / 180;
      var p0 = [100 + r * Math.cos(a0 * rad), 100 + r * Math.sin(a0 * rad)], p1 = [100 + r * Math.cos(a1 * rad), 100 + r * Math.sin(a1 * rad)];
      parts.push('<path d="M100 100L' + p0[0].toFixed(2) + ' ' + p0[1].toFixed(2) + 'A96 96 0 0 1 ' + p1[0].toFixed(2) + ' ' + p1[1].toFixed(2) + 'z" fill="' + fills[colour(ORDER[i])] + '" stroke="#d4af37" stroke-width=".6"/>');
      parts.push('<text x="100" y="16" text-anchor="middle" font-size="9" font-weight="700" fill="#fff" font-family="sans-serif" transform="rotate(' + (i * step).toFixed(2) + ' 100 100)">' + ORDER[i] + '</text>');
    }
    parts.push('<circle cx="100" cy="100" r="62" fill="#5a3a1a" stroke="#d4af37" stroke-width="3"/><circle cx="100" cy="100" r="14" fill="#d4af37"/>');
    svg.innerHTML = '<g id="disc-turn">' + parts.join('') + '</g>';
  }
  function spinWheel() {
    var g = $('disc-turn'); if (!g) return;
    g.style.transition = calm ? 'none' : 'transform 4s linear';
    turn += calm ? 0 : 720;
    g.style.transform = 'rotate(' + turn + 'deg)';
  }
  function stopWheel(n) {
    var g = $('disc-turn'); if (!g) return;
    var want = -ORDER.indexOf(n) * 360 / 37, base = Math.ceil((turn - want) / 360) * 360 + (calm ? 0 : 360);
    turn = base + want;
    g.style.transition = calm ? 'none' : 'transform 2.2s cubic-bezier(.15,.7,.2,1)';
    g.style.transform = 'rotate(' + turn + 'deg)';
    $('disc').dataset.number = String(n);
  }
  function tick() {
    var t = st.table; if (!t) return;
    var now = Date.now() + st.skew;
    if (t.phase === 'betting') $('phase').textContent = 'Place your bets · ' + Math.max(0, Math.ceil((t.closesAt - now) / 1000)) + ' s';
    if (t.phase === 'spinning') $('phase').textContent = 'No more bets · the wheel is spinning';
    if (t.phase === 'result') $('phase').textContent = 'Next round in ' + Math.max(0, Math.ceil((t.nextRoundAt - now) / 1000)) + ' s';
  }
  function onTable(t) {
    var prev = st.table;
    st.table = t; st.skew = t.now - Date.now();
    document.body.dataset.phase = t.phase;
    document.body.dataset.round = String(t.round);
    $('round').textContent = '#' + t.round;
    $('seed-hash').textContent = t.serverSeedHash;
    $('seed-client').textContent = t.clientSeed + ' · ' + t.round;
    var h = $('history'); h.textContent = '';
    (t.history || []).forEach(function (n) { var s = document.createElement('span'); s.className = colour(n); s.textContent = n; h.appendChild(s); });
    var w = $('wheel');
    if (t.phase === 'betting') { w.textContent = 'Bets open'; w.style.background = ''; if (st.round && st.round !== t.round) { st.mine = {}; markBets(); } }
    if (t.phase === 'spinning') { w.textContent = '…'; if (!prev || prev.phase !== 'spinning') spinWheel(); }
    if (t.phase === 'result' && t.number !== undefined) {
      w.textContent = t.number + ' ' + t.colour;
      if (!prev || prev.phase !== 'result' || prev.round !== t.round) stopWheel(t.number);
      w.style.background = t.colour === 'red' ? '#b03030' : t.colour === 'black' ? '#222' : '#0b7a34';
      $('seed-last').textContent = t.serverSeed;
      if (st.round === t.round && Object.keys(st.mine).length) {
        var win = winOf(t.number);
        say(win > 0 ? 'You win ' + money(win) + ' ' + st.currency : 'No win this round', win > 0 ? 'win' : '');
        setTimeout(refreshBalance, 800);
      }
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
      $('mode').textContent = l.mode === 'real' ? 'Real money' : 'Fun money';
      $('mode').className = 'badge ' + l.mode;
      setBalance(l.balance);
      layout(); chips(); drawWheel(); follow();
      st.timer = setInterval(tick, 250);
      document.body.dataset.ready = '1';
    })
    .catch(function (e) { say(e.message, 'err'); });
})();
