// Profile statistics (bff/statistics): a depositor plays three real spins,
// then /profile2/statistics (from the profile menu) shows the period's
// stakes, wins, net, rounds, biggest win, favourite game and the deposit,
// matching what the wallet recorded; the Today tab agrees.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, requireBuilds, screenshot, useSite, waitForApp, withPage } from './lib/suite.mjs';
import { api, newPlayer } from './lib/players.mjs';

const GAME = 'aztec-sun';
const euros = (c) => `${c < 0 ? '-' : ''}€${(Math.abs(c) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('profile statistics', () => {
  const site = useSite();
  const opts = (extra = {}) => ({ baseURL: site.server.url, ...extra });

  test('a player sees the totals of their play and deposits per period', async (t) => {
    requireBuilds(site.server, ['root', 'profile']);
    const { token } = await newPlayer(site, { prefix: 'stats', deposit: '50.00' });
    const { json: games } = await api(site, 'GET', '/api/studio/games');
    const game = games.data.find((g) => g.id === GAME);
    const session = await api(site, 'POST', '/api/studio/sessions', { gameId: GAME, mode: 'real' }, token);
    const rounds = [];
    for (let i = 0; i < 3; i++) {
      const res = await api(site, 'POST', `/api/studio/sessions/${session.json.data.sessionId}/spin`, { bet: game.minBet }, token);
      assert.equal(res.status, 200, JSON.stringify(res.json));
      rounds.push(res.json.data.round);
    }
    const staked = rounds.reduce((s, r) => s + r.cost, 0);
    const won = rounds.reduce((s, r) => s + r.win, 0);
    const biggest = Math.max(...rounds.map((r) => r.win));

    const bad = await api(site, 'GET', '/api/user/statistics?period=year', null, token);
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.code, 'VALIDATION_ERROR');

    for (const viewport of [DESKTOP, MOBILE]) {
      await withPage(site.browser, t, opts({ viewport }), async ({ page, context }) => {
        await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
        await context.addInitScript((tok) => localStorage.setItem('casino.accessToken', tok), token);
        await page.goto('/profile2/vip-club');
        await waitForApp(page, 'profile');
        await page.getByRole('link', { name: 'Statistics' }).click();
        await page.waitForURL('**/profile2/statistics');
        const stat = (key) => page.locator(`[data-testid="stat-${key}"] dd`);
        await stat('rounds').waitFor({ timeout: 15_000 });
        assert.equal(await stat('rounds').textContent(), '3');
        assert.equal(await stat('stakes').textContent(), euros(staked));
        assert.equal(await stat('wins').textContent(), euros(won));
        assert.equal(await stat('net').textContent(), euros(won - staked));
        assert.equal(await stat('biggest').textContent(), euros(biggest));
        assert.equal(await stat('deposits').textContent(), '€50.00');
        assert.match(await page.locator('[data-testid="stat-favourites"]').innerText(), /Aztec Sun: 3 rounds/);
        await page.getByRole('tab', { name: 'Today' }).click();
        await page.locator('[data-testid="stat-rounds"] dd', { hasText: '3' }).waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `no sideways scrolling at ${viewport.width} px (${overflow}px)`);
        await screenshot(page, `statistics-${viewport.width}`);
      });
    }
  });
});
