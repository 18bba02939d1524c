// The studio slot client as a player sees it: drawn symbols (SVG art), reels
// that stop one after another on exactly the symbols of the recorded round,
// a win's line highlighted and its amount counted up to the recorded win,
// sound that stays muted over a reload, quick spin, prefers-reduced-motion
// shortening the spin, and the operator's UKGC RTS 14 mode (2.5 s spins,
// no quick spin, net position and session time). Guests on fun money (the
// same round recording as real money).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DESKTOP, MOBILE, casino, freshDataDir, launchBrowser, screenshot, startServer, useSite, withPage } from './lib/suite.mjs';

async function ready(page) {
  await page.locator('body[data-ready="1"]').waitFor({ timeout: 20_000 });
}

/**
 * The cells once the round is shown ([id, symbol, highlighted, drawn: the
 * symbol's art as a decoded image, SVG or its PNG rasterisation]) and
 * the window they must show: the base spin's, or after free spins (played
 * on after the reels stopped) the last free spin's.
 */
async function shownAfter(page, round) {
  const fs = round.freeSpins ?? [];
  if (fs.length) await page.locator('#win[data-done]').waitFor({ timeout: 30_000 });
  const shown = await page.locator('.cell').evaluateAll((cs) => cs.map((c) => [c.id, c.dataset.symbol, c.classList.contains('hit'), !!c.querySelector('img.art[src^="data:image/"]')?.naturalWidth]));
  return { shown, expected: fs.length ? fs[fs.length - 1].window : round.base.window };
}

/** Spins once with the space bar; answers the round, the shown cells, the window expected and the ms from the press to the result (the page's own clock). */
async function spin(page) {
  const answer = page.waitForResponse((r) => r.url().includes('/spin') && r.request().method() === 'POST');
  await page.keyboard.press('Space');
  const res = (await (await answer).json()).data;
  await page.locator('#stage[data-stopped]').waitFor({ timeout: 15_000 });
  const [took, landing] = await page.locator('#stage').evaluate((s) => [Number(s.dataset.stopped) - Number(s.dataset.pressed), Number(s.dataset.stopped) - Number(s.dataset.answered)]);
  return { res, took, landing, ...(await shownAfter(page, res.round)) };
}

/** The window shown, reel by reel, from cells c<reel>_<row>. */
function windowOf(shown, reels, rows) {
  const w = Array.from({ length: reels }, () => Array(rows).fill(''));
  for (const [id, sym] of shown) { const [, r, j] = id.match(/^c(\d+)_(\d+)$/).map(Number); w[r][j] = sym; }
  return w;
}

const fun = (minor) => (minor / 100).toFixed(2);

describe('studio reels', () => {
  const site = useSite({ publish: [] });

  test('reel by reel onto the recorded symbols; sound off and quick spin kept over a reload, quick spin is faster (1280 px)', async (t) => {
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: DESKTOP }, async ({ page }) => {
      await page.goto('/play/studio/jungle-ways');
      await ready(page);
      assert.equal(await page.locator('#sound').getAttribute('aria-pressed'), 'true', 'sound on by default');
      const answer = page.waitForResponse((r) => r.url().includes('/spin') && r.request().method() === 'POST');
      await page.keyboard.press('Space');
      const { round } = (await (await answer).json()).data;
      // Mid-stop: the first reel has landed while the last still spins.
      await page.locator('#c0_0.still').waitFor({ timeout: 10_000 });
      assert.equal(await page.locator('#c4_0.still').count(), 0, 'the last reel stops after the first');
      await page.locator('#stage[data-stopped]').waitFor({ timeout: 15_000 });
      const normal = await page.locator('#stage').evaluate((s) => Number(s.dataset.stopped) - Number(s.dataset.answered));
      const { shown, expected } = await shownAfter(page, round);
      assert.ok(shown.every((c) => c[3]), 'every cell is drawn art');
      assert.deepEqual(windowOf(shown, 5, 3), expected, 'the reels end on the recorded window');
      assert.ok(normal >= 5 * 220, `a normal spin stops reel by reel (${normal} ms from the answer)`);
      assert.ok(await page.locator('body[data-sound]').count(), 'the spin made sounds');
      assert.ok(await page.locator('#logo svg').count(), 'the game logo is drawn');
      await page.locator('#win[data-done]').waitFor({ timeout: 10_000 });
      await screenshot(page, 'studio-jungle-ways-1280');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'studio-jungle-ways-375');
      await page.setViewportSize(DESKTOP);

      await page.locator('#sound').click();
      await page.locator('#quick').click();
      await page.reload();
      await ready(page);
      assert.equal(await page.locator('#sound').getAttribute('aria-pressed'), 'false', 'sound stays off after a reload');
      assert.equal(await page.locator('#sound').textContent(), 'Sound off');
      assert.equal(await page.locator('#quick').getAttribute('aria-pressed'), 'true', 'quick spin stays on after a reload');
      const q = await spin(page);
      assert.deepEqual(windowOf(q.shown, 5, 3), q.expected);
      assert.ok(q.landing < 5 * 220 && q.landing < normal, `turbo: the reels land ${q.landing} ms after the answer, normally ${normal} ms`);
      assert.equal(await page.locator('body[data-sound]').count(), 0, 'muted: no sound played');
    });
  });

  test('a win counts up to exactly the recorded amount, its cells highlighted and announced (1280 px)', async (t) => {
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: DESKTOP }, async ({ page }) => {
      await page.goto('/play/studio/candy-carnival');
      await ready(page);
      await page.keyboard.press('t'); // turbo: the reels stop together; the count-up is the same
      assert.equal(await page.locator('#quick').getAttribute('aria-pressed'), 'true');
      let win = null;
      for (let i = 0; i < 25 && !win; i++) {
        await page.locator('#win').evaluate((el) => {
          window.seen = [];
          new MutationObserver(() => window.seen.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
        });
        const s = await spin(page);
        assert.deepEqual(windowOf(s.shown, 5, 3), s.expected);
        if (s.res.round.win > s.res.round.bet && !s.res.round.freeSpins) win = s;
        await page.locator('#win[data-done]').waitFor({ timeout: 15_000 });
      }
      assert.ok(win, 'a win above the stake within 25 spins');
      const final = fun(win.res.round.win);
      assert.equal(await page.locator('#win').textContent(), final, 'the count-up ends on the recorded win');
      assert.equal(await page.locator('#win').getAttribute('data-win'), String(win.res.round.win));
      // Counted from 0.00 over 0.9 s (a starved machine may paint few of the steps between).
      const seen = await page.evaluate(() => window.seen);
      assert.equal(seen[0], '0.00');
      assert.equal(seen.at(-1), final);
      assert.ok(Number(await page.locator('#win').getAttribute('data-count-ms')) >= 900, 'a win above the stake counts up');
      assert.ok(seen.every((v, i) => i === 0 || Number(v) >= Number(seen[i - 1])), `counted up through ${seen.join(', ')}`);
      assert.ok(win.shown.some((c) => c[2]), 'the winning cells are highlighted');
      assert.match(await page.locator('#msg').textContent(), new RegExp(`^You win ${final.replace('.', '\\.')} FUN: \\d+ `), 'the result is announced with what paid');
      assert.equal(await page.locator('#last-win').textContent(), final);
    });
  });

  test('a win highlights its line; reduced motion shortens the spin (375 px)', async (t) => {
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE, reducedMotion: 'reduce' }, async ({ page }) => {
      await page.goto('/play/studio/fruit-fiesta');
      await ready(page);
      let win = null, longest = 0;
      for (let i = 0; i < 40 && !win; i++) {
        const s = await spin(page);
        longest = Math.max(longest, s.landing);
        assert.deepEqual(windowOf(s.shown, 3, 3), s.expected);
        if (s.res.round.base.lines?.length) win = s;
      }
      assert.ok(win, 'a line win within 40 spins');
      const g = await page.evaluate(async () => {
        const sid = document.body.dataset.session;
        const r = await fetch(`/api/studio/sessions/${sid}`).then((x) => x.json());
        return r.data?.game ?? null;
      });
      const lines = g?.lines;
      const want = new Set();
      for (const l of win.res.round.base.lines) for (let r = 0; r < l.count; r++) want.add(`c${r}_${(lines ?? [])[l.line - 1]?.[r]}`);
      const hit = new Set(win.shown.filter((c) => c[2]).map((c) => c[0]));
      for (const id of want) if (!id.endsWith('undefined')) assert.ok(hit.has(id), `${id} highlighted`);
      assert.ok(hit.size > 0);
      // Reduced motion: from the server's answer to the result, no reel-by-reel
      // wait (3 × 220 ms) nor the 600 ms minimum.
      assert.ok(longest < 600, `reduced-motion reels took ${longest} ms to land after the answer`);
      await page.locator('#win[data-done]').waitFor({ timeout: 10_000 });
      await screenshot(page, 'studio-fruit-fiesta-375');
      await page.setViewportSize(DESKTOP);
      await screenshot(page, 'studio-fruit-fiesta-1280');
    });
  });
});

describe('studio slots under UKGC RTS 14', () => {
  // The operator's setting on a server of its own.
  const site = {};
  before(async () => {
    const dir = await freshDataDir();
    await casino(['settings', '--data', dir, 'patch', JSON.stringify({ features: { studioRTS14: true } })]);
    site.server = await startServer({ dataDir: dir, publish: false });
    site.browser = await launchBrowser();
  });
  after(async () => {
    await site.browser?.close().catch(() => {});
    await site.server?.stop();
  });

  test('a spin takes at least 2.5 s, no quick spin, net position and session time shown (375 px)', async (t) => {
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE }, async ({ page }) => {
      await page.goto('/play/studio/fruit-fiesta');
      await ready(page);
      const cfg = JSON.parse(await page.locator('#studio-config').textContent());
      assert.equal(cfg.rts14, true, 'the launch config carries the setting');
      assert.equal(await page.locator('#quick').count(), 0, 'no quick spin');
      assert.equal(await page.locator('#net').textContent(), '0.00 FUN');
      await page.keyboard.press('t');
      const s = await spin(page);
      assert.ok(s.took >= 2500, `spin took ${s.took} ms`);
      assert.deepEqual(windowOf(s.shown, 3, 3), s.expected);
      const net = s.res.round.win - s.res.round.cost;
      assert.equal(await page.locator('#net').textContent(), `${net > 0 ? '+' : net < 0 ? '−' : ''}${fun(Math.abs(net))} FUN`, 'net position: wins − stakes');
      assert.match(await page.locator('#elapsed').textContent(), /^0:0[2-9]|^0:[1-5]\d$/, 'session time runs');
      await page.locator('#win[data-done]').waitFor({ timeout: 10_000 });
      await screenshot(page, 'studio-rts14-375');
    });
  });
});
