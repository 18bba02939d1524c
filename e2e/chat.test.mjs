// Chat (bff/chat): two players in two browser contexts chat on /casino and
// each sees the other's message live; a message is shown as text, never as
// HTML; a second message at once is refused with the rate-limit text; a
// visitor reads but is asked to log in to write; a player in ghost mode
// appears as "Ghost" in the chat and on a race leaderboard, and their name is
// in neither (nor in what the server sends other players). Big wins reach the
// chat live, a ghost's as "Ghost"; a player who turns them off sees none.
// A player's chat settings work in the page: sound plays a tone for other
// players' messages, Hide chat hides it and stays so after a reload; the
// operator's word list masks its words.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { casino, DESKTOP, freshDataDir, launchBrowser, MOBILE, openPage, requireBuilds, screenshot, startServer, useSite, waitFor, waitForApp } from './lib/suite.mjs';
import { api, newPlayer } from './lib/players.mjs';

const GAME = 'aztec-sun';

describe('chat and ghost mode', () => {
  const site = useSite();

  async function loggedIn(token, viewport = DESKTOP) {
    const { page, context, diag } = await openPage(site.browser, { baseURL: site.server.url, viewport });
    await context.addCookies([{ name: 'casino_session', value: token, url: site.server.url }]);
    await context.addInitScript((tok) => localStorage.setItem('casino.accessToken', tok), token);
    return { page, context, diag };
  }

  test('two players chat live; a ghost is hidden in chat and on the race leaderboard', async () => {
    requireBuilds(site.server, ['root', 'lobby']);
    await casino(['races', '--data', site.server.dataDir, 'create', JSON.stringify({ id: 'ghost-race', name: 'Ghost race', metric: 'stakes', startsAt: '-1m', endsAt: '+30m', prizes: [1000] })]);
    const ada = await newPlayer(site, { prefix: 'chatada' });
    const bob = await newPlayer(site, { prefix: 'chatbob', deposit: '20.00' });
    const nick = async (p) => (await api(site, 'GET', '/api/user/get-user-details', null, p.token)).json.data.getUser.nickname;
    const [adaName, bobName] = [await nick(ada), await nick(bob)];

    const a = await loggedIn(ada.token);
    const b = await loggedIn(bob.token, MOBILE);
    const guest = await openPage(site.browser, { baseURL: site.server.url, viewport: DESKTOP });
    try {
      for (const p of [a.page, b.page, guest.page]) {
        await p.goto('/casino');
        await waitForApp(p, 'lobby');
        await p.locator('[data-testid="chat"]').waitFor({ timeout: 15_000 });
      }
      await guest.page.getByRole('button', { name: 'Log in to chat' }).waitFor();
      const lines = (p) => p.locator('[data-testid="chat-line"]');

      // Ada writes: Bob and the visitor see it without a reload.
      await a.page.getByLabel('Your message').fill('Hello from Ada');
      await a.page.getByRole('button', { name: 'Send' }).click();
      await lines(b.page).filter({ hasText: `${adaName}: Hello from Ada` }).waitFor({ timeout: 10_000 });
      await lines(guest.page).filter({ hasText: 'Hello from Ada' }).waitFor({ timeout: 10_000 });

      // Bob turns on ghost mode, then writes markup: Ada sees it as text, from "Ghost".
      const saved = b.page.waitForResponse((r) => r.url().endsWith('/api/user/chat-settings') && r.request().method() === 'PUT');
      await b.page.getByLabel('Ghost mode (hide my name)').check();
      assert.equal((await saved).status(), 200);
      await b.page.getByLabel('Your message').fill('Hi <b>Ada</b>');
      await b.page.getByRole('button', { name: 'Send' }).click();
      const fromGhost = lines(a.page).filter({ hasText: 'Ghost: Hi <b>Ada</b>' });
      await fromGhost.waitFor({ timeout: 10_000 });
      assert.equal(await fromGhost.locator('b').count(), 0, 'no HTML rendered from a message');
      // At once again: the rate limit's text.
      await b.page.getByLabel('Your message').fill('again');
      await b.page.getByRole('button', { name: 'Send' }).click();
      await b.page.getByRole('alert').filter({ hasText: 'You are sending messages too fast' }).waitFor();
      await screenshot(b.page, 'chat-375');

      // A ghost's stakes on the race: "Ghost" on the board, never the nickname.
      const { json: games } = await api(site, 'GET', '/api/studio/games');
      const game = games.data.find((g) => g.id === GAME);
      const session = await api(site, 'POST', '/api/studio/sessions', { gameId: GAME, mode: 'real' }, bob.token);
      await api(site, 'POST', `/api/studio/sessions/${session.json.data.sessionId}/spin`, { bet: game.minBet }, bob.token);
      await a.page.goto('/tournaments');
      const row = a.page.locator('[data-testid="race-ghost-race"] tbody tr').filter({ hasText: 'Ghost' });
      await row.waitFor({ timeout: 15_000 });
      await screenshot(a.page, 'chat-ghost-race-1280');
      const everything = `${await a.page.content()}${JSON.stringify((await api(site, 'GET', '/api/core/casino/races')).json)}${JSON.stringify((await api(site, 'GET', '/api/core/casino/chat/en/messages')).json)}`;
      assert.ok(!everything.includes(bobName), `the ghost's nickname ${bobName} is nowhere other players look`);
      assert.ok(everything.includes(adaName), 'other players keep their names');
    } finally {
      await Promise.all([a.context.close(), b.context.close(), guest.context.close()]);
    }
  });
});

describe('big wins in the chat', () => {
  // Any win of at least the stake counts here (bigWinMultiplier 1), so a
  // few real spins make one; the default is 20 times the stake.
  const site = {};
  before(async () => {
    const dir = await freshDataDir();
    await casino(['settings', '--data', dir, 'patch', JSON.stringify({ bigWinMultiplier: 1, chatBlockedWords: ['lemon', 'scam'] })]);
    site.server = await startServer({ dataDir: dir });
    site.browser = await launchBrowser();
  });
  after(async () => {
    await site.browser?.close().catch(() => {});
    await site.server?.stop();
  });

  /** Real spins at the game's minimum bet until one wins at least the stake; returns that round. */
  async function spinToBigWin(token) {
    const { json: games } = await api(site, 'GET', '/api/studio/games');
    const bet = games.data.find((g) => g.id === GAME).minBet;
    const session = await api(site, 'POST', '/api/studio/sessions', { gameId: GAME, mode: 'real' }, token);
    assert.equal(session.status, 200, JSON.stringify(session.json));
    for (let i = 0; i < 200; i++) {
      const res = await api(site, 'POST', `/api/studio/sessions/${session.json.data.sessionId}/spin`, { bet }, token);
      assert.equal(res.status, 200, JSON.stringify(res.json));
      const { round } = res.json.data; // minor units
      if (round.win >= round.bet) return round;
    }
    throw new Error('no win of at least the stake in 200 spins');
  }

  test('a big win reaches the chat live, a ghost as "Ghost"; a player who turned big wins off sees none', async () => {
    requireBuilds(site.server, ['root', 'lobby']);
    const ada = await newPlayer(site, { prefix: 'bigada', deposit: '50.00' });
    const ghost = await newPlayer(site, { prefix: 'bigghost', deposit: '50.00' });
    const quiet = await newPlayer(site, { prefix: 'bigquiet' });
    const nick = async (p) => (await api(site, 'GET', '/api/user/get-user-details', null, p.token)).json.data.getUser.nickname;
    const [adaName, ghostName] = [await nick(ada), await nick(ghost)];
    const settings = { ghostMode: false, sound: false, showBigWins: true, hideChat: false };
    assert.equal((await api(site, 'PUT', '/api/user/chat-settings', { ...settings, ghostMode: true }, ghost.token)).status, 200);
    assert.equal((await api(site, 'PUT', '/api/user/chat-settings', { ...settings, showBigWins: false }, quiet.token)).status, 200);

    const visitor = await openPage(site.browser, { baseURL: site.server.url, viewport: MOBILE });
    const player = await openPage(site.browser, { baseURL: site.server.url, viewport: DESKTOP });
    try {
      await player.context.addCookies([{ name: 'casino_session', value: quiet.token, url: site.server.url }]);
      await player.context.addInitScript((tok) => localStorage.setItem('casino.accessToken', tok), quiet.token);
      for (const p of [visitor.page, player.page]) {
        await p.goto('/casino');
        await waitForApp(p, 'lobby');
        await p.locator('[data-testid="chat"]').waitFor({ timeout: 15_000 });
      }
      await player.page.getByLabel('Show big wins').waitFor();
      assert.equal(await player.page.getByLabel('Show big wins').isChecked(), false);

      const wins = visitor.page.locator('[data-testid="big-win"]');
      const adaWin = await spinToBigWin(ada.token);
      await wins.filter({ hasText: `${adaName} won` }).filter({ hasText: 'Aztec Sun' }).waitFor({ timeout: 10_000 });
      await spinToBigWin(ghost.token);
      await wins.filter({ hasText: 'Ghost won' }).first().waitFor({ timeout: 10_000 });
      const text = await visitor.page.locator('[data-testid="big-wins"]').innerText();
      assert.ok(text.includes(`€${(adaWin.win / 100).toFixed(2)}`), `Ada's win amount in ${text}`);
      await screenshot(visitor.page, 'chat-big-wins-375');

      const feed = await api(site, 'GET', '/api/core/casino/big-wins');
      assert.equal(feed.status, 200);
      assert.ok(feed.json.data.wins.length >= 2);
      assert.ok(!JSON.stringify(feed.json).includes(ghostName) && !text.includes(ghostName), `the ghost's nickname ${ghostName} is not in the feed`);
      // The player who keeps big wins off: no feed, no call for it.
      assert.equal(await player.page.locator('[data-testid="big-wins"]').count(), 0);
      // Turning them on shows the feed at once.
      await player.page.getByLabel('Show big wins').check();
      await waitFor(async () => (await player.page.locator('[data-testid="big-win"]').count()) >= 2, { what: 'the big wins after turning them on' });
    } finally {
      await Promise.all([visitor.context.close(), player.context.close()]);
    }
  });

  test('chat settings in the page: sound for others\' messages, Hide chat kept after a reload; the operator\'s words masked', async () => {
    requireBuilds(site.server, ['root', 'lobby']);
    const ada = await newPlayer(site, { prefix: 'setada' });
    const bob = await newPlayer(site, { prefix: 'setbob', deposit: '20.00' });
    const bobName = (await api(site, 'GET', '/api/user/get-user-details', null, bob.token)).json.data.getUser.nickname;
    const a = await openPage(site.browser, { baseURL: site.server.url, viewport: DESKTOP });
    try {
      await a.context.addCookies([{ name: 'casino_session', value: ada.token, url: site.server.url }]);
      await a.context.addInitScript((tok) => {
        localStorage.setItem('casino.accessToken', tok);
        // Counts the tones the chat starts (one oscillator per message).
        window.__tones = 0;
        const Base = window.AudioContext;
        window.AudioContext = class extends Base {
          createOscillator() {
            const osc = super.createOscillator();
            const start = osc.start.bind(osc);
            osc.start = (...args) => {
              window.__tones += 1;
              return start(...args);
            };
            return osc;
          }
        };
      }, ada.token);
      const page = a.page;
      await page.goto('/casino');
      await waitForApp(page, 'lobby');
      const saved = () => page.waitForResponse((r) => r.url().endsWith('/api/user/chat-settings') && r.request().method() === 'PUT');
      await page.getByLabel('Sound').waitFor({ timeout: 15_000 });
      assert.equal(await page.getByLabel('Sound').isChecked(), true, 'sound is on by default');
      const lines = page.locator('[data-testid="chat-line"]');

      // Bob's message: masked where the operator's list says, and a tone for Ada.
      const sent = await api(site, 'POST', '/api/user/chat/en/messages', { text: 'Fresh lemon juice, no SCAM' }, bob.token);
      assert.equal(sent.status, 200, JSON.stringify(sent.json));
      assert.equal(sent.json.data.text, 'Fresh ***** juice, no ****');
      await lines.filter({ hasText: `${bobName}: Fresh ***** juice, no ****` }).waitFor({ timeout: 10_000 });
      await waitFor(async () => (await page.evaluate(() => window.__tones)) === 1, { what: 'a tone for another player\'s message' });
      // Her own message: no tone.
      await page.getByLabel('Your message').fill('Lemons are fine');
      await page.getByRole('button', { name: 'Send' }).click();
      await lines.filter({ hasText: 'Lemons are fine' }).waitFor();
      await page.waitForTimeout(500);
      assert.equal(await page.evaluate(() => window.__tones), 1, 'no tone for her own message');
      // Sound off: Bob's next message comes without a tone.
      let put = saved();
      await page.getByLabel('Sound').uncheck();
      assert.equal((await put).status(), 200);
      await waitFor(async () => (await api(site, 'POST', '/api/user/chat/en/messages', { text: 'quiet now' }, bob.token)).status === 200, { what: 'Bob past the rate limit' });
      await lines.filter({ hasText: `${bobName}: quiet now` }).waitFor({ timeout: 10_000 });
      await page.waitForTimeout(300);
      assert.equal(await page.evaluate(() => window.__tones), 1, 'no tone with sound off');

      // Hide chat: the lines and the input go, the settings stay; so after a reload.
      put = saved();
      await page.getByLabel('Hide chat').check();
      assert.equal((await put).status(), 200);
      await waitFor(async () => (await page.locator('[data-testid="chat-lines"]').count()) === 0, { what: 'the chat hidden' });
      assert.equal(await page.getByLabel('Your message').count(), 0);
      await page.reload();
      await waitForApp(page, 'lobby');
      await page.getByLabel('Hide chat').waitFor({ timeout: 15_000 });
      assert.equal(await page.getByLabel('Hide chat').isChecked(), true);
      assert.equal(await page.locator('[data-testid="chat-lines"]').count(), 0, 'still hidden after a reload');
      await screenshot(page, 'chat-hidden-1280', { fullPage: false });
      await page.getByLabel('Hide chat').uncheck();
      await lines.filter({ hasText: 'Lemons are fine' }).waitFor({ timeout: 10_000 });
    } finally {
      await a.context.close();
    }
  });
});
