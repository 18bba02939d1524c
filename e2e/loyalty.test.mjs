// VIP club (bff/loyalty): a depositor on /vip-club sees Bronze with no
// points; spins on a studio slot in another tab earn points from the real
// stakes (the ledger tailer), the level-up arrives live as a toast, and the
// page, /profile2/vip-club and get-user-details show the new level and its
// benefits. The operator lowers the Silver threshold with `casino loyalty`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { casino, DESKTOP, MOBILE, requireBuilds, screenshot, useSite, waitFor, waitForApp, withPage } from './lib/suite.mjs';
import { api, newPlayer } from './lib/players.mjs';

const GAME = 'aztec-sun';
const VIP = {
  level: '[data-testid="vip-level"]',
  points: '[data-testid="vip-points"]',
  next: '[data-testid="vip-next"]',
  benefits: '[data-testid="vip-benefits"]',
};

describe('VIP club', () => {
  const site = useSite();
  const opts = (extra = {}) => ({ baseURL: site.server.url, ...extra });

  test('a player climbs to Silver after real stakes and gets a live toast', async (t) => {
    requireBuilds(site.server, ['root', 'profile']);
    const data = ['--data', site.server.dataDir];
    // One point per cent staked; Silver from 10 points (an operator's choice for the test).
    await casino(['loyalty', ...data, 'set-rate', 'EUR', '1']);
    await casino(['loyalty', ...data, 'put-level', JSON.stringify({ level: 1, name: 'Silver', minPoints: 10, rakebackBps: 250, cashbackBps: 500, withdrawalLimit: 500000 })]);
    await waitFor(async () => {
      const { json } = await api(site, 'GET', '/api/core/casino/vip-levels');
      return json.data?.levels?.find((l) => l.name === 'Silver')?.minPoints === 10;
    }, { what: 'the server reads the new Silver threshold', timeout: 10_000 });

    const { token } = await newPlayer(site, { prefix: 'vip', deposit: '50.00' });
    await withPage(site.browser, t, opts({ viewport: DESKTOP }), async ({ page, context }) => {
      await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
      await context.addInitScript((tok) => localStorage.setItem('casino.accessToken', tok), token);
      await page.goto('/vip-club');
      await waitForApp(page, 'profile');
      await page.locator(VIP.level).filter({ hasText: 'Your level: Bronze' }).waitFor({ timeout: 15_000 });
      assert.equal(await page.locator(VIP.points).textContent(), '0 points');
      assert.equal(await page.locator(VIP.next).textContent(), '10 points to Silver');
      assert.equal(await page.getByRole('progressbar').getAttribute('aria-valuenow'), '0');
      await screenshot(page, 'vip-club-bronze-1280');

      // Real spins in the game page, in a second tab of the same browser.
      const game = await context.newPage();
      await game.goto(`/play/studio/${GAME}`);
      await game.locator('body[data-ready="1"]').waitFor({ timeout: 15_000 });
      const spin = game.waitForResponse((r) => r.url().includes('/spin') && r.request().method() === 'POST');
      await game.getByRole('button', { name: 'Spin' }).click();
      const res = await (await spin).json();
      assert.ok(res.data?.round?.cost >= 10, `a real stake of at least 10 cents: ${JSON.stringify(res)}`);

      // The level-up arrives on the VIP page without a reload.
      await page.getByText('Congratulations! You reached the Silver level.').waitFor({ timeout: 10_000 });
      await page.locator(VIP.level).filter({ hasText: 'Your level: Silver' }).waitFor({ timeout: 5_000 });
      const points = Number.parseInt((await page.locator(VIP.points).textContent()).replace(/\D/g, ''), 10);
      assert.equal(points, res.data.round.cost, 'one point per cent of the real stake');
      const benefits = await page.locator(VIP.benefits).innerText();
      assert.match(benefits, /Rakeback\s+2\.5%/);
      assert.match(benefits, /Cashback\s+5%/);
      assert.match(benefits, /Withdrawals per day\s+€5,000\.00/);
      await screenshot(page, 'vip-club-silver-1280');
    });

    const { json } = await api(site, 'GET', '/api/user/get-user-details', null, token);
    assert.equal(json.data.userLoyaltyLevel.name, 'Silver');
    assert.equal(json.data.userLoyaltyLevel.level, 1);

    // The profile menu's VIP club page at 375 px: same standing, nothing overflows.
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
      await context.addInitScript((tok) => localStorage.setItem('casino.accessToken', tok), token);
      await page.goto('/profile2/vip-club');
      await waitForApp(page, 'profile');
      await page.locator(VIP.level).filter({ hasText: 'Your level: Silver' }).waitFor({ timeout: 15_000 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `no sideways scrolling at 375 px (${overflow}px)`);
      await screenshot(page, 'vip-club-375');
    });
  });

  test('a level-up reaches the lobby as a toast too', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    // Silver from 10 points at one point per cent (set by the test above, run first).
    await waitFor(async () => (await api(site, 'GET', '/api/core/casino/vip-levels')).json.data?.levels?.[1]?.minPoints === 10,
      { what: 'Silver at 10 points', timeout: 10_000 });
    const { token } = await newPlayer(site, { prefix: 'viplobby', deposit: '20.00' });
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
      await context.addInitScript((tok) => localStorage.setItem('casino.accessToken', tok), token);
      await page.goto('/casino');
      await waitForApp(page, 'lobby');
      await page.locator('[data-testid="chat"]').waitFor({ timeout: 15_000 }); // the page is up, its stream open
      const { json: games } = await api(site, 'GET', '/api/studio/games');
      const game = games.data.find((g) => g.id === GAME);
      const session = await api(site, 'POST', '/api/studio/sessions', { gameId: GAME, mode: 'real' }, token);
      const spin = await api(site, 'POST', `/api/studio/sessions/${session.json.data.sessionId}/spin`, { bet: game.minBet }, token);
      assert.equal(spin.status, 200, JSON.stringify(spin.json));
      await page.getByText('Congratulations! You reached the Silver level.').waitFor({ timeout: 10_000 });
    });
  });

  test('the VIP club API needs a player; the level table is public', async () => {
    const guest = await api(site, 'GET', '/api/user/vip-club');
    assert.equal(guest.status, 403);
    assert.equal(guest.json.error.code, 'FORBIDDEN');
    const { json } = await api(site, 'GET', '/api/core/casino/vip-levels');
    assert.deepEqual(json.data.levels.map((l) => l.name), ['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond']);
    assert.equal(json.data.levels.at(-1).withdrawalLimit, null);
  });
});
