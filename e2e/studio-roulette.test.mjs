// The live roulette table in Chromium: a guest (fun money, phone) and a
// logged-in player (real money, desktop) follow the same shared round over
// the realtime stream; the player's bet is staked and paid through the
// seamless wallet (the ledger balance moves by payout − stake).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, screenshot, useSite, waitFor } from './lib/suite.mjs';
import { api, newPlayer } from './lib/players.mjs';
import { openPage } from './lib/browser.mjs';

const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

describe('studio live roulette', () => {
  const site = useSite({ publish: [], env: { CASINO_ROULETTE_TIMES: '6s,1s,3s' } });

  test('guest and player share a round; the player\'s red bet is paid through the wallet', async () => {
    const { token } = await newPlayer(site, { prefix: 'roulette', lastName: 'Byron', deposit: '50.00' });
    const guest = await openPage(site.browser, { baseURL: site.server.url, viewport: MOBILE });
    const player = await openPage(site.browser, { baseURL: site.server.url, viewport: DESKTOP });
    try {
      await player.context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
      await guest.page.goto('/play/studio/european-roulette');
      await player.page.goto('/play/studio/european-roulette');
      for (const p of [guest.page, player.page]) await p.locator('body[data-ready="1"]').waitFor();
      assert.match(await guest.page.locator('#mode').textContent(), /Fun money/);
      assert.equal((await guest.page.locator('#balance').textContent()).trim(), '1000.00 FUN');
      assert.match(await player.page.locator('#mode').textContent(), /Real money/);
      assert.equal((await player.page.locator('#balance').textContent()).trim(), '50.00 EUR');

      // Wait for a fresh betting window with time left, then bet 1.00 on red.
      await waitFor(async () => {
        const { json } = await api(site, 'GET', '/api/studio/tables/european-roulette');
        return json.data.phase === 'betting' && json.data.closesAt - json.data.now > 3000;
      }, { timeout: 20_000, interval: 100, what: 'betting window' });
      await player.page.getByRole('button', { name: '1.00' }).click();
      const placed = player.page.waitForResponse((r) => r.url().endsWith('/bets'));
      await player.page.getByRole('button', { name: 'Bet on Red' }).click();
      const res = await (await placed).json();
      assert.ok(res.data, JSON.stringify(res));
      const round = res.data.round;
      await waitFor(async () => (await player.page.locator('#balance').textContent()).trim() === '49.00 EUR', { what: 'stake taken' });
      await screenshot(player.page, 'studio-roulette-bet-1280');

      // Both pages see the same result of the same round.
      for (const p of [guest.page, player.page]) {
        await p.locator(`body[data-round="${round}"][data-phase="result"]`).waitFor({ timeout: 20_000 });
      }
      const [g, pl] = await Promise.all([guest.page, player.page].map((p) => p.locator('#wheel').textContent()));
      assert.equal(g, pl, 'same result on both pages');
      const number = Number.parseInt(pl, 10);
      const want = RED.includes(number) ? '51.00 EUR' : '49.00 EUR';
      await waitFor(async () => (await player.page.locator('#balance').textContent()).trim() === want, { what: want, timeout: 10_000 });
      const details = await api(site, 'GET', '/api/user/get-user-details', null, token);
      assert.ok(JSON.stringify(details.json.data.userWallet).includes(want.split(' ')[0]), JSON.stringify(details.json.data.userWallet));
      await screenshot(guest.page, 'studio-roulette-guest-375');
      await screenshot(player.page, 'studio-roulette-result-1280');
      // Betting on a finished round is refused; an unknown session is not found.
      const launched = await api(site, 'POST', '/api/studio/sessions', { gameId: 'european-roulette', mode: 'demo' });
      const late = await api(site, 'POST', `/api/studio/sessions/${launched.json.data.sessionId}/bets`, { round, bets: [{ kind: 'red', amount: '1.00' }] });
      assert.equal(late.status, 409);
      assert.equal(late.json.error.code, 'BETTING_CLOSED');
      const unknown = await api(site, 'POST', '/api/studio/sessions/gs-unknown/bets', { round, bets: [{ kind: 'red', amount: '1.00' }] });
      assert.equal(unknown.status, 404);
    } finally {
      await guest.context.close();
      await player.context.close();
    }
  });
});
