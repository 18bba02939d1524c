// The studio's games for a crypto player in Chromium: a BTC player funded
// through the sandbox chain spins a slot and bets on the live roulette
// table. Every amount is in satoshi at the operator's rate (20 satoshi per
// euro cent by default) and shown with the coin's 8 decimals: a 0.20 EUR
// stake is 0.000004 BTC, never "0.20 BTC".
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, screenshot, useSite, waitFor, withPage } from './lib/suite.mjs';
import { api, newPlayer } from './lib/players.mjs';

const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

/** Satoshi as BTC with 8 decimals, by string. */
function btc(sat) {
  const s = String(sat).padStart(9, '0');
  return `${s.slice(0, -8)}.${s.slice(-8)}`;
}

/** A logged-in BTC player whose wallet got 0.01 BTC from the sandbox chain. */
async function bitcoinPlayer(site) {
  const { token } = await newPlayer(site, { prefix: 'crypto', currencyCode: 'BTC', firstName: 'Satoshi', lastName: 'Nakamoto' });
  const addr = await api(site, 'GET', '/api/user/crypto/deposit-address?network=BTC', null, token);
  assert.equal(addr.status, 200, JSON.stringify(addr.json));
  const sent = await api(site, 'POST', '/sandbox/chain/send', { network: 'BTC', address: addr.json.data.address, amount: '0.01000000' });
  assert.equal(sent.status, 200, JSON.stringify(sent.json));
  await waitFor(async () => (await api(site, 'GET', '/api/user/get-user-details', null, token)).json.data?.userWallet?.balance === '0.01000000',
    { timeout: 20_000, what: 'chain deposit credited' });
  return token;
}

const text = async (page, sel) => (await page.locator(sel).textContent()).trim();

describe('studio in crypto', () => {
  const site = useSite({ publish: [], env: { CASINO_ROULETTE_TIMES: '6s,1s,3s', CASINO_SANDBOX_BLOCK_INTERVAL: '300ms' } });
  const opts = (extra = {}) => ({ baseURL: site.server.url, ...extra });

  test('a BTC player spins a slot and bets on the roulette table in satoshi, shown with 8 decimals', async (t) => {
    const token = await bitcoinPlayer(site);
    let sat = 1_000_000;

    await withPage(site.browser, t, opts({ viewport: DESKTOP }), async ({ page, context }) => {
      await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
      await page.goto('/play/studio/fruit-fiesta');
      await page.locator('body[data-ready="1"]').waitFor({ timeout: 15_000 });
      assert.equal(await text(page, '#balance'), '0.01000000 BTC');
      // The ladder's bottom: 0.05 EUR × 20 satoshi per cent.
      assert.equal(await text(page, '#bet'), '0.00000100 BTC');
      await page.getByRole('button', { name: 'Raise bet' }).click();
      assert.equal(await text(page, '#bet'), '0.00000200 BTC');
      const spin = page.waitForResponse((r) => r.url().endsWith('/spin') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Spin' }).click();
      const res = await (await spin).json();
      assert.ok(res.data, JSON.stringify(res));
      const { round } = res.data;
      assert.equal(round.bet, 200);
      assert.equal(round.factor, 20);
      sat += round.win - round.cost;
      await waitFor(async () => (await text(page, '#balance')) === `${btc(sat)} BTC`, { what: `balance ${btc(sat)}` });
      assert.equal(await text(page, '#last-win'), btc(round.win));
      assert.doesNotMatch(await page.locator('body').innerText(), /\b\d+\.\d\d BTC\b/, 'no BTC amount with two decimals');
      await screenshot(page, 'studio-crypto-slot-1280');
    });

    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
      await page.goto('/play/studio/european-roulette');
      await page.locator('body[data-ready="1"]').waitFor({ timeout: 15_000 });
      assert.equal(await text(page, '#balance'), `${btc(sat)} BTC`);
      // The euro chips 0.10 … 100.00 × 20 satoshi per cent.
      const chips = await page.locator('.chip-value').allTextContents();
      assert.deepEqual(chips, ['0.000002', '0.00002', '0.0001', '0.0005', '0.002']);

      await waitFor(async () => {
        const { json } = await api(site, 'GET', '/api/studio/tables/european-roulette');
        return json.data.phase === 'betting' && json.data.closesAt - json.data.now > 3000;
      }, { timeout: 20_000, interval: 100, what: 'betting window' });
      await page.getByRole('button', { name: '0.00002', exact: true }).click();
      const placed = page.waitForResponse((r) => r.url().endsWith('/bets'));
      await page.getByRole('button', { name: 'Bet on Red' }).click();
      const res = await (await placed).json();
      assert.ok(res.data, JSON.stringify(res));
      assert.equal(res.data.staked, 2000);
      sat -= 2000;
      await waitFor(async () => (await text(page, '#balance')) === `${btc(sat)} BTC`, { what: 'stake taken' });
      assert.equal(await text(page, '#msg'), 'Bet placed: 0.00002000 BTC on this round.');
      assert.equal(await text(page, '[data-bet="red:0"] .chip'), '0.00002');
      await screenshot(page, 'studio-crypto-roulette-bet-375');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no horizontal scroll at 375 px');

      await page.locator(`body[data-round="${res.data.round}"][data-phase="result"]`).waitFor({ timeout: 20_000 });
      const number = Number.parseInt(await text(page, '#wheel'), 10);
      if (RED.includes(number)) {
        sat += 4000;
        assert.equal(await text(page, '#msg'), 'You win 0.00004000 BTC');
      }
      await waitFor(async () => (await text(page, '#balance')) === `${btc(sat)} BTC`, { what: `balance ${btc(sat)}`, timeout: 10_000 });
      const details = await api(site, 'GET', '/api/user/get-user-details', null, token);
      assert.equal(details.json.data.userWallet.balance, btc(sat));
      await page.setViewportSize(DESKTOP);
      await screenshot(page, 'studio-crypto-roulette-result-1280');
    });

    // A euro figure typed as BTC is refused by the table's limits.
    const launched = await api(site, 'POST', '/api/studio/sessions', { gameId: 'european-roulette' }, token);
    assert.deepEqual(launched.json.data.betScale, { factor: 20, decimals: 8 });
    const state = (await api(site, 'GET', '/api/studio/tables/european-roulette')).json.data;
    const big = await api(site, 'POST', `/api/studio/sessions/${launched.json.data.sessionId}/bets`,
      { round: state.round, bets: [{ kind: 'red', amount: '1.00' }] });
    assert.equal(big.status, state.phase === 'betting' ? 400 : 409, JSON.stringify(big.json));
  });
});
