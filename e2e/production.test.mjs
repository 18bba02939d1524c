// The binary in production mode (CASINO_MODE=production), as an operator runs
// a real casino: nothing that can mint money, read mail or carry a session in
// a URL answers; cookies are Secure __Host- cookies; unsafe settings stop it
// at start. docs/security.md, "Production mode".
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { inspectDb } from './lib/db.mjs';
import { api, PLAYER_PASSWORD } from './lib/players.mjs';
import { ACCOUNT_SEL as A, SEL, http, requireBuilds, startServer, useSite, waitForApp, withPage } from './lib/suite.mjs';

const PUBLIC_URL = 'https://casino.example';
// The default write limit (5 a second, bursts of 30, per address), not the raised one of other e2e servers.
const PRODUCTION = { CASINO_MODE: 'production', CASINO_PUBLIC_URL: PUBLIC_URL, CASINO_ADMIN_TOKEN: randomBytes(32).toString('hex'), CASINO_WRITE_RATE: '5,30' };

describe('production mode', () => {
  const site = useSite({ env: PRODUCTION });
  let seq = 0;
  const signUp = async () => {
    const email = `prod-${Date.now().toString(36)}-${++seq}@example.com`;
    const res = await api(site, 'POST', '/api/user/sign-up', {
      email, password: PLAYER_PASSWORD, confirmPassword: PLAYER_PASSWORD, firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1990-05-01',
      countryCode: 'DE', currencyCode: 'EUR', phoneCode: '+49', phone: '15123456789', address: 'Hauptstr. 1', city: 'Berlin',
      zipCode: '10115', gender: 'Female', isAdult: true, acceptTerms: true,
    });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    return email;
  };

  test('refuses to start with a short operator token or without its https address, naming each problem', async () => {
    await assert.rejects(
      startServer({ publish: false, env: { CASINO_MODE: 'production', CASINO_ADMIN_TOKEN: 'admin', CASINO_SYSTEM_TOKEN: 'sys' } }),
      (err) => /CASINO_ADMIN_TOKEN is 5 characters/.test(err.message) && /CASINO_SYSTEM_TOKEN is 3 characters/.test(err.message) && /CASINO_PUBLIC_URL/.test(err.message),
    );
    // A real wallet next to the demo's sandbox chain (which credits any address on request).
    await assert.rejects(startServer({ publish: false, env: { CASINO_CRYPTO_XPUB: 'xpub-of-a-real-wallet' } }), /CASINO_SANDBOX=off/);
  });

  test('the sandbox, the development mailbox and tokens in URLs answer 404 / are refused; every answer carries HSTS', async () => {
    assert.match(await site.server.log(), /PRODUCTION mode/);
    assert.doesNotMatch(await site.server.log(), /DEMO MODE/);
    for (const [method, path] of [['GET', '/dev/mailbox'], ['GET', '/dev/mailbox?to=ann@example.com'], ['GET', '/sandbox/card/3ds/pay_1'], ['GET', '/sandbox/chain/tx/1'], ['POST', '/sandbox/chain/send']]) {
      const res = await http(site, path, { method, headers: { 'Content-Type': 'application/json' }, body: method === 'POST' ? '{"address":"x","amount":"1"}' : undefined });
      assert.equal(res.status, 404, `${method} ${path}`);
    }
    const home = await http(site, '/');
    assert.equal(home.status, 200);
    assert.match(home.headers.get('strict-transport-security') ?? '', /max-age=\d{8}/);

    // A token in the query string is never a session (it leaks through logs and Referer).
    const email = await signUp();
    const login = await api(site, 'POST', '/api/user/login', { email, password: PLAYER_PASSWORD });
    const token = login.json.data.accessToken;
    assert.equal((await http(site, `/api/user/get-user-details?accessToken=${token}`)).status, 403);
    assert.equal((await http(site, `/api/user/events?accessToken=${token}`)).status, 403);
    assert.equal((await http(site, '/api/user/get-user-details', { headers: { Authorization: `Bearer ${token}` } })).status, 200);
    // The cookie a plain-http page or a sibling subdomain could plant is ignored.
    assert.equal((await http(site, '/api/user/get-user-details', { headers: { Cookie: `casino_session=${token}` } })).status, 403);

    // Verification links point at the configured address, never at the Host header.
    const evil = await fetch(new URL('/api/user/resend-verification-email', site.server.url), {
      method: 'POST', headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-Host': 'evil.example' },
    });
    assert.equal(evil.status, 200);
    const rows = (await inspectDb(join(site.server.dataDir, 'casino.db'), `SELECT body_text FROM mail_outbox WHERE recipient = '${email}'`)).rows ?? [];
    assert.ok(rows.length >= 1);
    for (const [text] of rows) {
      assert.match(text, /https:\/\/casino\.example\/api\/user\/verify-email\?token=/);
      assert.doesNotMatch(text, /127\.0\.0\.1|evil\.example/);
    }
  });

  test('a player logs in in Chromium: the session is a Secure, HttpOnly __Host- cookie that survives a reload', async (t) => {
    requireBuilds(site.server, ['root', 'profile', 'lobby']);
    const email = await signUp();
    await withPage(site.browser, t, { baseURL: site.server.url }, async ({ page, context }) => {
      await page.goto('/?modal=login');
      const dialog = page.locator(A.dialog);
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Password', { exact: true }).fill(PLAYER_PASSWORD);
      await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.locator(A.userMenu).waitFor();
      const cookies = await context.cookies();
      const session = cookies.find((c) => c.name === '__Host-casino_session');
      assert.ok(session, `cookies: ${cookies.map((c) => c.name).join(', ')}`);
      assert.ok(session.secure && session.httpOnly && session.path === '/', JSON.stringify(session));
      assert.ok(!cookies.some((c) => c.name === 'casino_session'), 'no plain session cookie');
      await page.reload();
      await page.locator(A.userMenu).waitFor();
      await waitForApp(page, 'lobby');
      assert.equal(await page.locator(SEL.menuLogin).count(), 0);
    });
  });

  // Last: it spends this address's allowance.
  test('anonymous writes from one address are limited: past the burst, 429 "Try again later"', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () =>
      http(site, '/api/user/log-event', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"event":"PAGE_VIEW","url":"/"}' })));
    const refused = answers.filter((r) => r.status === 429);
    assert.ok(refused.length >= 20 && refused.length <= 35, `${refused.length} of 60 refused`);
    assert.equal((await refused[0].json()).error.message, 'Try again later');
    assert.equal(refused[0].headers.get('retry-after'), '1');
  });
});
