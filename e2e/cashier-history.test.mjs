// The Games tab of the history after real play: a player spins an in-house
// studio slot for real money in Chromium, then /profile/transactions (and the
// way there from /profile2/my-history) lists every bet and win as casino
// transaction rows (SPEC section 3 columns) with the right values.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, requireBuilds, screenshot, useSite, waitFor, waitForApp, withPage } from './lib/suite.mjs';
import { api, newPlayer } from './lib/players.mjs';

const GAME = 'aztec-sun';
const SPINS = 3;
const COLUMNS = ['Transaction ID', 'Transaction Type', 'Game Name', 'Provider', 'Balance Before', 'Amount', 'Balance After', 'Bonus Balance', 'Date'];

const cents = (s) => Math.round(Number.parseFloat(s) * 100);
const euros = (c) => `€${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('cashier history: Games tab', () => {
  const site = useSite();
  const opts = (extra = {}) => ({ baseURL: site.server.url, ...extra });

  test('real spins on a studio slot show as Bet/Win rows with the balances before and after', async (t) => {
    requireBuilds(site.server, ['root', 'cashier', 'profile']);
    const { token } = await newPlayer(site, { prefix: 'history', firstName: 'Grace', lastName: 'Hopper', deposit: '50.00' });
    const { json: catalogue } = await api(site, 'GET', '/api/studio/games');
    const game = catalogue.data.find((g) => g.id === GAME);
    assert.ok(game, `${GAME} in the studio catalogue`);

    // Real rounds in the game client, as a player plays them.
    const rounds = [];
    await withPage(site.browser, t, opts({ viewport: DESKTOP }), async ({ page, context }) => {
      await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
      await page.goto(`/play/studio/${GAME}`);
      await page.locator('body[data-ready="1"]').waitFor({ timeout: 15_000 });
      for (let i = 0; i < SPINS; i++) {
        const spin = page.waitForResponse((r) => r.url().includes('/spin') && r.request().method() === 'POST');
        await page.getByRole('button', { name: 'Spin' }).click();
        const res = await (await spin).json();
        assert.ok(res.data, JSON.stringify(res));
        rounds.push(res.data.round);
        await waitFor(async () => !(await page.getByRole('button', { name: 'Spin' }).isDisabled()), { what: 'spin enabled', timeout: 15_000 });
      }
    });

    // What the wallet recorded, oldest first: one Bet per round, a Win when the round paid.
    const { json } = await api(site, 'GET', '/api/user/get-transactions?type=games&pageNo=1&limit=20', null, token);
    const rows = [...json.data.rows].reverse();
    const bets = rows.filter((r) => r.transactionType === 'Bet');
    const wins = rows.filter((r) => r.transactionType === 'Win');
    assert.equal(bets.length, SPINS, `one bet per spin: ${JSON.stringify(rows)}`);
    assert.deepEqual(bets.map((r) => cents(r.amount)), rounds.map((r) => r.cost), 'bet amounts are the stakes');
    assert.equal(wins.reduce((s, r) => s + cents(r.amount), 0), rounds.reduce((s, r) => s + r.win, 0), 'wins add up to what the rounds paid');
    // The balances chain from the deposit to the wallet's balance now.
    let balance = cents('50.00');
    for (const r of rows) {
      assert.equal(cents(r.balanceBefore), balance, `${r.transactionId} balance before`);
      balance += (r.transactionType === 'Bet' ? -1 : 1) * cents(r.amount);
      assert.equal(cents(r.balanceAfter), balance, `${r.transactionId} balance after`);
      assert.equal(r.bonusBalance, '0.00');
      assert.equal(r.gameName, game.name);
      assert.ok(r.provider, 'a provider');
    }
    const details = await api(site, 'GET', '/api/user/get-user-details', null, token);
    assert.equal(cents(details.json.data.userWallet.balance), balance, 'the last balance after is the wallet balance');

    // The page shows exactly these rows, newest first, in the SPEC's columns.
    for (const [viewport, shot] of [[DESKTOP, 'cashier-history-games-1280'], [MOBILE, 'cashier-history-games-375']]) {
      await withPage(site.browser, t, opts({ viewport }), async ({ page }) => {
        await page.goto(`/profile2/my-history?at=${encodeURIComponent(token)}`);
        await waitForApp(page, 'profile');
        // My history (profile) leads to the transactions page of the cashier.
        await page.getByRole('link', { name: 'Open transactions' }).click();
        await page.waitForURL((u) => u.pathname === '/profile/transactions');
        // Client-side navigation: #mf-page keeps the server's data-app; the cashier mounts into it.
        await page.locator('#mf-page [data-testid="cashier-app"]').waitFor();
        await page.getByRole('tab', { name: 'Games' }).click();
        const table = page.locator('[data-testid="transactions-games"]');
        await table.locator('tbody tr').nth(rows.length - 1).waitFor();
        if (viewport === DESKTOP) {
          assert.deepEqual((await table.locator('thead th').allTextContents()).map((s) => s.trim()), COLUMNS);
        }
        const shown = [];
        for (const tr of await table.locator('tbody tr').all()) shown.push(await tr.locator('td').evaluateAll((tds) => tds.map((td) => (td.textContent ?? '').trim())));
        assert.equal(shown.length, rows.length, 'every transaction on the first page (page size 20)');
        const newestFirst = [...rows].reverse();
        shown.forEach((cells, i) => {
          const r = newestFirst[i];
          assert.deepEqual(cells.slice(0, 8), [r.transactionId, r.transactionType, r.gameName, r.provider,
            euros(cents(r.balanceBefore)), euros(cents(r.amount)), euros(cents(r.balanceAfter)), '€0.00'], `row ${i}`);
          assert.ok(cells[8].length > 0, 'a date');
        });
        await screenshot(page, shot);
      });
    }
  });
});
