// The live roulette table in Chromium: a guest (fun money, phone) and a
// logged-in depositor (real money, desktop) follow the same shared round over
// the realtime stream. The player places chips on the betting board, undoes
// and clears them (each stake given back through the seamless wallet), bets
// with the keyboard, sees the countdown, the result announced, the winning
// spots lit and the win counted; next round Repeat places the same bets
// again. Inside bets: the player adds a split and a corner on the board's
// lines (the guest, on the phone, in the Inside bets mode: a street, a six
// line and the first four); the round settles to the cent of the drawn
// number and Repeat places them again. Every balance is checked against the
// ledger. ~45 s.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, screenshot, useSite, waitFor } from './lib/suite.mjs';
import { api, newPlayer } from './lib/players.mjs';
import { openPage } from './lib/browser.mjs';

const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
const colour = (n) => (n === 0 ? 'green' : RED.includes(n) ? 'red' : 'black');
const text = async (page, sel) => (await page.locator(sel).textContent()).trim();
const see = (page, sel, want) => waitFor(async () => (await page.locator(sel).count()) > 0 && (await text(page, sel)) === want, { what: `${sel} = ${want}`, timeout: 5000 });
const spot = (page, name) => page.getByRole('button', { name: new RegExp(`^Bet on ${name}(,|$)`) });

describe('studio live roulette table', () => {
  const site = useSite({ publish: [], env: { CASINO_ROULETTE_TIMES: '15s,1s,3s' } });

  /** Waits for a betting window with at least ms left. */
  async function freshWindow(ms) {
    let round = 0;
    await waitFor(async () => {
      const { json } = await api(site, 'GET', '/api/studio/tables/european-roulette');
      round = json.data.round;
      return json.data.phase === 'betting' && json.data.closesAt - json.data.now > ms;
    }, { timeout: 30_000, interval: 100, what: 'betting window' });
    return round;
  }
  async function bet(page, click) {
    const res = page.waitForResponse((r) => /\/bets(\/withdraw)?$/.test(r.url()));
    await click();
    const json = await (await res).json();
    assert.ok(json.data, JSON.stringify(json));
    return json.data;
  }
  const ledger = async (token) => (await api(site, 'GET', '/api/user/get-user-details', null, token)).json.data.userWallet.balance;

  test('chips on the board, undo, clear, keyboard, countdown, result and repeat; stakes and wins through the wallet', async () => {
    const { token } = await newPlayer(site, { prefix: 'roulette', lastName: 'Byron', deposit: '50.00' });
    // Both prefer reduced motion: the wheel stops at once and the result shows with the phase (the
    // wheel's motion is studio-wheel.test.mjs's).
    const guest = await openPage(site.browser, { baseURL: site.server.url, viewport: MOBILE, reducedMotion: 'reduce' });
    const player = await openPage(site.browser, { baseURL: site.server.url, viewport: DESKTOP, reducedMotion: 'reduce' });
    try {
      await player.context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
      await guest.page.goto('/play/studio/european-roulette');
      await player.page.goto('/play/studio/european-roulette');
      for (const p of [guest.page, player.page]) await p.locator('body[data-ready="1"]').waitFor();
      const page = player.page;
      assert.match(await guest.page.locator('#mode').textContent(), /Fun money/);
      await see(guest.page, '#balance', '1000.00 FUN');
      assert.match(await page.locator('#mode').textContent(), /Real money/);
      await see(page, '#balance', '50.00 EUR');
      // The board: 0–36 in their colours, 3 columns, 3 dozens, 6 even chances; the table's chips.
      assert.equal(await page.locator('.spot.num').count(), 37);
      assert.equal(await page.locator('.spot.num.red').count(), 18);
      assert.equal(await page.locator('.spot.num.black').count(), 18);
      assert.equal(await page.locator('.spot.out').count(), 12);
      // The inside bets on the lines: 60 splits, 12 streets and 2 trios, 22 corners and the first four, 11 six lines.
      assert.equal(await page.locator('.spot.in').count(), 108);
      assert.equal(await guest.page.locator('.spot.in:visible').count(), 0, 'the phone shows them in the Inside bets mode');
      assert.deepEqual(await page.locator('.chip-value').allTextContents(), ['0.1', '1', '5', '25', '100']);

      const round = await freshWindow(14000); // the whole window for a score of clicks, on a loaded machine too
      // The countdown runs from the stream's deadline.
      await page.locator(`body[data-round="${round}"][data-phase="betting"]`).waitFor();
      const s1 = Number((await text(page, '#phase')).match(/^Place your bets · (\d+) s$/)?.[1]);
      assert.ok(s1 >= 1 && s1 <= 15, `countdown ${s1}`);
      const w1 = await page.locator('#timer-bar').evaluate((e) => e.getBoundingClientRect().width);
      assert.ok(w1 > 0, 'the bar shows the time left');

      await page.getByRole('button', { name: '1', exact: true }).click();
      let p = await bet(page, () => spot(page, '17').click());
      p = await bet(page, () => spot(page, '17').click());
      await page.getByRole('button', { name: '5', exact: true }).click();
      p = await bet(page, () => spot(page, 'Red').click());
      assert.equal(p.staked, 700);
      await see(page, '[data-bet="straight:17"] .chip', '2');
      await see(page, '[data-bet="red:0"] .chip', '5');
      await see(page, '#total', '7.00 EUR');
      await see(page, '#balance', '43.00 EUR');
      // Undo takes back the last chip, Clear the rest: the wallet gives the stakes back.
      p = await bet(page, () => page.getByRole('button', { name: 'Undo' }).click());
      assert.equal(p.staked, 200);
      await waitFor(async () => (await page.locator('[data-bet="red:0"] .chip').count()) === 0, { what: 'no ' + '[data-bet="red:0"] .chip', timeout: 5000 });
      await see(page, '#balance', '48.00 EUR');
      p = await bet(page, () => page.getByRole('button', { name: 'Clear' }).click());
      assert.equal(p.staked, 0);
      await waitFor(async () => (await page.locator('.spot .chip').count()) === 0, { what: 'no ' + '.spot .chip', timeout: 5000 });
      await see(page, '#balance', '50.00 EUR');
      assert.equal(await ledger(token), '50.00');
      // With the keyboard: the board's spots are buttons; arrows move between them.
      await page.getByRole('button', { name: '1', exact: true }).click();
      await spot(page, '17').focus();
      await page.keyboard.press('ArrowRight');
      assert.equal(await page.evaluate(() => document.activeElement.dataset.bet), 'straight:20');
      p = await bet(page, () => page.keyboard.press('Enter'));
      await page.getByRole('button', { name: '0.1', exact: true }).click();
      p = await bet(page, () => spot(page, 'Red').click());
      assert.equal(p.staked, 110);
      await see(page, '#balance', '48.90 EUR');
      // Inside bets on the lines: a split between 17 and 20, a corner where 1, 2, 4 and 5 meet.
      await page.getByRole('button', { name: '1', exact: true }).click();
      p = await bet(page, () => spot(page, 'split 17 and 20').click());
      p = await bet(page, () => spot(page, 'corner 1, 2, 4 and 5').click());
      assert.equal(p.staked, 310);
      assert.deepEqual(p.bets.slice(-2).map((b) => [b.kind, b.numbers]), [['split', [17, 20]], ['corner', [1, 2, 4, 5]]]);
      await see(page, '[data-bet="split:17-20"] .chip', '1');
      await see(page, '[data-bet="corner:1-2-4-5"] .chip', '1');
      await see(page, '#balance', '46.90 EUR');
      // The inside bets are one tab stop; the arrows move among them.
      await spot(page, 'split 17 and 20').focus();
      await page.keyboard.press('ArrowDown');
      assert.ok(await page.evaluate(() => document.activeElement.classList.contains('in')), 'arrows stay on the lines');
      await guest.page.getByRole('button', { name: '25', exact: true }).click();
      await bet(guest.page, () => spot(guest.page, '2nd 12').click());
      // A chip over the table's limit for its spot (a straight up: 50.00) is stopped before it is sent.
      let sent = 0;
      const count = (r) => { if (/\/bets$/.test(r.url())) sent++; };
      guest.page.on('request', count);
      await guest.page.getByRole('button', { name: '100', exact: true }).click();
      await spot(guest.page, '7').click();
      await see(guest.page, '#msg', 'Over the table limit: at most 50.00 FUN on this bet.');
      await guest.page.waitForTimeout(200);
      guest.page.off('request', count);
      assert.equal(sent, 0, 'no request for a chip over the limit');
      assert.equal(await guest.page.locator('[data-bet="straight:7"] .chip').count(), 0);
      // The phone: the Inside bets mode shows the lines' spots over taller rows.
      await guest.page.getByRole('button', { name: 'Inside bets' }).click();
      await bet(guest.page, () => spot(guest.page, 'street 13, 14 and 15').click());
      await bet(guest.page, () => spot(guest.page, 'six line 28, 29, 30, 31, 32 and 33').click());
      await bet(guest.page, () => spot(guest.page, 'first four 0, 1, 2 and 3').click());
      const box = await spot(guest.page, 'split 17 and 20').boundingBox();
      assert.ok(box.width >= 24 && box.height >= 24, `phone hit area ${box.width}×${box.height}`);
      await screenshot(page, 'studio-roulette-table-1280');
      await screenshot(guest.page, 'studio-roulette-table-375');
      assert.ok(await guest.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no horizontal scroll at 375 px');

      // Both pages see the same result, announced, on the history, the winning spots lit.
      for (const pg of [page, guest.page]) await pg.locator(`body[data-round="${round}"][data-phase="result"]`).waitFor({ timeout: 20_000 });
      const [g, pl] = await Promise.all([guest.page, page].map((x) => text(x, '#wheel')));
      assert.equal(g, pl, 'same result on both pages');
      const n = Number.parseInt(pl, 10);
      assert.equal(pl, `${n} ${colour(n)}`);
      assert.equal(await text(page, '#history span:first-child'), String(n));
      assert.ok(await page.locator(`[data-bet="straight:${n}"].hit`).count() === 1, 'the drawn number is lit');
      assert.equal(await page.locator('[data-bet="split:17-20"].hit').count(), [17, 20].includes(n) ? 1 : 0);
      assert.equal(await page.locator('[data-bet="corner:1-2-4-5"].hit').count(), [1, 2, 4, 5].includes(n) ? 1 : 0);
      // Every bet paid at its odds on the drawn number: straight 35:1, red 1:1, split 17:1, corner 8:1.
      const win = (n === 20 ? 3600 : 0) + (RED.includes(n) ? 20 : 0) + ([17, 20].includes(n) ? 1800 : 0) + ([1, 2, 4, 5].includes(n) ? 900 : 0);
      const want = ((4690 + win) / 100).toFixed(2);
      assert.match(await text(page, '#announce'), new RegExp(`^Result: ${n} ${colour(n)}\\. ${win ? `You win ${(win / 100).toFixed(2)} EUR` : 'No win this round'}\\.$`));
      await screenshot(page, 'studio-roulette-result-1280');
      await screenshot(guest.page, 'studio-roulette-result-375');
      if (win) {
        await waitFor(async () => (await text(page, '#win-amount')) === `${(win / 100).toFixed(2)} EUR`, { what: 'win counted' });
      }
      await waitFor(async () => (await text(page, '#balance')) === `${want} EUR`, { what: want, timeout: 10_000 });
      assert.equal(await ledger(token), want);

      // Next round: Repeat places last round's bets again, the inside ones too.
      const next = await freshWindow(3000);
      assert.ok(next > round);
      await page.locator(`body[data-round="${next}"][data-phase="betting"]`).waitFor();
      await waitFor(async () => (await page.locator('.spot .chip').count()) === 0, { what: 'no ' + '.spot .chip', timeout: 5000 });
      p = await bet(page, () => page.getByRole('button', { name: 'Repeat' }).click());
      assert.equal(p.round, next);
      assert.equal(p.staked, 310);
      await see(page, '[data-bet="straight:20"] .chip', '1');
      await see(page, '[data-bet="red:0"] .chip', '0.1');
      await see(page, '[data-bet="split:17-20"] .chip', '1');
      await see(page, '[data-bet="corner:1-2-4-5"] .chip', '1');
      await see(page, '#balance', `${((4690 + win - 310) / 100).toFixed(2)} EUR`);

      // Betting on a finished round is refused, so is an undo; an unknown session is not found.
      const launched = await api(site, 'POST', '/api/studio/sessions', { gameId: 'european-roulette', mode: 'demo' });
      const late = await api(site, 'POST', `/api/studio/sessions/${launched.json.data.sessionId}/bets`, { round, bets: [{ kind: 'red', amount: '1.00' }] });
      assert.equal(late.status, 409);
      assert.equal(late.json.error.code, 'BETTING_CLOSED');
      const lateUndo = await api(site, 'POST', `/api/studio/sessions/${launched.json.data.sessionId}/bets/withdraw`, { round, all: true });
      assert.equal(lateUndo.status, 409);
      const unknown = await api(site, 'POST', '/api/studio/sessions/gs-unknown/bets', { round, bets: [{ kind: 'red', amount: '1.00' }] });
      assert.equal(unknown.status, 404);
    } finally {
      await guest.context.close();
      await player.context.close();
    }
  });
});
