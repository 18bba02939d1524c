// The operator's back office (issue 21, docs/backoffice.md) in Chromium:
// staff made with `casino staff create`, log-in with password and an RFC 6238
// code computed here; an admin approves a withdrawal (the player's history
// shows it completed), confirms identity documents (the player sees
// APPROVED) and rolls a front-end release back; every decision is in the
// audit log; a support account sees the queue but is refused the finance
// decision, on screen and by the server.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { BUILDS } from './lib/paths.mjs';
import { casino, http, MOBILE, requireBuilds, screenshot, useSite, waitForApp, withPage } from './lib/suite.mjs';
import { api, newPlayer, openAs } from './lib/players.mjs';

/** RFC 4648 base32 (the authenticator secret) to bytes. */
function base32(secret) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  return Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
}

/** RFC 6238 TOTP: HMAC-SHA1 of the 30-second step, dynamic truncation, 6 digits. */
export function totp(secret, at = Date.now(), step = 0) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30) + step));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A staff member made by the operator's command: {email, password, secret}. */
async function staff(site, email, role) {
  const out = await casino(['staff', '--data', site.server.dataDir, 'create', email, role]);
  const password = out.match(/^password: (\S+)$/m)?.[1];
  const secret = out.match(/^totp secret: (\S+)$/m)?.[1];
  assert.ok(password && secret && /otpauth:\/\/totp\//.test(out), out);
  return { email, password, secret };
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5b0000000049454e44ae426082', 'hex');

async function upload(site, token, kind, name, bytes) {
  const form = new FormData();
  form.append('documentType', kind);
  form.append('file', new Blob([bytes], { type: 'image/png' }), name);
  const res = await http(site, '/api/user/upload-document', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  assert.equal(res.status, 200, await res.text());
}

/** Logs a staff member in through the form (the me call answers 401 first). */
async function logInStaff(page, who) {
  await page.goto('/backoffice');
  await page.getByRole('heading', { name: 'Staff log-in' }).waitFor();
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByLabel('Authenticator code').fill(totp(who.secret));
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('backoffice-who').waitFor();
}

const STAFF_401 = /^401 [^ ]*\/api\/backoffice\/me$/;

describe('back office', () => {
  const ADMIN_TOKEN = 'backoffice-e2e-admin';
  const site = useSite({ env: { CASINO_ADMIN_TOKEN: ADMIN_TOKEN } });
  /** The admin of the first test, logged in again (a later code) by the second. */
  let admin;

  test('an admin approves a withdrawal, reviews documents and rolls back a release; support is refused the decision', async (t) => {
    requireBuilds(site.server, ['root', 'backoffice', 'cashier', 'profile', 'calendar']);
    // No game is played here: the operator waives deposit wagering.
    const set = await http(site, '/api/admin/cashier/settings', {
      method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-Admin-Token': ADMIN_TOKEN }, body: JSON.stringify({ depositWageringMultiplier: '0' }),
    });
    assert.equal(set.status, 200, 'cashier settings');
    const player = await newPlayer(site, { prefix: 'bo', deposit: '100.00' });
    const wd = await api(site, 'POST', '/api/user/withdraw', {
      amount: '20.00', paymentMethod: 'banktransfer', beneficiaryName: 'Ada Lovelace', accountNumber: 'DE89370400440532013000',
      email: player.email, bankCode: 'HDFC0001234',
    }, player.token);
    assert.equal(wd.status, 200, JSON.stringify(wd.json));
    const withdrawalId = wd.json.data.withdrawalId;
    await upload(site, player.token, 'IDENTITY_PROOF', 'passport.png', PNG);
    await upload(site, player.token, 'PROOF_OF_ADDRESS', 'bill.png', Buffer.concat([PNG, Buffer.from([0])]));

    // A second build of the calendar goes live: the one to roll back.
    const before = (await (await http(site, '/api/core/casino/frontends')).json()).data.calendar.version;
    const dir = await mkdtemp(join(tmpdir(), 'bo-calendar-'));
    await cp(BUILDS.calendar, dir, { recursive: true });
    await writeFile(join(dir, 'release-note.txt'), 'back-office e2e\n');
    await casino(['frontends', '--data', site.server.dataDir, 'publish', 'calendar', dir]);
    await rm(dir, { recursive: true, force: true });
    const published = (await (await http(site, '/api/core/casino/frontends')).json()).data.calendar.version;
    assert.notEqual(published, before);

    admin = await staff(site, `admin-${Date.now()}@staff.example`, 'admin');
    const support = await staff(site, `support-${Date.now()}@staff.example`, 'support');

    await withPage(site.browser, t, { baseURL: site.server.url, allow: { http: [STAFF_401] } }, async ({ page }) => {
      await logInStaff(page, admin);
      await page.getByText(`${admin.email} (admin)`).waitFor();
      const nav = page.getByRole('navigation', { name: 'Back office sections' });
      assert.deepEqual(await nav.getByRole('link').allTextContents(), [
        'Dashboard', 'Players', 'Withdrawals', 'Documents', 'Bonuses', 'Game providers', 'Feature flags', 'Site settings', 'Releases', 'Chat', 'Staff', 'Audit log',
      ]);

      // The dashboard: today's figures from the ledger.
      const eur = page.locator('[data-currency="EUR"]');
      await eur.getByText('100.00 EUR').first().waitFor();
      await eur.getByText('20.00 EUR').waitFor(); // pending withdrawal
      await page.getByTestId('dashboard-documents').getByText('2', { exact: true }).waitFor();
      await screenshot(page, 'backoffice-dashboard-1280');
      await nav.getByRole('link', { name: 'Withdrawals' }).click();

      // Withdrawals: the player's request, approved with a reason.
      const row = page.locator('tbody tr', { hasText: withdrawalId });
      await row.getByText(player.email).waitFor();
      await row.getByRole('button', { name: `Approve ${withdrawalId}` }).click();
      await row.getByPlaceholder('Reason (optional)').fill('beneficiary checked');
      await row.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('status').getByText(`Withdrawal ${withdrawalId} approved: completed.`).waitFor();
      await page.getByText('No withdrawals with this status.').waitFor();
      await screenshot(page, 'backoffice-withdrawals-1280');
      // The export is fetched with the session's headers and downloaded.
      await page.getByLabel('Status').selectOption('all');
      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      assert.equal(csv.suggestedFilename(), 'withdrawals.csv');

      // Documents: both confirmed.
      await nav.getByRole('link', { name: 'Documents' }).click();
      // A document opens in a new tab (fetched with the session's headers).
      const [view] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'View passport.png' }).click()]);
      await view.waitForURL(/^blob:/);
      await view.close();
      for (const kind of ['IDENTITY_PROOF', 'PROOF_OF_ADDRESS']) {
        const doc = page.locator('tbody tr', { hasText: kind }).filter({ hasText: player.email });
        await doc.getByRole('button', { name: /^Approve / }).click();
        await doc.getByRole('button', { name: 'Confirm' }).click();
        await page.getByRole('status').getByText(/^Document \d+ confirmed\.$/).waitFor();
        await doc.waitFor({ state: 'detached' });
      }

      // Feature flags: one turned on with a reason, applied at once.
      await nav.getByRole('link', { name: 'Feature flags' }).click();
      const ghost = page.locator('tbody tr', { hasText: 'ghostMode' });
      await ghost.getByText('Off', { exact: true }).waitFor();
      await ghost.getByRole('button', { name: 'Turn on ghostMode' }).click();
      await ghost.getByPlaceholder('Reason').fill('streamers asked for it');
      await ghost.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('status').getByText('ghostMode is now on.').waitFor();
      await ghost.getByText('On', { exact: true }).waitFor();
      const settings = (await (await http(site, '/api/core/casino/settings2')).json()).data;
      assert.equal(settings.features.ghostMode, true, 'the running server applies the flag');

      // Releases: the calendar goes back to the build before, with a reason.
      await nav.getByRole('link', { name: 'Releases' }).click();
      const calendar = page.locator('[data-release="calendar"]');
      await calendar.getByText(published).first().waitFor();
      await calendar.getByRole('button', { name: 'Roll back calendar' }).click();
      await calendar.getByPlaceholder('Reason').fill('calendar errors after the release');
      await calendar.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('status').getByText(`calendar is now at ${before}.`).waitFor();
      // The first build has none before it: no roll-back button that would fail.
      await calendar.getByRole('button', { name: 'Roll back calendar' }).waitFor({ state: 'detached' });
      await screenshot(page, 'backoffice-releases-1280');

      // The audit log: every decision, filtered by action.
      await nav.getByRole('link', { name: 'Audit log' }).click();
      await page.locator('tbody tr', { hasText: 'release.rollback' }).getByText('calendar errors after the release').waitFor();
      await page.locator('tbody tr', { hasText: 'withdrawal.approve' }).getByText('beneficiary checked').waitFor();
      await page.getByLabel('Action (or its start, e.g. withdrawal.)').fill('kyc.');
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 2 && !document.body.innerText.includes('release.rollback'));
      await screenshot(page, 'backoffice-audit-1280');

      // Players: found by e-mail; the page shows the ledger after the payout.
      await nav.getByRole('link', { name: 'Players' }).click();
      await page.getByPlaceholder('Player id or e-mail').fill(player.email);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('link', { name: player.email }).click();
      await page.getByTestId('player-real').getByText('80.00 EUR').waitFor();
      await page.getByTestId('player-page').getByText('withdraw_settle').waitFor();
      await page.getByTestId('player-page').getByText('APPROVED').first().waitFor();
      await page.getByLabel('New note (kept for good, visible to staff only)').fill('Asked about the payout time.');
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.getByTestId('player-notes').getByText('Asked about the payout time.').waitFor();
      await screenshot(page, 'backoffice-player-1280');
    });
    const current = (await (await http(site, '/api/core/casino/frontends')).json()).data.calendar.version;
    assert.equal(current, before, 'the calendar is back at the build before');

    // The player sees the withdrawal paid and the identity approved.
    await withPage(site.browser, t, { baseURL: site.server.url }, async ({ page }) => {
      await openAs(page, site, player.token, '/profile/transactions');
      await waitForApp(page, 'cashier');
      await page.getByRole('tab', { name: 'Withdrawal' }).click();
      const row = page.locator('[data-testid="transactions-withdrawal"] tbody tr').first();
      await row.getByText('Completed').waitFor();
      await page.goto('/profile2/verification');
      await waitForApp(page, 'profile');
      await page.getByText('Status: APPROVED').waitFor();
    });

    // Support: reads the queue, holds no decision; the server refuses it too.
    const second = await api(site, 'POST', '/api/user/withdraw', {
      amount: '10.00', paymentMethod: 'banktransfer', beneficiaryName: 'Ada Lovelace', accountNumber: 'DE89370400440532013000',
      email: player.email, bankCode: 'HDFC0001234',
    }, player.token);
    assert.equal(second.status, 200, JSON.stringify(second.json));
    const secondId = second.json.data.withdrawalId;
    const refused = /^40[13] [^ ]*\/api\/backoffice\/withdrawals\/[^/]+\/approve$/;
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE, allow: { http: [STAFF_401, refused] } }, async ({ page }) => {
      await logInStaff(page, support);
      const nav = page.getByRole('navigation', { name: 'Back office sections' });
      assert.deepEqual(await nav.getByRole('link').allTextContents(), ['Players', 'Withdrawals', 'Documents', 'Bonuses', 'Chat']);
      await nav.getByRole('link', { name: 'Withdrawals' }).click();
      const row = page.locator('tbody tr', { hasText: secondId });
      await row.getByText('10.00 EUR').waitFor();
      assert.equal(await page.getByRole('button', { name: /^Approve / }).count(), 0, 'no approve button for support');
      assert.equal(await page.getByRole('button', { name: /^Reject / }).count(), 0, 'no reject button for support');
      const approve = (id, withToken) =>
        page.evaluate(
          async ([id, withToken]) => {
            const headers = { 'Content-Type': 'application/json' };
            if (withToken) headers['X-Staff-Token'] = sessionStorage.getItem('casino.staffToken');
            const res = await fetch(`/api/backoffice/withdrawals/${id}/approve`, { method: 'POST', headers, body: '{}' });
            return { status: res.status, code: (await res.json()).error?.code };
          },
          [id, withToken],
        );
      // The server refuses support the finance decision…
      assert.deepEqual(await approve(secondId, true), { status: 403, code: 'STAFF_FORBIDDEN' });
      // …and the cookie alone (what a script on a casino page of the same origin has) is no session.
      assert.deepEqual(await approve(secondId, false), { status: 401, code: 'STAFF_UNAUTHORIZED' });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `the page is ${width} px wide at 375`);
      await screenshot(page, 'backoffice-support-375');
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByRole('heading', { name: 'Staff log-in' }).waitFor();
    });
    const after = await api(site, 'GET', '/api/user/withdrawals?status=pending', null, player.token);
    assert.ok(JSON.stringify(after.json).includes(secondId), 'the refused withdrawal is still pending');

    // A player's session is no staff session.
    const asPlayer = await api(site, 'GET', '/api/backoffice/withdrawals', null, player.token);
    assert.equal(asPlayer.status, 401);
  });
  test('an admin freezes a player, makes a coupon the player redeems, rotates a provider secret and adds a support member who is refused admin work', async (t) => {
    requireBuilds(site.server, ['root', 'backoffice']);
    assert.ok(admin, 'the first test made the admin');
    const player = await newPlayer(site, { prefix: 'bo-freeze' });
    const code = `BO${Date.now().toString(36).toUpperCase()}`;
    let support;
    const refused = /^403 [^ ]*\/api\/backoffice\/(coupons|players)\/[^ ]+$/;
    await withPage(site.browser, t, { baseURL: site.server.url, allow: { http: [STAFF_401] } }, async ({ page }) => {
      // The code of the next 30-second step: the first test's log-in used this one.
      await page.goto('/backoffice');
      await page.getByLabel('E-mail').fill(admin.email);
      await page.getByLabel('Password').fill(admin.password);
      await page.getByLabel('Authenticator code').fill(totp(admin.secret, Date.now(), 1));
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByTestId('backoffice-who').waitFor();
      const nav = page.getByRole('navigation', { name: 'Back office sections' });

      // A coupon for the seeded coupon bonus; the player redeems it.
      await nav.getByRole('link', { name: 'Bonuses' }).click();
      await page.locator('tbody tr', { hasText: 'coupon-5' }).first().waitFor();
      await page.getByRole('button', { name: 'New coupon' }).click();
      const form = page.getByTestId('coupon-form');
      await form.getByLabel('Code').fill(code);
      await form.getByLabel('Bonus', { exact: true }).selectOption('coupon-5');
      await form.getByLabel('Most redemptions (0: no limit)').fill('10');
      await form.getByLabel('Reason').fill('newsletter of the week');
      await form.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('status').getByText(`${code} saved.`).waitFor();
      await page.locator('tbody tr', { hasText: code }).getByText('0 / 10').waitFor();
      await screenshot(page, 'backoffice-bonuses-1280');
      const redeemed = await api(site, 'POST', '/api/user/redeem-coupon', { code }, player.token);
      assert.equal(redeemed.status, 200, JSON.stringify(redeemed.json));
      await page.reload();
      await page.locator('tbody tr', { hasText: code }).getByText('1 / 10').waitFor();

      // The studio's wallet secret, rotated and shown once.
      await nav.getByRole('link', { name: 'Game providers' }).click();
      const studio = page.locator('tbody tr', { hasText: 'studio' }).first();
      await studio.getByRole('button', { name: 'Rotate secret studio' }).click();
      await studio.getByPlaceholder('Reason').fill('yearly rotation');
      await studio.getByRole('button', { name: 'Confirm' }).click();
      const secret = await page.getByTestId('provider-secret').locator('code').textContent();
      assert.match(secret, /^[0-9a-f]{64}$/);
      await screenshot(page, 'backoffice-providers-1280');
      await nav.getByRole('link', { name: 'Site settings' }).click();
      await page.getByTestId('site-settings').waitFor();
      await screenshot(page, 'backoffice-site-1280');

      // The player frozen: their next request is logged out, the log-in refused.
      await nav.getByRole('link', { name: 'Players' }).click();
      await page.getByPlaceholder('Player id or e-mail').fill(player.email);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('link', { name: player.email }).click();
      await page.getByTestId('player-sessions').locator('tbody tr').first().waitFor();
      await page.getByRole('button', { name: 'Freeze account' }).click();
      await page.getByTestId('player-account').getByPlaceholder('Reason').fill('chargeback under review');
      await page.getByTestId('player-account').getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('status').getByText('The account is frozen: its sessions have ended and it cannot log in.').waitFor();
      await page.getByTestId('player-account').getByText(/^Account frozen by .*: chargeback under review$/).waitFor();
      await page.getByTestId('player-sessions').getByText('None.').waitFor();
      await screenshot(page, 'backoffice-player-frozen-1280');
      const next = await api(site, 'GET', '/api/user/withdrawals', null, player.token);
      assert.equal(next.status, 403, 'the frozen player is logged out');
      const login = await api(site, 'POST', '/api/user/login', { email: player.email, password: player.password });
      assert.deepEqual([login.status, login.json.error?.code], [409, 'ACCOUNT_FROZEN']);

      // A support member, made here: password and second factor shown once.
      await nav.getByRole('link', { name: 'Staff' }).click();
      const email = `support2-${Date.now()}@staff.example`;
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Role').selectOption('support');
      await page.getByRole('button', { name: 'Create' }).click();
      const made = page.getByTestId('staff-created');
      await made.getByRole('img', { name: `QR code for the authenticator app of ${email}` }).waitFor();
      support = { email, password: await made.getByTestId('staff-password').textContent(), secret: await made.getByTestId('staff-secret').textContent() };
      await screenshot(page, 'backoffice-staff-1280');

      // Every write is in the audit log.
      await nav.getByRole('link', { name: 'Audit log' }).click();
      for (const [action, reason] of [['player.freeze', 'chargeback under review'], ['provider.secret.rotate', 'yearly rotation'], ['coupon.create', 'newsletter of the week']]) {
        await page.locator('tbody tr', { hasText: action }).getByText(reason).first().waitFor();
      }
      await page.locator('tbody tr', { hasText: 'staff.create' }).getByText(`staff:${email}`).waitFor();
    });

    // Support: reads the player (frozen) and the bonuses, may do neither admin nor compliance work.
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE, allow: { http: [STAFF_401, refused] } }, async ({ page }) => {
      await logInStaff(page, support);
      const nav = page.getByRole('navigation', { name: 'Back office sections' });
      await nav.getByRole('link', { name: 'Players' }).click();
      await page.getByPlaceholder('Player id or e-mail').fill(player.email);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('link', { name: player.email }).click();
      await page.getByTestId('player-account').getByText(/^Account frozen by /).waitFor();
      assert.equal(await page.getByRole('button', { name: /^(Unfreeze|Freeze) account$/ }).count(), 0, 'no freeze button for support');
      assert.equal(await page.getByRole('button', { name: /^Change / }).count(), 3, 'support changes the three bet limits');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `the player page is ${width} px wide at 375`);
      await screenshot(page, 'backoffice-player-support-375');
      const call = (method, path, body) =>
        page.evaluate(
          async ([method, path, body]) => {
            const res = await fetch(path, {
              method, headers: { 'Content-Type': 'application/json', 'X-Staff-Token': sessionStorage.getItem('casino.staffToken') }, body: JSON.stringify(body),
            });
            return { status: res.status, code: (await res.json()).error?.code };
          },
          [method, path, body],
        );
      assert.deepEqual(await call('POST', `/api/backoffice/players/${player.userId}/unfreeze`, { reason: 'x' }), { status: 403, code: 'STAFF_FORBIDDEN' });
      assert.deepEqual(await call('PUT', `/api/backoffice/coupons/${code}X`, { reason: 'x', coupon: { code: `${code}X`, bonus: 'coupon-5', isActive: true } }),
        { status: 403, code: 'STAFF_FORBIDDEN' });
      await nav.getByRole('link', { name: 'Bonuses' }).click();
      await page.locator('tbody tr', { hasText: code }).first().waitFor();
      assert.equal(await page.getByRole('button', { name: /^(New coupon|New bonus|Disable .*|Edit .*)$/ }).count(), 0, 'bonuses read only for support');
    });
  });

  test('support moderates the chat: a message deleted live on the player\'s page, its author muted and refused', async (t) => {
    requireBuilds(site.server, ['root', 'backoffice', 'lobby']);
    const mod = await staff(site, `mod-${Date.now()}@staff.example`, 'support');
    const player = await newPlayer(site, { prefix: 'bo-chat', deposit: '20.00' });
    const text = `Join my channel for tips ${Date.now().toString(36)}`;
    const posted = await api(site, 'POST', '/api/user/chat/en/messages', { text }, player.token);
    assert.equal(posted.status, 200, JSON.stringify(posted.json));
    const id = posted.json.data.id;
    const muted = { http: [/^422 [^ ]*\/api\/user\/chat\/en\/messages$/] };
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE, allow: muted }, async ({ page: playerPage }) => {
      await openAs(playerPage, site, player.token, '/casino');
      await waitForApp(playerPage, 'lobby');
      const line = playerPage.locator('[data-testid="chat-line"]', { hasText: text });
      await line.waitFor({ timeout: 15_000 });

      await withPage(site.browser, t, { baseURL: site.server.url, allow: { http: [STAFF_401] } }, async ({ page }) => {
        await logInStaff(page, mod);
        await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('link', { name: 'Chat' }).click();
        const row = page.locator('tbody tr', { hasText: text });
        await row.waitFor();
        assert.match(await row.textContent(), new RegExp(player.email.replace(/[.+]/g, '\\$&')), 'the author is named');
        await screenshot(page, 'backoffice-chat-1280', { fullPage: false });

        // Delete with a reason: the player's open page drops the message at once.
        await row.getByRole('button', { name: `Delete ${id}` }).click();
        await row.getByPlaceholder('Reason').fill('advertising');
        await row.getByRole('button', { name: 'Confirm' }).click();
        await page.getByRole('status').filter({ hasText: `Message ${id} deleted.` }).waitFor();
        await line.waitFor({ state: 'detached', timeout: 10_000 });

        // Mute the author for an hour, from another message of theirs (the
        // screen follows the room: it shows up without a reload).
        const second = await api(site, 'POST', '/api/user/chat/en/messages', { text: `${text} again` }, player.token);
        assert.ok([200, 429].includes(second.status), JSON.stringify(second.json));
        if (second.status === 429) {
          await new Promise((r) => setTimeout(r, 3_000)); // the chat's rate limit
          assert.equal((await api(site, 'POST', '/api/user/chat/en/messages', { text: `${text} again` }, player.token)).status, 200);
        }
        const again = page.locator('tbody tr', { hasText: `${text} again` });
        await again.waitFor();
        await again.getByRole('button', { name: `Mute 1 h ${player.email}` }).click();
        await again.getByPlaceholder('Reason').fill('spam after a warning');
        await again.getByRole('button', { name: 'Confirm' }).click();
        await page.getByRole('status').filter({ hasText: `${player.email} is muted.` }).waitFor();
        const sanction = page.locator('tbody tr', { hasText: 'spam after a warning' });
        await sanction.waitFor();
        assert.match(await sanction.textContent(), /mute/);
      });

      // The player is refused with SPEC's words.
      await playerPage.getByLabel('Your message').fill('hello?');
      await playerPage.getByRole('button', { name: 'Send' }).click();
      await playerPage.getByText('You are muted in the chat').waitFor();
      await screenshot(playerPage, 'chat-muted-375', { fullPage: false });
    });
  });
});
