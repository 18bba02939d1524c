// The studio's slot client: launches a game session, spins through the
// studio API, draws the window and the wins. Plain DOM, no dependencies.
(function () {
  'use strict';
  var cfg = JSON.parse(document.getElementById('studio-config').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var state = { sid: '', game: null, bets: [], bet: 0, busy: false, balance: '', currency: '', decimals: 2, free: null };
  var artCache = {};
  // The drawn symbol (art.js), made once per symbol id.
  function art(s) {
    if (!artCache[s.id]) artCache[s.id] = window.studioArt.svg(s, state.game.symbols.indexOf(s));
    return artCache[s.id];
  }
  // The game's scene behind the page and its logo in the header (art.js).
  (function () {
    var id = document.body.dataset.game, name = $('title-text').textContent;
    $('scene').innerHTML = window.studioArt.scene(id);
    $('logo').innerHTML = window.studioArt.logo(id, name);
    $('title-text').className = 'sr-only';
  })();
  var calm = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  var client = window.studioClient, api = client.api, say = client.say;
  function money(minor) { return client.money(minor, state.decimals); }
  function symbol(id) { for (var i = 0; i < state.game.symbols.length; i++) if (state.game.symbols[i].id === id) return state.game.symbols[i]; return { id: id, name: id }; }

  function buildGrid() {
    var g = state.game, reels = $('reels');
    reels.style.gridTemplateRows = 'repeat(' + g.rows + ', auto)';
    reels.style.gridTemplateColumns = 'repeat(' + g.reels + ', 1fr)';
    reels.innerHTML = '';
    for (var r = 0; r < g.reels; r++) for (var j = 0; j < g.rows; j++) {
      var c = document.createElement('div');
      c.className = 'cell'; c.id = 'c' + r + '_' + j; c.setAttribute('role', 'img');
      reels.appendChild(c);
    }
    var idle = g.strips.map(function (s) { return s.slice(0, g.rows); });
    draw(idle, [], []);
  }

  function draw(window, hits, expanded) {
    var g = state.game, names = [];
    for (var r = 0; r < g.reels; r++) {
      for (var j = 0; j < g.rows; j++) {
        var id = expanded.indexOf(r + 1) >= 0 ? wildId() : window[r][j];
        var s = symbol(id), c = $('c' + r + '_' + j);
        if (c.dataset.symbol !== id) { c.innerHTML = art(s); c.dataset.symbol = id; }
        c.setAttribute('aria-label', s.name);
        c.className = 'cell' + (s.wild ? ' wild' : '') + (s.scatter ? ' scatter' : '') + (hits[r * g.rows + j] ? ' hit' : '');
        names.push(s.name);
      }
    }
    $('reels').setAttribute('aria-label', 'Reels: ' + names.join(', '));
  }
  function wildId() { for (var i = 0; i < state.game.symbols.length; i++) if (state.game.symbols[i].wild) return state.game.symbols[i].id; return ''; }

  function hitsOf(spin) {
    var g = state.game, hits = {};
    (spin.lines || []).forEach(function (w) {
      var line = g.lines[w.line - 1];
      for (var r = 0; r < w.count; r++) hits[r * g.rows + line[r]] = true;
    });
    (spin.ways || []).forEach(function (w) {
      for (var r = 0; r < w.count; r++) for (var j = 0; j < g.rows; j++) {
        var s = symbol(spin.window[r][j]);
        if (s.id === w.symbol || s.wild || spin.expanded && spin.expanded.indexOf(r + 1) >= 0) hits[r * g.rows + j] = true;
      }
    });
    if (spin.scatterCoins) for (var r2 = 0; r2 < g.reels; r2++) for (var k = 0; k < g.rows; k++) if (symbol(spin.window[r2][k]).scatter) hits[r2 * g.rows + k] = true;
    return hits;
  }

  function setBalance(b) { state.balance = b; $('balance').textContent = b + ' ' + state.currency; }
  // Free spins a bonus gave on this game: played at their bet, nothing
  // debited, winnings to the bonus balance.
  function freeLeft() { return state.free && state.free.left > 0; }
  function showFree() {
    var el = $('free-spins'), f = state.free;
    if (!f) { el.hidden = true; return; }
    el.hidden = false;
    el.textContent = f.left > 0
      ? 'Free spins left: ' + f.left + ' of ' + f.total + ' · bet ' + f.bet + ' ' + state.currency + ' · winnings ' + f.winnings + ' ' + state.currency + ' (bonus money)'
      : 'Free spins played: winnings ' + f.winnings + ' ' + state.currency + ' are in your bonus balance.';
    $('spin').textContent = f.left > 0 ? 'Free spin' : 'Spin';
    $('bet-down').disabled = f.left > 0 || state.bet === 0;
    $('bet-up').disabled = f.left > 0 || state.bet === state.bets.length - 1;
    if (f.left > 0) $('bet').textContent = f.bet + ' ' + state.currency;
    else setBetText();
    if ($('buy')) $('buy').hidden = f.left > 0;
  }
  function setBetText() { $('bet').textContent = money(state.bets[state.bet]) + ' ' + state.currency; }
  function setBet(i) {
    state.bet = Math.max(0, Math.min(state.bets.length - 1, i));
    $('bet').textContent = money(state.bets[state.bet]) + ' ' + state.currency;
    $('bet-down').disabled = state.bet === 0;
    $('bet-up').disabled = state.bet === state.bets.length - 1;
    if ($('buy')) $('buy').textContent = 'Buy bonus · ' + money(state.bets[state.bet] * state.game.bonusBuyPrice);
  }
  // The title's bets are euro cents; × factor makes them the session
  // currency's minor units (the server's betScale, a 1-2-5 step, so the
  // ladder stays round and every level a whole number of coins).
  function ladder(g, f) {
    return centsLadder(g).map(function (v) { return v * f; });
  }
  function centsLadder(g) {
    var out = [], steps = [1, 2, 5];
    for (var m = 1; m * g.minBet <= g.maxBet; m *= 10) steps.forEach(function (s) {
      var v = g.minBet * m * s;
      if (v <= g.maxBet && v % g.coins === 0) out.push(v);
    });
    if (out[out.length - 1] !== g.maxBet) out.push(g.maxBet);
    return out;
  }

  function showSeeds(s) {
    $('seed-hash').textContent = s.serverSeedHash;
    $('seed-next').textContent = s.nextServerSeedHash;
    $('seed-client').textContent = s.clientSeed;
    $('seed-nonce').textContent = String(s.nonce);
    if (s.previous) {
      $('seed-prev').hidden = false;
      $('prev-seed').textContent = s.previous.serverSeed;
      $('prev-hash').textContent = s.previous.serverSeedHash;
    }
  }

  function sleep(ms) { return new Promise(function (r) { setTimeout(r, ms); }); }

  function play(bonusBuy) {
    if (state.busy || !state.sid) return;
    state.busy = true;
    $('spin').disabled = true; if ($('buy')) $('buy').disabled = true;
    $('stage').classList.add('spinning');
    delete $('stage').dataset.stopped;
    Array.prototype.forEach.call(document.querySelectorAll('.cell.still'), function (c) { c.classList.remove('still'); });
    say('Spinning…');
    var started = Date.now();
    var body = freeLeft() && !bonusBuy ? { freeSpin: true } : { bet: money(state.bets[state.bet]), bonusBuy: !!bonusBuy };
    api('POST', '/api/studio/sessions/' + state.sid + '/spin', body)
      .then(function (res) {
        return sleep(Math.max(0, (calm ? 100 : 600) - (Date.now() - started))).then(function () { return show(res); });
      })
      .catch(function (e) {
        $('stage').classList.remove('spinning');
        // The wallet asks for an explicit confirmation of a bonus buy above
        // the player's own max bet; it exempts exactly the next bet.
        if (e.code === 'BONUS_BUY_CONFIRMATION_REQUIRED' && window.confirm('This bonus buy is above your max bet limit. Buy it anyway?')) {
          return api('POST', '/api/user/confirm-bonus-buy', {}).then(function () { state.busy = false; play(true); }, function (e2) { say(e2.message, 'err'); });
        }
        say(e.message, 'err');
      })
      .then(function () {
        state.busy = false; $('spin').disabled = false; if ($('buy')) $('buy').disabled = false;
        if (state.free) showFree();
        $('spin').focus({ preventScroll: true });
      });
  }

  // The reels stop one after another, left to right, each on exactly the
  // symbols of the recorded round (the window the wallet outcome holds);
  // reduced motion stops them all at once.
  function stopReels(spin) {
    var g = state.game, stage = $('stage'), step = calm ? 0 : 220;
    var seq = Promise.resolve();
    for (var r = 0; r < g.reels; r++) (function (r) {
      seq = seq.then(function () { return sleep(step); }).then(function () {
        for (var j = 0; j < g.rows; j++) {
          var s = symbol(spin.window[r][j]), c = $('c' + r + '_' + j);
          c.innerHTML = art(s); c.dataset.symbol = s.id; c.setAttribute('aria-label', s.name);
          c.classList.add('still');
        }
      });
    })(r);
    return seq.then(function () {
      stage.classList.remove('spinning');
      draw(spin.window, hitsOf(spin), spin.expanded || []);
      stage.dataset.stopped = String(Date.now());
    });
  }

  function show(res) {
    var round = res.round;
    var seq = Promise.resolve();
    if (round.base) seq = stopReels(round.base);
    if (round.freeSpins && round.freeSpins.length) {
      round.freeSpins.forEach(function (fs, i) {
        seq = seq.then(function () { return sleep(i === 0 ? 700 : 260); }).then(function () {
          $('fs').textContent = 'Free spin ' + (i + 1) + ' of ' + round.freeSpins.length + (fs.multiplier > 1 ? ' · x' + fs.multiplier : '');
          draw(fs.window, hitsOf(fs), fs.expanded || []);
        });
      });
    }
    return seq.then(function () {
      setBalance(res.balance);
      if (res.freeSpins) state.free = res.freeSpins;
      $('seed-nonce').textContent = String(res.seeds.nonce);
      $('last-round').hidden = false;
      $('last-round-link').href = '/provably-fair?round=' + encodeURIComponent(res.roundId);
      $('last-round-id').textContent = res.roundId;
      $('last-round-replay').href = '/studio/rounds/' + encodeURIComponent(res.roundId);
      var fsText = round.freeSpinsAwarded ? ' · ' + round.freeSpinsAwarded + ' free spins' : '';
      $('fs').textContent = round.freeSpinsAwarded ? 'Free spins played: ' + round.freeSpinsAwarded : '';
      if (round.win > 0) say('You win ' + money(round.win) + ' ' + state.currency + fsText, 'win');
      else say('No win this time' + fsText);
      $('last-win').textContent = money(round.win);
    });
  }

  function paytable(g) {
    var t = $('paytable'), rows = [];
    Object.keys(g.pays).forEach(function (id) {
      var p = g.pays[id], cells = Object.keys(p).sort().map(function (n) { return n + '× ' + p[n]; }).join(', ');
      rows.push('<tr><th scope="row"></th><td></td></tr>');
    });
    t.innerHTML = '<caption>Pays in coins (' + g.coins + ' coins per bet' + (g.ways ? ', per way' : ', per line') + ')</caption><tbody>' + rows.join('') + '</tbody>';
    var trs = t.querySelectorAll('tr'), i = 0;
    Object.keys(g.pays).forEach(function (id) {
      var p = g.pays[id];
      trs[i].firstChild.textContent = symbol(id).name;
      trs[i].lastChild.textContent = Object.keys(p).sort().map(function (n) { return n + ' of a kind: ' + p[n]; }).join(' · ');
      i++;
    });
  }

  function launch() {
    api('POST', '/api/studio/sessions', { gameId: cfg.gameId, mode: cfg.mode })
      .then(function (l) {
        state.sid = l.sessionId; state.game = l.game; state.currency = l.currency;
        document.body.dataset.session = l.sessionId;
        $('mode').textContent = l.mode === 'real' ? 'Real money' : 'Fun money';
        $('mode').className = 'badge ' + l.mode;
        state.decimals = l.betScale.decimals;
        $('last-win').textContent = money(0);
        state.bets = ladder(l.game, l.betScale.factor);
        buildGrid(); paytable(l.game); setBalance(l.balance); setBet(0); showSeeds(l.seeds);
        if (!l.game.bonusBuyPrice && $('buy')) $('buy').remove();
        state.free = l.freeSpins && l.freeSpins.left > 0 ? l.freeSpins : null;
        showFree();
        $('spin').disabled = false; if ($('buy')) $('buy').disabled = false;
        say(l.mode === 'real' ? 'Good luck!' : 'Playing for fun: no real money.');
        document.body.dataset.ready = '1';
      })
      .catch(function (e) { say(e.message, 'err'); });
  }

  $('spin').addEventListener('click', function () { play(false); });
  if ($('buy')) $('buy').addEventListener('click', function () { play(true); });
  $('bet-down').addEventListener('click', function () { if (!freeLeft()) setBet(state.bet - 1); });
  $('bet-up').addEventListener('click', function () { if (!freeLeft()) setBet(state.bet + 1); });
  document.addEventListener('keydown', function (e) {
    var t = e.target && e.target.tagName;
    if ((e.code === 'Space' || e.key === ' ') && t !== 'INPUT' && t !== 'BUTTON' && t !== 'SELECT' && t !== 'TEXTAREA' && t !== 'SUMMARY' && t !== 'A') {
      e.preventDefault(); play(false);
    }
  });
  $('seed-form').addEventListener('submit', function (e) {
    e.preventDefault();
    api('POST', '/api/studio/sessions/' + state.sid + '/seeds', { clientSeed: $('client-seed').value.trim() })
      .then(function (s) { showSeeds(s); say('New seed pair: the previous server seed is revealed below.'); })
      .catch(function (err) { say(err.message, 'err'); });
  });
  launch();
})();
