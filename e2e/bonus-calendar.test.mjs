// The rest of the rewards calendar (issue 14) as a depositor meets it: the
// bonus calendar shows each weekday's seeded offer (get-all-bonus with
// dayOfWeek, timeZone, calendarDateTime), today's instant cashback is taken
// onto the rakeback calendar (ADD_TO_CALENDAR) and paid with the day; the
// carousel scrolls every 3 s; a claim appears in everyone's toast feed; the
// calendar can be turned off and on from the profile.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MOBILE, requireBuilds, screenshot, useSite, waitFor, waitForApp, waitForModal, withPage } from './lib/suite.mjs';
import { api, newPlayer } from './lib/players.mjs';

const ZONE = 'Europe/Berlin';
const cents = (s) => Math.round(Number.parseFloat(s) * 100);
const berlin = (d = new Date()) => {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', weekday: 'short' })
    .formatToParts(d).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, dateTime: `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`, weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(p.weekday) + 1 };
};
const euro = (minor) => `€${(minor / 100).toFixed(2)}`;

describe('bonus calendar, instant cashback, carousel, feed and opt-out', () => {
  const site = useSite();
  const opts = (extra = {}) => ({ baseURL: site.server.url, timezoneId: ZONE, ...extra });
  const loggedIn = async (context, token) => {
    await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
    await context.addInitScript((tok) => localStorage.setItem('casino.accessToken', tok), token);
  };
  const balance = async (token) => cents((await api(site, 'GET', '/api/user/get-user-details', null, token)).json.data.userWallet.balance);
  /** Real-money spins of Aztec Sun until the player has lost at least `minLoss` cents of `start` today. */
  const loseAtLeast = async (token, start, minLoss) => {
    const launched = await api(site, 'POST', '/api/studio/sessions', { gameId: 'aztec-sun', mode: 'real' }, token);
    assert.equal(launched.status, 200, JSON.stringify(launched.json));
    // Outcomes are the studio's fair draws: an early big win can keep a
    // player above the start for a while, so allow many (fast) spins.
    for (let i = 0; i < 2000; i++) {
      const res = await api(site, 'POST', `/api/studio/sessions/${launched.json.data.sessionId}/spin`, { bet: '2.00' }, token);
      assert.equal(res.status, 200, JSON.stringify(res.json));
      const loss = start - cents(res.json.data.balance);
      if (loss >= minLoss) return loss;
    }
    throw new Error(`2000 spins without losing ${minLoss} cents`);
  };

  test('get-all-bonus answers the offer of a day in a zone; 8 days ahead is a closed gift', async () => {
    const now = berlin();
    const q = (extra) => `/api/admin/get-all-bonus?language=en&timeZone=${encodeURIComponent(ZONE)}&${extra}`;
    const today = await api(site, 'GET', q(`dayOfWeek=${now.weekday}&calendarDateTime=${encodeURIComponent(now.dateTime)}`));
    assert.equal(today.status, 200, JSON.stringify(today.json));
    const page = today.json.data.bonus;
    assert.equal(page.count, 1, JSON.stringify(page));
    assert.deepEqual([page.dayOfWeek, page.timeZone, page.rows[0].type, page.rows[0].validOnDays], [now.weekday, ZONE, 'instant_cashback', [now.weekday]]);
    const later = berlin(new Date(Date.now() + 8 * 86_400_000));
    const closed = await api(site, 'GET', q(`calendarDateTime=${encodeURIComponent(later.dateTime)}`));
    assert.deepEqual([closed.json.data.bonus.closed, closed.json.data.bonus.count], [true, 0]);
    const all = await api(site, 'GET', '/api/admin/get-all-bonus?limit=100');
    const days = all.json.data.bonus.rows.flatMap((r) => r.validOnDays).sort();
    assert.deepEqual(days, [1, 2, 3, 4, 5, 6, 7], 'a seeded offer for every weekday');
    const bad = await api(site, 'GET', q('calendarDateTime=2026-11-23%2010:00:00&dayOfWeek=2'));
    assert.equal(bad.status, 400);
  });

  test("a depositor takes today's cashback onto the calendar and claims it with the day; a visitor's feed shows the claim", async (t) => {
    requireBuilds(site.server, ['root', 'calendar']);
    const { token } = await newPlayer(site, { prefix: 'cashback', deposit: '100.00' });
    const loss = await loseAtLeast(token, 10_000, 600);
    const offer = (await api(site, 'GET', `/api/admin/get-all-bonus?timeZone=${encodeURIComponent(ZONE)}&calendarDateTime=${encodeURIComponent(berlin().dateTime)}`)).json.data.bonus.rows[0];
    const cashback = Math.min(Math.floor((loss * offer.cashbackPercent) / 100), cents(offer.maxBonusThreshold));
    const daysPath = `/api/admin/get-rakeback-days?timeZone=${encodeURIComponent(ZONE)}`;
    const before = (await api(site, 'GET', daysPath, null, token)).json.data.find((d) => d.canClaimDate === berlin().date);

    await withPage(site.browser, t, opts(), async ({ page, context }) => {
      await loggedIn(context, token);
      await page.goto('/cashback');
      await waitForApp(page, 'calendar');
      const todayCell = page.locator('[role="gridcell"][aria-current="date"]');
      await todayCell.getByText(euro(Number(before.amount)), { exact: true }).waitFor();
      // The page opens the bonus calendar as its modal (?modal=calendar).
      await page.getByRole('button', { name: 'Bonus Calendar' }).click();
      await waitForModal(page, 'calendar');
      const calendar = page.getByRole('dialog', { name: 'Bonus Calendar' });
      const banner = calendar.getByTestId('today-bonus');
      await banner.waitFor();
      const title = offer.banner.bannerTitle;
      await banner.getByText(title.length > 35 ? `${[...title].slice(0, 35).join('').trimEnd()}…` : title, { exact: true }).waitFor();
      // The days' offers come with their own answer, maybe after the banner's.
      await waitFor(async () => (await calendar.locator('[role="gridcell"][data-offer]').count()) === 8, { what: 'today and the next 7 days show their offer', timeout: 10_000 });
      assert.ok((await calendar.locator('[role="gridcell"][aria-label$="Closed gift"]').count()) > 0, 'later days are closed gifts');
      await screenshot(page, 'bonus-calendar-1280');
      await banner.getByRole('button', { name: 'Get cashback' }).click();
      const placed = page.getByRole('dialog', { name: 'Cashback added to your calendar' });
      await placed.getByText(`${euro(cashback)} is on your rewards calendar for`).waitFor();
      await placed.getByRole('button', { name: 'OK' }).click();
      await calendar.getByRole('button', { name: 'Close' }).click();
      // The page's rakeback calendar hears of it at once (no 10 s wait).
      await todayCell.getByText(euro(Number(before.amount) + cashback), { exact: true }).waitFor({ timeout: 5_000 });
    });
    const day = (await api(site, 'GET', daysPath, null, token)).json.data.find((d) => d.canClaimDate === berlin().date);
    assert.equal(day.bonusId, offer.id);
    assert.ok(Number(day.amount) >= Number(before.amount) + cashback, `${day.amount} holds the cashback ${cashback}`);
    const again = await api(site, 'POST', '/api/user/claim-bonus', { bonusId: offer.id }, token);
    assert.deepEqual([again.status, again.json.error?.code], [409, 'RETRY_PERIOD']);

    // A visitor watching /cashback sees the claim in the toast feed.
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page }) => {
      const feed = page.waitForResponse((r) => r.url().includes('/rewards/claims/events'));
      await page.goto('/cashback');
      await waitForApp(page, 'calendar');
      await feed;
      const start = await balance(token);
      const paid = await api(site, 'POST', `/api/user/rakeback-claim?timeZone=${encodeURIComponent(ZONE)}`, { claimDate: day.canClaimDate, customerDate: day.canClaimDate }, token);
      assert.equal(paid.status, 200, JSON.stringify(paid.json));
      assert.equal(paid.json.data.bonusId, offer.id);
      assert.equal(await balance(token), start + Number(paid.json.data.amount), 'the day with its cashback, paid once');
      await page.getByRole('status').filter({ hasText: `claimed ${euro(Number(paid.json.data.amount))}` }).waitFor({ timeout: 10_000 });
      await screenshot(page, 'bonus-calendar-feed-375', { fullPage: false });
    });
  });

  test('on a phone the rakeback calendar is a carousel that moves every 3 s', async (t) => {
    requireBuilds(site.server, ['root', 'calendar']);
    const { token } = await newPlayer(site, { prefix: 'carousel', deposit: '20.00' });
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      await loggedIn(context, token);
      await page.goto('/cashback');
      await waitForApp(page, 'calendar');
      const carousel = page.getByTestId('carousel');
      await carousel.waitFor();
      await page.evaluate(() => {
        const el = document.querySelector('[data-testid="carousel"]');
        window.moves = [];
        new MutationObserver(() => window.moves.push(performance.now())).observe(el, { attributes: true, attributeFilter: ['data-index'] });
      });
      const moves = await waitFor(async () => {
        const m = await page.evaluate(() => window.moves);
        return m.length >= 3 && m;
      }, { what: 'three carousel moves', timeout: 20_000 });
      const gaps = moves.slice(1).map((x, i) => x - moves[i]);
      assert.ok(gaps.every((g) => g > 2_700 && g < 4_500), `gaps between moves ${gaps.map(Math.round)} ms, want 3 s`);
      await page.getByRole('button', { name: 'Pause' }).click();
      const paused = await carousel.getAttribute('data-index');
      await page.waitForTimeout(3_500);
      assert.equal(await carousel.getAttribute('data-index'), paused, 'paused');
      await page.getByRole('button', { name: 'Grid' }).click();
      await page.locator('[role="gridcell"][aria-current="date"]').waitFor();
    });
    // Right to left (Arabic): the slides run leftwards and the one shown lies inside the carousel.
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      await loggedIn(context, token);
      await page.goto('/cashback?lng=ar');
      await waitForApp(page, 'calendar');
      const carousel = page.getByTestId('carousel');
      await waitFor(async () => Number(await carousel.getAttribute('data-index')) >= 1, { what: 'the carousel moved', timeout: 10_000 });
      await page.waitForTimeout(600); // the 400 ms slide
      const placed = await page.evaluate(() => {
        const c = document.querySelector('[data-testid="carousel"]').getBoundingClientRect();
        return [...document.querySelectorAll('[data-testid="carousel"] [aria-roledescription="slide"]:not([inert])')]
          .map((s) => s.getBoundingClientRect()).map((b) => b.left >= c.left - 1 && b.right <= c.right + 1);
      });
      assert.ok(placed.length > 0 && placed.every(Boolean), `slides shown inside the carousel: ${placed}`);
      await screenshot(page, 'calendar-carousel-ar-375', { fullPage: false });
    });
  });

  test('a player turns the calendar off in the profile and back on', async (t) => {
    requireBuilds(site.server, ['root', 'calendar', 'profile']);
    const { token } = await newPlayer(site, { prefix: 'optout', deposit: '20.00' });
    const allow = { http: [/^409 .*\/api\/(admin\/get-rakeback-days|user\/calendar-award)/] };
    await withPage(site.browser, t, opts({ allow }), async ({ page, context }) => {
      await loggedIn(context, token);
      await page.goto('/profile2/my-bonuses');
      await waitForApp(page, 'profile');
      const toggle = page.getByRole('switch', { name: 'Rewards calendar' });
      await toggle.waitFor();
      assert.equal(await toggle.isChecked(), true);
      await toggle.click();
      await page.getByText(/^Off: rakeback and cashback cannot be claimed/).waitFor();
      await screenshot(page, 'rewards-calendar-switch-1280');
      const refused = await api(site, 'POST', `/api/user/rakeback-claim?timeZone=${encodeURIComponent(ZONE)}`, { claimDate: berlin().date }, token);
      assert.deepEqual([refused.status, refused.json.error?.code], [409, 'CALENDAR_OPTED_OUT']);

      await page.goto('/cashback');
      await waitForApp(page, 'calendar');
      await page.getByText('Your rewards calendar is off').waitFor();
      await page.getByRole('link', { name: 'Turn it on in your profile' }).click();
      await waitForApp(page, 'profile');
      await page.getByRole('switch', { name: 'Rewards calendar' }).click();
      await page.getByText(/^On: claim your daily rakeback/).waitFor();
      await page.goto('/cashback');
      await waitForApp(page, 'calendar');
      await page.locator('[role="gridcell"][aria-current="date"]').waitFor();
      assert.equal(await page.getByText('Your rewards calendar is off').count(), 0);
    });
  });
});
