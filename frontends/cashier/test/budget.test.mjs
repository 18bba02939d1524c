// @vitest-environment node
// The cashier's share of the first-visit JavaScript budget (docs/cashier.md,
// docs/benchmarks.md: < 150 KB gzip per page, shared libraries included).
// Reads the built dist (skipped when there is none): fast and deterministic,
// it fails as soon as the cashier's own initial chunks grow or a lazy part
// (card form, crypto deposit, QR code, withdrawal, result modals) slips back
// into them. `e2e/cashier.test.mjs` measures the whole page in Chromium.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const KB = 1024;
// Own code downloaded by a first visit to /deposit (gzip -6, like npm run size).
const VISITOR_BUDGET = 12 * KB; // remoteEntry.js + the ./app expose (routes, common messages)
const PLAYER_BUDGET = 18.5 * KB; // + the deposit page chunk

const built = existsSync(join(DIST, 'remoteEntry.js'));
const files = built ? readdirSync(DIST) : [];
const chunk = (prefix) => {
  const name = files.find((f) => f.startsWith(prefix) && f.endsWith('.js'));
  if (!name) throw new Error(`no ${prefix}*.js in ${DIST}: rebuild the cashier`);
  return readFileSync(join(DIST, name), 'utf8');
};
const gz = (text) => gzipSync(text, { level: 6 }).length;

describe.skipIf(!built)('cashier first-visit chunks (built dist)', () => {
  const entry = chunk('remoteEntry.');
  const app = chunk('__federation_expose_app.');
  const deposit = chunk('deposit.');

  it(`a visitor's /deposit needs at most ${VISITOR_BUDGET / KB} KB gzip of cashier code`, () => {
    expect(gz(entry) + gz(app)).toBeLessThanOrEqual(VISITOR_BUDGET);
  });

  it(`a player's /deposit needs at most ${PLAYER_BUDGET / KB} KB gzip of cashier code`, () => {
    expect(gz(entry) + gz(app) + gz(deposit)).toBeLessThanOrEqual(PLAYER_BUDGET);
  });

  it.each([
    ['card form', 'cashier.card.number'],
    ['crypto deposit', 'cashier.crypto.addressHint'],
    ['withdrawal form', 'cashier.withdraw.beneficiaryName'],
    ['history', 'cashier.transactions.tab.games'],
    ['result modals', 'cashier.result.alternativeCard'],
  ])('the %s stays out of the initial chunks', (_, id) => {
    for (const text of [entry, app, deposit]) expect(text.includes(`"${id}"`)).toBe(false);
    expect(files.filter((f) => f.endsWith('.js')).some((f) => readFileSync(join(DIST, f), 'utf8').includes(`"${id}"`))).toBe(true);
  });

  it('the QR code library is its own chunk', () => {
    expect(files.some((f) => /^qr\..+\.js$/.test(f))).toBe(true);
    // A string of the QR encoder (@paulmillr/qr).
    for (const text of [entry, app, deposit]) expect(text.includes('Cannot find mask')).toBe(false);
  });
});
