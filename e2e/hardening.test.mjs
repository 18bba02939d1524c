// Issue 18 (hardening): a logged-in player's password change refuses a common
// breached password in the browser; parallel password guesses are throttled
// before the hash (only a handful are checked), with no 5xx.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ACCOUNT_SEL as A, MOBILE, PENDING_API, requireBuilds, screenshot, useSite, waitForModal, withPage } from './lib/suite.mjs';
import { PLAYER_PASSWORD, api, newPlayer } from './lib/players.mjs';

describe('hardening', () => {
  const site = useSite();

  test('password change: a common breached password is refused, a good one is accepted (375 px)', async (t) => {
    requireBuilds(site.server, ['root', 'profile']);
    const player = await newPlayer(site, { prefix: 'pwpolicy' });
    const opts = { baseURL: site.server.url, viewport: MOBILE, allow: { http: [...PENDING_API, /^400 .*update-user-details$/] } };
    await withPage(site.browser, t, opts, async ({ page }) => {
      await page.goto('/?modal=login');
      await waitForModal(page, 'profile');
      const dialog = page.locator(A.dialog);
      await dialog.getByLabel('Email').fill(player.email);
      await dialog.getByLabel('Password', { exact: true }).fill(PLAYER_PASSWORD);
      await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.locator(A.userMenu).waitFor();
      await page.goto('/profile2/my-profile');
      const pw = page.locator(A.passwordForm);
      await pw.waitFor();
      await pw.getByLabel('Current password').fill(PLAYER_PASSWORD);
      await pw.getByLabel('New password').fill('iloveyou1');
      await pw.getByLabel('Confirm password').fill('iloveyou1');
      await pw.getByRole('button', { name: 'Change password' }).click();
      await pw.getByText('This password is too common. Please choose another').waitFor();
      await screenshot(page, 'hardening-common-password-375');
      await pw.getByLabel('New password').fill('Granite-Harbour-42');
      await pw.getByLabel('Confirm password').fill('Granite-Harbour-42');
      await pw.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Your password was changed. Other devices were logged out.').waitFor();
    });
    assert.equal((await api(site, 'POST', '/api/user/login', { email: player.email, password: 'Granite-Harbour-42' })).status, 200);
  });

  test('30 parallel password guesses: at most 5 are checked, the rest are throttled, none is a 5xx', async () => {
    const victim = await newPlayer(site, { prefix: 'guessed' });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) =>
      api(site, 'POST', '/api/user/login', { email: victim.email, password: `guess-${i}-wrong` })));
    const codes = answers.map((a) => a.json.error?.code);
    assert.ok(answers.every((a) => a.status < 500), `statuses ${answers.map((a) => a.status)}`);
    const checked = codes.filter((c) => c === 'INVALID_CREDENTIALS').length;
    assert.ok(checked <= 5, `${checked} guesses were checked against the hash`);
    assert.equal(codes.filter((c) => c === 'TOO_MANY_REQUESTS').length, 30 - checked);
  });
});
