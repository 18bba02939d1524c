// Onboarding tour, flags, page titles and localized info pages (issue 17,
// docs/site.md): a new depositor's first page shows the tour, which is walked
// through with the keyboard and never shown again (another device, another
// log-in); with the flag off there is none.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, requireBuilds, screenshot, startServer, useSite, waitForApp, withPage } from './lib/suite.mjs';
import { logIn, newPlayer } from './lib/players.mjs';

const dialog = (page) => page.getByRole('dialog');

/** Presses Tab until the focused control is `name` (at most 6 times), then Enter. */
async function press(page, name) {
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === name) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  assert.fail(`no "${name}" control reached with Tab`);
}

const focusedInDialog = (page) => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));

describe('onboarding tour', () => {
  const site = useSite({ tour: true });

  test('a new depositor gets the tour on the first page, walks it with the keyboard, and never again', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const player = await newPlayer(site, { prefix: 'tour', deposit: '50.00' });
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: DESKTOP }, async ({ page, context }) => {
      await logIn(context, site, player);
      await page.goto('/casino');
      await waitForApp(page, 'lobby');
      const d = dialog(page);
      await d.waitFor();
      assert.equal(await d.getAttribute('aria-modal'), 'true');
      assert.ok(await focusedInDialog(page), 'focus moves into the step');
      assert.match(await d.textContent(), /Step 1 of 4/);
      assert.match(await d.getByRole('heading').textContent(), /The lobby/);
      // 1280 px is menu mode: the side navigation is closed, the step points at the menu button.
      assert.match(await d.textContent(), /You find it in the menu\./);
      await screenshot(page, 'onboarding-tour-1280-step1', { fullPage: false });

      await press(page, 'Next');
      assert.match(await d.getByRole('heading').textContent(), /Deposit/);
      const spot = await page.locator('.ob-spot').boundingBox();
      const deposit = await page.locator('.topbar .btn-deposit').boundingBox();
      assert.ok(Math.abs(spot.x + 6 - deposit.x) < 2 && Math.abs(spot.width - 12 - deposit.width) < 2, 'the deposit button is highlighted');
      await screenshot(page, 'onboarding-tour-1280-deposit', { fullPage: false });

      // Focus stays in the dialog: Shift+Tab from the first control wraps to the last.
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press(i % 2 ? 'Tab' : 'Shift+Tab');
        assert.ok(await focusedInDialog(page), 'Tab stays in the dialog');
      }
      await press(page, 'Back');
      assert.match(await d.getByRole('heading').textContent(), /The lobby/);
      await press(page, 'Next');
      await press(page, 'Next');
      assert.match(await d.getByRole('heading').textContent(), /Responsible gaming/);
      assert.equal(await d.getByRole('link', { name: 'Set my limits' }).getAttribute('href'), '/profile2/limits');
      await press(page, 'Next');
      assert.match(await d.getByRole('heading').textContent(), /Rewards calendar/);
      const recorded = page.waitForResponse((r) => r.url().endsWith('/api/user/onboarding-tour') && r.request().method() === 'POST');
      await press(page, 'Finish');
      assert.equal((await recorded).status(), 200);
      await d.waitFor({ state: 'detached' });
      assert.equal(await page.locator('#site').getAttribute('inert'), null, 'the page is usable again');
    });
    // Another device (a new context), the same player: no tour.
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE }, async ({ page, context }) => {
      await logIn(context, site, player);
      await page.goto('/casino');
      await waitForApp(page, 'lobby');
      assert.equal(await page.locator('#onboarding-tour').count(), 0);
      assert.equal(await dialog(page).count(), 0);
    });
  });

  test('at 375 px the tour fits the screen and Escape skips it for good', async (t) => {
    requireBuilds(site.server, ['root', 'lobby']);
    const player = await newPlayer(site, { prefix: 'tourm' });
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE }, async ({ page, context }) => {
      await logIn(context, site, player);
      await page.goto('/casino');
      const d = dialog(page);
      await d.waitFor();
      await waitForApp(page, 'lobby');
      await screenshot(page, 'onboarding-tour-375-step1', { fullPage: false });
      await press(page, 'Next');
      const box = await d.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= MOBILE.width && box.y >= 0 && box.y + box.height <= MOBILE.height, `dialog inside the screen: ${JSON.stringify(box)}`);
      await screenshot(page, 'onboarding-tour-375-deposit', { fullPage: false });
      const recorded = page.waitForResponse((r) => r.url().endsWith('/api/user/onboarding-tour'));
      await page.keyboard.press('Escape');
      assert.equal((await recorded).status(), 200);
      await d.waitFor({ state: 'detached' });
      await page.reload();
      await waitForApp(page, 'lobby');
      assert.equal(await dialog(page).count(), 0, 'not after a skip');
    });
  });

  test('with the onboardingTour flag off a new player gets no tour', async () => {
    const off = { server: await startServer({ publish: false }) }; // a fresh data directory: the flag is off
    try {
      const player = await newPlayer(off, { prefix: 'notour' });
      const res = await fetch(new URL('/casino', off.server.url), { headers: { Cookie: `casino_session=${player.token}` } });
      const html = await res.text();
      assert.match(html, /class="user-chip"/, 'logged in');
      assert.doesNotMatch(html, /onboarding-tour/);
    } finally {
      await off.server.stop();
    }
  });

  test('page titles and info pages follow the language', async (t) => {
    requireBuilds(site.server, ['root', 'lobby', 'cashier']);
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: DESKTOP }, async ({ page }) => {
      await page.goto('/deposit?lng=de');
      assert.equal(await page.title(), 'Einzahlung · Aurum Casino');
      // A client-side route change keeps the language of the title.
      await waitForApp(page, 'cashier');
      await page.evaluate(() => window.history.pushState(null, '', '/profile2/balance'));
      await page.waitForFunction(() => document.title === 'Guthaben · Aurum Casino', null, { timeout: 10_000 }).catch(async () => {
        assert.fail(`title after the route change: ${await page.title()}`);
      });
      // The German info page (the language is remembered in the cookie).
      await page.goto('/responsible-gambling');
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Verantwortungsvolles Spielen');
      assert.equal(await page.title(), 'Verantwortungsvolles Spielen · Aurum Casino');
      assert.equal(await page.getByTestId('page-not-translated').count(), 0);
      // French has no version of its own: English, with a French note.
      await page.goto('/responsible-gambling?lng=fr');
      const note = page.getByTestId('page-not-translated');
      assert.equal(await note.textContent(), "Cette page n’est pas encore disponible dans votre langue. Elle est affichée en anglais.");
      assert.equal(await page.locator('article.prose').getAttribute('lang'), 'en');
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Responsible Gambling');
      await screenshot(page, 'info-page-fallback-fr-1280', { fullPage: false });
    });
  });

  test('flags are images from the flag set: the language menu and the sign-up pickers', async (t) => {
    requireBuilds(site.server, ['root', 'lobby', 'profile']);
    const emoji = /[\u{1F1E6}-\u{1F1FF}]/u;
    await withPage(site.browser, t, { baseURL: site.server.url, viewport: MOBILE }, async ({ page }) => {
      await page.goto('/?modal=signup');
      const form = page.locator('[data-testid="signup-form"]');
      await form.waitFor();
      await form.getByLabel('Country').selectOption('DE');
      const flag = form.locator('img[data-flag="DE"]').first();
      await flag.waitFor();
      assert.equal(await flag.getAttribute('src'), '/api/core/casino/assets/flags/de.svg');
      await page.waitForFunction(() => document.querySelector('img[data-flag="DE"]')?.naturalWidth > 0);
      const options = await form.getByLabel('Country').locator('option').allTextContents();
      assert.ok(options.length > 200 && !options.some((o) => emoji.test(o)), 'no emoji flags in the country picker');
      const phones = await form.getByLabel('Phone code').locator('option').allTextContents();
      assert.ok(phones.includes('+49 DE') && !phones.some((o) => emoji.test(o)), 'phone codes without emoji flags');
      await screenshot(page, 'flags-signup-375', { fullPage: false });

      // The footer's language menu: an image per language, fetched when it opens.
      await page.goto('/casino');
      await page.locator('.lang-picker summary').click();
      const de = page.locator('.lang-list a[hreflang="de"]');
      assert.equal(await de.locator('img').getAttribute('src'), '/api/core/casino/assets/flags/de.svg');
      assert.ok(!emoji.test(await page.locator('.lang-list').textContent()), 'no emoji in the language menu');
      await de.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelector('.lang-list a[hreflang="de"] img')?.naturalWidth > 0);
      await screenshot(page, 'flags-languages-375', { fullPage: false });
    });
  });
});
