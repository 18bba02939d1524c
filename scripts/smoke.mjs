// npm run smoke: the production builds in headless Chromium against the
// stand-in shell server (scripts/shell-server.mjs). Checks that each
// micro-frontend mounts at its routes and modals, that client-side navigation
// works, that React is downloaded once when two remotes share a page, and that
// no page error occurs. (The real end-to-end suite runs against the BFF in e2e/.)
import { existsSync } from 'node:fs';
import { startShellServer } from './shell-server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.error(`smoke: no Chromium at ${CHROMIUM}`);
  process.exit(2);
}
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
let passed = 0;
let failed = 0;

async function check(name, { countryBlocked = false } = {}, fn) {
  const server = await startShellServer({ countryBlocked });
  const base = `http://127.0.0.1:${server.address().port}`;
  const page = await browser.newPage();
  const errors = [];
  const scripts = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && !/Failed to load resource/.test(m.text()) && errors.push(m.text()));
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  try {
    await fn({ page, base, scripts });
    if (errors.length) throw new Error(`page errors: ${errors.join(' | ')}`);
    passed++;
    console.log(`✓ ${name}`);
  } catch (e) {
    failed++;
    console.log(`✗ ${name}\n    ${e.message.split('\n')[0]}`);
  } finally {
    await page.close();
    server.close();
  }
}

const text = (page, sel) => page.locator(sel).first().innerText({ timeout: 15_000 });

await check('lobby renders /casino with category bar, search and sort', {}, async ({ page, base }) => {
  await page.goto(`${base}/casino`);
  await page.waitForSelector('#mf-page [data-mf-app="lobby"] select');
  const options = await page.locator('#mf-page select option').allInnerTexts();
  if (options.join('|') !== 'Popular|Release date|Name|RTP|Max multiplier|Min bet|Max bet') throw new Error(`sort options: ${options}`);
  if ((await page.locator('#mf-page .skeleton').count()) !== 0) throw new Error('server skeleton left in place');
});

await check('login modal (profile) over the lobby; one React/platform shared by both', {}, async ({ page, base, scripts }) => {
  await page.goto(`${base}/casino?modal=login`);
  await page.waitForSelector('[role="dialog"] input[type="password"]', { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const reactDom = [];
  for (const s of scripts.filter((p) => p.startsWith('/mf/') && !p.endsWith('remoteEntry.js'))) {
    const body = await page.evaluate(async (u) => (await fetch(u)).text(), s);
    if (body.includes('react-dom.production') || body.includes('__REACT_DEVTOOLS_GLOBAL_HOOK__')) reactDom.push(s);
  }
  const remotesWithReactDom = new Set(reactDom.map((p) => p.split('/')[2]));
  if (remotesWithReactDom.size !== 1) throw new Error(`react-dom downloaded from several remotes: ${reactDom.join(', ')}`);
  const share = await page.evaluate(() => {
    const out = {};
    for (const scopes of Object.values(globalThis.__FEDERATION__?.__SHARE__ ?? {}))
      for (const pkgs of Object.values(scopes))
        for (const [pkg, versions] of Object.entries(pkgs)) out[pkg] = Object.values(versions).map((v) => ({ from: v.from, useIn: v.useIn }));
    return out;
  });
  for (const pkg of ['react', 'react-dom', 'styled-components', 'react-intl', '@casino/platform', '@casino/ui']) {
    const providers = share[pkg] ?? [];
    if (providers.length !== 1) throw new Error(`${pkg}: ${providers.length} providers`);
    // The login modal itself uses these four; react-dom and styled-components reach it through @casino/ui.
    const usedByBoth = ['react', 'react-intl', '@casino/platform', '@casino/ui'].includes(pkg);
    if (usedByBoth && !['lobby', 'profile'].every((r) => providers[0].useIn.includes(r))) throw new Error(`${pkg} not shared by lobby and profile: ${JSON.stringify(providers[0])}`);
  }
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !new URL(location.href).searchParams.has('modal'));
});

await check('client-side navigation lobby → cashier keeps the page (no reload)', {}, async ({ page, base }) => {
  await page.goto(`${base}/casino`);
  await page.waitForSelector('#mf-page [data-mf-app="lobby"] h1');
  await page.evaluate(() => {
    window.__noReload = true;
    const a = document.createElement('a');
    a.href = '/deposit';
    a.id = 'go-deposit';
    a.textContent = 'deposit';
    document.getElementById('site-header').appendChild(a);
  });
  await page.click('#go-deposit');
  await page.waitForSelector('#mf-page [data-mf-app="cashier"] h1');
  if (!(await page.evaluate(() => window.__noReload))) throw new Error('page reloaded');
  if ((await page.locator('#mf-page [data-mf-app="lobby"]').count()) !== 0) throw new Error('lobby container left mounted');
});

await check('cashier deposit-failed modal reads met', {}, async ({ page, base }) => {
  await page.goto(`${base}/casino?modal=deposit-failed&met=visa`);
  const t = await text(page, '[role="dialog"]');
  if (!t.includes('Deposit failed') || !t.includes('visa')) throw new Error(t);
});

await check('calendar /cashback shows 4×7 sample rakeback grid to visitors', {}, async ({ page, base }) => {
  await page.goto(`${base}/cashback`);
  await page.waitForSelector('#mf-page [role="grid"]');
  const cells = await page.locator('#mf-page [role="gridcell"]').count();
  if (cells !== 28) throw new Error(`cells: ${cells}`);
});

await check('profile page asks visitors to log in', {}, async ({ page, base }) => {
  await page.goto(`${base}/profile2/limits`);
  const t = await text(page, '#mf-page [data-mf-app="profile"]');
  if (!t.includes('Log in to continue')) throw new Error(t);
});

await check('country-block notice with data from the page', { countryBlocked: true }, async ({ page, base }) => {
  await page.goto(`${base}/casino`);
  const t = await text(page, '#mf-country-block [role="dialog"]');
  for (const s of ['Site Unavailable in Your Country', 'Not in a restricted region?', 'Need assistance?', 'United States (US)', '203.0.113.9', 'Reverify Location']) {
    if (!t.includes(s)) throw new Error(`missing "${s}"`);
  }
});

await browser.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
