// Every page as a logged-in depositor (the player who meets every feature),
// at 1280 and 375 px: the page's app mounts, no call it makes fails, no error
// state or dead "not found" is shown and nothing overflows sideways. The
// calendar once shipped calling three routes the server never had because
// only visitors opened it in a test: this file opens every route as a player.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { APP_ROUTES, DESKTOP, MOBILE, PENDING_API, requireBuilds, screenshot, useSite, waitFor, waitForApp, withPage } from './lib/suite.mjs';
import { newPlayer } from './lib/players.mjs';

// What a broken page shows: the UI kit's and platform's error states.
const ERROR_TEXTS = [/Something went wrong/i, /\bNot found\b/, /Page not found/];

/** Waits until the page has made no request for a while (the event stream stays open, so no networkidle). */
async function settle(page, quietMs = 600, timeout = 15_000) {
  let last = Date.now();
  const bump = (req) => {
    if (!req.url().includes('/api/user/events')) last = Date.now();
  };
  page.on('request', bump);
  page.on('requestfinished', bump);
  page.on('requestfailed', bump);
  try {
    await waitFor(async () => Date.now() - last >= quietMs, { what: 'no request for a while', timeout, interval: 100 });
  } finally {
    page.off('request', bump);
    page.off('requestfinished', bump);
    page.off('requestfailed', bump);
  }
}

describe('every page as a logged-in depositor', () => {
  const site = useSite();
  let player;
  const loggedIn = async (context) => {
    player ??= await newPlayer(site, { prefix: 'tour', deposit: '50.00' });
    // Logged in as the platform keeps it: the token in storage (API calls)
    // and the session cookie (the server-rendered header).
    await context.addCookies([{ name: 'casino_session', value: player.token, url: site.server.url }]);
    await context.addInitScript((token) => localStorage.setItem('casino.accessToken', token), player.token);
  };

  // Pages open four at a time (each in its own context), both widths in one pass.
  test('every route at 1280 and 375 px mounts its app with no failing call, no error state and no overflow', async () => {
    requireBuilds(site.server, ['root', 'lobby', 'cashier', 'profile', 'calendar']);
    const jobs = [];
    for (const [viewport, size] of [['desktop', DESKTOP], ['mobile', MOBILE]]) {
      for (const [path, app] of APP_ROUTES) jobs.push({ viewport, size, path, app });
    }
    const failures = [];
    const visit = async ({ viewport, size, path, app }) => {
      // One broken page must not hide the others: collect, then fail once.
      await withPage(site.browser, { name: `tour-${viewport}-${path}` }, { baseURL: site.server.url, viewport: size, allow: { http: PENDING_API } }, async ({ page, context }) => {
        await loggedIn(context);
        const res = await page.goto(path);
        assert.equal(res.status(), 200, `${path}: status`);
        await waitForApp(page, app);
        await settle(page);
        const text = await page.locator('#mf-page').innerText();
        for (const re of ERROR_TEXTS) {
          if (re.test(text)) failures.push(`${viewport} ${path}: shows ${re} — ${text.slice(0, 200).replace(/\s+/g, ' ')}`);
        }
        if (/log in|sign up/i.test(text) && /to (continue|see|view)/i.test(text)) failures.push(`${viewport} ${path}: asks a logged-in player to log in`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 1) failures.push(`${viewport} ${path}: ${overflow}px of sideways overflow at ${size.width}px`);
        if (viewport === 'mobile') await screenshot(page, `tour-mobile${path.replace(/\//g, '_')}`, { fullPage: false });
      }).catch((err) => failures.push(`${viewport} ${path}: ${err.message.split('\n').slice(0, 6).join(' | ')}`));
    };
    await loggedIn(await site.browser.newContext()); // make the player once, before the pool starts
    const queue = [...jobs];
    await Promise.all(Array.from({ length: 4 }, async () => {
      while (queue.length) await visit(queue.shift());
    }));
    assert.deepEqual(failures, [], failures.join('\n'));
  });
});
