// Players for the end-to-end tests, made through the public API the way a
// real one is: sign-up, the verification link from the development mailbox
// (no SMTP in tests), log-in and, when asked, a sandbox card deposit.
import assert from 'node:assert/strict';
import { http } from './suite.mjs';

export const PLAYER_PASSWORD = 'Secret1!x';

let serial = 0;

/** A JSON call with an optional bearer token (and extra headers): {status, json}. */
export async function api(site, method, path, body, token, headers = {}) {
  const res = await http(site, path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: await res.json().catch(() => ({})) };
}

/**
 * A new logged-in player with a verified e-mail (Germany, EUR unless told
 * otherwise); `deposit` ("50.00") adds a confirmed sandbox card deposit;
 * `address` replaces the street, `cookie` is sent with the sign-up (a
 * browser's cookies, e.g. the referral link's), `uidToken` is the device id
 * and `promoCode` the promo code sent with the sign-up.
 * Returns {email, password, token, userId}.
 */
export async function newPlayer(site, { prefix = 'player', currencyCode = 'EUR', countryCode = 'DE', phoneCode = '+49', phone = '15123456789',
  firstName = 'Ada', lastName = 'Lovelace', dateOfBirth, uidToken, promoCode, deposit, address = 'Hauptstr. 1', cookie } = {}) {
  serial += 1;
  // A birth date of its own: players signed up from one address with one
  // name and birth date are duplicate accounts to the bonus core
  // (BONUS_FRAUD, docs/bonus.md), and every test player comes from 127.0.0.1.
  dateOfBirth ??= new Date(Date.UTC(1960, 0, 1) + serial * 86_400_000).toISOString().slice(0, 10);
  const email = `${prefix}${serial}-${Date.now()}@example.com`;
  const signUp = await api(site, 'POST', '/api/user/sign-up', {
    email, password: PLAYER_PASSWORD, confirmPassword: PLAYER_PASSWORD, firstName, lastName,
    dateOfBirth, countryCode, currencyCode, phoneCode, phone,
    address, city: 'Berlin', zipCode: '10115', gender: 'Female', nickname: `${prefix}${serial}`,
    isAdult: true, acceptTerms: true, ...(uidToken ? { uidToken } : {}), ...(promoCode ? { promoCode } : {}),
  }, null, cookie ? { Cookie: cookie } : {});
  assert.equal(signUp.status, 200, `sign-up: ${JSON.stringify(signUp.json)}`);
  const box = await (await http(site, `/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
  const link = box.match(/\/api\/user\/verify-email\?token=[A-Za-z0-9_%-]+/)?.[0];
  assert.ok(link, 'verification e-mail in the mailbox');
  assert.equal((await http(site, link.replace(/&amp;/g, '&'))).status, 303, 'verify-email redirects');
  const login = await api(site, 'POST', '/api/user/login', { email, password: PLAYER_PASSWORD });
  assert.equal(login.status, 200, `login: ${JSON.stringify(login.json)}`);
  const player = { email, password: PLAYER_PASSWORD, token: login.json.data.accessToken, userId: login.json.data.userId };
  if (deposit) await cardDeposit(site, player.token, deposit, { currencyCode, holder: `${firstName} ${lastName}` });
  return player;
}

/** A confirmed sandbox card deposit through the API (the browser flows have their own tests). */
export async function cardDeposit(site, token, amount, { currencyCode = 'EUR', holder = 'Ada Lovelace' } = {}) {
  const res = await api(site, 'POST', '/api/user/deposit', {
    amount, paymentMethod: 'visa', currencyCode,
    card: { number: '4242 4242 4242 4242', holder, expiry: '12/30', cvc: '123' },
  }, token);
  assert.equal(res.json.data?.status, 'confirmed', `deposit: ${JSON.stringify(res.json)}`);
  return res.json.data;
}

/** Logs a browser context in as the platform keeps a session: the HttpOnly cookie and the token in storage. */
export async function logIn(context, site, player) {
  await context.addCookies([{ name: 'casino_session', value: player.token, url: site.server.url }]);
  await context.addInitScript((token) => localStorage.setItem('casino.accessToken', token), player.token);
}

/** Opens path in page as the player of token (the session cookie and the token in storage, as after a log-in). */
export async function openAs(page, site, token, path) {
  await logIn(page.context(), site, { token });
  await page.goto(path);
}
