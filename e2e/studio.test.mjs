// The in-house game studio end to end: its catalogue and thumbnails, a
// guest's fun-money spin and a logged-in player's real-money spin in
// Chromium (the balance moves exactly by win − bet, through the seamless
// wallet and the ledger), seed rotation and the provably fair verifier.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, http, screenshot, useSite, waitFor, withPage } from './lib/suite.mjs';
import { api, newPlayer } from './lib/players.mjs';

const cents = (s) => Math.round(Number.parseFloat(s) * 100);

/** Waits for the game client to have launched its session. */
async function ready(page) {
  await page.locator('body[data-ready="1"]').waitFor({ timeout: 15_000 });
}

async function balanceText(page) {
  return (await page.locator('#balance').textContent()).trim();
}

describe('studio', () => {
  const site = useSite({ publish: [] });
  const opts = (extra = {}) => ({ baseURL: site.server.url, ...extra });

  test('catalogue: at least 12 slots and the live roulette, RTP and max multiplier from the maths, SVG thumbnails', async () => {
    const { status, json } = await api(site, 'GET', '/api/studio/games');
    assert.equal(status, 200);
    const slots = json.data.filter((t) => t.kind === 'slot');
    assert.ok(slots.length >= 12, `${slots.length} slots`);
    assert.ok(json.data.some((t) => t.id === 'european-roulette' && t.rtp === '97.30' && t.maxMultiplier === '36.00'));
    for (const t of json.data) {
      assert.match(t.rtp, /^9\d\.\d\d$/, `${t.id} rtp`);
      assert.match(t.maxMultiplier, /^\d+\.\d\d$/);
      const img = await http(site, t.thumbnail);
      assert.equal(img.status, 200, t.thumbnail);
      assert.equal(img.headers.get('content-type'), 'image/svg+xml');
      assert.match(await img.text(), /width="300" height="400"/);
    }
    const unknown = await api(site, 'POST', '/api/studio/sessions', { gameId: 'nope', mode: 'demo' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error.message, 'GAME NOT FOUND');
    const real = await api(site, 'POST', '/api/studio/sessions', { gameId: 'fruit-fiesta', mode: 'real' });
    assert.equal(real.status, 403, 'real money needs a logged-in player');
  });

  test('guest: fun-money spin with the keyboard on a phone (375 px)', async (t) => {
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context, diag }) => {
      // Every AudioContext the page makes, and whether the player had pressed anything by then.
      await context.addInitScript(() => {
        const A = window.AudioContext;
        window.__audio = [];
        window.AudioContext = class extends A {
          constructor(...args) { super(...args); window.__audio.push(navigator.userActivation.hasBeenActive); }
        };
      });
      await page.goto('/play/studio/fruit-fiesta');
      await ready(page);
      assert.deepEqual(await page.evaluate(() => window.__audio), [], 'no AudioContext before a gesture');
      assert.match(await page.locator('#mode').textContent(), /Fun money/);
      assert.equal(await balanceText(page), '1000.00 FUN');
      const before = cents('1000.00');
      const spin = page.waitForResponse((r) => r.url().includes('/spin') && r.request().method() === 'POST');
      await page.keyboard.press('Space');
      const res = await (await spin).json();
      assert.ok(res.data, JSON.stringify(res));
      const { round } = res.data;
      const want = ((before - round.cost + round.win) / 100).toFixed(2);
      await waitFor(async () => (await balanceText(page)) === `${want} FUN`, { what: `balance ${want}` });
      assert.equal(await page.locator('.cell').count(), 9);
      await screenshot(page, 'studio-slot-demo-375');
      // The key press made the sound's context, once, after the gesture; Chromium warned of none.
      assert.deepEqual(await page.evaluate(() => window.__audio), [true]);
      assert.deepEqual(diag.consoleWarnings.filter((w) => /AudioContext/.test(w.text)), []);
      // No horizontal scrolling on a phone.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1));
    });
  });

  test('player: a real-money game ends with the player\'s session (log out elsewhere, the next spin is refused)', async (t) => {
    const { token } = await newPlayer(site, { prefix: 'studio-logout', deposit: '20.00' });
    await withPage(site.browser, t, opts({ viewport: DESKTOP, allow: { http: [/^404 .*\/spin$/] } }), async ({ page, context }) => {
      await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
      await page.goto('/play/studio/fruit-fiesta');
      await ready(page);
      const spin = async () => {
        const res = page.waitForResponse((r) => r.url().includes('/spin') && r.request().method() === 'POST');
        await page.getByRole('button', { name: 'Spin' }).click();
        return (await res).status();
      };
      assert.equal(await spin(), 200);
      await waitFor(async () => !(await page.getByRole('button', { name: 'Spin' }).isDisabled()), { what: 'spin enabled', timeout: 15_000 });
      // The player logs out (another tab, another device): the game page's gs-… id is no login of its own.
      assert.equal((await api(site, 'POST', '/api/user/logout', null, token)).status, 200);
      assert.equal(await spin(), 404);
      await page.locator('#msg').getByText('Game session not found').waitFor();
    });
  });

  test('player: real-money spins move the ledger balance by win − bet; seed rotation; verifier recomputes the round', async (t) => {
    const { token } = await newPlayer(site, { prefix: 'studio', firstName: 'Grace', lastName: 'Hopper', deposit: '50.00' });
    await withPage(site.browser, t, opts({ viewport: DESKTOP }), async ({ page, context }) => {
      await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
      await page.goto('/play/studio/aztec-sun');
      await ready(page);
      assert.match(await page.locator('#mode').textContent(), /Real money/);
      assert.equal(await balanceText(page), '50.00 EUR');
      let expected = cents('50.00');
      let last;
      for (let i = 0; i < 3; i++) {
        const spin = page.waitForResponse((r) => r.url().includes('/spin') && r.request().method() === 'POST');
        await page.getByRole('button', { name: 'Spin' }).click();
        const res = await (await spin).json();
        assert.ok(res.data, JSON.stringify(res));
        last = res.data;
        expected += last.round.win - last.round.cost;
        const want = `${(expected / 100).toFixed(2)} EUR`;
        await waitFor(async () => (await balanceText(page)) === want, { what: want, timeout: 15_000 });
        await waitFor(async () => !(await page.getByRole('button', { name: 'Spin' }).isDisabled()), { what: 'spin enabled', timeout: 15_000 });
      }
      // The casino's own view of the balance agrees (ledger through get-user-details).
      const details = await api(site, 'GET', '/api/user/get-user-details', null, token);
      const wallet = JSON.stringify(details.json.data.userWallet);
      assert.ok(wallet.includes((expected / 100).toFixed(2)), `userWallet ${wallet}, want ${(expected / 100).toFixed(2)}`);
      await screenshot(page, 'studio-slot-real-1280');

      // Game recall: the stored round replayed for its player, hidden from others.
      const recall = await context.newPage();
      await recall.goto(`/studio/rounds/${encodeURIComponent(last.roundId)}`);
      assert.equal((await recall.locator('#recall-win').textContent()).trim(), (last.round.win / 100).toFixed(2));
      await screenshot(recall, 'studio-recall-1280');
      await recall.close();
      const stranger = await http(site, `/studio/rounds/${encodeURIComponent(last.roundId)}`);
      assert.equal(stranger.status, 404);

      // Rotate the seed pair in the page: the old server seed is revealed.
      await page.locator('summary', { hasText: 'Provably fair seeds' }).click();
      await page.getByLabel('New client seed').fill('grace-seed');
      await page.getByRole('button', { name: 'Rotate seed pair' }).click();
      await page.locator('#seed-prev:not([hidden])').waitFor();
      assert.equal((await page.locator('#seed-client').textContent()).trim(), 'grace-seed');
      assert.equal((await page.locator('#seed-nonce').textContent()).trim(), '0');

      // The verifier recomputes the last round from the revealed seed, for its
      // owner only: a visitor with the round's id learns nothing (issue 18, item 14).
      const guest = await context.browser().newContext({ viewport: MOBILE });
      try {
        const vp = await guest.newPage();
        const verifyURL = new URL(`/provably-fair?round=${encodeURIComponent(last.roundId)}`, site.server.url).href;
        await vp.goto(verifyURL);
        assert.equal(await vp.locator('#commitment').count(), 0, 'a visitor does not get the round');
        await guest.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
        await vp.goto(verifyURL);
        assert.equal((await vp.locator('#commitment').textContent()).trim(), 'matches');
        assert.equal((await vp.locator('#stored-match').textContent()).trim(), 'identical to what was shown');
        assert.equal((await vp.locator('#verify-win').textContent()).trim(), (last.round.win / 100).toFixed(2));
        await screenshot(vp, 'studio-verifier-375');
      } finally {
        await guest.close();
      }
    });
  });
});
