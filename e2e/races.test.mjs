// Races (bff/races): an operator's race (`casino races create`) on
// /tournaments; one player watches while another spins, and the watcher's
// leaderboard shows the spinner's stake live (the race's public realtime
// stream); the spinner sees their own place and statistics. A race that ends
// pays its prize through the ledger once.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { casino, DESKTOP, MOBILE, requireBuilds, screenshot, useSite, waitFor, waitForApp, withPage } from './lib/suite.mjs';
import { api, newPlayer } from './lib/players.mjs';

const GAME = 'aztec-sun';
const cents = (s) => Math.round(Number.parseFloat(s) * 100);

describe('races', () => {
  const site = useSite();
  const opts = (extra = {}) => ({ baseURL: site.server.url, ...extra });
  const createRace = (race) => casino(['races', '--data', site.server.dataDir, 'create', JSON.stringify(race)]);

  /** One real spin at the game's minimum bet through the studio API; returns the round. */
  async function spin(token) {
    const { json: games } = await api(site, 'GET', '/api/studio/games');
    const game = games.data.find((g) => g.id === GAME);
    const session = await api(site, 'POST', '/api/studio/sessions', { gameId: GAME, mode: 'real' }, token);
    assert.equal(session.status, 200, JSON.stringify(session.json));
    const res = await api(site, 'POST', `/api/studio/sessions/${session.json.data.sessionId}/spin`, { bet: game.minBet }, token);
    assert.equal(res.status, 200, JSON.stringify(res.json));
    return res.json.data.round;
  }

  const login = async (context, token) => {
    await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
    await context.addInitScript((tok) => localStorage.setItem('casino.accessToken', tok), token);
  };

  test('the leaderboard updates live after another player spins', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    await createRace({ id: 'e2e-sprint', name: 'E2E sprint', metric: 'stakes', startsAt: '-1m', endsAt: '+30m', games: [GAME], prizes: [10000, 5000] });
    const watcher = await newPlayer(site, { prefix: 'watcher' });
    const racer = await newPlayer(site, { prefix: 'racer', deposit: '20.00' });
    const { json: details } = await api(site, 'GET', '/api/user/get-user-details', null, racer.token);
    const racerName = details.data.getUser.nickname;

    await withPage(site.browser, t, opts({ viewport: DESKTOP }), async ({ page, context }) => {
      await login(context, watcher.token);
      await page.goto('/tournaments');
      await waitForApp(page, 'lobby');
      const card = page.locator('[data-testid="race-e2e-sprint"]');
      await card.getByText('E2E sprint').waitFor({ timeout: 15_000 });
      await card.getByText('No scores yet: be the first.').waitFor();
      assert.match(await card.innerText(), /€100\.00[\s\S]*€50\.00/, 'the prize table');

      const round = await spin(racer.token);
      const row = card.locator('tbody tr').filter({ hasText: racerName });
      await row.waitFor({ timeout: 10_000 });
      const stake = `€${(round.cost / 100).toFixed(2)}`;
      assert.match(await row.innerText(), new RegExp(`1\\s+${racerName}\\s+${stake.replace('.', '\\.')}\\s+1`), 'place, name, staked, rounds');
      // A second spin moves the score without a reload.
      const second = await spin(racer.token);
      const total = `€${((round.cost + second.cost) / 100).toFixed(2)}`;
      await row.filter({ hasText: total }).waitFor({ timeout: 10_000 });
      await screenshot(page, 'races-live-1280');
    });

    // The racer's own place and statistics, at 375 px.
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      await login(context, racer.token);
      await page.goto('/tournaments');
      await waitForApp(page, 'lobby');
      const me = page.locator('[data-testid="race-e2e-sprint"] [data-testid="race-me"]');
      await me.waitFor({ timeout: 15_000 });
      assert.match(await me.innerText(), /Your place: 1 · score €\d+\.\d\d · 2 rounds/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `no sideways scrolling at 375 px (${overflow}px)`);
      await screenshot(page, 'races-375');
    });
  });

  test('an ended race pays its prize once through the ledger', async () => {
    const racer = await newPlayer(site, { prefix: 'flash', deposit: '20.00' });
    await createRace({ id: 'e2e-flash', name: 'Flash', metric: 'stakes', startsAt: '-1m', endsAt: '+4s', prizes: [2500] });
    await spin(racer.token);
    const balance = async () => cents((await api(site, 'GET', '/api/user/get-user-details', null, racer.token)).json.data.userWallet.balance);
    const before = await balance();
    const race = await waitFor(async () => {
      const { json } = await api(site, 'GET', '/api/core/casino/races', null, racer.token);
      const r = json.data.races.find((x) => x.id === 'e2e-flash');
      return r?.paid ? r : null;
    }, { what: 'the flash race paid', timeout: 15_000 });
    assert.equal(race.status, 'ended');
    assert.equal(race.me.place, 1);
    assert.equal(await balance(), before + 2500, 'the €25.00 prize on the real balance');
  });
});
