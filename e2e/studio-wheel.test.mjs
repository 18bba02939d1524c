// The live roulette wheel comes to rest with the drawn number under the
// pointer: the angle of the drawn SVG wheel, read from the browser, puts the
// table's result at the top (European pocket order). A guest at 1280 px; ~20 s.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, screenshot, useSite, withPage } from './lib/suite.mjs';

const ORDER = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26];

describe('studio roulette wheel', () => {
  const site = useSite({ publish: [], env: { CASINO_ROULETTE_TIMES: '3s,1s,4s' } });

  test('the wheel stops on the drawn number', async (t) => {
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: DESKTOP }, async ({ page }) => {
      await page.goto('/play/studio/european-roulette?mode=demo');
      await page.locator('body[data-ready="1"]').waitFor({ timeout: 15_000 });
      // A round that the page sees spin, then its result.
      await page.locator('body[data-phase="spinning"]').waitFor({ timeout: 15_000 });
      await page.locator('body[data-phase="result"]').waitFor({ timeout: 15_000 });
      const drawn = Number((await page.locator('#wheel').textContent()).trim().split(' ')[0]);
      // The result is shown once the wheel has come to rest (its 2.2 s stop).
      const angle = await page.locator('#disc-turn').evaluate((g) => {
        const m = new DOMMatrix(getComputedStyle(g).transform);
        return Math.atan2(m.b, m.a) * 180 / Math.PI;
      });
      // Pocket i sits at i·360/37 clockwise from the top; the wheel turned by angle.
      const step = 360 / 37, i = Math.round((((-angle) % 360) + 360) % 360 / step) % 37;
      assert.equal(ORDER[i], drawn, `pocket at the pointer (angle ${angle.toFixed(1)})`);
      assert.equal(await page.locator('#disc').getAttribute('data-number'), String(drawn));
      assert.equal(await page.locator('#ball.on').count(), 1, 'the ball sits in the pocket');
      await screenshot(page, 'studio-roulette-wheel-1280');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'studio-roulette-wheel-375');
    });
  });
});
