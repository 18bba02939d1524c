// Responsible gaming as a depositor meets it (issue 15): a daily deposit
// limit set on /profile2/limits applies at once and a deposit over it is
// refused with the SPEC's text; a raise waits out its 24-hour cooling-off and
// shows as pending; freezing the account stops the next spin and deposit.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MOBILE, casino, requireBuilds, screenshot, useSite, waitForApp, withPage } from './lib/suite.mjs';
import { api, newPlayer } from './lib/players.mjs';

const CARD = { number: '4242 4242 4242 4242', holder: 'Ada Lovelace', expiry: '12/30', cvc: '123' };

describe('responsible gaming: limits and freeze', () => {
  const site = useSite();
  const loggedIn = async (context, token) => {
    await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
    await context.addInitScript((tok) => localStorage.setItem('casino.accessToken', tok), token);
  };
  const deposit = (token, amount) => api(site, 'POST', '/api/user/deposit', { amount, paymentMethod: 'visa', currencyCode: 'EUR', card: CARD }, token);

  test('a daily deposit limit of 20 refuses a 30 deposit; raising it is pending for 24 hours', async (t) => {
    requireBuilds(site.server, ['root', 'profile']);
    const { token } = await newPlayer(site, { prefix: 'limits' });
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE }, async ({ page, context }) => {
      await loggedIn(context, token);
      await page.goto('/profile2/limits');
      await waitForApp(page, 'profile');
      const card = page.getByTestId('limit-deposit');
      await card.getByLabel('Amount (EUR)').fill('20');
      await card.getByRole('button', { name: 'Set limit' }).click();
      await card.getByText('Your limit is in force now.').waitFor();
      await card.getByText('Daily: €20.00').waitFor();

      const refused = await deposit(token, '30.00');
      assert.equal(refused.status, 422, JSON.stringify(refused.json));
      assert.deepEqual([refused.json.error.code, refused.json.error.message], ['PAYMENT_LIMIT_THRESHOLD', 'You reached your daily deposit limit.']);
      assert.equal((await deposit(token, '15.00')).json.data?.status, 'confirmed', 'within the limit');

      await card.getByLabel('Amount (EUR)').fill('100');
      await card.getByRole('button', { name: 'Set limit' }).click();
      await card.getByText(/Raising or removing a limit takes 24 hours/).waitFor();
      await card.getByTestId('limit-pending').getByText(/€100\.00 pending until/).waitFor();
      await card.getByText('Daily: €20.00').waitFor();
      await screenshot(page, 'protection-limits-375');
      assert.equal((await deposit(token, '10.00')).status, 422, 'the raise is not in force yet');

      await card.getByRole('button', { name: 'Cancel change' }).click();
      await card.getByTestId('limit-pending').waitFor({ state: 'detached' });
    });
  });

  test('a frozen account cannot spin or deposit, and can still log in', async (t) => {
    requireBuilds(site.server, ['root', 'profile']);
    const player = await newPlayer(site, { prefix: 'freeze', deposit: '20.00' });
    await withPage(site.browser, t, { baseURL: site.server.url }, async ({ page, context }) => {
      await loggedIn(context, player.token);
      await page.goto('/profile2/freeze-account');
      await waitForApp(page, 'profile');
      await page.getByLabel('Freeze account').selectOption('3');
      await page.getByRole('button', { name: 'Freeze account' }).click();
      await page.getByText(/Your account is frozen until .*You can still log in and withdraw\./).waitFor();
    });
    const launched = await api(site, 'POST', '/api/studio/sessions', { gameId: 'aztec-sun', mode: 'real' }, player.token);
    const spin = await api(site, 'POST', `/api/studio/sessions/${launched.json.data?.sessionId}/spin`, { bet: '1.00' }, player.token);
    assert.equal(spin.json.error?.code, 'ACCOUNT_FROZEN', JSON.stringify(spin.json));
    const dep = await deposit(player.token, '10.00');
    assert.equal(dep.json.error?.code, 'ACCOUNT_FROZEN', JSON.stringify(dep.json));
    const login = await api(site, 'POST', '/api/user/login', { email: player.email, password: player.password });
    assert.equal(login.status, 200, 'log-in still works');
  });

  // Last: it makes every level of this server's VIP club a personal-manager level.
  test('a VIP player cannot raise their own bet limit; support raises it with a reason, kept in the audit', async (t) => {
    requireBuilds(site.server, ['root', 'profile']);
    const data = ['--data', site.server.dataDir];
    const levels = JSON.parse(await casino(['loyalty', ...data, 'levels']));
    const bronze = levels.find((l) => l.level === 0);
    await casino(['loyalty', ...data, 'put-level', JSON.stringify({ ...bronze, personalManager: true })]);
    try {
      const { token, email } = await newPlayer(site, { prefix: 'vip-limits' });
      await withPage(site.browser, t, { baseURL: site.server.url, allow: { http: [/^409 .*\/api\/user\/set-limit$/] } }, async ({ page, context }) => {
        await loggedIn(context, token);
        await page.goto('/profile2/limits');
        await waitForApp(page, 'profile');
        const card = page.getByTestId('limit-bet');
        await card.getByLabel('Amount (EUR)').fill('5');
        await card.getByRole('button', { name: 'Set limit' }).click();
        await card.getByText('Your limit is in force now.').waitFor();
        await card.getByLabel('Amount (EUR)').fill('50');
        await card.getByRole('button', { name: 'Set limit' }).click();
        await card.getByText('Our support team raises the bet limit of VIP players: please contact support.').waitFor();

        await casino(['limits', ...data, 'set-bet', email, 'daily', '50', '--reason', 'VIP review, call of 26 Nov', '--by', 'e2e-support']);
        await page.reload();
        await waitForApp(page, 'profile');
        await page.getByTestId('limit-bet').getByText('Daily: €50.00').waitFor();
      });
      const audit = await casino(['limits', ...data, 'audit', email]);
      assert.match(audit, /daily bet {2}5\.00 → 50\.00 EUR {2}by e2e-support: VIP review, call of 26 Nov/);
    } finally {
      await casino(['loyalty', ...data, 'put-level', JSON.stringify(bronze)]);
    }
  });
});
