// The installable app (docs/site.md, "Installable app"): the manifest is
// linked and valid and Chromium finds the site installable; the service
// worker registers and controls the page; offline, a navigation shows the
// offline page and the API is never answered from a cache; publishing a new
// front-end release installs a new worker that drops the old release's
// cache; the add-to-home-screen button appears only when the browser offers
// installation (or on iOS Safari, with its instructions sheet).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { appendFile, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { BUILDS } from './lib/paths.mjs';
import { logIn, newPlayer } from './lib/players.mjs';
import { DESKTOP, MOBILE, PENDING_API, http, requireBuilds, screenshot, useSite, waitFor, waitForApp, withPage } from './lib/suite.mjs';

const run = promisify(execFile);
const OFFLINE = '[data-testid="offline-page"]';
const BUTTON = '#a2hs-btn';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Waits until a service worker controls the page; returns the names of its caches. */
async function controlled(page) {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    return caches.keys();
  });
}

/** Every URL the worker's caches hold. */
const cachedURLs = (page) => page.evaluate(async () => {
  const out = [];
  for (const name of await caches.keys()) {
    for (const req of await (await caches.open(name)).keys()) out.push(new URL(req.url).pathname);
  }
  return out;
});

describe('installable app', () => {
  const site = useSite();
  const temp = [];
  after(async () => Promise.all(temp.map((d) => rm(d, { recursive: true, force: true }))));

  test('manifest, installability, worker control, offline page, API never cached, new worker on a new release', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const player = await newPlayer(site, { prefix: 'pwa', deposit: '50.00' });
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE, serviceWorkers: 'allow', allow: { http: PENDING_API, console: [/ERR_INTERNET_DISCONNECTED/] } }, async ({ page, context }) => {
      await logIn(context, site, player);
      await page.goto('/casino');
      await waitForApp(page, 'lobby');

      // The manifest: linked, served as application/manifest+json, its icons PNGs of the sizes it says.
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      const res = await http(site, href);
      assert.equal(res.headers.get('content-type'), 'application/manifest+json');
      const manifest = await res.json();
      assert.equal(manifest.name, 'Aurum Casino');
      assert.equal(manifest.short_name, 'Aurum');
      assert.equal(manifest.display, 'standalone');
      assert.equal(manifest.start_url, '/');
      assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/);
      assert.equal(await page.locator('meta[name="theme-color"]').getAttribute('content'), manifest.theme_color);
      const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort();
      assert.deepEqual(sizes, ['192x192 any', '512x512 any', '512x512 maskable']);
      const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
      for (const [src, size] of [...manifest.icons.map((i) => [i.src, Number(i.sizes.split('x')[0])]), [apple, 180]]) {
        const png = Buffer.from(await (await http(site, src)).arrayBuffer());
        assert.equal(png.subarray(1, 4).toString(), 'PNG', src);
        assert.equal(png.readUInt32BE(16), size, `${src} width`);
      }

      // The worker registers at / and controls the page; its caches hold the
      // offline page and the current releases' start-up files.
      const names = await controlled(page);
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).scope);
      assert.equal(new URL(scope).pathname, '/');
      const current = (await (await http(site, '/api/core/casino/frontends')).json()).data;
      assert.ok(names.includes(`casino-mf-lobby-${current.lobby.version}`), names.join(', '));
      assert.ok(names.some((n) => n.startsWith('casino-shell-')), names.join(', '));
      const urls = await cachedURLs(page);
      assert.ok(urls.includes('/offline') && urls.includes(current.lobby.entry) && urls.includes(current.root.entry), urls.join('\n'));

      // Chromium finds nothing missing for installation (but that a test
      // context is an incognito one, which is the browser's, not the site's).
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      assert.deepEqual(installabilityErrors.filter((e) => e.errorId !== 'in-incognito'), []);

      // The page's API calls (user details, settings, catalogues…) went past the worker: nothing under /api/ is cached.
      await page.evaluate(() => fetch('/api/user/get-user-details', { credentials: 'include' }).then((r) => r.text()));
      assert.deepEqual((await cachedURLs(page)).filter((u) => u.startsWith('/api/') || u === '/deposit' || u === '/casino'), []);

      // Offline: a navigation shows the offline page (also for a cashier page: never a stale copy), and the API fails instead of answering from a cache.
      await context.setOffline(true);
      await page.goto('/promotions');
      await page.locator(OFFLINE).waitFor();
      assert.equal(await page.locator(`${OFFLINE} h1`).textContent(), 'You are offline');
      await screenshot(page, 'pwa-offline-375');
      await page.goto('/deposit');
      await page.locator(OFFLINE).waitFor();
      const api = await page.evaluate(() => fetch('/api/core/casino/settings2').then((r) => `answered ${r.status}`, (e) => `failed: ${e.name}`));
      assert.match(api, /^failed/);
      // Back online, the offline page reloads itself into the real page.
      await context.setOffline(false);
      await waitForApp(page, 'cashier', { timeout: 30_000 });

      // A new lobby release: the worker's script changes, the browser installs it, the old lobby cache is gone.
      const before = await page.evaluate(async () => (await caches.keys()).find((n) => n.startsWith('casino-shell-')));
      const dir = await mkdtemp(join(tmpdir(), 'casino-lobby-pwa-'));
      temp.push(dir);
      await cp(BUILDS.lobby, dir, { recursive: true });
      await appendFile(join(dir, 'remoteEntry.js'), '\n/* pwa e2e build */\n');
      await run('tar', ['-czf', `${dir}.tar.gz`, '-C', dir, '.']);
      temp.push(`${dir}.tar.gz`);
      const up = await http(site, '/api/core/casino/frontends/lobby', {
        method: 'POST', headers: { Authorization: `Bearer ${site.server.deployToken}` }, body: await readFile(`${dir}.tar.gz`),
      });
      assert.equal(up.status, 200, await up.clone().text());
      const fresh = (await up.json()).data;
      assert.notEqual(fresh.version, current.lobby.version);
      await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        const changed = new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
        await reg.update();
        await changed;
      });
      await waitFor(async () => {
        const now = await page.evaluate(() => caches.keys());
        return now.includes(`casino-mf-lobby-${fresh.version}`) && !now.includes(`casino-mf-lobby-${current.lobby.version}`) && !now.includes(before);
      }, { timeout: 10_000, what: 'the new worker’s caches' });
      assert.ok((await cachedURLs(page)).includes(fresh.entry));
    });
  });

  test('the install button: shown only after beforeinstallprompt, calls prompt(), hidden once installed', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE, serviceWorkers: 'allow', allow: { http: PENDING_API } }, async ({ page }) => {
      await page.goto('/casino');
      await waitForApp(page, 'lobby');
      const button = page.locator(BUTTON);
      assert.equal(await button.count(), 1);
      assert.equal(await button.isVisible(), false, 'no dead button before the browser offers installation');
      const offer = () => page.evaluate(() => {
        const e = new Event('beforeinstallprompt', { cancelable: true });
        e.prompt = () => { window.__prompted = (window.__prompted ?? 0) + 1; return Promise.resolve(); };
        e.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
        dispatchEvent(e);
        return e.defaultPrevented;
      });
      assert.equal(await offer(), true, 'the browser’s own mini bar gives way to the button');
      await button.waitFor({ state: 'visible' });
      for (const viewport of [MOBILE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await button.scrollIntoViewIfNeeded();
        await screenshot(page, `pwa-install-button-${viewport.width}`, { fullPage: false });
      }
      await button.click();
      await waitFor(() => page.evaluate(() => window.__prompted === 1), { what: 'prompt() called' });
      await button.waitFor({ state: 'hidden' });
      // Offered again, then installed: hidden.
      await offer();
      await button.waitFor({ state: 'visible' });
      await page.evaluate(() => dispatchEvent(new Event('appinstalled')));
      await button.waitFor({ state: 'hidden' });
    });
  });

  test('iOS Safari (no beforeinstallprompt): the button opens the Add to Home Screen instructions', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE, serviceWorkers: 'allow', userAgent: IPHONE_SAFARI, allow: { http: PENDING_API } }, async ({ page }) => {
      await page.goto('/casino?lng=de');
      await waitForApp(page, 'lobby');
      const button = page.locator(BUTTON);
      await button.waitFor({ state: 'visible' });
      assert.equal((await button.textContent()).trim(), 'App installieren');
      await button.click();
      const sheet = page.locator('#a2hs-ios');
      await sheet.waitFor({ state: 'visible' });
      assert.match(await sheet.textContent(), /„Zum Home-Bildschirm“/);
      await screenshot(page, 'pwa-ios-sheet-375', { fullPage: false });
      await sheet.getByRole('button', { name: 'Schließen' }).click();
      await sheet.waitFor({ state: 'hidden' });
    });
  });
});
