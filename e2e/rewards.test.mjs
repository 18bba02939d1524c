// The rakeback calendar as players meet it (issue 14): a depositor in Berlin
// plays real studio rounds, opens /cashback, claims today's amount, and the
// balance rises by exactly that amount once; the accumulator moves live after
// a spin; a player without a deposit is asked for one; a visitor sees sample
// data. Amounts come from the rounds the wallet recorded (bff/rewards).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MOBILE, requireBuilds, screenshot, useSite, waitFor, waitForApp, withPage } from './lib/suite.mjs';
import { api, newPlayer } from './lib/players.mjs';

const ZONE = 'Europe/Berlin';
const cents = (s) => Math.round(Number.parseFloat(s) * 100);
const berlinToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date()); // YYYY-MM-DD

describe('rewards calendar as a player', () => {
  const site = useSite();
  const opts = (extra = {}) => ({ baseURL: site.server.url, timezoneId: ZONE, ...extra });
  const loggedIn = async (context, token) => {
    await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
    await context.addInitScript((tok) => localStorage.setItem('casino.accessToken', tok), token);
  };
  /** Real-money spins of the studio's Aztec Sun at bet through the API (the wallet records each round). */
  const spin = async (token, times, bet = '2.00') => {
    const launched = await api(site, 'POST', '/api/studio/sessions', { gameId: 'aztec-sun', mode: 'real' }, token);
    assert.equal(launched.status, 200, JSON.stringify(launched.json));
    for (let i = 0; i < times; i++) {
      const res = await api(site, 'POST', `/api/studio/sessions/${launched.json.data.sessionId}/spin`, { bet }, token);
      assert.equal(res.status, 200, JSON.stringify(res.json));
    }
  };
  const balance = async (token) => cents((await api(site, 'GET', '/api/user/get-user-details', null, token)).json.data.userWallet.balance);

  test('a depositor plays, claims today on /cashback, the balance rises by exactly that amount, once', async (t) => {
    requireBuilds(site.server, ['root', 'calendar']);
    const { token } = await newPlayer(site, { prefix: 'rewards', deposit: '100.00' });
    await spin(token, 10);
    const days = (await api(site, 'GET', `/api/admin/get-rakeback-days?timeZone=${encodeURIComponent(ZONE)}`, null, token)).json.data;
    assert.equal(days.length, 28);
    const today = days.find((d) => d.canClaimDate === berlinToday());
    assert.ok(today && Number(today.amount) > 0, `today's amount from 20.00 of stakes: ${JSON.stringify(today)}`);
    const before = await balance(token);

    await withPage(site.browser, t, opts(), async ({ page, context }) => {
      await loggedIn(context, token);
      await page.goto('/cashback');
      await waitForApp(page, 'calendar');
      const cell = page.locator('[role="gridcell"][aria-current="date"]');
      const claim = cell.getByRole('button', { name: 'Claim' });
      await claim.waitFor();
      await screenshot(page, 'rewards-cashback-1280');
      await claim.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Rakeback claimed').waitFor();
      const euros = (Number(today.amount) / 100).toFixed(2);
      await dialog.getByText(`€${euros} was added to your balance.`).waitFor();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await cell.getByText(/Claimed/).waitFor();
      assert.equal(await cell.getByRole('button', { name: 'Claim' }).count(), 0, 'the button is gone');
    });
    assert.equal(await balance(token), before + Number(today.amount), 'the balance rose by exactly the amount');
    const again = await api(site, 'POST', `/api/user/rakeback-claim?timeZone=${encodeURIComponent(ZONE)}`, { claimDate: today.canClaimDate, customerDate: today.canClaimDate }, token);
    assert.equal(again.status, 409);
    assert.equal(again.json.error.code, 'ALREADY_CLAIMED');
    assert.equal(await balance(token), before + Number(today.amount), 'paid once');
  });

  test('the accumulator moves after a spin, live', async (t) => {
    requireBuilds(site.server, ['root', 'calendar']);
    const { token } = await newPlayer(site, { prefix: 'accumulator', deposit: '50.00' });
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      await loggedIn(context, token);
      const streams = [];
      page.on('request', (r) => r.url().includes('/events') && streams.push(r.url()));
      // The stream answers once the server has subscribed the player: events from then on arrive.
      const connected = page.waitForResponse((r) => r.url().includes('/api/user/events'));
      await page.goto('/cashback');
      await waitForApp(page, 'calendar');
      const accumulator = page.getByTestId('accumulator');
      await accumulator.waitFor();
      // Every value the accumulator shows, as the player sees it change: each
      // stake (debit) moves it up by 5 %, each win (credit) back down, so a
      // lucky player may end where they started; the moves are what counts.
      // Watched on the whole page, not one node: a re-render that replaces
      // the element (award data re-read every 15 s) must not hide a move.
      await page.evaluate(() => {
        const read = () => document.querySelector('[data-testid="accumulator"]')?.textContent;
        window.accumulatorSeen = [read()];
        new MutationObserver(() => {
          const now = read();
          if (now != null && now !== window.accumulatorSeen.at(-1)) window.accumulatorSeen.push(now);
        }).observe(document.body, { subtree: true, characterData: true, childList: true });
      });
      await connected;
      // A round staked while the stream was (re)connecting on a loaded
      // machine is not replayed (events are live only): a few more rounds
      // then, each one a chance to see the move.
      let seen;
      for (let attempt = 1; !seen; attempt++) {
        await spin(token, 3, '5.00');
        seen = await waitFor(async () => {
          const values = await page.evaluate(() => window.accumulatorSeen);
          return values.some((v) => v !== '€0.00') && values;
        }, { what: 'the accumulator to move by 5 % of a 5.00 stake', timeout: 10_000 }).catch(async (err) => {
          if (attempt < 3) return null;
          throw new Error(`${err.message}; seen ${JSON.stringify(await page.evaluate(() => window.accumulatorSeen))}; event streams: ${JSON.stringify(streams)}`);
        });
      }
      assert.equal(seen[0], '€0.00');
      await screenshot(page, 'rewards-accumulator-375', { fullPage: false });
    });
  });

  test('rounds staked while the stream was down reach the accumulator when it reconnects (lastEventId)', async (t) => {
    requireBuilds(site.server, ['root', 'calendar']);
    const { token } = await newPlayer(site, { prefix: 'resume', deposit: '50.00' });
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      await loggedIn(context, token);
      // A network cut, as the page sees it: the browser gives up on the
      // player's stream (readyState CLOSED, an error event). Chromium's own
      // offline emulation does not cut a stream already open.
      await page.addInitScript(() => {
        const Native = window.EventSource;
        window.__streams = [];
        window.__stakes = []; // the debit events each stream brought: [stream index, event id]
        window.EventSource = class extends Native {
          constructor(url, init) {
            super(url, init);
            const n = window.__streams.push(this) - 1;
            this.addEventListener('debit', (e) => window.__stakes.push([n, e.lastEventId]));
          }
          get readyState() {
            return this.cut ? Native.CLOSED : super.readyState;
          }
          cutOff() {
            this.cut = true;
            super.close();
            this.dispatchEvent(new Event('error'));
          }
        };
      });
      const connected = page.waitForResponse((r) => r.url().includes('/api/user/events'));
      await page.goto('/cashback');
      await waitForApp(page, 'calendar');
      const accumulator = page.getByTestId('accumulator');
      await accumulator.waitFor();
      await connected;
      // A round while connected gives the page an event id to resume from
      // (a few, as in the test above: on a loaded machine the first may come
      // before the calendar has its rates).
      for (let attempt = 1; ; attempt++) {
        await spin(token, 1, '5.00');
        const moved = await waitFor(async () => (await accumulator.textContent()) !== '€0.00', { what: 'the accumulator to move once', timeout: 10_000 }).catch((err) => {
          if (attempt === 3) throw err;
        });
        if (moved) break;
      }
      const shown = await accumulator.textContent();
      // The page's new stream waits until the rounds are played: whatever
      // it brings then, it brings because it asked for what it missed.
      let played;
      const playedAll = new Promise((r) => (played = r));
      const reconnects = [];
      await page.route('**/api/user/events?*', async (route) => {
        reconnects.push(route.request().url());
        await playedAll;
        await route.continue();
      });
      const cut = await page.evaluate(() => {
        const i = window.__streams.findIndex((s) => s.url.includes('/api/user/events'));
        window.__streams[i].cutOff();
        return i;
      });
      await spin(token, 4, '5.00');
      assert.equal(await accumulator.textContent(), shown, 'nothing arrives while the stream is down');
      played();
      // The new stream brings the four stakes it missed, in order, and the
      // accumulator moves with them.
      const missed = await waitFor(async () => {
        const got = (await page.evaluate(() => window.__stakes)).filter(([n]) => n > cut);
        return got.length >= 4 && got;
      }, { what: 'the missed stakes on the new stream', timeout: 15_000 });
      const ids = missed.map(([, id]) => Number(id.split('-')[1]));
      assert.deepEqual(ids, [...ids].sort((a, b) => a - b), `in order: ${ids}`);
      await waitFor(async () => (await accumulator.textContent()) !== shown, { what: 'the accumulator to move' });
      assert.match(reconnects[0] ?? '', /\/api\/user\/events\?lastEventId=[0-9a-z]+-\d+$/, 'the new stream asked for what it missed');
      await screenshot(page, 'rewards-accumulator-resumed-375', { fullPage: false });
    });
  });

  test('a player without a deposit is asked for one; the server refuses their claim', async (t) => {
    requireBuilds(site.server, ['root', 'calendar']);
    const { token } = await newPlayer(site, { prefix: 'nodeposit' });
    const refused = await api(site, 'POST', '/api/user/rakeback-claim', { claimDate: berlinToday() }, token);
    assert.equal(refused.status, 402);
    assert.deepEqual([refused.json.error.code, refused.json.error.message], ['DEPOSIT_REQUIRED', 'feature requires a deposit']);
    const allow = { http: [/^402 .*\/api\/(admin\/get-rakeback-days|user\/calendar-award)/] };
    await withPage(site.browser, t, opts({ allow }), async ({ page, context }) => {
      await loggedIn(context, token);
      await page.goto('/cashback');
      await waitForApp(page, 'calendar');
      await page.getByText('Your calendar starts with your first deposit').waitFor();
      assert.equal(await page.getByRole('link', { name: 'Make a deposit' }).getAttribute('href'), '/deposit');
    });
  });

  test('a visitor sees sample data and cannot claim', async (t) => {
    requireBuilds(site.server, ['root', 'calendar']);
    const refused = await api(site, 'POST', '/api/user/rakeback-claim', { claimDate: berlinToday() });
    assert.equal(refused.status, 403);
    await withPage(site.browser, t, opts(), async ({ page }) => {
      await page.goto('/cashback');
      await waitForApp(page, 'calendar');
      await page.getByText('Sample calendar: log in to see and claim your own rakeback.').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Claim' }).count(), 0);
    });
  });
});
