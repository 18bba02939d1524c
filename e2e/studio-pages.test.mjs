// The studio's rules/paytable pages and game recall in Chromium: a slot's
// paytable drawn from its definition (every symbol drawn with the game's
// art, pays per count, paylines), the roulette table's bet types, and a
// logged-in depositor's past rounds replayed exactly as recorded.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, http, screenshot, useSite, waitFor, withPage } from './lib/suite.mjs';
import { api, logIn, newPlayer } from './lib/players.mjs';

describe('studio rules and recall pages', () => {
  const site = useSite({ publish: ['root', 'lobby'], env: { CASINO_ROULETTE_TIMES: '4s,1s,2s' } });
  const opts = (extra = {}) => ({ baseURL: site.server.url, ...extra });

  test('rules: the paytable of a slot and the bets of the roulette table, from their definitions', async (t) => {
    const { json } = await api(site, 'GET', '/api/studio/games/ocean-treasures');
    const { game, title } = json.data;
    await withPage(site.browser, t, opts({ viewport: DESKTOP }), async ({ page }) => {
      await page.goto('/play/studio/ocean-treasures?mode=demo');
      await page.getByRole('link', { name: 'Paytable & rules' }).click();
      await page.locator('body[data-ready="1"]').waitFor();
      assert.equal(new URL(page.url()).pathname, '/studio/games/ocean-treasures/rules');
      // Every symbol drawn, every pay of the definition listed.
      assert.equal(await page.locator('#paytable [data-symbol]').count(), game.symbols.length);
      assert.equal(await page.locator('#paytable [data-art] svg').count(), game.symbols.length);
      for (const [sym, pays] of Object.entries(game.pays)) {
        for (const [count, coins] of Object.entries(pays)) {
          assert.equal(await page.locator(`[data-pay="${sym}:${count}"]`).getAttribute('data-coins'), String(coins), `${sym} ×${count}`);
        }
      }
      assert.equal(await page.locator('#lines figure').count(), game.lines.length);
      const facts = await page.locator('#facts').innerText();
      assert.match(facts, new RegExp(`${title.rtp}%`));
      // in English, grouped from 5 digits on ("23,435.10× the bet"), as the game clients write numbers
      assert.match(facts, new RegExp(`${new Intl.NumberFormat('en', { minimumFractionDigits: 2, useGrouping: 'min2' }).format(title.maxMultiplier)}× the bet`));
      assert.match(facts, /Volatility\s+\w+/);
      assert.match(facts, new RegExp(`Bonus buy\\s+${title.bonusBuyPrice}× the bet`));
      await screenshot(page, 'studio-rules-1280');
      await page.setViewportSize(MOBILE);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no horizontal scroll at 375 px');
      await screenshot(page, 'studio-rules-375');

      await page.goto('/play/studio/european-roulette?mode=demo');
      await page.getByRole('link', { name: 'Rules & payouts' }).click();
      await page.locator('#bet-types').waitFor();
      const rows = await page.locator('#bet-types tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.kind, tr.cells[2].textContent, tr.cells[3].textContent, tr.cells[4].textContent]));
      assert.deepEqual(rows.map((r) => r[0]), ['straight', 'split', 'street', 'corner', 'line', 'column', 'dozen', 'red', 'black', 'odd', 'even', 'low', 'high']);
      assert.deepEqual(rows.map((r) => r[1]), ['35:1', '17:1', '11:1', '8:1', '5:1', '2:1', '2:1', '1:1', '1:1', '1:1', '1:1', '1:1', '1:1']);
      // Inside bets have their own maximum per spot, by the numbers they cover.
      assert.deepEqual(rows.map((r) => r[3]).slice(0, 6), ['50.00', '100.00', '150.00', '200.00', '300.00', '500.00']);
      assert.ok(rows.every((r) => r[2] === '97.30%'));
      // The phases' lengths (this site's 4s,1s,2s) in seconds as the language writes them.
      assert.match(await page.locator('#facts').innerText(), /4\ss to bet · 1\ss spin · 2\ss showing the result/);
      await screenshot(page, 'studio-roulette-rules-375');
    });
  });

  test('recall: a depositor\'s slot round shows exactly the recorded symbols, a table round its number and bets', async (t) => {
    const { token } = await newPlayer(site, { prefix: 'recall', deposit: '50.00' });
    const launch = await api(site, 'POST', '/api/studio/sessions', { gameId: 'ocean-treasures', mode: 'real' }, token);
    assert.equal(launch.status, 200, JSON.stringify(launch.json));
    const sid = launch.json.data.sessionId;
    let spin;
    for (let i = 0; i < 25; i++) { // a round that wins, to see its cells lit
      spin = (await api(site, 'POST', `/api/studio/sessions/${sid}/spin`, { bet: '0.20' }, token)).json.data;
      if (spin.round.win > 0 && !spin.round.freeSpins) break;
    }
    // Meanwhile a bet on the live table, through a table session of the same player.
    const table = (await api(site, 'POST', '/api/studio/sessions', { gameId: 'european-roulette', mode: 'real' }, token)).json.data;
    let round = 0;
    await waitFor(async () => {
      const st = (await api(site, 'GET', '/api/studio/tables/european-roulette')).json.data;
      round = st.round;
      return st.phase === 'betting' && st.closesAt - st.now > 1000;
    }, { timeout: 15_000, interval: 100, what: 'betting window' });
    const placed = await api(site, 'POST', `/api/studio/sessions/${table.sessionId}/bets`, { round, bets: [{ kind: 'black', amount: '1.00' }, { kind: 'straight', number: 17, amount: '0.50' }, { kind: 'split', numbers: [17, 20], amount: '0.50' }] }, token);
    assert.equal(placed.status, 200, JSON.stringify(placed.json));

    await withPage(site.browser, t, opts({ viewport: DESKTOP }), async ({ page, context }) => {
      await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
      await page.goto(`/studio/rounds/${encodeURIComponent(spin.roundId)}`);
      await page.locator('.rc-win .cell svg').first().waitFor();
      const cells = await page.locator('.rc-spin').first().locator('.cell').evaluateAll((els) => els.map((e) => e.dataset.symbol));
      const w = spin.round.base.window, want = [];
      for (let row = 0; row < w[0].length; row++) for (let reel = 0; reel < w.length; reel++) want.push(w[reel][row]);
      assert.deepEqual(cells, want, 'the recorded window, row by row');
      assert.equal(await page.locator('.rc-spin').count(), 1 + (spin.round.freeSpins?.length ?? 0));
      assert.equal((await page.locator('.rc-spin').first().locator('.cell.hit').count()) > 0, spin.round.base.coins > 0, 'winning cells lit');
      assert.equal((await page.locator('#recall-win').textContent()).trim(), (spin.round.win / 100).toFixed(2));
      assert.equal((await page.locator('#recall-balance').textContent()).trim(), `${spin.balance} EUR`);
      assert.equal(await page.getByRole('link', { name: 'Verify this round' }).getAttribute('href'), `/provably-fair?round=${spin.roundId}`);
      // Round details: the status in words, the reel stops' symbols by the names the rules page gives them.
      await page.locator('#recall details summary').click();
      assert.equal((await page.locator('#recall-status').textContent()).trim(), 'Settled');
      const { game } = (await api(site, 'GET', '/api/studio/games/ocean-treasures')).json.data;
      const named = Object.fromEntries(game.symbols.map((s) => [s.id, s.name]));
      const stops = await page.locator('#recall details table').first().locator('tbody tr').evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((c) => c.textContent)));
      assert.deepEqual(stops.flat(), want.slice(0, stops.flat().length).map((id) => named[id]), 'reel stops named as on the rules page');
      await screenshot(page, 'studio-recall-slot-1280');
      await page.setViewportSize(MOBILE);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no horizontal scroll at 375 px');
      await screenshot(page, 'studio-recall-slot-375');

      // The table round, once paid.
      const id = `rl-${round}-${table.sessionId}`;
      await waitFor(async () => (await http(site, `/studio/rounds/${id}`, { headers: { Cookie: `casino_session=${token}` } })).status === 200, { timeout: 15_000, interval: 200, what: 'table round paid' });
      await page.goto(`/studio/rounds/${id}`);
      const n = Number((await page.locator('#recall-number').textContent()).trim());
      const st = (await api(site, 'GET', '/api/studio/tables/european-roulette')).json.data;
      assert.ok(st.round > round || st.number === n);
      const rows = await page.locator('#recall-bets tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
      const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
      const black = n !== 0 && !RED.includes(n);
      const split = n === 17 || n === 20;
      assert.deepEqual(rows, [['black', '1:1', '1.00', black ? '2.00' : '0.00'], ['17', '35:1', '0.50', n === 17 ? '18.00' : '0.00'],
        ['split 17-20', '17:1', '0.50', split ? '9.00' : '0.00']]);
      const win = (black ? 200 : 0) + (n === 17 ? 1800 : 0) + (split ? 900 : 0);
      assert.equal((await page.locator('#recall-win').textContent()).trim(), (win / 100).toFixed(2));
      await page.locator('summary', { hasText: 'Round details and fairness' }).click();
      assert.match(await page.locator('#recall-check').textContent(), new RegExp(`the revealed seed gives ${n}$`));
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no horizontal scroll at 375 px');
      await screenshot(page, 'studio-recall-roulette-375');
      // When it was played: the stored UTC time as a date and time of the page's language.
      const played = async () => {
        const el = page.locator('#recall-played');
        const at = new Date(await el.getAttribute('datetime'));
        const p2 = (v) => String(v).padStart(2, '0');
        return { text: (await el.textContent()).trim(), at, p2, h12: at.getUTCHours() % 12 || 12, pm: at.getUTCHours() >= 12 };
      };
      const en = await played();
      assert.equal(en.text, `${en.at.getUTCMonth() + 1}/${en.at.getUTCDate()}/${en.at.getUTCFullYear()}, ${en.h12}:${en.p2(en.at.getUTCMinutes())}:${en.p2(en.at.getUTCSeconds())}\u202f${en.pm ? 'PM' : 'AM'} UTC`);
      await page.goto(`/studio/rounds/${id}?lang=de`);
      const de = await played();
      assert.equal(de.text, `${de.p2(de.at.getUTCDate())}.${de.p2(de.at.getUTCMonth() + 1)}.${de.at.getUTCFullYear()}, ${de.p2(de.at.getUTCHours())}:${de.p2(de.at.getUTCMinutes())}:${de.p2(de.at.getUTCSeconds())} UTC`);
      // Not for anyone else.
      assert.equal((await http(site, `/studio/rounds/${id}`)).status, 404);
    });
  });
  test('in the player\'s language: a German depositor opens a slot from the lobby and plays it in German; Arabic is right to left', async (t) => {
    const player = await newPlayer(site, { prefix: 'studiode', deposit: '50.00' });
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      await logIn(context, site, player);
      // The casino in German (the footer's language switch), then the game's page in the lobby.
      await page.goto('/casino/games/ocean-treasures?lng=de');
      await page.getByRole('button', { name: 'Spielen', exact: true }).click();
      await page.waitForURL(/\/play\/studio\/ocean-treasures\?/);
      const url = new URL(page.url());
      assert.equal(url.searchParams.get('lang'), 'de', 'the launch URL carries the language');
      assert.equal(url.searchParams.get('mode'), 'real');
      await page.locator('body[data-ready="1"]').waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'de');
      assert.equal((await page.locator('#mode').textContent()).trim(), 'Echtgeld');
      assert.equal((await page.locator('#spin').textContent()).trim(), 'Drehen');
      assert.equal((await page.locator('#balance').textContent()).trim(), '50,00 EUR', 'amounts in the German format');
      assert.equal((await page.locator('#msg').textContent()).trim(), 'Viel Glück!');
      await page.locator('#spin').click();
      await page.locator('#win[data-done]').waitFor({ timeout: 15_000 });
      assert.match((await page.locator('#msg').textContent()).trim(), /^(Du gewinnst \d+,\d\d EUR|\d+,\d\d EUR von deinem Einsatz|Diesmal kein Gewinn)/, 'the result in German');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no horizontal scroll at 375 px');
      await screenshot(page, 'studio-slot-de-375');
      // The paytable linked from the game stays German.
      await page.getByRole('link', { name: 'Auszahlungstabelle & Regeln' }).click();
      await page.locator('#paytable').waitFor();
      assert.equal(await page.locator('#pays').textContent(), 'Auszahlungstabelle');

      // Arabic: right to left, the reels in their order.
      await page.goto('/play/studio/ocean-treasures?mode=demo&lang=ar');
      await page.locator('body[data-ready="1"]').waitFor();
      assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
      assert.equal((await page.locator('#spin').textContent()).trim(), 'دوران');
      const xs = await page.locator('#reels .cell').evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().left));
      assert.ok(xs[0] < xs[xs.length - 1], 'the first reel stays on the left');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no horizontal scroll at 375 px');
      await screenshot(page, 'studio-slot-ar-375');
    });
  });
});
