// The studio slot client as a player sees it: drawn symbols (SVG art), reels
// that stop one after another on exactly the symbols of the recorded round,
// a win's line highlighted, and prefers-reduced-motion shortening the spin.
// Guests on fun money (the same round recording as real money); ~30 s.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, screenshot, useSite, withPage } from './lib/suite.mjs';

async function ready(page) {
  await page.locator('body[data-ready="1"]').waitFor({ timeout: 15_000 });
}

/** Spins once with the space bar; answers the round, the shown symbols and the ms until the reels stopped. */
async function spin(page) {
  const answer = page.waitForResponse((r) => r.url().includes('/spin') && r.request().method() === 'POST');
  const started = Date.now();
  await page.keyboard.press('Space');
  const res = (await (await answer).json()).data;
  await page.locator('#stage[data-stopped]').waitFor({ timeout: 10_000 });
  const took = Date.now() - started;
  const shown = await page.locator('.cell').evaluateAll((cs) => cs.map((c) => [c.id, c.dataset.symbol, c.classList.contains('hit'), !!c.querySelector('svg')]));
  return { res, shown, took };
}

/** The window shown, reel by reel, from cells c<reel>_<row>. */
function windowOf(shown, reels, rows) {
  const w = Array.from({ length: reels }, () => Array(rows).fill(''));
  for (const [id, sym] of shown) { const [, r, j] = id.match(/^c(\d+)_(\d+)$/).map(Number); w[r][j] = sym; }
  return w;
}

describe('studio reels', () => {
  const site = useSite({ publish: [] });

  test('a spin animates reel by reel and ends on exactly the recorded symbols (1280 px)', async (t) => {
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: DESKTOP }, async ({ page }) => {
      await page.goto('/play/studio/jungle-ways');
      await ready(page);
      const answer = page.waitForResponse((r) => r.url().includes('/spin') && r.request().method() === 'POST');
      await page.keyboard.press('Space');
      const { round } = (await (await answer).json()).data;
      // Mid-stop: the first reel has landed while the last still spins.
      await page.locator('#c0_0.still').waitFor({ timeout: 5_000 });
      assert.equal(await page.locator('#c4_0.still').count(), 0, 'the last reel stops after the first');
      await page.locator('#stage[data-stopped]').waitFor({ timeout: 10_000 });
      const shown = await page.locator('.cell').evaluateAll((cs) => cs.map((c) => [c.id, c.dataset.symbol, c.classList.contains('hit'), !!c.querySelector('svg')]));
      assert.ok(shown.every((c) => c[3]), 'every cell is drawn art');
      assert.deepEqual(windowOf(shown, 5, 3), round.base.window, 'the reels end on the recorded window');
      await screenshot(page, 'studio-jungle-ways-1280');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'studio-jungle-ways-375');
    });
  });

  test('a win highlights its line; reduced motion shortens the spin (375 px)', async (t) => {
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE, reducedMotion: 'reduce' }, async ({ page }) => {
      await page.goto('/play/studio/fruit-fiesta');
      await ready(page);
      let win = null, longest = 0;
      for (let i = 0; i < 40 && !win; i++) {
        const s = await spin(page);
        longest = Math.max(longest, s.took);
        assert.deepEqual(windowOf(s.shown, 3, 3), s.res.round.base.window);
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
      // Reduced motion: no reel-by-reel wait (5 × 220 ms) nor the 600 ms minimum.
      assert.ok(longest < 1500, `reduced-motion spin took ${longest} ms`);
      await screenshot(page, 'studio-fruit-fiesta-375');
      await page.setViewportSize(DESKTOP);
      await screenshot(page, 'studio-fruit-fiesta-1280');
    });
  });
});
