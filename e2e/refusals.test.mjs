// Refusals of SPEC section 8 that a player meets on the game page and in the
// API, on a server whose operator allows the US site-wide (only the live table
// restricts it), turned demo play off, and trusts the loopback proxy so a test
// can arrive from an American address.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser } from './lib/browser.mjs';
import { casino, freshDataDir, requireBuilds, startServer, waitForApp, withPage } from './lib/suite.mjs';
import { api, logIn, newPlayer } from './lib/players.mjs';

const US = '8.8.8.8'; // an American address in the bundled GeoIP data
const DE = '193.99.144.80';

describe('refusals a player recognises', () => {
  const site = {};
  before(async () => {
    const dir = await freshDataDir();
    await casino(['settings', '--data', dir, 'patch', JSON.stringify({ excludedCountries: [], features: { demoPlay: false } })]);
    site.server = await startServer({ dataDir: dir, env: { CASINO_TRUSTED_PROXIES: '127.0.0.1/32' } });
    site.browser = await launchBrowser();
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  const from = (ip, token) => ({ 'X-Forwarded-For': ip, ...(token ? { Authorization: `Bearer ${token}` } : {}) });
  const gameUrl = async (game, mode, headers) => {
    const res = await fetch(new URL(`/api/admin/get-game-url?game=${game}&mode=${mode}`, site.server.url), { headers });
    return { status: res.status, body: await res.json() };
  };

  test('API: COUNTRY_RESTRICTION, NO_DEMO_PLAY and DEPOSIT_REQUIRED answer with their codes and texts', async () => {
    const { token } = await newPlayer(site, { prefix: 'refusal' });
    const cases = [
      ['a game not allowed in the caller\'s country', 'european-roulette', 'real', from(US, token), 451, 'COUNTRY_RESTRICTION', 'Country Restriction'],
      ['demo play switched off by the operator', 'fruit-fiesta', 'demo', from(DE), 409, 'NO_DEMO_PLAY', 'no demo play for the game'],
      ['a real-money game that needs a first deposit', 'european-roulette', 'real', from(DE, token), 402, 'DEPOSIT_REQUIRED', 'feature requires a deposit'],
    ];
    for (const [what, game, mode, headers, status, code, message] of cases) {
      const res = await gameUrl(game, mode, headers);
      assert.equal(res.status, status, `${what}: ${JSON.stringify(res.body)}`);
      assert.deepEqual({ code: res.body.error?.code, message: res.body.error?.message }, { code, message }, what);
    }
    // The same player from Germany, after a deposit, may play the table.
    const paid = await newPlayer(site, { prefix: 'refusal-paid', deposit: '20.00' });
    const ok = await gameUrl('european-roulette', 'real', from(DE, paid.token));
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
  });

  test('game page: a player in a restricted country sees "Country Restriction" when they press Play', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const { token } = await newPlayer(site, { prefix: 'refusal-page', deposit: '20.00' });
    const allow = { http: [/^451 .*\/api\/admin\/get-game-url/] };
    await withPage(site.browser, t, { baseURL: site.server.url, extraHTTPHeaders: { 'X-Forwarded-For': US }, allow }, async ({ page, context }) => {
      await logIn(context, site, { token });
      await page.goto('/casino/games/european-roulette');
      await waitForApp(page, 'lobby');
      await page.locator('#mf-page').getByRole('button', { name: 'Play', exact: true }).click();
      const refusal = page.locator('[data-testid="play-refusal"]');
      await refusal.getByText('Country Restriction').waitFor();
      assert.equal(await refusal.getByRole('link', { name: 'Make a deposit' }).count(), 0, 'no deposit offer: a deposit would not help');
      assert.equal(new URL(page.url()).pathname, '/casino/games/european-roulette', 'the player stays on the game page');
    });
  });

  test('game page: with demo play off there is no demo button to press', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    await withPage(site.browser, t, { baseURL: site.server.url }, async ({ page }) => {
      await page.goto('/casino/games/fruit-fiesta');
      await waitForApp(page, 'lobby');
      await page.locator('#mf-page').getByRole('button', { name: 'Log in to play' }).waitFor();
      assert.equal(await page.locator('#mf-page').getByRole('button', { name: /demo/i }).count(), 0);
    });
  });

  test('API: a player whose session is gone is told to log in, not "Something went wrong"', async () => {
    const { token } = await newPlayer(site, { prefix: 'refusal-gone' });
    assert.equal((await api(site, 'POST', '/api/user/logout', {}, token)).status, 200);
    const res = await api(site, 'GET', '/api/user/get-user-details', null, token);
    assert.equal(res.status, 403);
    assert.ok(res.json.error?.code && res.json.error.message !== 'Something went wrong', JSON.stringify(res.json));
  });

  test('a call that fails without an answer (a proxy error page) shows "Something went wrong" with Try again, which recovers', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const allow = { http: [/^502 .*\/api\/admin\/get-games/] };
    await withPage(site.browser, t, { baseURL: site.server.url, allow }, async ({ page }) => {
      let broken = true;
      await page.route('**/api/admin/get-games?**', (route) => (broken
        ? route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' })
        : route.fallback()));
      // The first screen comes with the page (no get-games on load): a search asks for games.
      await page.goto('/casino');
      await waitForApp(page, 'lobby');
      const main = page.locator('#mf-page');
      await main.getByPlaceholder('Search by game or provider').fill('fruit');
      await main.getByText('Something went wrong').first().waitFor();
      broken = false;
      await main.getByRole('button', { name: 'Try again' }).first().click();
      await main.getByText('Fruit Fiesta').first().waitFor();
      assert.equal(await main.getByText('Something went wrong').count(), 0);
    });
  });
});
