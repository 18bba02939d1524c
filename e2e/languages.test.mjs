// Languages (issue 17, docs/site.md): a visitor whose browser asks for German
// gets the German site on the first visit; a player who picks French in the
// footer stays on the same page and logged in, the choice is kept as their
// preferred language, and another device of theirs opens in French.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MOBILE, requireBuilds, screenshot, useSite, waitForApp, withPage } from './lib/suite.mjs';
import { api, logIn, newPlayer } from './lib/players.mjs';

describe('languages', () => {
  const site = useSite();

  test('a browser asking for German gets the German site on its first visit', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE, locale: 'de-DE' }, async ({ page }) => {
      await page.goto('/casino');
      await waitForApp(page, 'lobby');
      assert.equal(await page.locator('html').getAttribute('lang'), 'de');
      await page.getByRole('link', { name: 'Alle Spiele' }).first().waitFor();
      await page.locator('#site-header').getByRole('link', { name: 'Anmelden' }).waitFor();
      await screenshot(page, 'languages-de-casino-375');
    });
  });

  test('Arabic is laid out right to left at 375 px, nothing overflows', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE }, async ({ page }) => {
      await page.goto('/casino?lng=ar');
      await waitForApp(page, 'lobby');
      assert.deepEqual([await page.locator('html').getAttribute('lang'), await page.locator('html').getAttribute('dir')], ['ar', 'rtl']);
      // The header's actions sit at the inline end: on the left in RTL.
      const brand = await page.locator('.topbar .brand').boundingBox();
      const actions = await page.locator('.topbar-actions').boundingBox();
      assert.ok(actions.x < brand.x, `actions (${actions.x}) left of the brand (${brand.x}) in RTL`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page is ${overflow} px wider than the screen`);
      await screenshot(page, 'languages-ar-casino-375');
    });
  });

  test('a player picks French in the footer: same page, still logged in, kept for their other devices', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const player = await newPlayer(site, { prefix: 'polyglot' });
    await withPage(site.browser, t, { baseURL: site.server.url }, async ({ page, context }) => {
      await logIn(context, site, player);
      await page.goto('/casino/slots');
      await waitForApp(page, 'lobby');
      await page.locator('.lang-picker summary').click();
      await page.locator('.lang-list a[hreflang="fr"]').click();
      await page.waitForFunction(() => document.documentElement.lang === 'fr');
      assert.equal(new URL(page.url()).pathname, '/casino/slots', 'the same page');
      await waitForApp(page, 'lobby');
      await page.getByRole('link', { name: 'Tous les jeux' }).first().waitFor();
      assert.equal(await page.locator('.user-chip').count(), 1, 'still logged in');
    });
    const details = await api(site, 'GET', '/api/user/get-user-details', null, player.token);
    assert.equal(details.json.data.getUser.locale, 'fr', 'kept as the preferred language');
    // Another device: the session, no language cookie, a browser asking for English.
    await withPage(site.browser, t, { baseURL: site.server.url, locale: 'en-GB' }, async ({ page, context }) => {
      await context.addCookies([{ name: 'casino_session', value: player.token, url: site.server.url }]);
      await page.goto('/casino');
      assert.equal(await page.locator('html').getAttribute('lang'), 'fr');
    });
  });
});
