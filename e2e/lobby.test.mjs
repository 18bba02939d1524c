// Issue 5: the game catalogue the lobby shows and the seamless wallet, against
// a real BFF: catalogue calls, a signed game round over HTTP (retry, rollback
// before the bet, history, recall), and in Chromium browsing, search, the game
// page's figures, GAME NOT FOUND and favorites.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { inspectDb } from './lib/db.mjs';
import { api, newPlayer, openAs } from './lib/players.mjs';
import { PENDING_API, http, requireBuilds, screenshot, useSite, waitForApp, withPage } from './lib/suite.mjs';

describe('lobby and seamless wallet', () => {
  const site = useSite();
  const call = (method, path, body, token) => api(site, method, path, body, token);

  /** The studio's wallet secret, as the server created it. */
  async function studioSecret() {
    const { rows } = await inspectDb(join(site.server.dataDir, 'casino.db'), `SELECT hex(secret) FROM wallet_providers WHERE name = 'studio'`);
    return Buffer.from(rows[0][0], 'hex');
  }

  /** A provider call signed as docs/wallet.md says. */
  async function wallet(secret, call, body, { ts = Math.floor(Date.now() / 1000) } = {}) {
    const path = `/api/wallet/v1/${call}`;
    const raw = JSON.stringify(body);
    const sig = 'sha256=' + createHmac('sha256', secret).update(`${ts}\n${path}\n${raw}`).digest('hex');
    const res = await http(site, path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Wallet-Provider': 'studio', 'X-Wallet-Timestamp': String(ts), 'X-Wallet-Signature': sig },
      body: raw,
    });
    return { status: res.status, json: await res.json() };
  }

  test('catalogue calls: categories per locale, list, sort, search, game, providers, play checks', async () => {
    const cats = await call('GET', '/api/admin/get-full-category-list?locale=de');
    assert.equal(cats.status, 200);
    const slugs = cats.json.data.rows.map((c) => c.slug);
    assert.deepEqual(slugs.slice(0, 3), ['popular', 'slots', 'live-casino']);
    assert.equal(cats.json.data.rows[1].name, 'Spielautomaten');

    const all = (await call('GET', '/api/admin/get-games?limit=100')).json.data;
    assert.ok(all.count >= 2, `games: ${all.count}`);
    for (const sort of ['sort', 'releaseDate', 'name', 'returnToPlayer', 'maxMultiplier', 'minBet', 'maxBet']) {
      const res = await call('GET', `/api/admin/get-games?sort=${sort}&limit=100`);
      assert.equal(res.status, 200);
      assert.equal(res.json.data.count, all.count, sort);
    }
    const byName = (await call('GET', '/api/admin/get-games?sort=name&limit=100')).json.data.rows.map((g) => g.name.toLowerCase());
    assert.deepEqual(byName, [...byName].sort());
    const search = (await call('GET', '/api/admin/get-games?search=fruit%20fiesta')).json.data;
    assert.deepEqual(search.rows.map((g) => g.slug), ['fruit-fiesta']);
    const slots = (await call('GET', '/api/admin/get-games?category=slots&pageNo=1&limit=20')).json.data;
    assert.ok(slots.rows.every((g) => g.categories.includes('slots')));

    const game = await call('GET', '/api/admin/get-game?game=fruit-fiesta');
    assert.equal(game.status, 200);
    const g = game.json.data;
    assert.equal(g.provider, 'Aurum Studio');
    assert.ok(g.returnToPlayer > 80 && g.returnToPlayer < 100, `rtp ${g.returnToPlayer}`);
    assert.ok(g.maxMultiplier > 1);
    assert.match(g.minBet, /^\d+\.\d{2}$/);

    const missing = await call('GET', '/api/admin/get-game?game=book-of-gold');
    assert.equal(missing.status, 404);
    assert.deepEqual([missing.json.error.code, missing.json.error.message], ['GAME_NOT_FOUND', 'GAME NOT FOUND']);
    const providers = await call('GET', '/api/admin/get-game-providers');
    assert.equal(providers.json.data.rows[0].name, 'Aurum Studio');

    const demo = await call('GET', '/api/admin/get-game-url?game=fruit-fiesta&mode=demo');
    assert.equal(demo.status, 200);
    assert.equal(demo.json.data.playUrl, '/play/studio/fruit-fiesta?mode=demo');
    assert.equal((await call('GET', '/api/admin/get-game-url?game=fruit-fiesta&mode=real')).status, 403, 'real money needs a login');
  });

  test('wallet: a signed round over HTTP, retried, rolled back before the bet, in the history and recall', async () => {
    const { token, userId } = await newPlayer(site, { prefix: 'lobby', deposit: '25.00' });
    const secret = await studioSecret();
    const base = { playerId: String(userId), gameId: 'fruit-fiesta', currency: 'EUR' };

    const bal = await wallet(secret, 'balance', base);
    assert.equal(bal.json.data.balance, '25.00');
    const bet = { ...base, transactionId: 'e2e-d1', roundId: 'e2e-r1', amount: '1.00' };
    const d1 = await wallet(secret, 'debit', bet);
    assert.equal(d1.status, 200, JSON.stringify(d1.json));
    assert.deepEqual([d1.json.data.balanceBefore, d1.json.data.balance, d1.json.data.replayed], ['25.00', '24.00', false]);
    const again = await wallet(secret, 'debit', bet);
    assert.deepEqual([again.json.data.balance, again.json.data.replayed], ['24.00', true]);
    const dup = await wallet(secret, 'debit', { ...bet, amount: '2.00' });
    assert.deepEqual([dup.status, dup.json.error.code], [409, 'DUPLICATE_TRANSACTION']);
    const win = await wallet(secret, 'credit', { ...base, transactionId: 'e2e-c1', roundId: 'e2e-r1', amount: '2.50', closeRound: true, outcome: { stops: [1, 2, 3] } });
    assert.equal(win.json.data.balance, '26.50');

    const nf = await wallet(secret, 'rollback', { ...base, transactionId: 'e2e-rb', rollbackTransactionId: 'e2e-late', roundId: 'e2e-r2' });
    assert.equal(nf.json.data.status, 'not_found');
    const late = await wallet(secret, 'debit', { ...base, transactionId: 'e2e-late', roundId: 'e2e-r2', amount: '1.00' });
    assert.deepEqual([late.status, late.json.error.code], [409, 'TRANSACTION_ROLLED_BACK']);
    const stale = await wallet(secret, 'debit', { ...bet, transactionId: 'e2e-old' }, { ts: Math.floor(Date.now() / 1000) - 600 });
    assert.deepEqual([stale.status, stale.json.error.code], [401, 'INVALID_SIGNATURE']);
    const tooSmall = await wallet(secret, 'debit', { ...base, transactionId: 'e2e-small', roundId: 'e2e-r3', amount: '0.01' });
    assert.deepEqual([tooSmall.status, tooSmall.json.error.code], [422, 'MIN_BET_LIMIT']);

    const hist = await call('GET', '/api/user/get-casino-transactions?pageNo=1&limit=20', null, token);
    assert.equal(hist.status, 200);
    const [credit, debit] = hist.json.data.rows;
    assert.deepEqual(
      [credit.transactionType, credit.gameName, credit.provider, credit.balanceBefore, credit.amount, credit.balanceAfter, credit.bonusBalance],
      ['Win', 'Fruit Fiesta', 'Aurum Studio', '24.00', '2.50', '26.50', '0.00'],
    );
    assert.equal(debit.transactionType, 'Bet');
    // The history page's Games tab asks the cashier's call, which serves the same rows.
    const tab = await call('GET', '/api/user/get-transactions?type=games&pageNo=1&limit=20', null, token);
    assert.deepEqual(tab.json.data.rows.map((r) => r.transactionId), hist.json.data.rows.map((r) => r.transactionId));
    const recall = await call('GET', `/api/user/game-rounds/${credit.roundId}`, null, token);
    assert.deepEqual([recall.json.data.bet, recall.json.data.win, recall.json.data.status], ['1.00', '2.50', 'closed']);
    assert.deepEqual(recall.json.data.outcome, { stops: [1, 2, 3] });
    const details = await call('GET', '/api/user/get-user-details', null, token);
    assert.equal(details.json.data.totalSpend, '1.00');
  });

  test('browse: categories, search, the game page figures, GAME NOT FOUND', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const opts = { baseURL: site.server.url, allow: { http: PENDING_API } };
    await withPage(site.browser, t, opts, async ({ page }) => {
      await page.goto('/casino');
      await waitForApp(page, 'lobby');
      const main = page.locator('#mf-page');
      await main.getByText('Fruit Fiesta').first().waitFor();
      await main.getByRole('button', { name: 'Live Casino' }).or(main.getByRole('link', { name: 'Live Casino' })).first().click();
      await page.waitForURL(/live-casino/).catch(() => {});
      await page.goto('/casino');
      const searched = page.waitForResponse((r) => r.url().includes('/api/admin/get-games') && r.url().includes('search=triple'));
      await main.getByRole('searchbox').fill('triple');
      await searched;
      await main.getByText('Fruit Fiesta').first().waitFor({ state: 'hidden' });
      await main.getByText('Triple Sevens').first().waitFor();
      await screenshot(page, 'lobby-search');

      await page.goto('/casino/games/fruit-fiesta');
      const stats = main.getByRole('region').or(main.locator('[aria-label]')).filter({ hasText: 'RTP' }).first();
      await stats.waitFor();
      const text = await stats.innerText();
      assert.match(text, /\d+\.\d+ ?%/, `RTP in %: ${text}`);
      assert.match(text, /\d+(\.\d+)? ?x/i, `multiplier in x: ${text}`);
      assert.match(text, /0\.\d{2}/, `min bet: ${text}`);
      await screenshot(page, 'lobby-game-1280');
      await page.setViewportSize({ width: 375, height: 812 });
      await page.reload();
      await stats.waitFor();
      await screenshot(page, 'lobby-game-375');
      await page.setViewportSize({ width: 1280, height: 800 });
      // A studio game links to the studio's rules and paytable page, in the same tab.
      const rules = page.locator('#mf-page').getByRole('link', { name: 'Rules and paytable' });
      assert.equal(await rules.getAttribute('target'), null);
      await rules.click();
      await page.waitForURL(/\/studio\/games\/fruit-fiesta\/rules$/);
      assert.match(await page.getByRole('heading', { level: 1 }).innerText(), /Fruit Fiesta/);
      await page.goBack();
      // Demo play opens the studio's game page in fun money.
      await page.locator('#mf-page').getByRole('button', { name: 'Demo' }).click();
      await page.waitForURL(/\/play\/studio\/fruit-fiesta\?mode=demo/);
      await page.goto('/providers');
      const studio = page.locator('[data-testid="provider-aurum-studio"]');
      await studio.getByRole('heading', { name: 'Aurum Studio' }).waitFor();
      await studio.getByText('Fruit Fiesta').first().waitFor();
      await screenshot(page, 'lobby-providers');
      await page.goto('/casino/games/book-of-gold');
      await main.getByText('GAME NOT FOUND').waitFor();
    });
  });

  test('favorites: add on the game page, listed on /profile/favorites, removed', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const { token } = await newPlayer(site, { prefix: 'lobby' });
    const opts = { baseURL: site.server.url, allow: { http: [...PENDING_API, /^402 .*\/api\/admin\/get-game-url/] } };
    await withPage(site.browser, t, opts, async ({ page }) => {
      await openAs(page, site, token, '/casino/games/triple-sevens');
      await waitForApp(page, 'lobby');
      const fav = page.locator('#mf-page button[aria-pressed]').first();
      await fav.waitFor();
      assert.equal(await fav.getAttribute('aria-pressed'), 'false');
      await fav.click();
      await page.waitForFunction(() => document.querySelector('#mf-page button[aria-pressed]')?.getAttribute('aria-pressed') === 'true');
      const list = await call('GET', '/api/user/favorites', null, token);
      assert.deepEqual(list.json.data.rows.map((g) => g.slug), ['triple-sevens']);

      // A game that needs a deposit: the page says so and offers one.
      await page.goto('/casino/games/european-roulette');
      await page.locator('#mf-page').getByRole('button', { name: 'Play', exact: true }).click();
      const refusal = page.locator('[data-testid="play-refusal"]');
      await refusal.getByText('feature requires a deposit').waitFor();
      await refusal.getByRole('link', { name: 'Make a deposit' }).waitFor();

      await page.goto('/profile/favorites');
      await page.locator('#mf-page').getByText('Triple Sevens').first().waitFor();
      await screenshot(page, 'lobby-favorites');
      const del = await call('DELETE', '/api/user/favorites/triple-sevens', null, token);
      assert.equal(del.json.data.isFavorite, false);
      assert.equal((await call('GET', '/api/user/favorites', null, token)).json.data.count, 0);
    });
  });
});
