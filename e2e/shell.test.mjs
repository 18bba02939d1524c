// The server-rendered shell composing the micro-frontends, in a real Chromium
// against a real BFF: every route of issue 2 point 3, the 404 page, info pages
// without JavaScript, ?modal= overlays, header menu scope, breakpoints, and
// one copy of React.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { CONTENT } from './lib/paths.mjs';
import {
  ALIASES, APP_ROUTES, DESKTOP, INFO_PAGES, MOBILE, MODALS, PENDING_API, SEL,
  http, requireBuilds, screenshot, useSite, waitForApp, waitForModal, withPage,
} from './lib/suite.mjs';

/** The server-rendered part, checked on the HTML the server sends. */
function assertShellHTML(html, app, path) {
  assert.match(html, /^<!doctype html>/i, `${path}: an HTML document`);
  assert.match(html, /<header[^>]*id="site-header"/, `${path}: server-rendered header`);
  const main = html.match(/<main[^>]*id="mf-page"[^>]*>/);
  assert.ok(main, `${path}: <main id="mf-page">`);
  assert.match(main[0], new RegExp(`data-app="${app}"`), `${path}: <main> names the app (${main[0]})`);
  assert.match(html, /<script[^>]*id="mf-remotes"/, `${path}: inline registry of remotes`);
}

function infoTitle(slug) {
  const file = join(CONTENT, 'pages', `${slug}.md`);
  if (!existsSync(file)) return null;
  const m = readFileSync(file, 'utf8').match(/^#\s+(.+)$/m);
  return m ? m[1].trim() : null;
}

describe('shell and micro-frontends', () => {
  const site = useSite();
  const opts = (extra = {}) => ({ baseURL: site.server.url, allow: { http: PENDING_API }, ...extra });

  describe('routes mount the right micro-frontend', () => {
    for (const [path, app] of APP_ROUTES) {
      test(`${path} → ${app}`, async (t) => {
        const res = await http(site, path);
        assert.equal(res.status, 200, `${path} status`);
        assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
        assertShellHTML(await res.text(), app, path);
        requireBuilds(site.server, ['root', app]);
        await withPage(site.browser, t, opts(), async ({ page }) => {
          const nav = await page.goto(path);
          assert.equal(nav.status(), 200);
          await waitForApp(page, app);
        });
      });
    }
  });

  test('personalised HTML is not cached; versioned assets are immutable', async () => {
    const res = await http(site, '/casino');
    assert.match(res.headers.get('cache-control') ?? '', /no-store/);
    const html = await res.text();
    const remotes = JSON.parse(html.match(/<script[^>]*id="mf-remotes"[^>]*>([^<]*)<\/script>/)[1]);
    requireBuilds(site.server, ['lobby']);
    const asset = await http(site, remotes.lobby);
    assert.equal(asset.status, 200, remotes.lobby);
    assert.match(asset.headers.get('cache-control') ?? '', /immutable/);
  });

  test('unknown path: HTTP 404 with the 404 page; Go Home leads to the lobby', async (t) => {
    const res = await http(site, '/no-such-page/e2e');
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await res.text(), /class="not-found"/);
    await withPage(site.browser, t, opts(), async ({ page }) => {
      const nav = await page.goto('/no-such-page/e2e');
      assert.equal(nav.status(), 404);
      await page.locator(SEL.notFound).waitFor();
      const goHome = page.locator(SEL.goHome, { hasText: /go home/i });
      assert.equal(await goHome.count(), 1, 'one Go Home button');
      await goHome.click();
      await page.waitForURL((u) => u.pathname === '/');
      requireBuilds(site.server, ['root', 'lobby']);
      await waitForApp(page, 'lobby');
    });
  });

  describe('info pages render on the server with JavaScript off', () => {
    for (const slug of INFO_PAGES) {
      test(`/${slug}`, async (t) => {
        await withPage(site.browser, t, opts({ javaScriptEnabled: false }), async ({ page }) => {
          const nav = await page.goto(`/${slug}`);
          assert.equal(nav.status(), 200);
          const article = page.locator(SEL.info);
          await article.waitFor();
          assert.equal(await article.getAttribute('data-page'), slug);
          const h1 = (await article.locator('h1').first().textContent())?.trim();
          assert.ok(h1, 'the page has a heading');
          const title = infoTitle(slug);
          if (title) assert.equal(h1, title, `heading from content/pages/${slug}.md`);
          const words = (await article.innerText()).split(/\s+/).length;
          assert.ok(words > 80, `a real text (${words} words)`);
          assert.ok(await page.locator(SEL.brand).first().isVisible(), 'shell header');
          assert.ok(await page.locator('footer').isVisible(), 'shell footer');
        });
      });
    }
  });

  describe('the demo navigation addresses (SPEC section 2) reach their pages', () => {
    for (const [from, to, app] of ALIASES) {
      test(`${from} → ${to}`, async (t) => {
        await withPage(site.browser, t, opts({ javaScriptEnabled: !!app }), async ({ page }) => {
          const nav = await page.goto(from);
          assert.equal(nav.status(), 200);
          assert.equal(new URL(page.url()).pathname, to);
          if (app) {
            requireBuilds(site.server, ['root', app]);
            await waitForApp(page, app);
          } else {
            await page.locator(SEL.info).waitFor();
          }
        });
      });
    }
  });

  describe('?modal= opens the overlay of the owning micro-frontend', () => {
    for (const [modal, app, extra] of MODALS) {
      test(`?modal=${modal}${extra} → ${app}`, async (t) => {
        const path = `/casino?modal=${modal}${extra}`;
        const html = await (await http(site, path)).text();
        assert.match(html, new RegExp(`<div[^>]*id="mf-modal"[^>]*data-modal="${app}"`), 'server names the owner on #mf-modal');
        requireBuilds(site.server, ['root', 'lobby', app]);
        await withPage(site.browser, t, opts(), async ({ page }) => {
          await page.goto(path);
          await waitForModal(page, app);
          await waitForApp(page, 'lobby');
        });
      });
    }
  });

  test('header menu for a guest: Log in shown, Log out and user-only items not', async (t) => {
    await withPage(site.browser, t, opts({ javaScriptEnabled: false }), async ({ page }) => {
      await page.goto('/casino');
      assert.ok(await page.locator(SEL.menuLogin).first().isVisible(), 'Log in is visible');
      assert.match(await page.locator(SEL.menuLogin).first().innerText(), /log ?in/i);
      assert.equal(await page.locator(SEL.menuLogout).count(), 0, 'no Log out for a guest');
      for (const href of ['/profile', '/withdraw', '/profile/transactions']) {
        assert.equal(await page.locator(`${SEL.header} .menu-link[href="${href}"]`).count(), 0, `no user menu item ${href}`);
      }
      assert.equal(await page.locator(`${SEL.header} nav a[href="/profile/favorites"]`).count(), 0, 'user-scoped nav item hidden');
      assert.ok(await page.locator(`${SEL.header} nav a[href="/casino/slots"]`).count(), 'any-scoped nav item shown');
    });
  });

  for (const [label, viewport] of [['mobile-375', MOBILE], ['desktop-1280', DESKTOP]]) {
    test(`/casino at ${viewport.width}×${viewport.height}: no horizontal overflow (screenshot)`, async (t) => {
      requireBuilds(site.server, ['root', 'lobby']);
      await withPage(site.browser, t, opts({ viewport }), async ({ page }) => {
        await page.goto('/casino');
        await waitForApp(page, 'lobby');
        await page.evaluate(() => document.fonts?.ready);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        const shot = await screenshot(page, `casino-${label}`);
        t.diagnostic(`screenshot ${shot}`);
        assert.ok(scrollWidth <= innerWidth, `horizontal overflow: scrollWidth ${scrollWidth} > innerWidth ${innerWidth}`);
      });
    });
  }

  test('exactly one copy of React is loaded with two micro-frontends on the page', async (t) => {
    requireBuilds(site.server, ['root', 'lobby', 'profile']);
    await withPage(site.browser, t, opts(), async ({ page, diag }) => {
      await page.goto('/casino?modal=login');
      await waitForApp(page, 'lobby');
      await waitForModal(page, 'profile');
      await page.waitForLoadState('networkidle');
      const renderers = await page.evaluate(() => window.__e2eReactRenderers);
      assert.equal(renderers.length, 1, `React DOM renderers loaded: ${JSON.stringify(renderers)}`);
      const exposed = await page.evaluate(() => window.__casinoReactVersions ?? null);
      if (exposed) assert.equal(new Set(Object.values(exposed).flat()).size, 1, `__casinoReactVersions ${JSON.stringify(exposed)}`);
      const dupes = diag.consoleWarnings.filter((w) => /several instances|multiple (copies|instances)|Invalid hook call/i.test(w.text));
      assert.deepEqual(dupes, [], 'no duplicate-instance warnings (styled-components, React)');
      // Only one fetched script contains react-dom's renderer.
      const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /\.js(\?|$)/.test(n)));
      const withReactDom = [];
      for (const url of scripts) {
        const body = await (await fetch(url)).text();
        if (/rendererPackageName:\s*"react-dom"/.test(body)) withReactDom.push(url);
      }
      assert.equal(withReactDom.length, 1, `scripts containing react-dom: ${withReactDom.join(', ') || 'none'}`);
    });
  });
});
