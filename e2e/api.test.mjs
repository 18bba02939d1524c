// The HTTP contract of the platform calls, with plain fetch against a real BFF.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { inspectDb } from './lib/db.mjs';
import { SEED } from './lib/paths.mjs';
import { http, useSite } from './lib/suite.mjs';

// SPEC.md section 2: configurable page addresses and their defaults.
const PAGE_URL_DEFAULTS = {
  root: '/',
  profile: '/profile',
  account: '/account',
  'edit-profile': '/profile/edit-profile',
  transactions: '/profile/transactions',
  verification: '/profile/verify',
  verification2: '/account/verification',
  favorites: '/profile/favorites',
  promotions: '/promotions',
  bonus_history: '/bonuses',
  deposit: '/deposit',
  withdraw: '/withdraw',
  casino: '/casino',
  providers: '/providers',
  tournaments: '/tournaments',
  cashback: '/cashback',
};

const json = (body) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Language: 'en' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

/** Asserts the API's error shape and returns the error object. */
async function apiError(res, status) {
  assert.equal(res.status, status, `expected HTTP ${status}, got ${res.status}`);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  const body = await res.json();
  assert.ok(body.error, `no "error" in ${JSON.stringify(body)}`);
  assert.equal(typeof body.error.code, 'string');
  assert.ok(body.error.code.length > 0);
  assert.equal(typeof body.error.message, 'string');
  assert.ok(body.error.message.length > 0);
  if ('fields' in body.error) assert.equal(typeof body.error.fields, 'object');
  return body.error;
}

describe('platform API', () => {
  const site = useSite({ browser: false, publish: ['lobby'] });

  test('GET settings2: page address defaults, referAFriendPercent 0, apiVersion "1.0"', async () => {
    const res = await http(site, '/api/core/casino/settings2', { headers: { Language: 'en' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /^application\/json/);
    const { data } = await res.json();
    assert.ok(data, 'body is {"data": …}');
    for (const [key, url] of Object.entries(PAGE_URL_DEFAULTS)) {
      assert.equal(data.pageUrls?.[key], url, `pageUrls["${key}"]`);
    }
    assert.equal(data.referAFriendPercent, 0);
    assert.equal(data.apiVersion, '1.0');
    assert.equal(typeof data.brandName, 'string');
    assert.equal(typeof data.theme, 'object');
    assert.ok(Array.isArray(data.navigation), 'navigation is a list');
    for (const item of [...data.navigation, ...(data.headerMenu ?? [])]) {
      assert.ok(['guest', 'user', 'any'].includes(item.scope), `scope of ${JSON.stringify(item)}`);
    }
    const menu = (data.headerMenu ?? []).map((i) => i.id);
    for (const id of ['profile', 'deposit', 'withdrawal', 'transactions', 'logout']) {
      assert.ok(menu.includes(id), `header menu has ${id} (got ${menu.join(', ')})`);
    }
    assert.equal(typeof data.features, 'object');
  });

  test('GET locales/en.json: 200, cached one hour; unknown language: 404 in the error shape', async () => {
    const res = await http(site, '/api/core/casino/locales/en.json');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('cache-control') ?? '', /max-age=3600\b/);
    const messages = await res.json();
    assert.equal(typeof messages, 'object');
    assert.ok(Object.keys(messages).length > 0, 'English catalogue is not empty');
    for (const [id, text] of Object.entries(messages)) assert.equal(typeof text, 'string', `message ${id}`);

    const unknown = await http(site, '/api/core/casino/locales/zz-nope.json');
    const err = await apiError(unknown, 404);
    assert.ok(err.message);
  });

  test('GET scripts: {key, head, bodyStart, bodyEnd} filtered by enableAuthUsers / enableDepositors', async () => {
    const seed = JSON.parse(readFileSync(join(SEED, 'scripts.json'), 'utf8'));
    const keysFor = (audiences) => seed.filter((s) => audiences.includes(s.audience ?? 'all')).map((s) => s.key).sort();
    const get = async (q) => {
      const res = await http(site, `/api/core/casino/scripts${q}`);
      assert.equal(res.status, 200, `scripts${q}`);
      const { data } = await res.json();
      assert.ok(Array.isArray(data));
      for (const s of data) {
        for (const f of ['key', 'head', 'bodyStart', 'bodyEnd']) assert.equal(typeof s[f], 'string', `${f} of ${s.key}`);
      }
      return data.map((s) => s.key).sort();
    };
    assert.deepEqual(await get(''), keysFor(['all']), 'visitors get the scripts for all');
    assert.deepEqual(await get('?enableAuthUsers=true'), keysFor(['all', 'auth']));
    assert.deepEqual(await get('?enableDepositors=true'), keysFor(['all', 'depositors']));
    assert.deepEqual(await get('?enableAuthUsers=true&enableDepositors=true'), keysFor(['all', 'auth', 'depositors']));
    assert.ok(keysFor(['depositors']).length > 0, 'the seed has a depositors-only script to filter');
    await apiError(await http(site, '/api/core/casino/scripts?enableDepositors=maybe'), 400);
  });

  test('POST log-event: stores the event with its marketing parameters', async () => {
    const marker = `/e2e-${Date.now()}`;
    const res = await http(site, '/api/user/log-event', json({
      event: 'PAGE_VIEW',
      data: { url: marker },
      mkt: 'e2e-mkt',
      userDeviceType: 'desktop',
      cpncToSent: 'e2e-cpnc',
    }));
    assert.ok([200, 201].includes(res.status), `status ${res.status}`);
    const body = await res.json();
    assert.ok(body.data, 'body is {"data": …}');
    const db = await inspectDb(join(site.server.dataDir, 'casino.db'),
      `SELECT event, json_extract(data, '$.url'), mkt, cpnc, device_type FROM event_log WHERE json_extract(data, '$.url') = '${marker}'`);
    assert.deepEqual(db.rows, [['PAGE_VIEW', marker, 'e2e-mkt', 'e2e-cpnc', 'desktop']]);
  });

  test('POST log-event: bad input answers 400 {"error":{code, message, fields}}', async () => {
    const bad = await apiError(await http(site, '/api/user/log-event', json({ event: 'not an event', data: 5, userDeviceType: 'fridge' })), 400);
    assert.ok(bad.fields, 'fields present');
    for (const f of ['event', 'data', 'userDeviceType']) assert.ok(bad.fields[f], `fields.${f} (got ${JSON.stringify(bad.fields)})`);

    const missing = await apiError(await http(site, '/api/user/log-event', json({ data: {} })), 400);
    assert.equal(missing.fields?.event, 'Required');

    await apiError(await http(site, '/api/user/log-event', json('{not json')), 400);
    await apiError(await http(site, '/api/user/log-event', json('')), 400);
    await apiError(await http(site, '/api/user/log-event', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{"event":"PAGE_VIEW"}' }), 400);
  });

  test('GET /api/user/events without a token: 403 FORBIDDEN (also with a made-up token)', async () => {
    const err = await apiError(await http(site, '/api/user/events'), 403);
    assert.equal(err.code, 'FORBIDDEN');
    await apiError(await http(site, '/api/user/events', { headers: { Authorization: 'Bearer not-a-token', 'X-Access-Token': 'not-a-token' } }), 403);
    await apiError(await http(site, '/api/user/events?accessToken=not-a-token'), 403);
  });

  test('unknown API path: 404 in the error shape, never HTML', async () => {
    const err = await apiError(await http(site, '/api/core/casino/no-such-call'), 404);
    assert.ok(err.code);
  });

  test('missing chunk /mf/lobby/<version>/nope.js: 404, not the HTML shell', async () => {
    const cur = await (await http(site, '/api/core/casino/frontends')).json();
    const version = cur.data?.lobby?.version ?? '0000000000';
    for (const path of [`/mf/lobby/${version}/nope.js`, `/mf/lobby/${version}/chunks/nope.css`, '/mf/lobby/no-such-version/remoteEntry.js']) {
      const res = await http(site, path, { headers: { Accept: 'text/html,*/*' } });
      assert.equal(res.status, 404, path);
      assert.doesNotMatch(res.headers.get('content-type') ?? '', /text\/html/, `${path} must not answer HTML`);
      assert.doesNotMatch(await res.text(), /<html|<!doctype/i, path);
    }
  });

  test('front-end registry: GET frontends lists current releases; writes need the deploy token', async () => {
    const res = await http(site, '/api/core/casino/frontends');
    assert.equal(res.status, 200);
    const { data } = await res.json();
    if (site.server.published.includes('lobby')) {
      assert.match(data.lobby.entry, new RegExp(`^/mf/lobby/${data.lobby.version}/remoteEntry\\.js$`));
    }
    await apiError(await http(site, '/api/core/casino/frontends/lobby', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{"rollback":true}' }), 403);
    await apiError(await http(site, '/api/core/casino/frontends/lobby', { method: 'POST', headers: { Authorization: 'Bearer wrong' }, body: 'x' }), 403);
  });
});
