// Identity verification with documents (issue 15, KYC): a player uploads a
// PNG on /profile2/verification (pending review), a program renamed .png is
// refused by its content with the SPEC's text, an operator approves the
// document with the CLI and the player sees the status change.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { casino, requireBuilds, screenshot, useSite, waitForApp, withPage } from './lib/suite.mjs';
import { api, newPlayer } from './lib/players.mjs';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5b0000000049454e44ae426082', 'hex');
const PROGRAM = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]);

describe('identity documents', () => {
  const site = useSite();

  test('upload a PNG (pending), a renamed program is refused, the operator approves, the player sees it', async (t) => {
    requireBuilds(site.server, ['root', 'profile']);
    const { token } = await newPlayer(site, { prefix: 'kyc' });
    const allow = { http: [/^422 .*\/api\/user\/upload-document/] };
    await withPage(site.browser, t, { baseURL: site.server.url, allow }, async ({ page, context }) => {
      await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
      await context.addInitScript((tok) => localStorage.setItem('casino.accessToken', tok), token);
      await page.goto('/profile2/verification');
      await waitForApp(page, 'profile');
      const identity = page.locator('section, div').filter({ has: page.getByText('Identity Proof', { exact: true }) }).last();
      await identity.locator('input[type="file"]').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
      await identity.getByTestId('document').getByText('passport.png: Pending review (up to 24 hours)').waitFor();

      const address = page.locator('section, div').filter({ has: page.getByText('Proof of Address', { exact: true }) }).last();
      await address.locator('input[type="file"]').setInputFiles({ name: 'bill.png', mimeType: 'image/png', buffer: PROGRAM });
      await address.getByRole('alert').getByText('Only jpg, pdf, png accepted').waitFor();
      assert.equal(await address.getByTestId('document').count(), 0, 'nothing stored');

      const list = await casino(['kyc', '--data', site.server.dataDir, 'documents', 'list']);
      const id = list.trim().split(/\s+/)[0];
      assert.match(list, /pending\s+kyc\d+-\d+@example\.com\s+IDENTITY_PROOF\s+image\/png/);
      await casino(['kyc', '--data', site.server.dataDir, 'documents', 'approve', id, '--by', 'e2e']);
      await page.reload();
      await waitForApp(page, 'profile');
      await page.getByTestId('document').getByText('passport.png: Confirmed').waitFor();
      await screenshot(page, 'kyc-verification-1280');
      assert.equal(await page.getByTestId('kyc-discrepancy').count(), 0);

      // The verified name no longer matches the profile: a changed identity
      // detail sends KYC back and the page says why (SPEC 8, discrepancy notice).
      const changed = await api(site, 'PUT', '/api/user/update-user-details', { firstName: 'Adele', onChangeResetKyc: true, updateFrom: 'Profile Page' }, token);
      assert.equal(changed.status, 200, JSON.stringify(changed.json));
      await page.reload();
      await waitForApp(page, 'profile');
      await page.getByTestId('kyc-discrepancy').getByText('Your personal details changed after your documents were verified', { exact: false }).waitFor();
    });
    const docs = await api(site, 'GET', '/api/user/documents', null, token);
    assert.deepEqual(docs.json.data.rows.map((d) => [d.documentType, d.status]), [['IDENTITY_PROOF', 'confirmed']]);
    const noToken = await api(site, 'GET', '/api/user/documents');
    assert.equal(noToken.status, 403, 'documents need a token');
  });
});
