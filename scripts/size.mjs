// npm run size: builds the front ends (unless --no-build), opens /casino and
// /cashback (the rewards calendar, issue 14) in headless Chromium against a
// stand-in shell server and reports the gzip size (and the Brotli size at
// quality 11, what the BFF serves over HTTPS) of every JavaScript file a
// first visit downloads. Budget: 145 KB gzip per page (BUDGETS: /casino has
// its own). Fails (exit 1) over budget, when the page app does not render, or
// on page errors. Other paths can be measured instead:
// npm run size -- --no-build /deposit /profile2/my-profile
// The stand-in answers every API call with 404, except that lobby pages embed
// a first screen of twenty games as the BFF does (issue 19), so the lobby
// adopts it and fetches no list; `make bench` measures against the real BFF.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { brotli } from './precompress.mjs';
import { fileURLToPath } from 'node:url';
import { startShellServer } from './shell-server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUDGET = 145 * 1024;
// Issue 19: /casino was 154.5 KB (and 155.7 once the onboarding tour's
// loader landed in the root config, +1.2 KB). Search and sort are now a lazy
// chunk and the stand-in embeds a first screen as the BFF does (no error
// state): 152.9 KB; 153.3 once the UI kit grew (+0.3 KB). What is left is what every page carries (react-dom 63.5,
// root config 27.1, styled-components 14.8, react-intl 12.7, platform 9.4):
// docs/frontends.md. Deferring the chat until it nears the viewport (-2.4 KB)
// was tried and dropped: a player's live stream then opened later than the
// chat tests expect.
// Then (jsweight): a small ICU parser instead of formatjs's (react-intl 14.8 ->
// 8.9 KB) and the platform's own single-spa lifecycles instead of
// single-spa-react (platform 9.4 -> 7.7): /casino 145.8, /deposit 143.0,
// /cashback 144.0; budgets lowered to 146 (/casino) and 145 (every other page,
// 150 before).
// /profile2/my-profile is over the page budget since the phone field's
// libphonenumber metadata (28.3 KB) joined its first visit: 199.3 KB before,
// 191.9 after; held there until that moves to a lazy chunk.
const BUDGETS = { '/casino': 146 * 1024, '/profile2/my-profile': 192 * 1024 };
const budgetOf = (path) => BUDGETS[path] ?? BUDGET;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const args = process.argv.slice(2);
const asked = args.filter((a) => a.startsWith('/'));
const paths = asked.length ? asked : ['/casino', '/cashback'];

if (!args.includes('--no-build')) execFileSync(process.execPath, [`${ROOT}scripts/build-frontends.mjs`, '--jobs', '2'], { stdio: 'inherit' });
if (!existsSync(CHROMIUM)) {
  console.error(`size: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  process.exit(2);
}

const { chromium } = await import('playwright-core');
const server = await startShellServer();
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let ok = true;
for (const path of paths) ok = (await measure(path)) && ok;
await browser.close();
server.close();
console.log(ok ? '\nsize: within budget' : '\nsize: FAILED');
process.exit(ok ? 0 : 1);

/** One first visit of path in a fresh context: true when it rendered, without errors, within budget. */
async function measure(path) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = [];
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) errors.push(msg.text());
  });
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      const body = await res.body();
      scripts.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 6 }).length, gzip9: gzipSync(body, { level: 9 }).length, br: brotli(body).length });
    } catch {
      /* redirected or aborted */
    }
  });
  let rendered = false;
  try {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForSelector('#mf-page [data-mf-app] h1', { timeout: 15_000 });
    rendered = true;
  } catch (e) {
    errors.push(`the page app did not render: ${e.message}`);
  }
  await context.close();
  scripts.sort((a, b) => b.gzip - a.gzip);
  const total = scripts.reduce((s, x) => s + x.gzip, 0);
  const totalBr = scripts.reduce((s, x) => s + x.br, 0);
  const total9 = scripts.reduce((s, x) => s + x.gzip9, 0);
  console.log(`\nJavaScript downloaded by a first visit to ${path} (gzip -6; Brotli 11, what the BFF serves over HTTPS):`);
  for (const s of scripts) console.log(`  ${kb(s.gzip).padStart(9)}  ${kb(s.br).padStart(9)} br  ${kb(s.raw).padStart(9)} raw  ${s.url}`);
  console.log(`  ${kb(total).padStart(9)}  ${kb(totalBr).padStart(9)} br  total in ${scripts.length} files (budget ${kb(budgetOf(path))} gzip; Brotli ${(100 - (100 * totalBr) / total).toFixed(1)} % smaller)`);
  console.log(`  served: ${kb(total9)} gzip -9 over HTTP, ${kb(totalBr)} Brotli 11 over HTTPS (${(100 - (100 * totalBr) / total9).toFixed(1)} % less)`);
  if (errors.length) console.log(`\nPage errors on ${path}:\n  ${errors.join('\n  ')}`);
  return rendered && errors.length === 0 && total <= budgetOf(path);
}
