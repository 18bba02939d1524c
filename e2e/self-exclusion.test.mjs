// Self-exclusion, the session time limit and reality checks as a player
// meets them (issue 15, docs/protection.md). The server runs with the
// demo-only CASINO_DEMO_MINUTE=1s: a 10-minute session limit lasts 10
// seconds and a 15-minute reality check comes after 15.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MOBILE, PENDING_API, requireBuilds, screenshot, useSite, waitForApp, waitForModal, withPage } from './lib/suite.mjs';
import { api, newPlayer } from './lib/players.mjs';

// Refusals the pages meet on purpose: the excluded log-in (409), the calls of
// an ended session (401, 403), a restricted session's other calls (409).
const ALLOW_HTTP = [...PENDING_API, /^40[139] [^ ]*\/api\/user\//, /^404 [^ ]*\/studio\/thumbnails\//];
/** Waits until the page shows ?modal=NAME (a client-side navigation), with reason when given. */
const modalOpen = (page, name, reason, timeout = 15_000) =>
  page.waitForFunction(
    ([n, r]) => {
      const q = new URL(location.href).searchParams;
      return q.get('modal') === n && (!r || q.get('reason') === r);
    },
    [name, reason],
    { timeout },
  );

const WITHDRAWAL = {
  amount: '20.00', paymentMethod: 'banktransfer', beneficiaryName: 'Ada Lovelace', accountNumber: 'DE89370400440532013000',
  email: 'ada@example.com', bankCode: 'HDFC0001234',
};

describe('self-exclusion, session time limit, reality checks', () => {
  const site = useSite({ env: { CASINO_DEMO_MINUTE: '1s' } });
  const opts = (extra = {}) => ({ baseURL: site.server.url, allow: { http: ALLOW_HTTP }, ...extra });
  const loggedIn = async (context, token) => {
    await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
    await context.addInitScript((tok) => localStorage.setItem('casino.accessToken', tok), token);
  };

  test('self-exclusion for 1 day: logged out, cannot log in to play, can still withdraw', async (t) => {
    requireBuilds(site.server, ['root', 'profile', 'cashier']);
    const player = await newPlayer(site, { prefix: 'selfex', deposit: '50.00' });
    const asked = Date.now();
    await withPage(site.browser, t, opts(), async ({ page, context }) => {
      await loggedIn(context, player.token);
      await page.goto('/profile2/freeze-account');
      await waitForApp(page, 'profile');
      const card = page.getByTestId('self-exclusion');
      await card.getByLabel('Exclude me for').selectOption('1d');
      await card.getByRole('button', { name: 'Self-exclude' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm self-exclusion' });
      await confirm.getByText(/You will be excluded for 1 day\. You will be logged out at once/).waitFor();
      await screenshot(page, 'self-exclusion-confirm-1280');
      await confirm.getByRole('button', { name: 'Yes, exclude me' }).click();
      await modalOpen(page, 'session-ended', 'selfExcluded');
      await page.getByTestId('session-ended').getByText(/You are self-excluded until .+\. You cannot log in to play until then\./).waitFor();
      await screenshot(page, 'self-exclusion-logged-out-1280');

      // The old session is gone on the server.
      assert.equal((await api(site, 'GET', '/api/user/get-user-details', null, player.token)).status, 403);

      // Log-in answers with the exclusion and its end.
      await page.getByRole('button', { name: 'OK' }).click();
      await page.goto('/?modal=login');
      await waitForModal(page, 'profile');
      await page.getByLabel('Email').fill(player.email);
      await page.getByLabel('Password').fill(player.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.getByTestId('login-self-excluded').getByText(/Your account is self-excluded until .+\. You cannot log in to play until then\./).waitFor();
      await screenshot(page, 'self-exclusion-login-1280');

      // …and offers a session that can only withdraw.
      await page.getByRole('button', { name: 'Log in to withdraw my balance' }).click();
      await page.waitForFunction(() => location.pathname === '/withdraw');
      await waitForApp(page, 'cashier');
      await page.getByTestId('self-excluded-notice').getByText(/Until .+ your account is closed to games, deposits and bonuses\. You can withdraw your balance here\./).waitFor();
      await page.getByRole('radio', { name: 'Bank transfer' }).click();
      await page.getByLabel('Amount (EUR)').fill('20');
      await page.getByLabel('Beneficiary name').fill('Ada Lovelace');
      await page.getByLabel('Account number').fill('DE89370400440532013000');
      await page.getByLabel('Bank code (IFSC)').fill('HDFC0001234');
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await page.getByTestId('withdraw-result').getByText(/Withdrawal success/).waitFor();
      await screenshot(page, 'self-exclusion-withdraw-1280');

    });

    const refused = await api(site, 'POST', '/api/user/login', { email: player.email, password: player.password });
    assert.equal(refused.status, 409, JSON.stringify(refused.json));
    assert.equal(refused.json.error.code, 'SELF_EXCLUDED');
    const until = Date.parse(refused.json.error.fields.selfExclusionUntil);
    assert.ok(Math.abs(until - asked - 24 * 3600e3) < 120e3, `ends a day later: ${refused.json.error.fields.selfExclusionUntil}`);

    // The restricted session withdraws, and nothing else.
    const restricted = await api(site, 'POST', '/api/user/login', { email: player.email, password: player.password, withdrawalOnly: true });
    assert.equal(restricted.status, 200, JSON.stringify(restricted.json));
    assert.deepEqual(restricted.json.data.selfExclusion?.restricted, true);
    const token = restricted.json.data.accessToken;
    const wd = await api(site, 'POST', '/api/user/withdraw', { ...WITHDRAWAL, amount: '10.00' }, token);
    assert.equal(wd.status, 200, JSON.stringify(wd.json));
    const launch = await api(site, 'POST', '/api/studio/sessions', { gameId: 'aztec-sun', mode: 'real' }, token);
    assert.equal(launch.json.error?.code, 'SELF_EXCLUDED', JSON.stringify(launch.json));
    const claim = await api(site, 'POST', '/api/user/rakeback-claim', { claimDate: '2026-01-01' }, token);
    assert.deepEqual([claim.status, claim.json.error?.code], [409, 'SELF_EXCLUDED']);
    const deposit = await api(site, 'POST', '/api/user/deposit', { amount: '10.00', paymentMethod: 'visa', currencyCode: 'EUR' }, token);
    assert.deepEqual([deposit.status, deposit.json.error?.code], [409, 'SELF_EXCLUDED']);

    // Every page of the restricted session says why, and offers withdrawal, not deposit.
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      // As the log-in left them: the session cookie and the readable state cookie.
      await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }, { name: 'casino_auth', value: '1', url: site.server.url }]);
      await page.goto('/casino');
      await page.getByTestId('restricted-notice').getByText(/^Your account is self-excluded until .+ UTC\. Games, deposits and bonuses are closed; you can still withdraw your balance\.$/).waitFor();
      const header = page.locator('#site-header');
      await header.locator('.topbar a.btn.menu-withdrawal[href="/withdraw"]').waitFor();
      assert.equal(await header.locator('a[href="/deposit"]').count(), 0, 'no deposit link in the header');
      await waitForApp(page, 'lobby');
      await page.locator('[data-testid="chat"]').waitFor({ timeout: 15_000 });
      assert.equal(await page.getByRole('dialog').count(), 0, 'the restricted session stays logged in');
      await page.getByTestId('game-pulse').getByText(/self-excluded/).waitFor(); // says why, not an empty box
      await page.getByTestId('chat-refused').getByText(/self-excluded/).waitFor(); // reads the chat, is told why it cannot write
      assert.equal(await page.getByLabel('Your message').count(), 0, 'no chat input for the restricted session');
      await screenshot(page, 'self-exclusion-restricted-casino-375');
    });
  });

  test('a 10-minute session limit ends the session in every tab with the reason', async (t) => {
    requireBuilds(site.server, ['root', 'profile', 'lobby']);
    const player = await newPlayer(site, { prefix: 'slimit' });
    await withPage(site.browser, t, opts(), async ({ page, context }) => {
      await loggedIn(context, player.token);
      const other = await context.newPage();
      await other.goto('/');
      await waitForApp(other, 'lobby');
      await page.goto('/profile2/limits');
      await waitForApp(page, 'profile');
      const card = page.getByTestId('session-limit');
      await card.getByLabel('Limit').fill('5');
      await card.getByText('The minimum is 10 minutes.').waitFor();
      await card.getByLabel('Limit').fill('10');
      await card.getByLabel('Unit').selectOption('minutes');
      await card.getByRole('button', { name: 'Set session limit' }).click();
      await card.getByText('Your session limit is in force now.').waitFor();
      await card.getByTestId('session-limit-current').getByText('Current limit: 10 minutes').waitFor();
      await screenshot(page, 'session-limit-set-1280');
      // 10 "minutes" of the demo: both tabs say why.
      for (const p of [page, other]) {
        await modalOpen(p, 'session-ended', 'sessionLimit', 30_000);
        await p.getByTestId('session-ended').getByText('Your session time limit has been reached, so your session has ended.', { exact: false }).waitFor();
      }
      await screenshot(other, 'session-limit-ended-1280');
      await other.close();
    });
    const after = await api(site, 'GET', '/api/user/get-user-details', null, player.token);
    assert.deepEqual([after.status, after.json.error?.code], [401, 'SESSION_LIMIT_REACHED']);
  });

  test('a reality check shows the session and pauses the games until Continue', async (t) => {
    requireBuilds(site.server, ['root', 'profile']);
    const player = await newPlayer(site, { prefix: 'reality', deposit: '20.00' });
    const launched = await api(site, 'POST', '/api/studio/sessions', { gameId: 'aztec-sun', mode: 'real' }, player.token);
    const sid = launched.json.data?.sessionId;
    assert.ok(sid, JSON.stringify(launched.json));
    const spin = () => api(site, 'POST', `/api/studio/sessions/${sid}/spin`, { bet: '1.00' }, player.token);
    await withPage(site.browser, t, opts(), async ({ page, context }) => {
      await loggedIn(context, player.token);
      await page.goto('/profile2/limits');
      await waitForApp(page, 'profile');
      const card = page.getByTestId('reality-check-settings');
      await card.getByLabel('Remind me every').selectOption('15');
      await card.getByRole('button', { name: 'Save reality check' }).click();
      await card.getByText('Saved.').waitFor();
      assert.equal((await spin()).status, 200, 'a spin before the check');

      await modalOpen(page, 'reality-check', null, 30_000);
      const modal = page.getByTestId('reality-check');
      await modal.getByText(/^You logged in .+ ago\.$/).waitFor();
      await modal.getByText('Stakes this session: €1.00').waitFor();
      await modal.getByText(/^Net result this session: /).waitFor();
      await screenshot(page, 'reality-check-1280');
      const paused = await spin();
      assert.deepEqual([paused.status, paused.json.error?.code], [409, 'REALITY_CHECK_DUE']);

      await modal.getByRole('button', { name: 'Continue' }).click();
      await modal.waitFor({ state: 'detached' });
      assert.equal(new URL(page.url()).searchParams.get('modal'), null);
    });
    assert.equal((await spin()).status, 200, 'the games play again');
  });
});
