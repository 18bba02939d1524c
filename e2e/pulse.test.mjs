// Issue 5: the Game Pulse graph. A funded player opens /casino and the game
// page, sees the running net of their recent rounds, and rounds played over
// the signed wallet API move it live (realtime debit/credit events) without
// a reload; visitors neither see it nor download its chunk.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { inspectDb } from './lib/db.mjs';
import { api, newPlayer, openAs } from './lib/players.mjs';
import { PENDING_API, http, requireBuilds, screenshot, useSite, waitForApp, withPage } from './lib/suite.mjs';

const NET = '[data-testid="game-pulse-net"]';

describe('Game Pulse', () => {
  const site = useSite();

  /** Signed provider calls as the studio (docs/wallet.md). */
  async function studio(userId) {
    const { rows } = await inspectDb(join(site.server.dataDir, 'casino.db'), `SELECT hex(secret) FROM wallet_providers WHERE name = 'studio'`);
    const secret = Buffer.from(rows[0][0], 'hex');
    const base = { playerId: String(userId), gameId: 'fruit-fiesta', currency: 'EUR' };
    let n = 0;
    const call = async (name, body) => {
      const path = `/api/wallet/v1/${name}`;
      const raw = JSON.stringify({ ...base, ...body });
      const ts = Math.floor(Date.now() / 1000);
      const sig = 'sha256=' + createHmac('sha256', secret).update(`${ts}\n${path}\n${raw}`).digest('hex');
      const res = await http(site, path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Wallet-Provider': 'studio', 'X-Wallet-Timestamp': String(ts), 'X-Wallet-Signature': sig },
        body: raw,
      });
      const out = await res.json();
      assert.equal(res.status, 200, `${name}: ${JSON.stringify(out)}`);
      return out.data;
    };
    return {
      bet: (round, amount) => call('debit', { transactionId: `pd-${round}-${++n}`, roundId: `pulse-${round}`, amount }),
      win: (round, amount) => call('credit', { transactionId: `pc-${round}-${++n}`, roundId: `pulse-${round}`, amount, closeRound: true }),
    };
  }

  const netText = (page) => page.locator(NET).innerText();
  const waitNet = (page, text) =>
    page.waitForFunction(([sel, want]) => document.querySelector(sel)?.textContent === want, [NET, text], { timeout: 10_000 });

  /** Nothing wider than the viewport, and the panel inside it. */
  async function assertFits(page) {
    const m = await page.evaluate(() => {
      const box = document.querySelector('[data-testid="game-pulse"]').getBoundingClientRect();
      return { scroll: document.documentElement.scrollWidth, width: window.innerWidth, left: box.left, right: box.right };
    });
    assert.ok(m.scroll <= m.width, `page overflows: ${JSON.stringify(m)}`);
    assert.ok(m.left >= 0 && m.right <= m.width, `panel overflows: ${JSON.stringify(m)}`);
  }

  test('wallet: the rounds of the graph over HTTP, own rounds only', async () => {
    const { token, userId } = await newPlayer(site, { prefix: 'pulse', deposit: '25.00' });
    const s = await studio(userId);
    await s.bet('a', '1.00');
    await s.win('a', '0.00');
    await s.bet('b', '2.00');
    await s.win('b', '3.50');
    const res = await api(site, 'GET', '/api/user/game-pulse?limit=10', null, token);
    assert.equal(res.status, 200);
    assert.deepEqual([res.json.data.currencyCode, res.json.data.rounds.map((r) => r.net)], ['EUR', ['-1.00', '1.50']]);
    assert.equal((await api(site, 'GET', '/api/user/game-pulse')).status, 403);
  });

  test('a player sees the pulse on /casino and the game page, updated live; visitors do not', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const { token, userId } = await newPlayer(site, { prefix: 'pulse', deposit: '25.00' });
    const s = await studio(userId);
    await s.bet('1', '1.00');
    await s.win('1', '0.00');
    const opts = { baseURL: site.server.url, allow: { http: PENDING_API } };

    await withPage(site.browser, t, opts, async ({ page }) => {
      // Visitors: no panel, and its chunk is never fetched.
      const chunks = [];
      page.on('request', (r) => /\/pulse\.[0-9a-f]+\.js/.test(r.url()) && chunks.push(r.url()));
      await page.goto('/casino');
      await waitForApp(page, 'lobby');
      await page.locator('#mf-page').getByText('Fruit Fiesta').first().waitFor();
      assert.equal(await page.locator('[data-testid="game-pulse"]').count(), 0);
      assert.deepEqual(chunks, []);

      await openAs(page, site, token, '/casino');
      await waitForApp(page, 'lobby');
      const search = page.locator('#mf-page').getByRole('searchbox');
      await search.waitFor();
      const before = (await search.boundingBox()).y;
      await waitNet(page, '-€1.00');
      assert.equal(chunks.length, 1, 'the pulse chunk loads for a player');
      const chart = page.locator('[data-testid="game-pulse"] svg[role="img"]');
      assert.equal(await chart.getAttribute('aria-label'), 'Net result of your last round: -€1.00');
      assert.equal(await chart.getAttribute('data-tone'), 'down');
      assert.equal((await search.boundingBox()).y, before, 'the panel does not move the page');
      await page.evaluate(() => (window.__samePage = true));

      // Rounds played now move the graph live: down by the stake, up by the win.
      await s.bet('2', '2.00');
      await waitNet(page, '-€3.00');
      await s.win('2', '5.50');
      await waitNet(page, '+€2.50');
      assert.equal(await chart.getAttribute('data-tone'), 'up');
      assert.equal(await chart.getAttribute('aria-label'), 'Net result over your last 2 rounds: +€2.50');
      assert.equal(await page.evaluate(() => window.__samePage), true, 'no reload');
      assert.equal((await search.boundingBox()).y, before);
      await assertFits(page);
      await screenshot(page, 'pulse-casino-1280', { fullPage: false });
      await page.setViewportSize({ width: 375, height: 812 });
      await assertFits(page);
      await screenshot(page, 'pulse-casino-375', { fullPage: false });

      // The game page shows it too, from the server's rounds after navigation.
      await page.goto('/casino/games/fruit-fiesta');
      await waitNet(page, '+€2.50');
      await s.bet('3', '0.50');
      await waitNet(page, '+€2.00');
      await assertFits(page);
      await screenshot(page, 'pulse-game-375');
      await page.setViewportSize({ width: 1280, height: 800 });
      await assertFits(page);
      await screenshot(page, 'pulse-game-1280');
      assert.equal(await netText(page), '+€2.00');
    });
  });
});
