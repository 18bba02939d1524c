// Issue 5: the game catalogue the lobby shows and the seamless wallet, against
// a real BFF: catalogue calls, a signed game round over HTTP (retry, rollback
// before the bet, history, recall), and in Chromium browsing, search, the game
// page's figures, GAME NOT FOUND and favorites.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { inspectDb } from './lib/db.mjs';
import { PENDING_API, http, requireBuilds, screenshot, useSite, waitForApp, withPage } from './lib/suite.mjs';

const PASSWORD = 'Lobby-Test-Pass-42!';

describe('lobby and seamless wallet', () => {
  const site = useSite();
  let seq = 0;

  async function api(method, path, body, token) {
    const res = await http(site, path, {
      method,
      headers: { 'Content-Type': 'application/json', Language: 'en', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  }

  /** A new player (Germany, EUR) with a 25.00 sandbox card deposit: {token, userId}. */
  async function player() {
    const email = `lobby-${Date.now().toString(36)}-${++seq}@example.com`;
    const res = await api('POST', '/api/user/sign-up', {
      email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1990-05-01',
      countryCode: 'DE', currencyCode: 'EUR', phoneCode: '+49', phone: '15123456789', address: 'Hauptstr. 1',
      city: 'Berlin', zipCode: '10115', gender: 'Female', isAdult: true, acceptTerms: true,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    // Deposits need a verified e-mail: follow the link of the outbox.
    const { rows } = await inspectDb(join(site.server.dataDir, 'casino.db'),
      `SELECT body_text FROM mail_outbox WHERE recipient = '${email}' AND kind = 'verify-email' ORDER BY id DESC LIMIT 1`);
    const link = rows[0]?.[0].match(/verify-email\?token=[^\s"]+/)?.[0];
    assert.ok(link, 'verification e-mail');
    await http(site, `/api/user/${link}`);
    const login = await api('POST', '/api/user/login', { email, password: PASSWORD });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    return { token: login.body.data.accessToken, userId: login.body.data.userId };
  }

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
    return { status: res.status, body: await res.json() };
  }

  test('catalogue calls: categories per locale, list, sort, search, game, providers, play checks', async () => {
    const cats = await api('GET', '/api/admin/get-full-category-list?locale=de');
    assert.equal(cats.status, 200);
    const slugs = cats.body.data.rows.map((c) => c.slug);
    assert.deepEqual(slugs.slice(0, 3), ['popular', 'slots', 'live-casino']);
    assert.equal(cats.body.data.rows[1].name, 'Spielautomaten');

    const all = (await api('GET', '/api/admin/get-games?limit=100')).body.data;
    assert.ok(all.count >= 2, `games: ${all.count}`);
    for (const sort of ['sort', 'releaseDate', 'name', 'returnToPlayer', 'maxMultiplier', 'minBet', 'maxBet']) {
      const res = await api('GET', `/api/admin/get-games?sort=${sort}&limit=100`);
      assert.equal(res.status, 200);
      assert.equal(res.body.data.count, all.count, sort);
    }
    const byName = (await api('GET', '/api/admin/get-games?sort=name&limit=100')).body.data.rows.map((g) => g.name.toLowerCase());
    assert.deepEqual(byName, [...byName].sort());
    const search = (await api('GET', '/api/admin/get-games?search=fruit%20fiesta')).body.data;
    assert.deepEqual(search.rows.map((g) => g.slug), ['fruit-fiesta']);
    const slots = (await api('GET', '/api/admin/get-games?category=slots&pageNo=1&limit=20')).body.data;
    assert.ok(slots.rows.every((g) => g.categories.includes('slots')));

    const game = await api('GET', '/api/admin/get-game?game=fruit-fiesta');
    assert.equal(game.status, 200);
    const g = game.body.data;
    assert.equal(g.provider, 'Aurum Studio');
    assert.ok(g.returnToPlayer > 80 && g.returnToPlayer < 100, `rtp ${g.returnToPlayer}`);
    assert.ok(g.maxMultiplier > 1);
    assert.match(g.minBet, /^\d+\.\d{2}$/);

    const missing = await api('GET', '/api/admin/get-game?game=book-of-gold');
    assert.equal(missing.status, 404);
    assert.deepEqual([missing.body.error.code, missing.body.error.message], ['GAME_NOT_FOUND', 'GAME NOT FOUND']);
    const providers = await api('GET', '/api/admin/get-game-providers');
    assert.equal(providers.body.data.rows[0].name, 'Aurum Studio');

    const demo = await api('GET', '/api/admin/get-game-url?game=fruit-fiesta&mode=demo');
    assert.equal(demo.status, 200);
    assert.equal(demo.body.data.playUrl, '/play/studio/fruit-fiesta?mode=demo');
    assert.equal((await api('GET', '/api/admin/get-game-url?game=fruit-fiesta&mode=real')).status, 403, 'real money needs a login');
  });

  test('wallet: a signed round over HTTP, retried, rolled back before the bet, in the history and recall', async () => {
    const { token, userId } = await player();
    const dep = await api('POST', '/api/user/deposit', {
      amount: '25.00', paymentMethod: 'visa', currencyCode: 'EUR',
      card: { number: '4242 4242 4242 4242', holder: 'Ann Lee', expiry: '12/30', cvc: '123' },
    }, token);
    assert.equal(dep.body?.data?.status, 'confirmed', `deposit: ${JSON.stringify(dep.body)}`);
    const secret = await studioSecret();
    const base = { playerId: String(userId), gameId: 'fruit-fiesta', currency: 'EUR' };

    const bal = await wallet(secret, 'balance', base);
    assert.equal(bal.body.data.balance, '25.00');
    const bet = { ...base, transactionId: 'e2e-d1', roundId: 'e2e-r1', amount: '1.00' };
    const d1 = await wallet(secret, 'debit', bet);
    assert.equal(d1.status, 200, JSON.stringify(d1.body));
    assert.deepEqual([d1.body.data.balanceBefore, d1.body.data.balance, d1.body.data.replayed], ['25.00', '24.00', false]);
    const again = await wallet(secret, 'debit', bet);
    assert.deepEqual([again.body.data.balance, again.body.data.replayed], ['24.00', true]);
    const dup = await wallet(secret, 'debit', { ...bet, amount: '2.00' });
    assert.deepEqual([dup.status, dup.body.error.code], [409, 'DUPLICATE_TRANSACTION']);
    const win = await wallet(secret, 'credit', { ...base, transactionId: 'e2e-c1', roundId: 'e2e-r1', amount: '2.50', closeRound: true, outcome: { stops: [1, 2, 3] } });
    assert.equal(win.body.data.balance, '26.50');

    const nf = await wallet(secret, 'rollback', { ...base, transactionId: 'e2e-rb', rollbackTransactionId: 'e2e-late', roundId: 'e2e-r2' });
    assert.equal(nf.body.data.status, 'not_found');
    const late = await wallet(secret, 'debit', { ...base, transactionId: 'e2e-late', roundId: 'e2e-r2', amount: '1.00' });
    assert.deepEqual([late.status, late.body.error.code], [409, 'TRANSACTION_ROLLED_BACK']);
    const stale = await wallet(secret, 'debit', { ...bet, transactionId: 'e2e-old' }, { ts: Math.floor(Date.now() / 1000) - 600 });
    assert.deepEqual([stale.status, stale.body.error.code], [401, 'INVALID_SIGNATURE']);
    const tooSmall = await wallet(secret, 'debit', { ...base, transactionId: 'e2e-small', roundId: 'e2e-r3', amount: '0.01' });
    assert.deepEqual([tooSmall.status, tooSmall.body.error.code], [422, 'MIN_BET_LIMIT']);

    const hist = await api('GET', '/api/user/get-casino-transactions?pageNo=1&limit=20', null, token);
    assert.equal(hist.status, 200);
    const [credit, debit] = hist.body.data.rows;
    assert.deepEqual(
      [credit.transactionType, credit.gameName, credit.provider, credit.balanceBefore, credit.amount, credit.balanceAfter, credit.bonusBalance],
      ['Win', 'Fruit Fiesta', 'Aurum Studio', '24.00', '2.50', '26.50', '0.00'],
    );
    assert.equal(debit.transactionType, 'Bet');
    // The history page's Games tab asks the cashier's call, which serves the same rows.
    const tab = await api('GET', '/api/user/get-transactions?type=games&pageNo=1&limit=20', null, token);
    assert.deepEqual(tab.body.data.rows.map((r) => r.transactionId), hist.body.data.rows.map((r) => r.transactionId));
    const recall = await api('GET', `/api/user/game-rounds/${credit.roundId}`, null, token);
    assert.deepEqual([recall.body.data.bet, recall.body.data.win, recall.body.data.status], ['1.00', '2.50', 'closed']);
    assert.deepEqual(recall.body.data.outcome, { stops: [1, 2, 3] });
    const details = await api('GET', '/api/user/get-user-details', null, token);
    assert.equal(details.body.data.totalSpend, '1.00');
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
      // Demo play opens the studio's game page in fun money.
      await page.setViewportSize({ width: 1280, height: 800 });
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
    const { token } = await player();
    const opts = { baseURL: site.server.url, allow: { http: [...PENDING_API, /^402 .*\/api\/admin\/get-game-url/] } };
    await withPage(site.browser, t, opts, async ({ page }) => {
      await page.goto(`/casino/games/triple-sevens?at=${token}`);
      await waitForApp(page, 'lobby');
      const fav = page.locator('#mf-page button[aria-pressed]').first();
      await fav.waitFor();
      assert.equal(await fav.getAttribute('aria-pressed'), 'false');
      await fav.click();
      await page.waitForFunction(() => document.querySelector('#mf-page button[aria-pressed]')?.getAttribute('aria-pressed') === 'true');
      const list = await api('GET', '/api/user/favorites', null, token);
      assert.deepEqual(list.body.data.rows.map((g) => g.slug), ['triple-sevens']);

      // A game that needs a deposit: the page says so and offers one.
      await page.goto('/casino/games/european-roulette');
      await page.locator('#mf-page').getByRole('button', { name: 'Play', exact: true }).click();
      const refusal = page.locator('[data-testid="play-refusal"]');
      await refusal.getByText('feature requires a deposit').waitFor();
      await refusal.getByRole('link', { name: 'Make a deposit' }).waitFor();

      await page.goto('/profile/favorites');
      await page.locator('#mf-page').getByText('Triple Sevens').first().waitFor();
      await screenshot(page, 'lobby-favorites');
      const del = await api('DELETE', '/api/user/favorites/triple-sevens', null, token);
      assert.equal(del.body.data.isFavorite, false);
      assert.equal((await api('GET', '/api/user/favorites', null, token)).body.data.count, 0);
    });
  });
});
