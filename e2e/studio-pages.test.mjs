// The studio's rules/paytable pages and game recall in Chromium: a slot's
// paytable drawn from its definition (every symbol drawn with the game's
// art, pays per count, paylines), the roulette table's bet types, and a
// logged-in depositor's past rounds replayed exactly as recorded.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, screenshot, useSite, withPage } from './lib/suite.mjs';
import { api } from './lib/players.mjs';

describe('studio rules and recall pages', () => {
  const site = useSite({ publish: [], env: { CASINO_ROULETTE_TIMES: '4s,1s,2s' } });
  const opts = (extra = {}) => ({ baseURL: site.server.url, ...extra });

  test('rules: the paytable of a slot and the bets of the roulette table, from their definitions', async (t) => {
    const { json } = await api(site, 'GET', '/api/studio/games/ocean-treasures');
    const { game, title } = json.data;
    await withPage(site.browser, t, opts({ viewport: DESKTOP }), async ({ page }) => {
      await page.goto('/play/studio/ocean-treasures?mode=demo');
      await page.getByRole('link', { name: 'Paytable & rules' }).click();
      await page.locator('body[data-ready="1"]').waitFor();
      assert.equal(new URL(page.url()).pathname, '/studio/games/ocean-treasures/rules');
      // Every symbol drawn, every pay of the definition listed.
      assert.equal(await page.locator('#paytable [data-symbol]').count(), game.symbols.length);
      assert.equal(await page.locator('#paytable [data-art] svg').count(), game.symbols.length);
      for (const [sym, pays] of Object.entries(game.pays)) {
        for (const [count, coins] of Object.entries(pays)) {
          assert.equal(await page.locator(`[data-pay="${sym}:${count}"]`).getAttribute('data-coins'), String(coins), `${sym} ×${count}`);
        }
      }
      assert.equal(await page.locator('#lines figure').count(), game.lines.length);
      const facts = await page.locator('#facts').innerText();
      assert.match(facts, new RegExp(`${title.rtp}%`));
      assert.match(facts, new RegExp(`${title.maxMultiplier}× the bet`));
      assert.match(facts, /Volatility\s+\w+/);
      assert.match(facts, new RegExp(`Bonus buy\\s+${title.bonusBuyPrice}× the bet`));
      await screenshot(page, 'studio-rules-1280');
      await page.setViewportSize(MOBILE);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no horizontal scroll at 375 px');
      await screenshot(page, 'studio-rules-375');

      await page.goto('/play/studio/european-roulette?mode=demo');
      await page.getByRole('link', { name: 'Rules & payouts' }).click();
      await page.locator('#bet-types').waitFor();
      const rows = await page.locator('#bet-types tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.kind, tr.cells[2].textContent, tr.cells[3].textContent]));
      assert.deepEqual(rows.map((r) => r[0]), ['straight', 'column', 'dozen', 'red', 'black', 'odd', 'even', 'low', 'high']);
      assert.deepEqual(rows.map((r) => r[1]), ['35:1', '2:1', '2:1', '1:1', '1:1', '1:1', '1:1', '1:1', '1:1']);
      assert.ok(rows.every((r) => r[2] === '97.30%'));
      await screenshot(page, 'studio-roulette-rules-375');
    });
  });
});
