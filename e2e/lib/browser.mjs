// Debian's Chromium through playwright-core, with per-page diagnostics:
// console errors, uncaught page errors, failed requests and HTTP errors of
// sub-resources are captured; a test fails on uncaught page errors, console
// errors and failing same-origin sub-resources unless it allows them; a
// screenshot is saved to e2e/artifacts/ when a test fails.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ARTIFACTS } from './paths.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const MOBILE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Launches Chromium. playwright-core gives every launch a new, empty
 * user-data-dir. E2E_HEADED=1 (with a DISPLAY) shows the window, slowed down.
 */
export async function launchBrowser() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: run \`make chromium\` (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  const headed = process.env.E2E_HEADED === '1' && !!process.env.DISPLAY;
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: !headed,
    args: headed ? CHROMIUM_ARGS.filter((a) => a !== '--headless') : CHROMIUM_ARGS,
    slowMo: headed ? 150 : 0,
    timeout: 30_000,
  });
}

// Installed before any page script: a minimal React DevTools hook. Every copy
// of react-dom that initialises calls hook.inject(renderer) once, so the
// length of window.__e2eReactRenderers is the number of React DOM renderers
// loaded on the page (one when react/react-dom are shared singletons).
function reactProbe() {
  const renderers = [];
  Object.defineProperty(window, '__e2eReactRenderers', { value: renderers });
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    isDisabled: false,
    inject(r) {
      renderers.push({ version: r.version, reconcilerVersion: r.reconcilerVersion, packageName: r.rendererPackageName, bundleType: r.bundleType });
      const id = renderers.length;
      this.renderers.set(id, r);
      return id;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    setStrictMode() {},
  };
}

/**
 * Opens a page in a new context (fresh cookies and storage).
 * Options: viewport, javaScriptEnabled, baseURL, userAgent, serviceWorkers.
 * Returns {context, page, diag}.
 *
 * The site's service worker is blocked unless a test asks for it
 * (serviceWorkers: 'allow', e2e/pwa.test.mjs): on 127.0.0.1 every fresh
 * context would install it and precache every micro-frontend's assets
 * (load on a 2-core CI), and page.route does not see what a worker answers
 * from its cache, which fault-injection tests rely on.
 */
export async function openPage(browser, { viewport = DESKTOP, javaScriptEnabled = true, baseURL, serviceWorkers = 'block', ...rest } = {}) {
  const context = await browser.newContext({ viewport, javaScriptEnabled, baseURL, serviceWorkers, ...rest });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  if (javaScriptEnabled) await context.addInitScript(reactProbe);
  const page = await context.newPage();
  const diag = watch(page, baseURL);
  return { context, page, diag };
}

/** Records what goes wrong on a page. */
export function watch(page, baseURL) {
  const origin = baseURL ? new URL(baseURL).origin : null;
  const diag = { consoleErrors: [], consoleWarnings: [], pageErrors: [], failedRequests: [], httpErrors: [] };
  page.on('console', (msg) => {
    const loc = msg.location();
    const entry = { text: msg.text(), url: loc?.url ?? '' };
    if (msg.type() === 'error') diag.consoleErrors.push(entry);
    else if (msg.type() === 'warning') diag.consoleWarnings.push(entry);
  });
  page.on('pageerror', (err) => diag.pageErrors.push(err.stack || String(err)));
  page.on('requestfailed', (req) => diag.failedRequests.push({ url: req.url(), error: req.failure()?.errorText }));
  page.on('response', (res) => {
    if (res.status() >= 400) {
      const req = res.request();
      diag.httpErrors.push({
        url: res.url(),
        status: res.status(),
        navigation: req.isNavigationRequest() && req.frame() === page.mainFrame(),
        sameOrigin: origin ? new URL(res.url()).origin === origin : true,
      });
    }
  });
  return diag;
}

/**
 * The problems a test should fail on. allow: {console: [RegExp], http: [RegExp on "STATUS URL"]}
 * - every uncaught page error (never allowed),
 * - console errors not matching allow.console ("Failed to load resource" of a
 *   response we allow is ignored),
 * - same-origin sub-resources answering >= 400 not matching allow.http
 *   (the document's own status is the test's business).
 */
export function problems(diag, allow = {}) {
  // allow.http patterns are tested against "STATUS URL", e.g. /^404 .*\/api\/admin\//
  const status = new Map(diag.httpErrors.map((h) => [h.url, h.status]));
  const httpAllowed = (url) => (allow.http ?? []).some((re) => re.test(`${status.get(url) ?? 0} ${url}`));
  const out = [];
  for (const e of diag.pageErrors) {
    if ((allow.pageErrors ?? []).some((re) => re.test(String(e)))) continue; // a test that breaks a page on purpose
    out.push(`uncaught page error: ${e}`);
  }
  for (const h of diag.httpErrors) {
    if (h.navigation || !h.sameOrigin || httpAllowed(h.url)) continue;
    out.push(`HTTP ${h.status} for ${h.url}`);
  }
  for (const c of diag.consoleErrors) {
    if ((allow.console ?? []).some((re) => re.test(c.text))) continue;
    if (process.env.E2E_ALLOW_CONSOLE && new RegExp(process.env.E2E_ALLOW_CONSOLE).test(c.text)) continue; // debugging knob
    if (/^Failed to load resource/.test(c.text)) {
      // reported through httpErrors (or a navigation we asserted on)
      const h = diag.httpErrors.find((x) => x.url === c.url);
      if (!c.url || (h && (h.navigation || !h.sameOrigin || httpAllowed(h.url)))) continue;
      if (h) continue; // already listed above
    }
    out.push(`console error: ${c.text}${c.url ? ` (${c.url})` : ''}`);
  }
  return out;
}

export function sanitize(name) {
  return name.replace(/[^a-zA-Z0-9._-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 120) || 'page';
}

/** Saves a full-page screenshot to e2e/artifacts/NAME.png and returns its path. */
export async function screenshot(page, name, { fullPage = true } = {}) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${sanitize(name)}.png`);
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  return path;
}

/**
 * Runs fn({page, context, diag}) in a fresh context and fails on the page's
 * problems. On failure: screenshot + HTML to e2e/artifacts/ and the
 * diagnostics appended to the error. opts: openPage options + allow.
 */
export async function withPage(browser, t, opts, fn) {
  const { allow, ...pageOpts } = opts ?? {};
  const { context, page, diag } = await openPage(browser, pageOpts);
  try {
    await fn({ page, context, diag });
    const found = problems(diag, allow);
    if (found.length) throw new Error(`the page had problems:\n  ${found.join('\n  ')}`);
  } catch (err) {
    const name = sanitize(t?.name ?? 'failure');
    const notes = [];
    try {
      notes.push(`screenshot: ${await screenshot(page, `FAIL-${name}`)}`);
      mkdirSync(ARTIFACTS, { recursive: true });
      const html = join(ARTIFACTS, `FAIL-${name}.html`);
      const { writeFile } = await import('node:fs/promises');
      await writeFile(html, await page.content());
      notes.push(`html: ${html}`);
    } catch (e) {
      notes.push(`(no screenshot: ${e.message})`);
    }
    notes.push(`url: ${page.url()}`);
    const found = problems(diag, allow);
    if (found.length && !err.message.startsWith('the page had problems')) notes.push(`page problems:\n    ${found.join('\n    ')}`);
    if (diag.failedRequests.length) notes.push(`failed requests: ${diag.failedRequests.map((r) => `${r.url} (${r.error})`).join(', ')}`);
    err.message += `\n  ${notes.join('\n  ')}`;
    throw err;
  } finally {
    await context.close().catch(() => {});
  }
}
