// A fuzzer driven by the OpenAPI document (bff/openapi/openapi.json, served at
// /api/openapi.json) against a running BFF: for every operation, requests are
// generated from its parameter and body schemas with fast-check, mixed with
// junk (any JSON, huge numbers, wrong types), sent as a logged-in player (the
// admin token where the document asks for it), and every answer is checked:
// never a 5xx, a status the operation declares, and a JSON body matching its
// schema (ajv, JSON Schema 2020-12, which OpenAPI 3.1 uses). Runs in about a
// minute; FUZZ_RUNS (per operation) and FUZZ_SEED reproduce or widen a run.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import Ajv2020 from 'ajv/dist/2020.js';
import { useSite, http } from './lib/suite.mjs';
import { newPlayer } from './lib/players.mjs';

const ADMIN_TOKEN = 'fuzz-admin-token-0123456789abcdef0123456789';
const RUNS = Number(process.env.FUZZ_RUNS || 200);
const SEED = Number(process.env.FUZZ_SEED || Date.now() % 1_000_000);
const BUDGET_MS = 75_000;

// Resolves the document's local $refs (#/components/…), so schemas stand alone.
function deref(doc, node) {
  if (Array.isArray(node)) return node.map((n) => deref(doc, n));
  if (!node || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    const target = node.$ref.slice(2).split('/').reduce((o, k) => o[k], doc);
    return deref(doc, target);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deref(doc, v)]));
}

const junk = fc.oneof(
  fc.constantFrom('', '99999999999999999999', '-1', '0', '1e309', 'null', '../../etc/passwd', '%00', '<script>', 'x'.repeat(300), '🂡'),
  fc.string({ maxLength: 40 }),
);

// A value for a schema: usually one that fits it, sometimes junk.
function arb(schema = {}) {
  const fitting = (() => {
    if (schema.enum) return fc.constantFrom(...schema.enum);
    switch (schema.type) {
      case 'integer': return fc.integer({ min: schema.minimum ?? -5, max: schema.maximum ?? 1_000_000 });
      case 'number': return fc.double({ min: -1000, max: 1000, noNaN: true });
      case 'boolean': return fc.boolean();
      case 'array': return fc.array(arb(schema.items ?? {}), { maxLength: 3 });
      case 'object': {
        const props = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, arb(s)]));
        return fc.record(props, { requiredKeys: schema.required ?? [] });
      }
      case 'string': return fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('EUR', 'BTC', 'visa', 'crypto', 'fruit-fiesta', 'demo', 'DE', '25', 'a@b.co'));
      default: return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return fc.oneof({ arbitrary: fitting, weight: 4 }, { arbitrary: junk, weight: 1 }, { arbitrary: fc.jsonValue({ maxDepth: 1 }), weight: 1 });
}

function operations(doc) {
  const ops = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      ops.push({ path, method: method.toUpperCase(), op: deref(doc, op) });
    }
  }
  return ops;
}

// A request for an operation: path and query parameters, and a JSON body. A path
// parameter is never '/', '.' or '..': those make another URL, not this operation.
function requestArb({ op }) {
  const params = op.parameters ?? [];
  const values = Object.fromEntries(params.map((p) => [`${p.in}:${p.name}`, p.in === 'path' ? fc.oneof(fc.constantFrom('1', 'x1', 'lobby', 'BTC', 'european-roulette'), junk.filter((s) => s.length > 0 && !s.includes('/') && s !== '.' && s !== '..')) : fc.option(arb(p.schema), { nil: undefined })]));
  const json = op.requestBody?.content?.['application/json'];
  return fc.record({ values: fc.record(values), body: json ? fc.oneof({ arbitrary: arb(json.schema), weight: 5 }, { arbitrary: fc.string(), weight: 1 }) : fc.constant(undefined) });
}

function declared(op, status) {
  const r = op.responses ?? {};
  return r[String(status)] ?? r[`${String(status)[0]}XX`] ?? r.default;
}

describe('OpenAPI-driven fuzzing', () => {
  const site = useSite({ publish: false, browser: false, env: { CASINO_ADMIN_TOKEN: ADMIN_TOKEN } });

  test(`every documented operation: no 5xx, no answer outside the document (seed ${SEED})`, { timeout: 150_000 }, async () => {
    const doc = await (await http(site, '/api/openapi.json')).json();
    assert.equal(doc.openapi.slice(0, 3), '3.1');
    const ajv = new Ajv2020({ strict: false, allErrors: false });
    const player = await newPlayer(site, { prefix: 'fuzz' });
    const ops = operations(doc);
    const deadline = Date.now() + BUDGET_MS;
    const problems = [];
    let sent = 0;
    const byRoute = new Map(ops.map((o) => [`${o.method} ${o.path}`, o]));

    // Sends one request and checks the answer against the operation; returns the parsed JSON body.
    async function send(o, url, headers, payload) {
      const ctrl = new AbortController();
      const res = await http(site, url, { method: o.method, headers, body: payload, signal: ctrl.signal });
      sent += 1;
      const where = `${o.method} ${url} ${payload === undefined ? '' : payload.slice(0, 200)}`;
      const type = res.headers.get('content-type') ?? '';
      if (type.startsWith('text/event-stream')) ctrl.abort();
      const text = type.startsWith('text/event-stream') ? '' : await res.text();
      if (res.status >= 500) {
        problems.push(`${where} → ${res.status} ${text.slice(0, 200)}`);
        return null;
      }
      const spec = declared(o.op, res.status);
      if (!spec) {
        problems.push(`${where} → ${res.status}, not declared for ${o.method} ${o.path}: ${text.slice(0, 200)}`);
        return null;
      }
      const json = spec.content?.['application/json'];
      if (json && type.startsWith('application/json') && json.schema) {
        const validate = ajv.compile(json.schema);
        let parsed;
        try {
          parsed = JSON.parse(text);
        } catch {
          problems.push(`${where} → ${res.status} is not JSON: ${text.slice(0, 200)}`);
          return null;
        }
        if (!validate(parsed)) problems.push(`${where} → ${res.status} body outside the schema: ${ajv.errorsText(validate.errors)}`);
        return parsed;
      }
      if (spec.content && !Object.keys(spec.content).some((k) => type.startsWith(k))) {
        problems.push(`${where} → ${res.status} ${type}, document says ${Object.keys(spec.content).join(', ')}`);
      }
      return null;
    }

    // Known-good calls first: the documented success schemas must match real answers.
    const auth = { Authorization: `Bearer ${player.token}`, 'Content-Type': 'application/json' };
    const good = async (route, url, body, headers = auth) => {
      const o = byRoute.get(route);
      assert.ok(o, `${route} is documented`);
      const out = await send(o, url, headers, body === undefined ? undefined : JSON.stringify(body));
      assert.ok(out?.data, `${route}: ${JSON.stringify(out)} ${problems.at(-1) ?? ''}`);
      return out.data;
    };
    await good('POST /api/user/login', '/api/user/login', { email: player.email, password: player.password }, { 'Content-Type': 'application/json' });
    await good('GET /api/user/get-user-details', '/api/user/get-user-details');
    await good('GET /api/admin/get-games', '/api/admin/get-games?limit=5');
    await good('POST /api/user/deposit', '/api/user/deposit', { amount: '25', paymentMethod: 'visa', currencyCode: 'EUR', card: { number: '4242 4242 4242 4242', holder: 'Ada Lovelace', expiry: '12/30', cvc: '123' } });
    const launched = await good('POST /api/studio/sessions', '/api/studio/sessions', { gameId: 'fruit-fiesta', mode: 'real' });
    await good('POST /api/studio/sessions/{sid}/spin', `/api/studio/sessions/${launched.sessionId}/spin`, { bet: '0.50' });
    await good('GET /api/user/withdrawals', '/api/user/withdrawals');
    await good('GET /api/user/get-casino-transactions', '/api/user/get-casino-transactions');
    await good('GET /api/admin/get-all-bonus', '/api/admin/get-all-bonus');
    await good('GET /api/user/get-user-bonuses', '/api/user/get-user-bonuses');
    await good('GET /api/user/captcha-challenge', '/api/user/captcha-challenge');
    assert.deepEqual(problems, [], 'known-good answers outside the document');
    for (const [i, o] of ops.entries()) {
      if (Date.now() > deadline) break;
      const samples = fc.sample(requestArb(o), { numRuns: RUNS, seed: SEED + i });
      for (const { values, body } of samples) {
        let path = o.path;
        const query = new URLSearchParams();
        for (const [key, v] of Object.entries(values)) {
          const [where, name] = key.split(':');
          if (v === undefined) continue;
          const text = typeof v === 'string' ? v : JSON.stringify(v);
          if (where === 'path') path = path.replace(`{${name}}`, encodeURIComponent(text));
          else if (where === 'query') query.set(name, text);
        }
        const url = path + (query.size ? `?${query}` : '');
        const deploy = (o.op.security ?? []).some((s) => 'deployToken' in s);
        const headers = { Authorization: `Bearer ${deploy ? site.server.deployToken : player.token}`, 'X-Admin-Token': ADMIN_TOKEN };
        // Logging out would end the session the other calls use.
        if (o.path === '/api/user/logout') delete headers.Authorization;
        let payload;
        if (o.op.requestBody?.content?.['application/json'] && body !== undefined) {
          headers['Content-Type'] = 'application/json';
          payload = typeof body === 'string' && body.length % 2 === 0 ? body : JSON.stringify(body);
        } else if (o.op.requestBody?.content?.['application/gzip']) {
          headers['Content-Type'] = 'application/gzip';
          payload = 'not a gzip';
        }
        await send(o, url, headers, payload);
      }
    }
    console.log(`# ${sent} requests over ${ops.length} operations (seed ${SEED}, ${RUNS} each)`);
    assert.deepEqual(problems, [], `answers outside bff/openapi/openapi.json (FUZZ_SEED=${SEED} reproduces):\n${problems.join('\n')}`);
  });
});
