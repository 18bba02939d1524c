// Refer a friend (bff/referral): with referAFriendPercent at 10 and a
// settlement every second, a player's profile shows their link; a visitor
// opens it in Chromium and signs up with that browser's cookies, and shows
// up in the referrer's count; after the friend plays, the referrer earns 10 %
// of the friend's net gaming result, paid through the ledger. A sign-up
// through the link from the referrer's own address counts but earns nothing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { casino, DESKTOP, freshDataDir, launchBrowser, requireBuilds, screenshot, startServer, waitFor, waitForApp, withPage } from './lib/suite.mjs';
import { join } from 'node:path';
import { inspectDb } from './lib/db.mjs';
import { api, newPlayer } from './lib/players.mjs';

const GAME = 'aztec-sun';
const cents = (s) => Math.round(Number.parseFloat(s) * 100);

describe('refer a friend', () => {
  const site = {};
  before(async () => {
    const dir = await freshDataDir();
    await casino(['settings', '--data', dir, 'patch', JSON.stringify({ referAFriendPercent: 10 })]);
    site.server = await startServer({ dataDir: dir, env: { CASINO_REFERRAL_EVERY: '1s' } });
    site.browser = await launchBrowser();
  });
  after(async () => {
    await site.browser?.close().catch(() => {});
    await site.server?.stop();
  });
  const opts = (extra = {}) => ({ baseURL: site.server.url, ...extra });

  async function play(token, spins) {
    const { json: games } = await api(site, 'GET', '/api/studio/games');
    const game = games.data.find((g) => g.id === GAME);
    const session = await api(site, 'POST', '/api/studio/sessions', { gameId: GAME, mode: 'real' }, token);
    let ngr = 0;
    for (let i = 0; i < spins; i++) {
      const res = await api(site, 'POST', `/api/studio/sessions/${session.json.data.sessionId}/spin`, { bet: game.minBet }, token);
      assert.equal(res.status, 200, JSON.stringify(res.json));
      ngr += res.json.data.round.cost - res.json.data.round.win;
    }
    return ngr;
  }

  test('a referred sign-up shows up in the referrer\'s data and earns the referrer a share', async (t) => {
    requireBuilds(site.server, ['root', 'profile']);
    const referrer = await newPlayer(site, { prefix: 'referrer' });
    const details = async () => (await api(site, 'GET', '/api/user/get-user-details', null, referrer.token)).json.data;
    const { referralData } = await details();
    assert.equal(referralData.referredCount, 0);
    assert.equal(referralData.percent, 10);

    // The visitor opens the link in a browser: the page keeps the code for sign-up.
    let cookie = '';
    await withPage(site.browser, t, opts({ viewport: DESKTOP }), async ({ page, context }) => {
      await page.goto(referralData.referralLink);
      await waitForApp(page, 'lobby');
      cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    });
    assert.match(cookie, new RegExp(`casino_ref=${referralData.referralCode}`));
    const friend = await newPlayer(site, { prefix: 'friend', address: 'Ringstr. 9', cookie, deposit: '50.00' });
    // A second sign-up through the link from the referrer's own address: a self-referral.
    const self = await newPlayer(site, { prefix: 'self', cookie: `casino_ref=${referralData.referralCode}`, deposit: '50.00' });
    assert.equal((await details()).referralData.referredCount, 2);

    const ngr = await play(friend.token, 5);
    await play(self.token, 3);
    // Commissions are settled every second on the result so far, so one may
    // fall between two spins (a loss later is carried forward, not taken
    // back): the settlements the server made are read from its database,
    // and each must be 10 % of the result it settled, together all of it.
    const db = join(site.server.dataDir, 'casino.db');
    const settled = async (id) => {
      const rows = (await inspectDb(db, `SELECT json_extract(metadata, '$.ngr') FROM ledger_transactions WHERE idempotency_key LIKE 'referral:${id}:%'`)).rows ?? [];
      const unpaid = (await inspectDb(db, `SELECT ngr_unpaid FROM referrals WHERE referred_id = ${id}`)).rows?.[0]?.[0];
      return { ngrs: rows.map((r) => Number(r[0])), unpaid: Number(unpaid) };
    };
    const done = await waitFor(async () => {
      const s = await settled(friend.userId);
      const total = s.ngrs.reduce((a, b) => a + b, 0) + s.unpaid;
      return total === ngr && s.unpaid < 10 ? s : null; // all of it seen, nothing more due
    }, { what: `the friend's NGR ${ngr} settled`, timeout: 10_000 });
    const expected = done.ngrs.reduce((sum, n) => sum + Math.floor((n * 10) / 100), 0);
    const paid = await waitFor(async () => {
      const d = await details();
      return cents(d.referralData.earnings) === expected ? d : null;
    }, { what: `earnings of ${expected} cents (settlements ${done.ngrs}, friend's NGR ${ngr})`, timeout: 10_000 });
    assert.equal(cents(paid.userWallet.balance), expected, 'the commission is on the referrer\'s real balance');
    assert.deepEqual((await settled(self.userId)).ngrs, [], 'a self-referral earns nothing');

    await withPage(site.browser, t, opts({ viewport: DESKTOP }), async ({ page, context }) => {
      await context.addCookies([{ name: 'casino_session', value: referrer.token, url: site.server.url }]);
      await context.addInitScript((tok) => localStorage.setItem('casino.accessToken', tok), referrer.token);
      await page.goto('/profile');
      await waitForApp(page, 'profile');
      const card = page.locator('[data-testid="refer-a-friend"]');
      await card.waitFor({ timeout: 15_000 });
      assert.equal(await card.locator('[data-testid="referral-code"]').textContent(), referralData.referralCode);
      assert.equal(await card.locator('[data-testid="referral-link"]').textContent(), `${site.server.url}${referralData.referralLink}`);
      assert.equal(await card.locator('[data-testid="referral-count"]').textContent(), '2 friends signed up');
      assert.equal(await card.locator('[data-testid="referral-earnings"]').textContent(), `Earned so far: €${(expected / 100).toFixed(2)}`);
      await screenshot(page, 'referral-1280');
    });
  });
});
