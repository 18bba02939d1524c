// Bonus claims end to end (issue 13): a player claims the seeded
// no-deposit bonus from /freemoney and sees it in My bonuses; the claim
// grants once, however often it is sent; a player claims the seeded free
// spins, plays them in the studio game and sees "free spins left" go down;
// a player redeems a coupon in My bonuses.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MOBILE, PENDING_API, requireBuilds, screenshot, useSite, waitFor, waitForApp, withPage } from './lib/suite.mjs';
import { api, logIn, newPlayer } from './lib/players.mjs';
import { casino } from './lib/server.mjs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

describe('bonus claims', () => {
  const site = useSite();
  const ALLOW_HTTP = [...PENDING_API, /^404 [^ ]*\/studio\/thumbnails\//, /^(409|422) [^ ]*\/api\/user\/redeem-coupon$/];
  const opts = (extra = {}) => ({ baseURL: site.server.url, allow: { http: ALLOW_HTTP }, ...extra });

  test('a player claims the no-deposit bonus on /freemoney and sees it in My bonuses', async (t) => {
    requireBuilds(site.server, ['root', 'lobby', 'profile']);
    const player = await newPlayer(site, { prefix: 'freemoney' });
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      await logIn(context, site, player);
      await page.goto('/freemoney');
      await waitForApp(page, 'lobby');
      const card = page.locator('article[data-bonus="free-10"]');
      await card.getByText('10 EUR free, no deposit needed').waitFor();
      // Only the offers taken without a deposit, each with a working Claim.
      assert.equal(await page.locator('article[data-bonus="welcome-100"]').count(), 0, 'no deposit bonus on /freemoney');
      await card.getByRole('button', { name: 'Claim' }).click();
      await card.getByTestId('claim-done').getByText('10.00 EUR added to your bonus balance. Wager 400.00 EUR to turn it into real money.').waitFor();
      await screenshot(page, 'bonus-freemoney-claimed-375');
      await card.getByRole('link', { name: 'My bonuses' }).click();
      await waitForApp(page, 'profile');
      const row = page.getByTestId('my-bonuses').locator('tbody tr').first();
      await row.getByText('10 EUR free, no deposit needed').waitFor();
      await row.getByText('Active').waitFor();
      // SPEC section 3 fields of the player's bonus: max win and min balance.
      await row.getByText(/^Max win: €50\.00$/).waitFor();
      await row.getByText(/^Ends if the bonus balance falls below €0\.50$/).waitFor();
      await row.getByText('Wagering counts 100% of slot stakes, 20% of table games, 10% of live casino', { exact: true }).waitFor();
      await screenshot(page, 'bonus-freemoney-my-bonuses-375');
    });
    const details = (await api(site, 'GET', '/api/user/get-user-details', null, player.token)).json.data;
    assert.equal(details.userWallet.bonusBalance, '10.00');
    assert.equal(details.activeBonus.type, 'no_deposit');
    assert.equal(details.activeBonus.wagerLeft, '400.00');
    assert.deepEqual([details.activeBonus.maxWinAmount, details.activeBonus.minBalance, details.activeBonus.convertedWinnings, details.activeBonus.validTo],
      ['50.00', '0.50', '0.00', '']);
    assert.deepEqual(details.activeBonus.wageringContribution, { slot: 100, table: 20, live: 10, other: 100 });
  });

  test('50 concurrent claims grant once; a refusal is the error shape with its code', async () => {
    const player = await newPlayer(site, { prefix: 'claimrace' });
    const list = (await api(site, 'GET', '/api/admin/get-all-bonus?type=no_deposit&currencyCode=EUR')).json.data.bonus.rows;
    const free = list.find((b) => b.code === 'free-10');
    assert.ok(free, 'the seeded no-deposit bonus is listed');
    const answers = await Promise.all(Array.from({ length: 50 }, () => api(site, 'POST', '/api/user/claim-bonus', { bonusId: free.id }, player.token)));
    assert.deepEqual([...new Set(answers.map((a) => a.status))], [200]);
    assert.equal(new Set(answers.map((a) => a.json.data.userBonus.id)).size, 1, 'one grant');
    const mine = (await api(site, 'GET', '/api/user/get-user-bonuses', null, player.token)).json.data;
    assert.equal(mine.count, 1);
    assert.equal((await api(site, 'GET', '/api/user/get-user-details', null, player.token)).json.data.userWallet.bonusBalance, '10.00');
    // Cancelled, it cannot be taken again.
    assert.equal((await api(site, 'POST', `/api/user/bonuses/${mine.rows[0].id}/cancel`, {}, player.token)).status, 200);
    const again = await api(site, 'POST', '/api/user/claim-bonus', { bonusId: free.id }, player.token);
    assert.deepEqual([again.status, again.json.error?.code], [409, 'CANCELLED']);
    assert.ok(again.json.error.message.length > 10);
  });

  test('a player claims free spins, plays them in the studio game and sees "free spins left" go down', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const player = await newPlayer(site, { prefix: 'spins' });
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      await logIn(context, site, player);
      await page.goto('/freemoney');
      await waitForApp(page, 'lobby');
      const card = page.locator('article[data-bonus="spins-20"]');
      await card.getByRole('button', { name: 'Claim' }).click();
      await card.getByTestId('claim-done').getByText('20 free spins at 0.10 EUR each. Winnings go to your bonus balance.').waitFor();
      await card.getByRole('link', { name: 'Play free spins' }).click();
      await page.waitForURL(/\/casino\/games\/fruit-fiesta/);
      await page.getByRole('button', { name: 'Play', exact: true }).click();
      await page.waitForURL(/\/play\/studio\/fruit-fiesta/);
      await page.locator('body[data-ready="1"]').waitFor({ timeout: 15_000 });
      const left = page.locator('#free-spins');
      await left.getByText(/^Free spins left: 20 of 20 · bet 0\.10 EUR/).waitFor();
      assert.equal((await page.locator('#balance').textContent()).trim(), '0.00 EUR', 'no money of the player\'s');
      await screenshot(page, 'bonus-free-spins-375');
      for (const n of [19, 18]) {
        const spin = page.waitForResponse((r) => r.url().includes('/spin') && r.request().method() === 'POST');
        await page.getByRole('button', { name: 'Free spin' }).click();
        const res = await (await spin).json();
        assert.equal(res.data?.freeRound, true, JSON.stringify(res));
        await left.getByText(new RegExp(`^Free spins left: ${n} of 20`)).waitFor();
        await waitFor(async () => !(await page.getByRole('button', { name: 'Free spin' }).isDisabled()), { what: 'spin enabled', timeout: 15_000 });
      }
    });
    // Nothing debited; the winnings (maybe none) are the bonus's amount and in the bonus balance.
    const mine = (await api(site, 'GET', '/api/user/get-user-bonuses', null, player.token)).json.data.rows[0];
    assert.deepEqual([mine.type, mine.status, mine.freeSpinsLeft, mine.freeSpinsQuantity, mine.freeSpinGame], ['freespins', 'active', 18, 20, 'fruit-fiesta']);
    const wallet = (await api(site, 'GET', '/api/user/get-user-details', null, player.token)).json.data.userWallet;
    assert.equal(wallet.bonusBalance, mine.bonusAmount);
    assert.equal(wallet.withdrawable, '0.00', 'no real money from free spins');
    // One free-spins bonus at a time.
    const list = (await api(site, 'GET', '/api/admin/get-all-bonus?type=freespins&currencyCode=EUR')).json.data.bonus.rows;
    const again = await api(site, 'POST', '/api/user/claim-bonus', { bonusId: list[0].id }, player.token);
    assert.equal(again.json.data?.userBonus?.id, mine.id, 'the same claim answers the same grant');
  });

  test('a player redeems a coupon in My bonuses; a wrong or used code is refused with its text', async (t) => {
    requireBuilds(site.server, ['root', 'profile']);
    const player = await newPlayer(site, { prefix: 'coupon' });
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      await logIn(context, site, player);
      await page.goto('/profile2/my-bonuses');
      await waitForApp(page, 'profile');
      const form = page.getByTestId('coupon-form');
      const field = form.getByLabel('Coupon code');
      await field.fill('NOPE');
      await form.getByRole('button', { name: 'Redeem' }).click();
      await form.getByRole('alert').getByText('coupon not applied').waitFor();
      await field.fill('casino5');
      await form.getByRole('button', { name: 'Redeem' }).click();
      await form.getByRole('status').getByText('Coupon redeemed: 5 EUR coupon bonus').waitFor();
      const row = page.getByTestId('my-bonuses').locator('tbody tr').first();
      await row.getByText('5 EUR coupon bonus').waitFor();
      await row.getByText('Active').waitFor();
      await field.fill('CASINO5');
      await form.getByRole('button', { name: 'Redeem' }).click();
      await form.getByRole('alert').getByText('coupon already redeemed').waitFor();
      await screenshot(page, 'bonus-coupon-375');
    });
    const wallet = (await api(site, 'GET', '/api/user/get-user-details', null, player.token)).json.data.userWallet;
    assert.equal(wallet.bonusBalance, '5.00');
    const again = await api(site, 'POST', '/api/user/redeem-coupon', { code: 'CASINO5' }, player.token);
    assert.deepEqual([again.status, again.json.error?.code, again.json.error?.message], [409, 'COUPON_ALREADY_REDEEMED', 'coupon already redeemed']);
  });

  test('a duplicate account (the device of another account) cannot claim free money: BONUS_FRAUD with its text', async (t) => {
    requireBuilds(site.server, ['root', 'lobby', 'profile']);
    const device = `e2e-device-${Date.now()}`;
    await newPlayer(site, { prefix: 'original', uidToken: device });
    const second = await newPlayer(site, { prefix: 'duplicate' });
    const allow = { http: [...ALLOW_HTTP, /^422 [^ ]*\/api\/user\/claim-bonus$/] };
    await withPage(site.browser, t, opts({ viewport: MOBILE, allow }), async ({ page, context }) => {
      // The browser the first account was made on: the log-in form sends its device id.
      await context.addInitScript((id) => localStorage.setItem('casino.deviceId', id), device);
      await page.goto('/freemoney?modal=login');
      const dialog = page.locator('[role="dialog"]');
      await dialog.getByLabel('Email').fill(second.email);
      await dialog.getByLabel('Password', { exact: true }).fill(second.password);
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/user/login'));
      await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
      assert.equal(JSON.parse((await sent).postData()).uidToken, device, 'the login sends the device id');
      await page.locator('#site-header .user-menu').waitFor();
      await waitForApp(page, 'lobby');
      const card = page.locator('article[data-bonus="free-10"]');
      await card.getByRole('button', { name: 'Claim' }).click();
      await card.getByText('Bonuses without a deposit and free spins are not available for this account. Contact support if you think this is a mistake.').waitFor();
      await screenshot(page, 'bonus-fraud-375');
    });
    const list = (await api(site, 'GET', '/api/admin/get-all-bonus?type=freespins&currencyCode=EUR')).json.data.bonus.rows;
    const spins = await api(site, 'POST', '/api/user/claim-bonus', { bonusId: list[0].id }, second.token);
    assert.deepEqual([spins.status, spins.json.error?.code], [422, 'BONUS_FRAUD']);
    assert.equal((await api(site, 'GET', '/api/user/get-user-bonuses', null, second.token)).json.data.count, 0);
  });

  test('a coupon in the deposit form gives its deposit bonus; a wrong or used one is refused with its text', async (t) => {
    requireBuilds(site.server, ['root', 'cashier']);
    const player = await newPlayer(site, { prefix: 'depcoupon', deposit: '50.00' });
    const allow = { http: [...ALLOW_HTTP, /^(409|422) [^ ]*\/api\/user\/deposit$/] };
    await withPage(site.browser, t, opts({ viewport: MOBILE, allow }), async ({ page, context }) => {
      await logIn(context, site, player);
      await page.goto('/deposit');
      await waitForApp(page, 'cashier');
      await page.getByRole('radio', { name: 'Visa' }).click();
      await page.getByRole('button', { name: '50', exact: true }).click();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
      await page.getByLabel('CVC').fill('123');
      const coupon = page.getByLabel('Coupon code');
      await coupon.fill('NOPE');
      assert.equal(await page.getByTestId('bonus-picker').count(), 0, 'a coupon takes the place of the bonus picker');
      await page.getByRole('button', { name: 'Deposit €50.00' }).click();
      await page.getByTestId('deposit-error').getByText('coupon not applied', { exact: true }).waitFor();
      await coupon.fill('reload50');
      await screenshot(page, 'bonus-deposit-coupon-375');
      await page.getByRole('button', { name: 'Deposit €50.00' }).click();
      await page.waitForURL((u) => u.searchParams.get('modal') === 'deposit-success');
    });
    const details = (await api(site, 'GET', '/api/user/get-user-details', null, player.token)).json.data;
    assert.equal(details.activeBonus?.bonusAmount, '25.00');
    assert.equal(details.userWallet.bonusBalance, '25.00');
    const again = await api(site, 'POST', '/api/user/deposit', {
      amount: '50', paymentMethod: 'visa', currencyCode: 'EUR', couponCode: 'RELOAD50',
      card: { number: '4242 4242 4242 4242', holder: 'Ada Lovelace', expiry: '12/30', cvc: '123' },
    }, player.token);
    assert.deepEqual([again.status, again.json.error?.code, again.json.error?.message], [409, 'COUPON_ALREADY_REDEEMED', 'coupon already redeemed']);
  });

  test('the sign-up promo code: a claim coupon unlocks its bonus on /freemoney, a deposit coupon is applied on the first deposit', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const player = await newPlayer(site, { prefix: 'promo', promoCode: 'casino5' });
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      await logIn(context, site, player);
      await page.goto('/freemoney');
      await waitForApp(page, 'lobby');
      const card = page.locator('article[data-bonus="coupon-5"]');
      await card.getByRole('button', { name: 'Claim' }).click();
      await card.getByTestId('claim-done').getByText(/^5\.00 EUR added to your bonus balance/).waitFor();
      await screenshot(page, 'bonus-promo-code-claim-375');
    });
    const redeem = await api(site, 'POST', '/api/user/redeem-coupon', { code: 'CASINO5' }, player.token);
    assert.deepEqual([redeem.status, redeem.json.error?.code], [409, 'COUPON_ALREADY_REDEEMED']);
    // Others do not see the coupon-only bonus.
    const other = await newPlayer(site, { prefix: 'nopromo' });
    const rows = (await api(site, 'GET', '/api/admin/get-all-bonus?type=no_deposit', null, other.token)).json.data.bonus.rows;
    assert.equal(rows.some((r) => r.code === 'coupon-5'), false);
    // A deposit coupon as the promo code: the first deposit (no bonus chosen) gets its bonus.
    const depositor = await newPlayer(site, { prefix: 'promodep', promoCode: 'RELOAD50', deposit: '40.00' });
    const details = (await api(site, 'GET', '/api/user/get-user-details', null, depositor.token)).json.data;
    assert.deepEqual([details.activeBonus?.bonusAmount, details.userWallet.bonusBalance], ['20.00', '20.00']);
  });

  test('the operator puts a bonus and its coupon with the CLI, a player redeems it in My bonuses; disabled, it is not applied', async (t) => {
    requireBuilds(site.server, ['root', 'profile']);
    const data = site.server.dataDir;
    const file = join(tmpdir(), `bonus2-op-${process.pid}-${Date.now()}.json`);
    await writeFile(file, JSON.stringify({
      bonuses: [{ code: 'op-spring', name: 'Spring gift', type: 'no_deposit', isActive: true, couponOnly: true, wageringMultiplier: 5,
        wageringType: 'REAL_TO_FUN', daysValid: 3, banner: { en: { bannerTitle: 'Spring gift: 3 EUR' } }, amounts: { EUR: { bonusAmount: '3.00' } } }],
      coupons: [{ code: 'SPRING3', bonus: 'op-spring', isActive: true, maxRedemptions: 100 }],
    }));
    assert.match(await casino(['bonuses', '--data', data, 'put', file]), /1 bonuses/);
    const listed = JSON.parse(await casino(['bonuses', '--data', data, 'list']));
    assert.equal(listed.find((b) => b.code === 'op-spring')?.isActive, true);
    const player = await newPlayer(site, { prefix: 'opcoupon' });
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      await logIn(context, site, player);
      await page.goto('/profile2/my-bonuses');
      await waitForApp(page, 'profile');
      const form = page.getByTestId('coupon-form');
      await form.getByLabel('Coupon code').fill('spring3');
      await form.getByRole('button', { name: 'Redeem' }).click();
      await form.getByRole('status').getByText('Coupon redeemed: Spring gift: 3 EUR').waitFor();
    });
    const coupons = JSON.parse(await casino(['coupons', '--data', data, 'list']));
    assert.deepEqual(coupons.find((c) => c.code === 'SPRING3'), { code: 'SPRING3', bonus: 'op-spring', isActive: true, maxRedemptions: 100, redemptions: 1 });
    await casino(['coupons', '--data', data, 'disable', 'SPRING3']);
    const other = await newPlayer(site, { prefix: 'opcoupon2' });
    const refused = await api(site, 'POST', '/api/user/redeem-coupon', { code: 'SPRING3' }, other.token);
    assert.deepEqual([refused.status, refused.json.error?.code, refused.json.error?.message], [422, 'COUPON_NOT_APPLIED', 'coupon not applied']);
    await casino(['bonuses', '--data', data, 'disable', 'op-spring']);
    assert.equal(JSON.parse(await casino(['bonuses', '--data', data, 'list'])).find((b) => b.code === 'op-spring').isActive, false);
  });

  test('/promotions: a 24-hour bonus carries the 24h label; /promotion?id= shows one promotion with its terms and a working Claim', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const player = await newPlayer(site, { prefix: 'promopage' });
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      await logIn(context, site, player);
      await page.goto('/promotions');
      await waitForApp(page, 'lobby');
      const cashback = page.locator('article[data-bonus="monday-cashback"]');
      await cashback.getByTestId('label-24h').getByText('24h', { exact: true }).waitFor();
      assert.equal(await page.locator('article[data-bonus="free-10"]').getByTestId('label-24h').count(), 0, 'a 7-day bonus has no 24h label');
      await page.locator('article[data-bonus="free-10"]').getByRole('link', { name: 'Details' }).click();
      await page.waitForURL(/\/promotion\?id=free-10$/);
      const promo = page.locator('article[data-promotion="free-10"]');
      await promo.getByRole('heading', { name: '10 EUR free, no deposit needed' }).waitFor();
      const terms = promo.getByTestId('promotion-terms');
      for (const text of ['Wager the bonus 40× within 7 days of taking it', 'No end date', 'Bets up to €2.00 while bonus money is in play',
        'Winnings converted up to €50.00',
        'Eligible games: all but those kept out of bonus play. Wagering counts 100% of slot stakes, 20% of table games, 10% of live casino.']) {
        await terms.getByText(text, { exact: true }).waitFor();
      }
      assert.equal(await terms.getByRole('link', { name: 'Bonus terms' }).getAttribute('href'), '/bonus-terms');
      await screenshot(page, 'bonus-promotion-page-375');
      await promo.getByRole('button', { name: 'Claim' }).click();
      await promo.getByTestId('claim-done').getByText(/^10\.00 EUR added to your bonus balance/).waitFor();
      await page.goto('/promotion?id=nope');
      await page.getByText('This promotion is not available').waitFor();
      await page.getByRole('link', { name: 'All promotions' }).waitFor();
    });
  });
});
