// The studio's slot client: launches a game session, spins through the
// studio API, draws the window and the wins. Plain DOM, no dependencies.
(function () {
  'use strict';
  var cfg = JSON.parse(document.getElementById('studio-config').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var state = { sid: '', game: null, bets: [], bet: 0, busy: false, balance: '', currency: '', decimals: 2, free: null };
  var artCache = {};
  // The drawn symbol (art.js) as an image: each symbol's SVG made once into
  // a data: URL, so a cell or a reel strip shows it as an <img>, never parsed
  // or laid out again (an inline SVG per cell cost a parse, a style pass and
  // an SVG layout at every reel stop); rasterise() then swaps in a bitmap.
  function art(s) {
    if (!artCache[s.id]) {
      var svg = window.studioArt.svg(s, state.game.symbols.indexOf(s)).replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ');
      artCache[s.id] = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
    }
    return artCache[s.id];
  }
  function artImg(s) {
    var i = document.createElement('img');
    i.className = 'art'; i.alt = ''; i.draggable = false; i.src = art(s);
    return i;
  }
  function setArt(c, s) {
    if (c.dataset.symbol === s.id) return;
    c.firstChild.src = art(s); c.dataset.symbol = s.id;
  }
  // The game's scene behind the page and its logo in the header (art.js).
  (function () {
    var id = document.body.dataset.game, name = $('title-text').textContent;
    $('scene').innerHTML = window.studioArt.scene(id);
    $('logo').innerHTML = window.studioArt.logo(id, name);
    $('title-text').className = 'sr-only';
  })();
  var calm = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  var client = window.studioClient, api = client.api, say = client.say, t = client.t;
  // money: the decimal the API takes; fmt: the same amount as shown, in
  // the page's locale.
  function money(minor) { return client.money(minor, state.decimals); }
  function fmt(minor) { return client.num(money(minor), state.decimals); }
  function shown(dec) { return client.num(dec, state.decimals); }
  function symbol(id) { for (var i = 0; i < state.game.symbols.length; i++) if (state.game.symbols[i].id === id) return state.game.symbols[i]; return { id: id, name: id }; }

  // The reels: a column per reel holding its rows of cells (the symbols
  // shown) and, over them, a strip of the reel's own symbols that rolls
  // while it spins. The strip holds the same run of symbols twice and moves
  // down by half its height in a loop, a CSS transform animation: the
  // compositor moves it, the page does no work per frame. Strips and cells
  // sit on their own compositor layers from the start, so a spin starting
  // or a reel stopping changes only a layer's opacity or transform, never
  // a repaint; only the cells whose symbol changes are painted again.
  var STRIP = 5;
  function buildGrid() {
    var g = state.game, reels = $('reels');
    reels.style.gridTemplateColumns = 'repeat(' + g.reels + ', 1fr)';
    $('stage').style.setProperty('--cols', g.reels);
    $('stage').style.setProperty('--rows', g.rows);
    reels.textContent = '';
    for (var r = 0; r < g.reels; r++) {
      var col = document.createElement('div'), cells = document.createElement('div');
      col.className = 'reel'; col.id = 'reel' + r;
      cells.className = 'cells';
      for (var j = 0; j < g.rows; j++) {
        var c = document.createElement('div');
        c.className = 'cell'; c.id = 'c' + r + '_' + j; c.setAttribute('role', 'img');
        c.appendChild(artImg(symbol(g.strips[r][j])));
        c.dataset.symbol = g.strips[r][j];
        cells.appendChild(c);
      }
      col.appendChild(cells);
      var strip = document.createElement('div'), roll = document.createElement('div'), from = (r * 7) % g.strips[r].length;
      strip.className = 'strip'; strip.setAttribute('aria-hidden', 'true');
      roll.className = 'roll';
      roll.style.animationDuration = (STRIP * 70 + r * 10) + 'ms';
      for (var k = 0; k < 2 * STRIP; k++) {
        var f = document.createElement('div'), fs = symbol(g.strips[r][(from + k % STRIP) % g.strips[r].length]);
        f.className = 'face' + (fs.wild ? ' wild' : '') + (fs.scatter ? ' scatter' : '');
        f.appendChild(artImg(fs));
        roll.appendChild(f);
      }
      strip.appendChild(roll); col.appendChild(strip);
      reels.appendChild(col);
    }
    var idle = g.strips.map(function (s) { return s.slice(0, g.rows); });
    draw(idle, [], []);
    rasterise();
  }
  // Each symbol rasterised once, at the size a cell shows it in device
  // pixels, into a PNG data: URL (a canvas), each in its own task after the
  // grid is drawn: painting a cell is then a bitmap draw, where an SVG image
  // is drawn again from its shapes each time its cell is painted. The SVG
  // stays where a canvas cannot be read.
  function rasterise() {
    var shown = $('c0_0').firstChild.getBoundingClientRect().width;
    var px = Math.min(512, Math.ceil(shown * (window.devicePixelRatio || 1)));
    state.game.symbols.forEach(function (s) {
      var img = new Image(), svgUrl = art(s);
      img.onload = function () {
        try {
          var c = document.createElement('canvas'); c.width = c.height = px;
          c.getContext('2d').drawImage(img, 0, 0, px, px);
          var png = c.toDataURL('image/png');
          artCache[s.id] = png;
          Array.prototype.forEach.call(document.querySelectorAll('#reels img.art'), function (i) { if (i.getAttribute('src') === svgUrl) i.src = png; });
        } catch (e) { /* a tainted canvas: the SVG image stays */ }
      };
      img.src = svgUrl;
    });
  }

  function draw(window, hits, expanded) {
    var g = state.game, names = [];
    for (var r = 0; r < g.reels; r++) {
      for (var j = 0; j < g.rows; j++) {
        var id = expanded.indexOf(r + 1) >= 0 ? wildId() : window[r][j];
        var s = symbol(id), c = $('c' + r + '_' + j), cls = 'cell' + (s.wild ? ' wild' : '') + (s.scatter ? ' scatter' : '') + (hits[r * g.rows + j] ? ' hit' : '');
        setArt(c, s);
        if (c.getAttribute('aria-label') !== s.name) c.setAttribute('aria-label', s.name);
        if (c.className !== cls) c.className = cls;
        names.push(s.name);
      }
    }
    $('reels').setAttribute('aria-label', t('js.reels', { names: names.join(', ') }));
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

  function setBalance(b) { state.balance = b; $('balance').textContent = shown(b) + ' ' + state.currency; }
  // Free spins a bonus gave on this game: played at their bet, nothing
  // debited, winnings to the bonus balance.
  function freeLeft() { return state.free && state.free.left > 0; }
  function showFree() {
    var el = $('free-spins'), f = state.free;
    if (!f) { el.hidden = true; return; }
    el.hidden = false;
    el.textContent = f.left > 0
      ? t('js.freeLeft', { left: f.left, total: f.total, bet: shown(f.bet) + ' ' + state.currency, winnings: shown(f.winnings) + ' ' + state.currency })
      : t('js.freeDone', { winnings: shown(f.winnings) + ' ' + state.currency });
    $('spin').textContent = f.left > 0 ? t('js.freeSpin') : t('js.spin');
    $('bet-down').disabled = f.left > 0 || state.bet === 0;
    $('bet-up').disabled = f.left > 0 || state.bet === state.bets.length - 1;
    if (f.left > 0) $('bet').textContent = shown(f.bet) + ' ' + state.currency;
    else setBetText();
    if ($('buy')) $('buy').hidden = f.left > 0;
  }
  function setBetText() { $('bet').textContent = fmt(state.bets[state.bet]) + ' ' + state.currency; }
  function setBet(i) {
    state.bet = Math.max(0, Math.min(state.bets.length - 1, i));
    setBetText();
    $('bet-down').disabled = state.bet === 0;
    $('bet-up').disabled = state.bet === state.bets.length - 1;
    if ($('buy')) $('buy').textContent = t('js.buyPrice', { price: fmt(state.bets[state.bet] * state.game.bonusBuyPrice) });
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

  // What the player keeps in this browser, per game client (localStorage;
  // also for logged-in players: the server keeps no client preferences).
  var store = {
    get: function (k) { try { return window.localStorage.getItem('aurumStudio.' + k); } catch (e) { return null; } },
    set: function (k, v) { try { window.localStorage.setItem('aurumStudio.' + k, v); } catch (e) { /* private mode */ } }
  };
  // UKGC RTS 14 (operator setting): every spin lasts at least minSpinMs from
  // the press to the result, no quick spin, the session's net position and
  // time on screen.
  var rts = !!cfg.rts14, minSpin = rts ? (cfg.minSpinMs || 2500) : 0;
  var quick = !rts && store.get('quick') === '1';
  var muted = store.get('sound') === 'off';

  // Sound effects synthesised with the Web Audio API (no audio files). The
  // context is made (or resumed) only once the player has pressed something
  // on the game: browsers refuse audio before a gesture, and Chromium logs
  // "The AudioContext was not allowed to start" for a context made earlier.
  var sound = (function () {
    var ctx = null, ticker = 0, armed = false;
    function ac() {
      if (muted || !armed) return null;
      if (!ctx) { var A = window.AudioContext || window.webkitAudioContext; if (!A) return null; ctx = new A(); }
      if (ctx.state === 'suspended') ctx.resume();
      return ctx;
    }
    function tone(freq, at, dur, type, vol, to) {
      var c = ac(); if (!c) return;
      var o = c.createOscillator(), g = c.createGain(), t = c.currentTime + at;
      o.type = type; o.frequency.setValueAtTime(freq, t);
      if (to) o.frequency.exponentialRampToValueAtTime(to, t + dur);
      g.gain.setValueAtTime(0.0001, t);
      g.gain.exponentialRampToValueAtTime(vol, t + 0.012);
      g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
      o.connect(g); g.connect(c.destination); o.start(t); o.stop(t + dur + 0.05);
    }
    function mark(name) { if (!muted) document.body.dataset.sound = name; }
    var fx = {
      stop: function () { tone(190, 0, 0.14, 'triangle', 0.2, 70); mark('stop'); },
      win: function () { [523, 659, 784, 1047].forEach(function (f, i) { tone(f, i * 0.08, 0.22, 'triangle', 0.12); }); mark('win'); },
      big: function () {
        [523, 659, 784, 1047, 784, 1047, 1319].forEach(function (f, i) { tone(f, i * 0.13, 0.3, 'triangle', 0.12); });
        [262, 330, 392].forEach(function (f) { tone(f, 0.95, 1.6, 'sine', 0.07); });
        mark('big');
      }
    };
    // The reels' ticking: one 95 ms click rendered once into a buffer that
    // the audio thread loops until the last reel stops (a timer making a
    // new oscillator every 95 ms kept the page's main thread busy mid-spin).
    var tickBuf = null;
    function ticking(on) {
      if (ticker) { try { ticker.stop(); } catch (e) { /* not started */ } ticker.disconnect(); ticker = 0; }
      var c = on && ac(); if (!c) return;
      if (!tickBuf) {
        var rate = c.sampleRate, n = Math.round(rate * 0.095), len = Math.round(rate * 0.025), att = Math.round(rate * 0.003);
        tickBuf = c.createBuffer(1, n, rate);
        var d = tickBuf.getChannelData(0);
        for (var i = 0; i < len; i++) {
          var env = i < att ? i / att : Math.exp(-5.5 * (i - att) / (len - att));
          d[i] = (Math.sin(2 * Math.PI * 1400 * i / rate) >= 0 ? 0.025 : -0.025) * env;
        }
      }
      ticker = c.createBufferSource(); ticker.buffer = tickBuf; ticker.loop = true;
      ticker.connect(c.destination); ticker.start();
    }
    // The first gesture: keydown and a mouse's pointerdown carry the
    // browser's user activation; a finger's pointerdown does not (its
    // pointerup/click does), so each event checks the activation when the
    // browser says (navigator.userActivation) before making the context.
    var gestures = ['pointerdown', 'keydown', 'pointerup', 'click'];
    function gesture() {
      var ua = navigator.userActivation;
      if (ua && !ua.isActive) return;
      armed = true;
      gestures.forEach(function (n) { document.removeEventListener(n, gesture, true); });
      ac();
    }
    gestures.forEach(function (n) { document.addEventListener(n, gesture, true); });
    return {
      unlock: ac, stop: fx.stop, win: fx.win, big: fx.big,
      spinning: function (on) {
        ticking(on && !muted);
        if (on && !muted) mark('spin');
      }
    };
  })();

  function setSound(on) {
    muted = !on; store.set('sound', on ? 'on' : 'off');
    var b = $('sound'); b.setAttribute('aria-pressed', String(on)); b.textContent = on ? t('js.soundOn') : t('js.soundOff');
    if (!on) sound.spinning(false); else sound.unlock();
  }
  function setQuick(on) {
    if (!$('quick')) return;
    quick = on; store.set('quick', on ? '1' : '0');
    var b = $('quick'); b.setAttribute('aria-pressed', String(on)); b.textContent = on ? t('js.turboOn') : t('js.turboOff');
  }

  // The session under RTS 14: wins − stakes since the page opened, and the
  // time played.
  var session = { started: 0, net: 0 };
  function showNet() {
    if (!$('net')) return;
    $('net').textContent = (session.net > 0 ? '+' : session.net < 0 ? '−' : '') + fmt(Math.abs(session.net)) + ' ' + state.currency;
  }
  function tickElapsed() {
    if (!$('elapsed') || !session.started) return;
    var t = Math.floor((Date.now() - session.started) / 1000), h = Math.floor(t / 3600), m = Math.floor(t / 60) % 60, sec = t % 60;
    $('elapsed').textContent = (h ? h + ':' + (m < 10 ? '0' : '') : '') + m + ':' + (sec < 10 ? '0' : '') + sec;
  }

  function feature(text) { var f = $('feature'); f.hidden = !text; f.textContent = text || ''; }
  function hideCelebration() { $('celebrate').hidden = true; $('stage').classList.remove('big'); }

  function play(bonusBuy) {
    if (state.busy || !state.sid) return;
    state.busy = true;
    sound.unlock();
    $('spin').disabled = true; if ($('buy')) $('buy').disabled = true;
    hideCelebration();
    var stage = $('stage');
    stage.classList.add('spinning');
    stage.classList.toggle('bonus', !!bonusBuy);
    feature(bonusBuy ? t('js.bonusBought') : '');
    delete stage.dataset.stopped;
    counting++;
    delete $('win').dataset.done;
    $('win').textContent = fmt(0);
    Array.prototype.forEach.call(document.querySelectorAll('.cell.still'), function (c) { c.classList.remove('still'); });
    Array.prototype.forEach.call(document.querySelectorAll('.reel.landed'), function (c) { c.classList.remove('landed'); });
    say(t('js.spinning'));
    sound.spinning(true);
    var started = Date.now();
    stage.dataset.pressed = String(started);
    var body = freeLeft() && !bonusBuy ? { freeSpin: true } : { bet: money(state.bets[state.bet]), bonusBuy: !!bonusBuy };
    api('POST', '/api/studio/sessions/' + state.sid + '/spin', body)
      .then(function (res) {
        stage.dataset.answered = String(Date.now());
        // The last reel lands no sooner than the minimum: 600 ms (quick
        // spin 250, reduced motion 100), under RTS 14 minSpin from the press.
        var least = Math.max(minSpin, calm ? 100 : quick ? 250 : 600);
        var wait = least - (Date.now() - started) - stepMs() * state.game.reels;
        return sleep(Math.max(0, wait)).then(function () { return show(res, started); });
      })
      .catch(function (e) {
        sound.spinning(false);
        stage.classList.remove('spinning', 'bonus'); feature('');
        // The wallet asks for an explicit confirmation of a bonus buy above
        // the player's own max bet; it exempts exactly the next bet.
        if (e.code === 'BONUS_BUY_CONFIRMATION_REQUIRED' && window.confirm(t('js.confirmBuy'))) {
          return api('POST', '/api/user/confirm-bonus-buy', {}).then(function () { state.busy = false; play(true); }, function (e2) { say(e2.message, 'err'); });
        }
        say(e.message, 'err');
      })
      .then(function () {
        state.busy = false; $('spin').disabled = false; if ($('buy')) $('buy').disabled = false;
        if (state.free) showFree();
        // Focus asks for an up-to-date layout: given in the next frame, where
        // the layout is made anyway, and only when it moves.
        window.requestAnimationFrame(function () { if (document.activeElement !== $('spin')) $('spin').focus({ preventScroll: true }); });
      });
  }

  // Reels stop 220 ms apart; quick spin and reduced motion stop them together.
  function stepMs() { return calm || quick ? 0 : 220; }

  // The reels stop one after another, left to right, each on exactly the
  // symbols of the recorded round (the window the wallet outcome holds);
  // quick spin and reduced motion stop them all at once.
  function stopReels(spin, started) {
    var g = state.game, stage = $('stage'), step = stepMs();
    var seq = Promise.resolve();
    for (var r = 0; r < g.reels; r++) (function (r) {
      seq = seq.then(function () { return step || r === 0 ? sleep(step) : null; }).then(function () {
        for (var j = 0; j < g.rows; j++) {
          var s = symbol(spin.window[r][j]), c = $('c' + r + '_' + j);
          setArt(c, s); c.setAttribute('aria-label', s.name);
          c.classList.add('still');
        }
        $('reel' + r).classList.add('landed');
        if (step || r === 0) sound.stop();
        if (r === g.reels - 1) sound.spinning(false);
      });
    })(r);
    return seq.then(function () {
      var left = minSpin - (Date.now() - started);
      return left > 0 ? sleep(left) : null;
    }).then(function () {
      stage.classList.remove('spinning');
      draw(spin.window, hitsOf(spin), spin.expanded || []);
      stage.dataset.stopped = String(Date.now());
    });
  }

  // What a spin paid, in words: "3 Cherry on line 2", "4 Jaguar, 6 ways".
  function winWords(spin) {
    var out = [];
    (spin.lines || []).forEach(function (w) { out.push(t('js.lineWin', { count: w.count, symbol: symbol(w.symbol).name, line: w.line })); });
    (spin.ways || []).forEach(function (w) { out.push(t(w.ways === 1 ? 'js.wayWin1' : 'js.wayWin', { count: w.count, symbol: symbol(w.symbol).name, ways: w.ways })); });
    if (spin.scatterCoins) out.push(t('js.scatters', { count: spin.scatters }));
    return out.join('; ');
  }

  // The win counts up to exactly the recorded amount (integers of minor
  // units); a win that does not beat the stake is shown at once, uncelebrated.
  // The next spin may start meanwhile: it ends this count.
  var counting = 0;
  function countUp(win, stake) {
    var el = $('win'), big = $('big-amount'), ms = win <= stake || calm ? 0 : win >= 20 * stake ? 2400 : 900, id = ++counting;
    el.dataset.countMs = String(ms);
    return new Promise(function (done) {
      var t0 = 0;
      function frame(now) {
        if (id !== counting) { done(); return; }
        if (!t0) t0 = now;
        var p = ms ? Math.min(1, (now - t0) / ms) : 1, v = p >= 1 ? win : Math.floor(win * (1 - Math.pow(1 - p, 3)));
        el.textContent = fmt(v);
        if (!$('celebrate').hidden) big.textContent = fmt(v) + ' ' + state.currency;
        if (p < 1) window.requestAnimationFrame(frame);
        else { el.dataset.done = '1'; el.dataset.win = String(win); done(); }
      }
      if (ms) window.requestAnimationFrame(frame); else frame(0);
    });
  }

  function show(res, started) {
    var round = res.round, stage = $('stage');
    var stake = round.bonusBuy ? round.cost : round.bet;
    var seq = Promise.resolve();
    if (round.base) seq = stopReels(round.base, started);
    if (round.freeSpins && round.freeSpins.length) {
      var total = round.freeSpins.length, acc = round.base ? round.base.win : 0;
      seq = seq.then(function () {
        stage.classList.add('free');
        feature(t('js.fsStart', { n: total }));
        $('fs').textContent = t('js.fsCount', { n: total });
        return sleep(calm || quick ? 300 : 1100);
      });
      round.freeSpins.forEach(function (fs, i) {
        seq = seq.then(function () { return sleep(i === 0 ? 0 : quick || calm ? 180 : 420); }).then(function () {
          acc += fs.win;
          feature(t('js.fsProgress', { i: i + 1, total: total }) + (fs.multiplier > 1 ? ' · x' + fs.multiplier : '') + ' · ' + t('js.fsWinSoFar', { amount: fmt(acc) }));
          draw(fs.window, hitsOf(fs), fs.expanded || []);
          sound.stop();
        });
      });
    }
    return seq.then(function () {
      stage.classList.remove('free', 'bonus');
      feature(round.freeSpinsAwarded ? t('js.fsTotal', { amount: fmt(round.win) + ' ' + state.currency }) : '');
      setBalance(res.balance);
      if (res.freeSpins) state.free = res.freeSpins;
      session.net += round.win - (res.freeRound ? 0 : round.cost);
      showNet();
      $('seed-nonce').textContent = String(res.seeds.nonce);
      $('last-round').hidden = false;
      $('last-round-link').href = '/provably-fair?round=' + encodeURIComponent(res.roundId);
      $('last-round-id').textContent = res.roundId;
      $('last-round-replay').href = '/studio/rounds/' + encodeURIComponent(res.roundId);
      var fsText = round.freeSpinsAwarded ? ' · ' + t('js.fsCount', { n: round.freeSpinsAwarded }) : '';
      $('fs').textContent = round.freeSpinsAwarded ? t('js.fsPlayed', { n: round.freeSpinsAwarded }) : '';
      var words = round.base && !round.freeSpins ? winWords(round.base) : '';
      var amount = fmt(round.win) + ' ' + state.currency;
      if (round.win > stake) say(t('js.youWin', { amount: amount }) + (words ? ': ' + words : '') + fsText, 'win');
      else if (round.win > 0) say(t('js.returned', { amount: amount, stake: fmt(stake) + ' ' + state.currency }) + fsText);
      else say(t('js.noWin') + fsText);
      $('last-win').textContent = fmt(round.win);
      var big = round.win >= 20 * stake;
      if (big) {
        $('big-title').textContent = round.win >= 100 * stake ? t('js.megaWin') : t('js.bigWin');
        $('big-amount').textContent = fmt(0) + ' ' + state.currency;
        $('celebrate').hidden = false; stage.classList.add('big');
        sound.big();
      } else if (round.win > stake) sound.win();
      countUp(round.win, stake).then(function () {
        if (big) setTimeout(function () { if (!state.busy) hideCelebration(); }, 5000);
      });
    });
  }

  function paytable(g) {
    var tb = $('paytable'), rows = [];
    Object.keys(g.pays).forEach(function (id) {
      var p = g.pays[id], cells = Object.keys(p).sort().map(function (n) { return n + '× ' + p[n]; }).join(', ');
      rows.push('<tr><th scope="row"></th><td></td></tr>');
    });
    tb.innerHTML = '<caption></caption><tbody>' + rows.join('') + '</tbody>';
    tb.querySelector('caption').textContent = t(g.ways ? 'js.paysWays' : 'js.paysLines', { coins: g.coins });
    var trs = tb.querySelectorAll('tr'), i = 0;
    Object.keys(g.pays).forEach(function (id) {
      var p = g.pays[id];
      trs[i].firstChild.textContent = symbol(id).name;
      trs[i].lastChild.textContent = Object.keys(p).sort().map(function (n) { return t('js.ofAKind', { n: n, coins: p[n] }); }).join(' · ');
      i++;
    });
  }

  function launch() {
    api('POST', '/api/studio/sessions', { gameId: cfg.gameId, mode: cfg.mode })
      .then(function (l) {
        state.sid = l.sessionId; state.game = l.game; state.currency = l.currency;
        document.body.dataset.session = l.sessionId;
        $('mode').textContent = l.mode === 'real' ? t('mode.real') : t('mode.demo');
        $('mode').className = 'badge ' + l.mode;
        state.decimals = l.betScale.decimals;
        $('last-win').textContent = fmt(0);
        state.bets = ladder(l.game, l.betScale.factor);
        buildGrid(); paytable(l.game); setBalance(l.balance); setBet(0); showSeeds(l.seeds);
        if (!l.game.bonusBuyPrice && $('buy')) $('buy').remove();
        state.free = l.freeSpins && l.freeSpins.left > 0 ? l.freeSpins : null;
        showFree();
        $('spin').disabled = false; if ($('buy')) $('buy').disabled = false;
        session.started = Date.now(); showNet(); tickElapsed();
        if ($('elapsed')) setInterval(tickElapsed, 1000);
        $('win').textContent = fmt(0);
        say(l.mode === 'real' ? t('js.goodLuck') : t('js.funPlay'));
        document.body.dataset.ready = '1';
      })
      .catch(function (e) { say(e.message, 'err'); });
  }

  $('spin').addEventListener('click', function () { play(false); });
  if ($('buy')) $('buy').addEventListener('click', function () { play(true); });
  $('bet-down').addEventListener('click', function () { if (!freeLeft()) setBet(state.bet - 1); });
  $('bet-up').addEventListener('click', function () { if (!freeLeft()) setBet(state.bet + 1); });
  $('sound').addEventListener('click', function () { setSound(muted); });
  if ($('quick')) $('quick').addEventListener('click', function () { setQuick(!quick); });
  $('celebrate').addEventListener('click', hideCelebration);
  setSound(!muted); setQuick(quick);
  // Keyboard play: Space spins, + and − change the bet, M sound, T turbo
  // (quick spin), Escape closes the big-win banner (not while typing or on a control).
  document.addEventListener('keydown', function (e) {
    var t = e.target && e.target.tagName;
    if (e.ctrlKey || e.metaKey || e.altKey || t === 'INPUT' || t === 'SELECT' || t === 'TEXTAREA') return;
    if (e.key === 'Escape') { hideCelebration(); return; }
    if (e.code === 'Space' || e.key === ' ') {
      if (t === 'BUTTON' || t === 'SUMMARY' || t === 'A') return; // the control's own activation
      e.preventDefault(); play(false);
    }
    else if ((e.key === '+' || e.key === '=') && !freeLeft() && !state.busy) setBet(state.bet + 1);
    else if (e.key === '-' && !freeLeft() && !state.busy) setBet(state.bet - 1);
    else if (e.key === 'm' || e.key === 'M') setSound(muted);
    else if ((e.key === 't' || e.key === 'T') && $('quick')) setQuick(!quick);
  });
  $('seed-form').addEventListener('submit', function (e) {
    e.preventDefault();
    api('POST', '/api/studio/sessions/' + state.sid + '/seeds', { clientSeed: $('client-seed').value.trim() })
      .then(function (s) { showSeeds(s); say(t('js.seedsRotated')); })
      .catch(function (err) { say(err.message, 'err'); });
  });
  launch();
})();
