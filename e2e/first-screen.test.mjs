// Issue 19: the lobby's first screen is in the HTML (tiles, categories, real
// images, the data embedded once); with JavaScript the lobby adopts it: no
// second get-games / get-full-category-list on load, and nothing moves when
// the React page replaces the server's copy (tile boxes, footer, layout-shift
// entries). As a visitor and as a logged-in depositor, at 375 and 1280 px.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { newPlayer, logIn } from './lib/players.mjs';
import { DESKTOP, MOBILE, http, requireBuilds, screenshot, useSite, withPage } from './lib/suite.mjs';

const LIST_CALLS = /\/api\/admin\/(get-games|get-full-category-list)\b/;

/**
 * Records, before any script of the page runs (readyState "interactive"
 * comes before the deferred root config), the boxes of the first tiles and
 * the footer's top, and every layout shift of the visit.
 */
function probe() {
  window.__fs = { shifts: [], before: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__fs.shifts.push({ value: e.value, sources: (e.sources ?? []).map((s) => s.node?.className ?? s.node?.nodeName ?? '?') });
  }).observe({ type: 'layout-shift', buffered: true });
  const boxes = () => ({
    tiles: [...document.querySelectorAll('#mf-page .tile')].slice(0, 12).map((t) => {
      const r = t.getBoundingClientRect();
      return [r.x, r.y, r.width, r.height].map((v) => Math.round(v));
    }),
    footer: Math.round(document.querySelector('footer')?.getBoundingClientRect().top ?? -1),
    title: document.querySelector('#mf-page h1')?.textContent,
  });
  window.__fsBoxes = boxes;
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') window.__fs.before = { ...boxes(), ssr: document.querySelectorAll('#mf-page > [data-ssr]').length };
  });
}

describe('lobby first screen (issue 19)', () => {
  const site = useSite();

  test('the HTML holds the first screen: tiles with real images, categories, the data once', async () => {
    const html = await (await http(site, '/casino')).text();
    assert.equal(html.match(/id="lobby-first-screen"/g)?.length, 1, 'the data is embedded once');
    const data = JSON.parse(html.match(/<script id="lobby-first-screen"[^>]*>(.*?)<\/script>/s)[1]);
    const tiles = [...html.matchAll(/<a class="tile" href="\/casino\/games\/([^"]+)">/g)].map((m) => m[1]);
    assert.ok(tiles.length >= 12, `tiles in the HTML: ${tiles.length}`);
    assert.deepEqual(tiles, data.games.rows.map((g) => g.slug), 'the tiles are the embedded rows');
    assert.equal(data.pageNo, 1);
    assert.equal(data.sort, 'sort');
    const imgs = [...html.matchAll(/<img src="[^"]+" srcset="([^"]+)" sizes="[^"]+" alt="" width="300" height="400"([^>]*)>/g)];
    assert.equal(imgs.length, tiles.length, 'every tile has a sized <img> with its raster sizes');
    for (const [, srcset] of imgs) assert.match(srcset, /^\S+-160\.webp 160w, \S+-240\.webp 240w, \S+-320\.webp 320w$/);
    const webp = await http(site, imgs[0][1].split(' ')[0]);
    assert.equal(webp.headers.get('content-type'), 'image/webp');
    imgs.forEach((m, i) => (imgs[i] = m[2].trim()));
    assert.equal(imgs[0], 'fetchpriority="high"', 'the first tile is the LCP candidate');
    assert.ok(imgs.slice(1, 6).every((a) => a === ''), 'the first row loads at once');
    assert.ok(imgs.slice(6).every((a) => a === 'loading="lazy"'), 'the rest lazily');
    for (const c of data.categories.rows) assert.ok(html.includes(`href="/casino/${c.slug}"`), `category link ${c.slug}`);
    // The API gives the same rows.
    const api = await (await http(site, '/api/admin/get-games?sort=sort&pageNo=1&limit=20')).json();
    assert.deepEqual(api.data.rows.map((g) => g.slug), tiles);
  });

  test('without JavaScript: the tiles and category links are there and work', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    await withPage(site.browser, t, { baseURL: site.server.url, javaScriptEnabled: false, viewport: MOBILE }, async ({ page }) => {
      await page.goto('/casino');
      assert.ok((await page.locator('#mf-page .tile').count()) >= 12, 'tiles without JavaScript');
      assert.equal(await page.locator('#mf-page .lobby-title').textContent(), 'Casino');
      await screenshot(page, 'first-screen-nojs-375', { fullPage: false });
      await page.locator('#mf-page .lobby-cat', { hasText: 'Slots' }).click();
      await page.waitForURL('**/casino/slots');
      assert.equal(await page.locator('#mf-page .lobby-title').textContent(), 'Slots');
      assert.equal(await page.locator('#mf-page .lobby-cat[aria-current="page"]').textContent(), 'Slots');
      const first = page.locator('#mf-page .tile').first();
      const href = await first.getAttribute('href');
      await first.click();
      await page.waitForURL(`**${href}`);
    });
  });

  /** Opens /casino with JavaScript and checks the adoption; returns the API calls seen. */
  async function adopts(page, path, label) {
    const calls = [];
    const thumbs = [];
    page.on('request', (r) => {
      if (LIST_CALLS.test(r.url())) calls.push(r.url());
      if (r.url().includes('/studio/thumbnails/')) thumbs.push(new URL(r.url()).pathname);
    });
    await page.addInitScript(probe);
    await page.goto(path);
    // The React page replaced the server's copy.
    await page.waitForFunction(() => !document.querySelector('#mf-page > [data-ssr]') && document.querySelector('#mf-page [data-mf-app] .tile'), null, { timeout: 20_000 });
    // Search and sort (a lazy chunk) arrive in their reserved place.
    await page.locator('#mf-page [data-mf-app] input[type="search"]').waitFor();
    await page.waitForTimeout(300);
    const { before, shifts } = await page.evaluate(() => window.__fs);
    const after = await page.evaluate(() => window.__fsBoxes());
    assert.ok(before && before.ssr === 1 && before.tiles.length >= 6, `${label}: the server's tiles were there before any script (${JSON.stringify(before)})`);
    assert.deepEqual(after.tiles, before.tiles, `${label}: the tiles did not move`);
    assert.equal(after.footer, before.footer, `${label}: the footer did not move`);
    assert.equal(after.title, before.title, `${label}: same heading`);
    const cls = shifts.reduce((s, x) => s + x.value, 0);
    assert.ok(cls <= 0.02, `${label}: layout shift ${cls.toFixed(4)} ${JSON.stringify(shifts)}`);
    assert.deepEqual(calls, [], `${label}: the lobby fetched its list again on load`);
    // The browser picked a WebP size for each tile once; React's copy kept it.
    assert.ok(thumbs.length >= 6 && thumbs.every((t) => t.endsWith('.webp')), `${label}: thumbnails ${thumbs}`);
    assert.equal(new Set(thumbs).size, thumbs.length, `${label}: a thumbnail loaded twice: ${thumbs}`);
    return calls;
  }

  for (const [name, viewport] of [['375', MOBILE], ['1280', DESKTOP]]) {
    test(`with JavaScript at ${name} px (visitor): adopted, not refetched, nothing moves; then the lobby works`, async (t) => {
      requireBuilds(site.server, ['root', 'lobby']);
      await withPage(site.browser, t, { baseURL: site.server.url, viewport }, async ({ page }) => {
        await adopts(page, '/casino', `visitor ${name}`);
        await screenshot(page, `first-screen-visitor-${name}`, { fullPage: false });
        // Client-side: another category and a search fetch as before.
        const list = page.waitForRequest((r) => /get-games\?.*category=slots/.test(r.url()));
        await page.locator('#mf-page [data-mf-app] .lobby-cat', { hasText: 'Slots' }).click();
        await list;
        await page.locator('#mf-page [data-mf-app] .lobby-title', { hasText: 'Slots' }).waitFor();
        const search = page.waitForRequest((r) => /get-games\?.*search=fruit/.test(r.url()));
        await page.locator('#mf-page [data-mf-app] input[type="search"]').fill('fruit');
        await search;
        await page.locator('#mf-page [data-mf-app] .tile', { hasText: 'Fruit Fiesta' }).waitFor();
      });
    });
  }

  test('with JavaScript (logged-in depositor, category page): adopted, the Game Pulse has its place, nothing moves', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const player = await newPlayer(site, { prefix: 'firstscreen', deposit: '20.00' });
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE }, async ({ page, context }) => {
      await logIn(context, site, player);
      await adopts(page, '/casino/slots', 'depositor');
      await page.locator('#mf-page [data-mf-app] .lobby-pulse section').waitFor();
      await screenshot(page, 'first-screen-depositor-375', { fullPage: false });
    });
  });
});
