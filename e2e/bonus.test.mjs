// The bonus core end to end in a real Chromium against a real BFF with the
// sandbox card processor: a first deposit with the welcome bonus (picked in
// the deposit page, its minimum shown), the bonus balance, a withdrawal
// refused while the bonus is active, a deposit below the bonus minimum
// refused (page and API), and the player's bonus list and cancel; free
// spins played in the studio game, their winnings wagered there and the
// converted money withdrawn in the cashier.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PENDING_API, http, requireBuilds, screenshot, useSite, waitFor, waitForApp, withPage } from './lib/suite.mjs';
import { api, cardDeposit, newPlayer, openAs } from './lib/players.mjs';
import { casino } from './lib/server.mjs';

async function openCashier(site, page, path, token) {
  await openAs(page, site, token, path);
  await waitForApp(page, 'cashier');
  await page.locator('[data-testid="cashier-app"]').first().waitFor();
}

describe('bonus', () => {
  const ADMIN = 'bonus-e2e-admin';
  const site = useSite({ env: { CASINO_ADMIN_TOKEN: ADMIN } });
  const ALLOW_HTTP = [...PENDING_API, /^404 [^ ]*\/studio\/thumbnails\//, /^422 [^ ]*\/api\/user\/withdraw$/];
  const opts = (extra = {}) => ({ baseURL: site.server.url, allow: { http: ALLOW_HTTP }, ...extra });

  test('get-all-bonus lists the seeded deposit bonuses with their minimum deposit', async () => {
    const { status, json } = await api(site, 'GET', '/api/admin/get-all-bonus?isDeposit=true&currencyCode=EUR');
    assert.equal(status, 200);
    const rows = json.data.bonus.rows;
    assert.equal(json.data.bonus.count, rows.length);
    const welcome = rows.find((r) => r.code === 'welcome-100');
    assert.ok(welcome, JSON.stringify(rows));
    assert.equal(welcome.banner.bannerTitle, '100% welcome bonus up to 1000 EUR plus 100 free spins');
    assert.deepEqual([welcome.freeSpinsQuantity, welcome.freeSpinGame, welcome.freeSpinBet], [100, 'fruit-fiesta', '0.10']);
    assert.equal(welcome.minDeposit, '20.00');
    assert.equal(welcome.maxBonusThreshold, '1000.00');
    const unauth = await api(site, 'GET', '/api/user/get-user-bonuses');
    assert.equal(unauth.status, 403, 'user bonus calls need a token');
  });

  test('welcome bonus with a card deposit: bonus balance, withdrawal refused, my bonuses, cancel', async (t) => {
    requireBuilds(site.server, ['root', 'cashier']);
    // No game is played here: the operator waives deposit wagering, so the active bonus is what refuses.
    const set = await http(site, '/api/admin/cashier/settings', {
      method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-Admin-Token': ADMIN }, body: JSON.stringify({ depositWageringMultiplier: '0' }),
    });
    assert.equal(set.status, 200);
    const { token } = await newPlayer(site, { prefix: 'bonus' });
    await withPage(site.browser, t, opts(), async ({ page }) => {
      await openCashier(site, page, '/deposit?bonusId=welcome-100', token);
      await page.getByRole('radio', { name: 'Visa' }).click();
      // The link named the bonus by its code: it is selected, its minimum shown.
      const picker = page.getByTestId('bonus-picker');
      await picker.getByText('Minimum deposit for the bonus: €20.00', { exact: true }).waitFor();
      assert.match(await page.getByLabel('Deposit bonuses').locator('option:checked').textContent(), /^100% welcome bonus up to 1000 EUR/);
      await page.getByRole('button', { name: '50', exact: true }).click();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
      await page.getByLabel('CVC').fill('123');
      await screenshot(page, 'bonus-deposit-picker-1280');
      await page.getByRole('button', { name: 'Deposit €50.00' }).click();
      await page.waitForURL((u) => u.searchParams.get('modal') === 'deposit-success');

      await openCashier(site, page, '/profile2/balance', token);
      await page.getByTestId('balance-bonus').getByText('€50.00').waitFor();
      await page.getByTestId('balance-real').getByText('€50.00').waitFor();

      await openCashier(site, page, '/withdraw', token);
      await page.getByRole('radio', { name: 'Bank transfer' }).click();
      await page.getByLabel('Amount (EUR)').fill('20');
      await page.getByLabel('Beneficiary name').fill('Ada Lovelace');
      await page.getByLabel('Account number').fill('DE89370400440532013000');
      await page.getByLabel('Bank code (IFSC)').fill('HDFC0001234');
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await page.getByTestId('withdraw-result').getByText('Withdrawals are not allowed while a bonus is active').waitFor();
    });
    const details = (await api(site, 'GET', '/api/user/get-user-details', null, token)).json.data;
    assert.equal(details.userWallet.bonusBalance, '50.00');
    assert.equal(details.activeBonus?.status, 'active');
    assert.equal(details.activeBonus.wagerLeft, '1750.00', '35 × 50.00');
    // The welcome offer's 100 free spins come with it (SPEC section 9).
    assert.deepEqual([details.activeBonus.freeSpinsLeft, details.activeBonus.freeSpinGame, details.activeBonus.freeSpinBet], [100, 'fruit-fiesta', '0.10']);
    const mine = (await api(site, 'GET', '/api/user/get-user-bonuses', null, token)).json.data;
    assert.equal(mine.count, 1);
    assert.equal(mine.rows[0].bonusAmount, '50.00');
    // My bonuses: the row with its wagering; cancel (confirmed) forfeits the bonus money, withdrawals open again.
    await withPage(site.browser, t, opts({ viewport: { width: 375, height: 812 } }), async ({ page }) => {
      await openAs(page, site, token, '/profile2/my-bonuses');
      await waitForApp(page, 'profile');
      const list = page.getByTestId('my-bonuses');
      const row = list.locator('tbody tr').first();
      await row.getByText('100% welcome bonus up to 1000 EUR').waitFor();
      await row.getByText('100 free spins left of 100').waitFor();
      await row.getByText('€1,750.00').waitFor();
      await row.getByText('Active').waitFor();
      await row.getByRole('button', { name: 'Cancel bonus' }).click();
      const confirm = page.getByTestId('bonus-cancel-confirm');
      await confirm.getByText('Cancel this bonus? The remaining bonus money is forfeited.').waitFor();
      await screenshot(page, 'bonus-my-bonuses-cancel-375');
      await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
      await row.getByText('Cancelled').waitFor();
      assert.equal(await row.getByRole('button', { name: 'Cancel bonus' }).count(), 0);
    });
    const after = (await api(site, 'GET', '/api/user/get-user-details', null, token)).json.data;
    assert.equal(after.userWallet.bonusBalance, '0.00');
    assert.equal(after.activeBonus, null);
    const wd = await api(site, 'POST', '/api/user/withdraw', {
      amount: '20.00', paymentMethod: 'banktransfer', beneficiaryName: 'Ada Lovelace', accountNumber: 'DE89370400440532013000',
      email: 'ada@example.com', bankCode: 'HDFC0001234',
    }, token);
    assert.equal(wd.status, 200, `withdrawal after cancel: ${JSON.stringify(wd.json)}`);
  });

  test('a deposit below the bonus minimum is refused with the minimum', async (t) => {
    requireBuilds(site.server, ['root', 'cashier']);
    const { token } = await newPlayer(site, { prefix: 'bonus' });
    await withPage(site.browser, t, opts({ viewport: { width: 375, height: 812 } }), async ({ page }) => {
      await openCashier(site, page, '/deposit', token);
      await page.getByRole('radio', { name: 'Visa' }).click();
      const select = page.getByLabel('Deposit bonuses');
      const welcome = await select.locator('option', { hasText: 'welcome' }).getAttribute('value');
      await select.selectOption(welcome);
      await page.getByLabel('Amount (EUR)').fill('15');
      await page.getByRole('button', { name: /^Deposit/ }).click();
      await page.getByRole('alert').getByText('Minimum deposit for the bonus: €20.00').waitFor();
      await screenshot(page, 'bonus-deposit-below-minimum-375');
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no horizontal overflow');
    });
    // The server refuses it too (the page cannot be trusted), with the minimum.
    const list = (await api(site, 'GET', '/api/admin/get-all-bonus?isDeposit=true&currencyCode=EUR')).json.data.bonus.rows;
    const welcome = list.find((r) => r.code === 'welcome-100');
    const res = await api(site, 'POST', '/api/user/deposit', {
      amount: '15.00', paymentMethod: 'visa', currencyCode: 'EUR', bonusId: String(welcome.id),
      card: { number: '4242424242424242', holder: 'Ada Lovelace', expiry: '12/30', cvc: '123' },
    }, token);
    assert.equal(res.status, 422);
    assert.equal(res.json.error.code, 'BONUS_MIN_DEPOSIT');
    assert.equal(res.json.error.message, 'Minimum deposit for the bonus: 20.00 EUR');
    assert.equal((await api(site, 'GET', '/api/user/get-user-details', null, token)).json.data.userWallet.balance, '0.00');
  });
  test('free spins: played in the studio game ("free spins left" goes down), the winnings wagered there, converted and withdrawn', async (t) => {
    requireBuilds(site.server, ['root', 'cashier', 'profile']);
    const set = await http(site, '/api/admin/cashier/settings', {
      method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-Admin-Token': ADMIN }, body: JSON.stringify({ depositWageringMultiplier: '0' }),
    });
    assert.equal(set.status, 200);
    // 50 spins: the chance that none of them wins on Fruit Fiesta is far below one in a million,
    // so there are winnings to wager (the studio's outcomes are its provably fair draws, not steered).
    const file = join(tmpdir(), `spins50-${process.pid}-${Date.now()}.json`);
    await writeFile(file, JSON.stringify({
      bonuses: [{ code: 'op-spins-50', name: '50 free spins', type: 'freespins', isActive: true, couponOnly: true, wageringMultiplier: 1,
        wageringType: 'REAL_TO_FUN', daysValid: 7, freeSpinsQuantity: 50, freeSpinGame: 'fruit-fiesta', requiresEmailVerification: true,
        banner: { en: { bannerTitle: '50 free spins on Fruit Fiesta' } }, amounts: { EUR: { freeSpinBet: '0.10', maxWinAmount: '500.00', maxBet: '5.00' } } }],
      coupons: [{ code: 'SPINS50', bonus: 'op-spins-50', isActive: true, maxRedemptions: 100 }],
    }));
    await casino(['bonuses', '--data', site.server.dataDir, 'put', file]);
    // The coupon before the deposit: the test card is every test player's, and a card
    // shared with other accounts makes this one a duplicate to BONUS_FRAUD (docs/bonus.md).
    const player = await newPlayer(site, { prefix: 'spinwd' });
    const redeemed = await api(site, 'POST', '/api/user/redeem-coupon', { code: 'SPINS50' }, player.token);
    assert.equal(redeemed.status, 200, JSON.stringify(redeemed.json));
    await cardDeposit(site, player.token, '100.00');
    const bonusOf = async () => (await api(site, 'GET', '/api/user/get-user-bonuses', null, player.token)).json.data.rows[0];

    let winnings;
    await withPage(site.browser, t, opts({ reducedMotion: 'reduce' }), async ({ page }) => {
      await openAs(page, site, player.token, '/play/studio/fruit-fiesta');
      await page.locator('body[data-ready="1"]').waitFor({ timeout: 15_000 });
      const left = page.locator('#free-spins');
      await left.getByText(/^Free spins left: 50 of 50 · bet 0\.10 EUR/).waitFor();
      const spinButton = page.locator('#spin');
      const spin = async () => {
        const answer = page.waitForResponse((r) => r.url().includes('/spin') && r.request().method() === 'POST');
        await spinButton.click();
        const res = await (await answer).json();
        assert.ok(res.data, JSON.stringify(res));
        await waitFor(async () => !(await spinButton.isDisabled()), { what: 'spin enabled', timeout: 15_000 });
        return res.data;
      };
      for (let n = 49; n >= 0; n--) {
        assert.equal(await spinButton.textContent(), 'Free spin');
        assert.equal((await spin()).freeRound, true);
        if (n > 0) await left.getByText(new RegExp(`^Free spins left: ${n} of 50`)).waitFor();
      }
      await left.getByText(/^Free spins played: winnings \d+\.\d\d EUR are in your bonus balance\.$/).waitFor();
      const played = await bonusOf();
      winnings = Number(played.bonusAmount);
      assert.ok(winnings > 0, 'some of 50 spins won');
      assert.deepEqual([played.status, played.freeSpinsLeft, played.wagerLeft], ['active', 0, played.bonusAmount], '1 × the winnings to wager');

      // Wagering the winnings with real money in the same game.
      assert.equal(await spinButton.textContent(), 'Spin');
      // From the lowest bet up to the first of 1 EUR or more (the bonus allows up to 5.00).
      const stake = async () => parseFloat(await page.locator('#bet').textContent());
      while (!(await page.locator('#bet-down').isDisabled())) await page.locator('#bet-down').click();
      for (let i = 0; i < 30 && (await stake()) < 1; i++) await page.locator('#bet-up').click();
      const perSpin = await stake();
      assert.ok(perSpin >= 1 && perSpin <= 5, `bet ${perSpin}`);
      let spins = 0;
      while ((await bonusOf()).status === 'active') {
        assert.ok(++spins <= Math.ceil(winnings / perSpin) + 1, `wagering ${winnings} at ${perSpin} took ${spins} spins`);
        assert.equal((await spin()).freeRound, undefined);
      }
    });
    const done = await bonusOf();
    assert.equal(done.status, 'completed', JSON.stringify(done));
    const wallet = (await api(site, 'GET', '/api/user/get-user-details', null, player.token)).json.data.userWallet;
    assert.equal(wallet.bonusBalance, '0.00', 'the winnings were converted to real money');

    // My bonuses shows it completed; the cashier pays the money out.
    await withPage(site.browser, t, opts({ viewport: { width: 375, height: 812 } }), async ({ page }) => {
      await openAs(page, site, player.token, '/profile2/my-bonuses');
      await waitForApp(page, 'profile');
      const row = page.getByTestId('my-bonuses').locator('tbody tr').first();
      await row.getByText('50 free spins on Fruit Fiesta').waitFor();
      await row.getByText('Completed').waitFor();
      await openCashier(site, page, '/withdraw', player.token);
      await page.getByRole('radio', { name: 'Bank transfer' }).click();
      await page.getByLabel('Amount (EUR)').fill(wallet.withdrawable);
      await page.getByLabel('Beneficiary name').fill('Ada Lovelace');
      await page.getByLabel('Account number').fill('DE89370400440532013000');
      await page.getByLabel('Bank code (IFSC)').fill('HDFC0001234');
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await page.getByTestId('withdraw-result').getByText(/^Withdrawal success/).waitFor();
      await screenshot(page, 'bonus-free-spins-withdrawn-375');
    });
    const after = (await api(site, 'GET', '/api/user/get-user-details', null, player.token)).json.data.userWallet;
    assert.deepEqual([after.withdrawable, after.onHold], ['0.00', wallet.withdrawable]);
  });
});
