// The history after real play: a player deposits and spins an in-house studio
// slot for real money in Chromium, then /profile2/my-history (beside the
// profile menu) and /profile/transactions — both the cashier's — list every
// bet and win in the Games tab (SPEC section 3 columns) and the deposit in the
// Deposit tab (section 4), with the right values.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, requireBuilds, screenshot, useSite, waitFor, waitForApp, withPage } from './lib/suite.mjs';
import { api, newPlayer, openAs } from './lib/players.mjs';

const GAME = 'aztec-sun';
const SPINS = 3;
const DEPOSIT_COLUMNS = ['Date', 'Transaction ID', 'Method', 'Transaction Type', 'Amount', 'Status', 'Bonus (y/n)'];
const COLUMNS = ['Transaction ID', 'Transaction Type', 'Game Name', 'Provider', 'Balance Before', 'Amount', 'Balance After', 'Bonus Balance', 'Date'];

const cents = (s) => Math.round(Number.parseFloat(s) * 100);
const euros = (c) => `€${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('cashier history: Games and Deposit tabs', () => {
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

    // The deposit as the Deposit tab shows it (SPEC section 4 columns).
    const deposits = (await api(site, 'GET', '/api/user/get-transactions?type=deposit&pageNo=1&limit=20', null, token)).json.data.rows;
    assert.equal(deposits.length, 1, `one deposit: ${JSON.stringify(deposits)}`);

    // Both history pages show exactly these rows, newest first, in the SPEC's columns:
    // /profile2/my-history beside the profile menu, /profile/transactions alone; both are the cashier's.
    const pages = [
      ['/profile2/my-history', 'My history', 'cashier-my-history'],
      ['/profile/transactions', 'Transactions', 'cashier-history-games'],
    ];
    for (const [path, title, shot] of pages) {
      for (const viewport of [DESKTOP, MOBILE]) {
        await withPage(site.browser, t, opts({ viewport }), async ({ page }) => {
          await openAs(page, site, token, path);
          await waitForApp(page, 'cashier');
          const app = page.locator('#mf-page [data-testid="cashier-app"]');
          await app.waitFor();
          assert.equal((await app.getByRole('heading', { level: 1 }).textContent()).trim(), title);
          const menu = app.getByRole('navigation', { name: 'Profile menu' });
          if (path.startsWith('/profile2/')) {
            const currentEntry = menu.locator('a[aria-current="page"]');
            assert.equal(await currentEntry.getAttribute('href'), path, 'its own menu entry is current');
            assert.equal(await menu.locator('a').count(), 9, 'the nine /profile2 pages (statistics among them)');
            // On phones the menu is a scrolling row: the current entry is scrolled into view.
            const [nav, entry] = [await menu.boundingBox(), await currentEntry.boundingBox()];
            assert.ok(entry.x >= nav.x && entry.x + entry.width <= nav.x + nav.width + 1, `My history in view: ${JSON.stringify({ nav, entry })}`);
          } else {
            assert.equal(await menu.count(), 0, 'no profile menu on /profile/transactions');
          }
          assert.deepEqual((await app.getByRole('tab').allTextContents()).map((s) => s.trim()), ['Games', 'Withdrawal', 'Deposit']);
          await app.getByRole('tab', { name: 'Games' }).click();
          const table = app.locator('[data-testid="transactions-games"]');
          await table.locator('tbody tr').nth(rows.length - 1).waitFor();
          if (viewport === DESKTOP) {
            assert.deepEqual((await table.locator('thead th').allTextContents()).map((s) => s.trim()), COLUMNS);
            // All nine columns in view, even beside the profile menu: no sideways scrolling inside the table.
            const hidden = await table.locator('table').evaluate((el) => el.parentElement.scrollWidth - el.parentElement.clientWidth);
            assert.ok(hidden <= 0, `the Games table fits (${hidden} px hidden)`);
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
          const wide = viewport === DESKTOP ? '1280' : '375';
          await screenshot(page, `${shot}-${wide}`);

          // The Deposit tab: the card deposit in the payment columns.
          await app.getByRole('tab', { name: 'Deposit' }).click();
          const dep = app.locator('[data-testid="transactions-deposit"]');
          // The first row may be the loading skeleton's: wait for the deposit itself.
          await dep.locator('tbody tr').first().getByText(deposits[0].transactionId).waitFor();
          if (viewport === DESKTOP) {
            assert.deepEqual((await dep.locator('thead th').allTextContents()).map((s) => s.trim()), DEPOSIT_COLUMNS);
          }
          const cells = await dep.locator('tbody tr').first().locator('td').evaluateAll((tds) => tds.map((td) => (td.textContent ?? '').trim()));
          const d = deposits[0];
          assert.deepEqual(cells.slice(1), [d.transactionId, d.method, 'Deposit', euros(cents(d.amount)), 'Confirmed', 'n'], 'deposit row');
          assert.ok(cells[0].length > 0, 'a date');
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.ok(overflow <= 0, `no horizontal overflow at ${wide} px (${overflow} px)`);
          if (path.startsWith('/profile2/')) await screenshot(page, `${shot}-deposit-${wide}`);
        });
      }
    }

    // Balance, the cashier's other /profile2 page, sits in the same layout.
    await withPage(site.browser, t, opts({ viewport: DESKTOP }), async ({ page }) => {
      await openAs(page, site, token, '/profile2/balance');
      await waitForApp(page, 'cashier');
      const menu = page.locator('#mf-page [data-testid="cashier-app"]').getByRole('navigation', { name: 'Profile menu' });
      assert.equal(await menu.locator('a[aria-current="page"]').getAttribute('href'), '/profile2/balance');
      await page.getByTestId('balance-total').getByText(euros(balance)).waitFor();
      await screenshot(page, 'cashier-balance-1280');
    });

    // From a profile-app page, the menu's My history swaps the profile app for the cashier in place.
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page }) => {
      await openAs(page, site, token, '/profile2/my-profile');
      await waitForApp(page, 'profile');
      await page.getByRole('navigation', { name: 'Profile menu' }).getByRole('link', { name: 'My history' }).click();
      await page.waitForURL((u) => u.pathname === '/profile2/my-history');
      const app = page.locator('#mf-page [data-testid="cashier-app"]');
      await app.locator('[data-testid="transactions-games"] tbody tr').nth(rows.length - 1).waitFor();
      assert.equal(await app.getByRole('navigation', { name: 'Profile menu' }).locator('a[aria-current="page"]').getAttribute('href'), '/profile2/my-history');
    });

    // A visitor gets the menu and the log-in prompt, as on the profile app's /profile2 pages.
    await withPage(site.browser, t, opts({ viewport: DESKTOP }), async ({ page }) => {
      await page.goto('/profile2/my-history');
      await waitForApp(page, 'cashier');
      const app = page.locator('#mf-page [data-testid="cashier-app"]');
      await app.getByRole('button', { name: 'Log in' }).waitFor();
      assert.equal(await app.getByRole('navigation', { name: 'Profile menu' }).locator('a').count(), 9);
      assert.equal(await app.getByRole('tab').count(), 0, 'no history for a visitor');
    });
  });
});
