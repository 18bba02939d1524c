// Issue 19, the other first screens: the game page (/casino/games/{slug})
// and /promotions are in the HTML before any script runs (heading, the LCP
// image with its size and fetchpriority, facts, play links, banners), the
// data they come from is embedded once and the lobby adopts it (no get-game
// / get-all-bonus on load), nothing moves when the React page replaces the
// server's copy; and the layout-shift sum of the four Lighthouse pages
// (/casino, /promotions, a game, /deposit) stays ≤ 0.02 in Chromium.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { newPlayer, logIn } from './lib/players.mjs';
import { DESKTOP, MOBILE, holdRemote, http, requireBuilds, screenshot, useSite, waitForModal, withPage } from './lib/suite.mjs';

const GAME = '/casino/games/fruit-fiesta';
const DATA_CALLS = /\/api\/admin\/(get-game|get-all-bonus)\b/;

/** Layout shifts of the visit, and the boxes of the main elements before any script and after. */
function probe() {
  window.__fs = { shifts: [], before: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__fs.shifts.push({ value: e.value, sources: (e.sources ?? []).map((s) => `${s.node?.nodeName ?? '?'}.${s.node?.className ?? ''}`) });
  }).observe({ type: 'layout-shift', buffered: true });
  const box = (el) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height].map((v) => Math.round(v));
  };
  window.__fsBoxes = () => ({
    title: box(document.querySelector('#mf-page h1')),
    heading: document.querySelector('#mf-page h1')?.textContent,
    image: box(document.querySelector('#mf-page .gpage-thumb, #mf-page .promo-img')),
    stats: box(document.querySelector('#mf-page .gpage-stats')),
    actions: box(document.querySelector('#mf-page .gpage-actions')),
    banners: [...document.querySelectorAll('#mf-page .promo')].slice(0, 4).map(box),
    chat: box(document.querySelector('#mf-page .lobby-chat')),
    prompt: box(document.querySelector('#mf-page .empty-state, #mf-page [data-tone="empty"]')),
    footer: Math.round(document.querySelector('footer')?.getBoundingClientRect().top ?? -1),
  });
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') window.__fs.before = { ...window.__fsBoxes(), ssr: document.querySelectorAll('#mf-page > [data-ssr]').length };
  });
}

const embedded = (html, id) => {
  assert.equal(html.match(new RegExp(`id="${id}"`, 'g'))?.length, 1, `${id} is embedded once`);
  return JSON.parse(html.match(new RegExp(`<script id="${id}"[^>]*>(.*?)</script>`, 's'))[1]);
};

describe('game page and promotions first screens (issue 19)', () => {
  const site = useSite();

  test('the HTML holds the game page: heading, sized LCP image, facts, play links, rules; get-game embedded once', async () => {
    const html = await (await http(site, GAME)).text();
    const { game } = embedded(html, 'lobby-game');
    const api = (await (await http(site, '/api/admin/get-game?game=fruit-fiesta')).json()).data;
    assert.deepEqual(game, api, 'the embedded game is get-game\'s answer');
    assert.match(html, /<h1 class="gpage-title">Fruit Fiesta<\/h1>/);
    const img = html.match(/<img class="gpage-thumb"[^>]*>/)?.[0] ?? '';
    assert.ok(img.includes(`src="${game.thumbnailUrl}"`) && img.includes('width="300" height="400"') && img.includes('fetchpriority="high"'), img);
    assert.ok(img.includes(`srcset="${game.thumbnailSrcset}" sizes="(max-width: 767px) 150px, 180px"`), img);
    for (const label of ['RTP', 'Max multiplier', 'Min bet']) assert.ok(html.includes(`<dt>${label}</dt>`), label);
    assert.ok(html.includes(`<dd>${game.returnToPlayer}%</dd>`), 'RTP value');
    assert.match(html, /<a class="btn btn-primary btn-lg" role="button" href="\?modal=login">Log in to play for real money<\/a>/);
    if (game.demo) assert.ok(html.includes(`href="${game.playUrl}?mode=demo&amp;lang=en"`), 'demo link (in the page\'s language)');
    assert.ok(html.includes(`href="${game.rulesUrl}" data-testid="game-rules"`), 'rules link');
  });

  test('the HTML holds /promotions: the banners of get-all-bonus, embedded once', async () => {
    const html = await (await http(site, '/promotions')).text();
    const data = embedded(html, 'lobby-promotions');
    const api = (await (await http(site, '/api/admin/get-all-bonus?pageNo=1&limit=20&isDeposit=false&language=en')).json()).data;
    assert.deepEqual(data.bonus, api.bonus, 'the embedded rows are get-all-bonus\'s answer');
    assert.ok(data.bonus.rows.length > 0, 'the demo data has promotions');
    const refs = [...html.matchAll(/<article class="promo" data-bonus="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(refs, data.bonus.rows.map((b) => String(b.code || b.id)));
    assert.match(html, /<h1 class="promos-title">Promotions<\/h1>/);
    const imgs = [...html.matchAll(/<img class="promo-img"[^>]*>/g)].map((m) => m[0]);
    for (const i of imgs) assert.ok(i.includes('width="640" height="280"'), i);
    if (imgs.length) assert.ok(imgs[0].includes('fetchpriority="high"'), 'the first banner is the LCP candidate');
  });

  test('without JavaScript: both pages are there and their links work', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    await withPage(site.browser, t, { baseURL: site.server.url, javaScriptEnabled: false, viewport: MOBILE }, async ({ page }) => {
      await page.goto(GAME);
      assert.equal(await page.locator('#mf-page h1').textContent(), 'Fruit Fiesta');
      assert.ok(await page.locator('#mf-page .gpage-thumb').evaluate((img) => img.complete && img.naturalWidth > 0), 'the thumbnail loads');
      await screenshot(page, 'first-screen-game-nojs-375', { fullPage: false });
      const rules = await page.locator('#mf-page [data-testid="game-rules"]').getAttribute('href');
      await page.locator('#mf-page [data-testid="game-rules"]').click();
      await page.waitForURL(`**${rules}`);
      await page.goto('/promotions');
      assert.ok((await page.locator('#mf-page article.promo').count()) > 0, 'banners without JavaScript');
      await screenshot(page, 'first-screen-promotions-nojs-375', { fullPage: false });
      const details = page.locator('#mf-page article.promo .promo-details').first();
      const href = await details.getAttribute('href');
      await details.click();
      await page.waitForURL((u) => u.pathname + u.search === href);
      // A visitor's /deposit is the log-in prompt; its Log in is a link.
      await page.goto('/deposit');
      await page.locator('#mf-page .empty-state', { hasText: 'Log in to continue' }).waitFor();
      await page.locator('#mf-page .empty-state a', { hasText: 'Log in' }).click();
      await page.waitForURL((u) => u.pathname === '/deposit' && u.search === '?modal=login');
    });
  });

  /** Opens path with JavaScript and checks the adoption: no refetch, nothing moved, layout shift ≤ 0.02. */
  async function adopts(page, path, label, ready) {
    const calls = [];
    page.on('request', (r) => {
      if (DATA_CALLS.test(r.url())) calls.push(r.url());
    });
    await page.addInitScript(probe);
    await page.goto(path);
    await page.waitForFunction((sel) => !document.querySelector('#mf-page > [data-ssr]') && document.querySelector(`#mf-page [data-mf-app] ${sel}`), ready, { timeout: 20_000 });
    await page.waitForTimeout(500);
    const { before, shifts } = await page.evaluate(() => window.__fs);
    const after = await page.evaluate(() => window.__fsBoxes());
    assert.ok(before && before.ssr === 1 && before.title, `${label}: the server's page was there before any script (${JSON.stringify(before)})`);
    for (const k of ['title', 'heading', 'image', 'stats', 'actions', 'banners', 'chat', 'prompt', 'footer']) assert.deepEqual(after[k], before[k], `${label}: ${k} did not move`);
    const cls = shifts.reduce((s, x) => s + x.value, 0);
    assert.ok(cls <= 0.02, `${label}: layout shift ${cls.toFixed(4)} ${JSON.stringify(shifts)}`);
    assert.deepEqual(calls, [], `${label}: the page fetched its data again on load`);
  }

  for (const [name, viewport] of [['375', MOBILE], ['1280', DESKTOP]]) {
    test(`with JavaScript at ${name} px (visitor): both pages adopted, not refetched, nothing moves`, async (t) => {
      requireBuilds(site.server, ['root', 'lobby']);
      await withPage(site.browser, t, { baseURL: site.server.url, viewport }, async ({ page }) => {
        await adopts(page, GAME, `game ${name}`, '.gpage-title');
        await screenshot(page, `first-screen-game-visitor-${name}`, { fullPage: false });
        await adopts(page, '/promotions', `promotions ${name}`, '.promo');
        await screenshot(page, `first-screen-promotions-visitor-${name}`, { fullPage: false });
        // The visitor's Claim opens the login.
        await page.locator('#mf-page [data-mf-app] .promo a[href="?modal=login"]').first().click();
        await waitForModal(page, 'profile');
      });
    });
  }

  for (const [name, viewport] of [['375', MOBILE], ['1280', DESKTOP]]) {
    test(`a visitor's /deposit at ${name} px: the server's log-in prompt, adopted by the cashier; Log in opens the login`, async (t) => {
      requireBuilds(site.server, ['root', 'cashier', 'profile']);
      await withPage(site.browser, t, { baseURL: site.server.url, viewport }, async ({ page }) => {
        await adopts(page, '/deposit', `deposit ${name}`, '[data-tone="empty"]');
        await screenshot(page, `first-screen-deposit-visitor-${name}`, { fullPage: false });
        await page.locator('#mf-page [data-mf-app] [data-tone="empty"] button', { hasText: 'Log in' }).click();
        await waitForModal(page, 'profile');
      });
    });
  }

  test('with JavaScript (logged-in depositor): the game page with a real Play link and the Pulse place, the promotions with Claim', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const player = await newPlayer(site, { prefix: 'fspages', deposit: '20.00' });
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE }, async ({ page, context }) => {
      await logIn(context, site, player);
      await adopts(page, GAME, 'depositor game', '.gpage-title');
      const play = page.locator('#mf-page [data-mf-app] .gpage-actions a', { hasText: 'Play' }).first();
      assert.match(await play.getAttribute('href'), /\?mode=real&lang=en$/);
      await page.locator('#mf-page [data-mf-app] .gpage-side .lobby-pulse section').waitFor();
      await screenshot(page, 'first-screen-game-depositor-375', { fullPage: false });
      await play.click();
      await page.waitForURL(/\/play\/(.*\/)?fruit-fiesta\?mode=real(&|$)/);
      await adopts(page, '/promotions', 'depositor promotions', '.promo');
      assert.ok((await page.locator('#mf-page [data-mf-app] .promo button.promo-claim').count()) > 0, 'claim buttons for a player');
      await screenshot(page, 'first-screen-promotions-depositor-375', { fullPage: false });
    });
  });

  test('a Claim pressed before the lobby started is kept and replayed (logged-in depositor, 1280 px)', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const player = await newPlayer(site, { prefix: 'fsclaim', deposit: '20.00' });
    // The claim may be refused (the fraud rules see every test player on one
    // address and device): the refusal is an answer too.
    const allow = { http: [/^422 .*\/api\/user\/claim-bonus$/] };
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: DESKTOP, allow }, async ({ page, context }) => {
      await logIn(context, site, player);
      const release = await holdRemote(page, 'lobby');
      const claims = [];
      page.on('request', (r) => r.url().endsWith('/api/user/claim-bonus') && claims.push(r.postDataJSON()));
      await page.goto('/promotions');
      const claim = page.locator('#mf-page > [data-ssr] button.promo-claim').first();
      const key = await claim.getAttribute('data-replay');
      await claim.click();
      assert.equal(await claim.getAttribute('aria-busy'), 'true', 'the press shows it was taken');
      release();
      // The app's Claim of the same promotion ran: granted or refused, it answered.
      const promo = page.locator(`#mf-page [data-mf-app] .promo:has(button[data-replay="${key}"]), #mf-page [data-mf-app] .promo[data-bonus="${key.slice('claim:'.length)}"]`);
      await promo.locator('[data-testid="claim-done"], [data-testid="claim-refusal"]').first().waitFor({ timeout: 20_000 });
      assert.equal(claims.length, 1, `one claim sent: ${JSON.stringify(claims)}`);
      await screenshot(page, 'first-screen-claim-replayed-1280', { fullPage: false });
    });
  });

  for (const [name, viewport] of [['375', MOBILE], ['1280', DESKTOP]]) {
    test(`layout shift ≤ 0.02 on the Lighthouse pages at ${name} px (visitor)`, async (t) => {
      requireBuilds(site.server, ['root', 'lobby', 'cashier']);
      await withPage(site.browser, t, { baseURL: site.server.url, viewport }, async ({ page }) => {
        await page.addInitScript(probe);
        for (const path of ['/casino', '/promotions', GAME, '/deposit']) {
          await page.goto(path, { waitUntil: 'load' });
          await page.waitForFunction(() => document.querySelector('#mf-page [data-mf-app]') && !document.querySelector('#mf-page > [data-ssr], #mf-page > .skeleton'), null, { timeout: 20_000 });
          await page.waitForTimeout(1000);
          const shifts = await page.evaluate(() => window.__fs.shifts);
          const cls = shifts.reduce((s, x) => s + x.value, 0);
          assert.ok(cls <= 0.02, `${path} at ${name}: layout shift ${cls.toFixed(4)} ${JSON.stringify(shifts)}`);
        }
      });
    });
  }
});
