// The cashier in a real Chromium against a real BFF with the sandbox card
// processor: card deposits (authorised, 3-D Secure, declined, pending then
// failed over the realtime stream), the history, withdrawals with cancel, and
// the pages at 375 and 1280 px.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DESKTOP, MOBILE, PENDING_API, casino, http, requireBuilds, screenshot, useSite, waitFor, waitForApp, waitForModal, withPage } from './lib/suite.mjs';
import { api, cardDeposit, newPlayer, openAs } from './lib/players.mjs';

/** Opens path logged in (the SPEC's `at` hand-over) and waits for the cashier. */
async function openCashier(site, page, path, token) {
  await openAs(page, site, token, path);
  await waitForApp(page, 'cashier');
  await page.locator('[data-testid="cashier-app"]').first().waitFor();
}

/** Fills the deposit page: method, amount preset, card. */
async function payByCard(page, { number, amount = '25' }) {
  await page.getByRole('radio', { name: 'Visa' }).click();
  if (amount !== '25') await page.getByRole('button', { name: amount, exact: true }).click();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: new RegExp(`^Deposit €${amount}\\.00$`) }).click();
}

async function resultModal(page, modal) {
  await waitForModal(page, 'cashier');
  const root = page.locator(`[data-testid="cashier-modal"][data-modal="${modal}"]`);
  await root.waitFor();
  return root;
}

async function balanceOf(site, token) {
  const { json } = await api(site, 'GET', '/api/user/get-user-details', null, token);
  return json.data.userWallet;
}

describe('cashier', () => {
  const ADMIN = 'cashier-e2e-admin';
  // Pending test cards resolve after 6 s: long enough for the pending modal's chunk to load on a busy machine.
  const site = useSite({ env: { CASINO_SANDBOX_PENDING_DELAY: '6s', CASINO_ADMIN_TOKEN: ADMIN } });
  // Images other parts do not serve yet: on the lobby behind the result modals, the studio game thumbnails.
  const ALLOW_HTTP = [...PENDING_API, /^404 [^ ]*\/studio\/thumbnails\//];
  const opts = (extra = {}) => ({ baseURL: site.server.url, allow: { http: ALLOW_HTTP }, ...extra });

  test('card deposit authorised: success modal, balance, history row', async (t) => {
    requireBuilds(site.server, ['root', 'cashier']);
    const { token } = await newPlayer(site);
    await withPage(site.browser, t, opts(), async ({ page }) => {
      await openCashier(site, page, '/deposit', token);
      const grid = page.getByRole('radiogroup', { name: 'Payment methods' });
      await grid.waitFor();
      assert.equal(await page.getByLabel('Amount (EUR)').inputValue(), '25', 'default amount 25');
      await logosLoaded(page);
      // Bank transfer is withdrawal-only (hidden in the seed): not in the deposit grid.
      assert.deepEqual(await grid.locator('[role="radio"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-method'))),
        ['visa', 'mastercard', 'carouseller', 'skrill', 'mobilepay']);
      await screenshot(page, 'cashier-deposit-desktop-1280');
      // Client-side card checks before anything is sent.
      await page.getByRole('radio', { name: 'Visa' }).click();
      await page.getByLabel('Card number').fill('4242 4242 4242 4241');
      await page.getByRole('button', { name: 'Deposit €25.00' }).click();
      await page.getByText('Invalid card number').waitFor();
      await page.getByText('CVC', { exact: true }).waitFor();
      await payByCard(page, { number: '4242 4242 4242 4242' });
      await page.waitForURL((u) => u.pathname === '/' && u.searchParams.get('modal') === 'deposit-success' && u.searchParams.get('met') === 'visa');
      const modal = await resultModal(page, 'deposit-success');
      await modal.getByText('Your balance: €25.00').waitFor();
      await screenshot(page, 'cashier-deposit-success-modal-1280', { fullPage: false });
    });
    assert.equal((await balanceOf(site, token)).balance, '25.00');

    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page }) => {
      await openCashier(site, page, '/profile/transactions', token);
      await page.getByRole('tab', { name: 'Deposit' }).click();
      const row = page.locator('[data-testid="transactions-deposit"] tbody tr').first();
      await row.waitFor();
      const cells = await row.locator('td').allTextContents();
      assert.deepEqual(cells.slice(2), ['visa', 'Deposit', '€25.00', 'Confirmed', 'n'], `history row: ${cells}`);
      await screenshot(page, 'cashier-history-mobile-375');
    });
  });

  test('card needing 3-D Secure: hosted challenge, deposit-3ds-success, webhook once, balance updated', async (t) => {
    const { token } = await newPlayer(site);
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page }) => {
      const webhooks = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/user/3ds-webhook') webhooks.push(r.postDataJSON());
      });
      await openCashier(site, page, '/deposit', token);
      await logosLoaded(page);
      await screenshot(page, 'cashier-deposit-mobile-375');
      await payByCard(page, { number: '4000 0000 0000 3220', amount: '50' });
      await page.waitForURL(/\/sandbox\/card\/3ds\//);
      await page.getByLabel(/One-time code/).fill('1234');
      await page.getByRole('button', { name: 'Authenticate' }).click();
      await page.waitForURL((u) => u.searchParams.get('modal') === 'deposit-3ds-success');
      const modal = await resultModal(page, 'deposit-3ds-success');
      await modal.getByText('Your balance: €50.00').waitFor();
      await screenshot(page, 'cashier-3ds-success-mobile-375', { fullPage: false });
      assert.equal(webhooks.length, 1, 'the webhook is called once');
      assert.ok(webhooks[0].PaReq && webhooks[0].MD, 'with PaReq and MD');
      // Reloading the page does not confirm again (the one-time values left the URL).
      await page.reload();
      await resultModal(page, 'deposit-3ds-success');
      assert.equal(webhooks.length, 1, 'still once after a reload');
    });
    const wallet = await balanceOf(site, token);
    assert.equal(wallet.balance, '50.00');
  });

  test('declined card: decline modal offers the other method family and logs ALTERNATIVE_METHOD_BUTTON', async (t) => {
    const { token } = await newPlayer(site);
    await withPage(site.browser, t, opts(), async ({ page }) => {
      const events = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/user/log-event') events.push(r.postDataJSON());
      });
      await openCashier(site, page, '/deposit', token);
      await payByCard(page, { number: '4000 0000 0000 0002' });
      await page.waitForURL((u) => u.searchParams.get('modal') === 'deposit-decline' && u.searchParams.get('met') === 'visa');
      const modal = await resultModal(page, 'deposit-decline');
      await modal.getByText('Your bank or payment provider declined the deposit.').waitFor();
      await screenshot(page, 'cashier-decline-modal-1280', { fullPage: false });
      await modal.getByRole('button', { name: 'Try another payment method' }).click();
      await page.waitForURL((u) => u.pathname === '/deposit' && u.searchParams.get('method') === 'carouseller');
      await waitFor(() => events.some((e) => e.event === 'ALTERNATIVE_METHOD_BUTTON'), { what: 'ALTERNATIVE_METHOD_BUTTON log event' });
      const ev = events.find((e) => e.event === 'ALTERNATIVE_METHOD_BUTTON');
      assert.deepEqual(ev.data, { failedMethod: 'visa', alternativeMethod: 'carouseller' });
      // The seed's carouseller method is selected; it pays on the processor's hosted page.
      const checked = page.locator('[role="radio"][aria-checked="true"]');
      await checked.waitFor();
      assert.equal(await checked.getAttribute('data-method'), 'carouseller');
      assert.equal(await page.getByLabel('Card number').count(), 0, 'no card form for the alternative');
      await page.getByRole('button', { name: 'Deposit €25.00' }).click();
      await page.waitForURL(/\/sandbox\/card\/3ds\//);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.waitForURL((u) => u.searchParams.get('modal') === 'deposit-3ds-success' && u.searchParams.get('met') === 'carouseller');
      const done = await resultModal(page, 'deposit-3ds-success');
      await done.getByText('Your balance: €25.00').waitFor();
    });
    assert.equal((await balanceOf(site, token)).balance, '25.00');

    // The other way round: a failed non-card deposit offers a card, and the card form opens.
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page }) => {
      await openAs(page, site, token, '/?modal=deposit-failed&met=carouseller');
      const modal = await resultModal(page, 'deposit-failed');
      await modal.getByRole('button', { name: 'Pay by card' }).click();
      await page.waitForURL((u) => u.pathname === '/deposit' && u.searchParams.get('method') === 'card');
      await page.locator('[role="radio"][aria-checked="true"][data-method="visa"]').waitFor();
      await page.getByLabel('Card number').waitFor();
    });
  });

  test('pending card that succeeds later: the pending modal polls the deposit and turns into the success modal', async (t) => {
    const { token } = await newPlayer(site);
    await withPage(site.browser, t, opts(), async ({ page }) => {
      const polls = [];
      page.on('request', (r) => {
        if (/^\/api\/user\/deposits\/dep_/.test(new URL(r.url()).pathname)) polls.push(r.url());
      });
      await openCashier(site, page, '/deposit', token);
      await payByCard(page, { number: '4000 0000 0000 0077' });
      await page.waitForURL((u) => u.searchParams.get('modal') === 'deposit-pending' && /^dep_/.test(u.searchParams.get('depositId') ?? ''));
      const depositId = new URL(page.url()).searchParams.get('depositId');
      await resultModal(page, 'deposit-pending');
      await screenshot(page, 'cashier-pending-modal-1280', { fullPage: false });
      // No realtime event announces a success: only the poll can switch the modal.
      await page.waitForURL((u) => u.searchParams.get('modal') === 'deposit-success' && u.searchParams.get('met') === 'visa', { timeout: 30_000 });
      const modal = await resultModal(page, 'deposit-success');
      await modal.getByText('Your balance: €25.00').waitFor();
      assert.ok(polls.length >= 1 && polls.every((u) => u.endsWith(`/api/user/deposits/${depositId}`)), `polled ${polls}`);
      assert.equal(new URL(page.url()).searchParams.get('depositId'), null, 'the deposit id leaves the URL');
    });
    // Only the player's own deposit: another player gets 404, never 403.
    const other = await newPlayer(site);
    const mine = await api(site, 'GET', '/api/user/get-transactions?type=deposit', null, token);
    const id = mine.json.data.rows[0].transactionId;
    assert.equal((await api(site, 'GET', `/api/user/deposits/${id}`, null, token)).json.data.status, 'confirmed');
    const theirs = await api(site, 'GET', `/api/user/deposits/${id}`, null, other.token);
    assert.equal(theirs.status, 404);
    assert.equal(theirs.json.error.code, 'NOT_FOUND');
  });

  test('pending card that fails later: the realtime failedDeposit turns the pending modal into the failed one', async (t) => {
    const { token } = await newPlayer(site);
    await withPage(site.browser, t, opts(), async ({ page }) => {
      await openCashier(site, page, '/deposit', token);
      await payByCard(page, { number: '4000 0000 0000 0085' });
      await page.waitForURL((u) => u.searchParams.get('modal') === 'deposit-pending');
      await resultModal(page, 'deposit-pending');
      await page.waitForURL((u) => u.searchParams.get('modal') === 'deposit-failed' && u.searchParams.get('met') === 'visa', { timeout: 20_000 });
      const modal = await resultModal(page, 'deposit-failed');
      await modal.getByText('Your deposit with visa could not be completed.').waitFor();
    });
  });

  test('server refusals keep the player logged in and show their text', async (t) => {
    const { token } = await newPlayer(site);
    await withPage(site.browser, t, opts(), async ({ page }) => {
      await openCashier(site, page, '/deposit', token);
      await page.getByRole('radio', { name: 'Visa' }).click();
      await page.getByLabel('Amount (EUR)').fill('5');
      await page.getByText('Keep the amount between €10.00 and €5,000.00.').waitFor();
    });
  });

  test('withdrawal: refused before a deposit; bank form, pending list, cancel puts the money back', async (t) => {
    // No game has been played in these tests: the operator waives deposit wagering.
    const set = await http(site, '/api/admin/cashier/settings', {
      method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-Admin-Token': ADMIN }, body: JSON.stringify({ depositWageringMultiplier: '0' }),
    });
    assert.equal(set.status, 200, 'admin settings');
    const { token } = await newPlayer(site);
    await withPage(site.browser, t, opts({ allow: { http: [...ALLOW_HTTP, /^422 [^ ]*\/api\/user\/withdraw$/] } }), async ({ page }) => {
      await openCashier(site, page, '/withdraw', token);
      await page.getByTestId('instant-withdrawal-info').waitFor();
      await page.getByRole('radio', { name: 'Bank transfer' }).click();
      await fillBank(page, '20');
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      assert.equal(await page.getByTestId('withdraw-result').textContent(), 'Withdrawals need one successful deposit');
    });

    await cardDeposit(site, token, '100.00');
    await withPage(site.browser, t, opts(), async ({ page }) => {
      await openCashier(site, page, '/withdraw', token);
      await page.getByTestId('withdrawable').getByText('€100.00').waitFor();
      await page.getByRole('radio', { name: 'Bank transfer' }).click();
      // Client checks first: bank code 8 to 15 characters.
      await fillBank(page, '20', 'HDFC');
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await page.getByText('The bank code must be 8 to 15 characters').waitFor();
      await page.getByLabel('Bank code (IFSC)').fill('HDFC0001234');
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await page.getByTestId('withdraw-result').getByText(/^Withdrawal success/).waitFor();
      const row = page.locator('[data-testid="pending-withdrawals"] tbody tr').first();
      await row.getByText('€20.00').waitFor();
      await page.getByTestId('on-hold').getByText('€20.00').waitFor();
      await screenshot(page, 'cashier-withdraw-desktop-1280');
      assert.equal((await balanceOf(site, token)).onHold, '20.00');
      await row.getByRole('button', { name: 'Cancel' }).click();
      await page.getByText('No pending withdrawals').waitFor();
      await page.getByTestId('withdrawable').getByText('€100.00').waitFor();
    });
    const wallet = await balanceOf(site, token);
    assert.equal(wallet.withdrawable, '100.00');
    assert.equal(wallet.onHold, '0.00');

    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page }) => {
      await openCashier(site, page, '/withdraw', token);
      await page.getByRole('radio', { name: 'Bank transfer' }).waitFor();
      await screenshot(page, 'cashier-withdraw-mobile-375');
      await openCashier(site, page, '/profile/transactions', token);
      await page.getByRole('tab', { name: 'Withdrawal' }).click();
      const row = page.locator('[data-testid="transactions-withdrawal"] tbody tr').first();
      await row.waitFor();
      const cells = await row.locator('td').allTextContents();
      assert.deepEqual(cells.slice(2, 6), ['banktransfer', 'Withdrawal', '€20.00', 'Cancelled'], `history row: ${cells}`);
    });
  });

  test('withdrawal above the operator\'s KYC threshold: refused with the reason until the identity is verified', async (t) => {
    const set = await http(site, '/api/admin/cashier/settings', {
      method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-Admin-Token': ADMIN },
      body: JSON.stringify({ depositWageringMultiplier: '0', kycWithdrawalThreshold: { EUR: '500.00' } }),
    });
    assert.equal(set.status, 200, 'admin settings');
    const { token, email } = await newPlayer(site, { prefix: 'kyc-threshold', deposit: '1000.00' });
    const request = async (page, amount) => {
      await openCashier(site, page, '/withdraw', token);
      await page.getByRole('radio', { name: 'Bank transfer' }).click();
      await fillBank(page, amount);
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      return page.getByTestId('withdraw-result');
    };
    await withPage(site.browser, t, opts({ allow: { http: [...ALLOW_HTTP, /^422 [^ ]*\/api\/user\/withdraw$/] } }), async ({ page }) => {
      await (await request(page, '300')).getByText(/^Withdrawal success/).waitFor();
      // 300 + 300 in 30 days is above 500: the identity must be verified first.
      await (await request(page, '300')).getByText('Please verify your identity to withdraw this amount').waitFor();
      await page.getByText('Withdrawals above 500.00 EUR in 30 days need a verified identity', { exact: false }).waitFor();
    });
    await casino(['kyc', '--data', site.server.dataDir, email, 'APPROVED']);
    await withPage(site.browser, t, opts(), async ({ page }) => {
      await (await request(page, '300')).getByText(/^Withdrawal success/).waitFor();
    });
    await http(site, '/api/admin/cashier/settings', {
      method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-Admin-Token': ADMIN }, body: JSON.stringify({ kycWithdrawalThreshold: {} }),
    });
  });

  test("crypto deposit: the player's own address per network with copy and QR code, then credited by the chain", async (t) => {
    const { token } = await newPlayer(site, { currencyCode: 'BTC' });
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
      await openCashier(site, page, '/deposit', token);
      await page.getByRole('radio', { name: 'Crypto' }).click();
      const address = page.getByTestId('crypto-address');
      await address.waitFor();
      const text = (await address.textContent()).trim();
      assert.match(text, /^bc1q[02-9ac-hj-np-z]{38,58}$/, `BTC bech32 address: ${text}`);
      await page.getByTestId('crypto-qr').waitFor();
      await page.getByRole('button', { name: 'Copy address' }).click();
      await page.getByText('Address copied').waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), text);
      await screenshot(page, 'cashier-crypto-deposit-mobile-375', { fullPage: false });
      // The same address every time, and coins sent to it are credited after the confirmations.
      const again = await api(site, 'GET', '/api/user/crypto/deposit-address?network=BTC', null, token);
      assert.equal(again.json.data.address, text);
      const sent = await api(site, 'POST', '/sandbox/chain/send', { network: 'BTC', address: text, amount: '0.01000000' });
      assert.equal(sent.status, 200, JSON.stringify(sent.json));
      await waitFor(async () => (await balanceOf(site, token)).balance === '0.01000000', { timeout: 20_000, what: 'chain deposit credited' });
    });

    // Crypto withdrawal form: the SPEC texts on the client, the address checked for the network by the server.
    await http(site, '/api/admin/cashier/settings', {
      method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-Admin-Token': ADMIN }, body: JSON.stringify({ depositWageringMultiplier: '0' }),
    });
    await withPage(site.browser, t, opts({ allow: { http: [...ALLOW_HTTP, /^400 [^ ]*\/api\/user\/withdraw$/] } }), async ({ page }) => {
      await openCashier(site, page, '/withdraw', token);
      await page.getByRole('radio', { name: 'Crypto' }).click();
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await page.getByText('Please enter your withdraw amount').waitFor();
      await page.getByText('Please enter wallet address').waitFor();
      await page.getByLabel('Network').selectOption('');
      await page.getByText('Please select network').waitFor();
      await page.getByLabel('Network').selectOption('BTC');
      await page.getByLabel('Amount (BTC)').fill('0.005');
      await page.getByLabel('Wallet address').fill('bc1qnotanaddress');
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await page.getByText('Invalid wallet address').first().waitFor();
      await page.getByLabel('Wallet address').fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await page.getByTestId('withdraw-result').getByText(/^Withdrawal success/).waitFor();
      await page.locator('[data-testid="pending-withdrawals"] tbody tr').first().getByText(/0\.005/).waitFor();
      await screenshot(page, 'cashier-crypto-withdraw-desktop-1280');
    });
  });

  test('first visit to /deposit downloads under 153.5 KB of JavaScript (gzip transfer, as e2e/bench measures /casino)', async (t) => {
    const { token } = await newPlayer(site);
    const sizes = {};
    for (const [who, path] of [['visitor', '/deposit'], ['player', '/deposit']]) {
      await withPage(site.browser, t, opts(), async ({ page }) => {
        const responses = [];
        page.on('response', (r) => responses.push(r));
        if (who === 'player') await openAs(page, site, token, path);
        else await page.goto(path);
        await waitForApp(page, 'cashier');
        await page.locator('[data-testid="cashier-app"] h1').waitFor();
        // A player's page keeps the realtime stream open (never network-idle): wait for what it shows instead.
        if (who === 'player') await logosLoaded(page);
        else await page.waitForLoadState('networkidle');
        let total = 0;
        for (const r of responses) {
          if (!/javascript/.test(r.headers()['content-type'] ?? '')) continue;
          total += (await r.request().sizes()).responseBodySize;
        }
        sizes[who] = total;
      });
    }
    t.diagnostic(`first-visit JavaScript on /deposit: visitor ${(sizes.visitor / 1024).toFixed(1)} KB, player ${(sizes.player / 1024).toFixed(1)} KB (gzip)`);
    // 150 KB until stop 27; the onboarding tour's check, page titles and the flag images in the shared UI kit
    // put 1.5 KB on every page's shared runtime (151.8 KB measured). The same budget as /casino (npm run size);
    // issue 19 aims at 100 KB by cutting the shared runtime.
    assert.ok(sizes.visitor < 153.5 * 1024, `visitor: ${(sizes.visitor / 1024).toFixed(1)} KB`);
  });

  test('no horizontal overflow on the cashier pages at 375 px', async (t) => {
    const { token } = await newPlayer(site);
    await withPage(site.browser, t, opts({ viewport: MOBILE }), async ({ page }) => {
      for (const path of ['/deposit', '/withdraw', '/profile/transactions', '/profile2/balance']) {
        await openCashier(site, page, path, token);
        if (path === '/deposit') {
          await page.getByRole('radio', { name: 'Visa' }).click();
          await page.getByLabel('Card number').waitFor();
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${path} overflows by ${overflow}px`);
      }
      await screenshot(page, 'cashier-balance-mobile-375');
    });
  });
});

/** Every payment-method logo in the grid has loaded (an SVG under /api/core/casino/assets/payments/). */
async function logosLoaded(page) {
  const imgs = page.locator('[role="radiogroup"] img');
  await imgs.first().waitFor();
  await waitFor(async () => (await imgs.evaluateAll((els) => els.every((e) => e.complete && e.naturalWidth > 0 && e.style.display !== 'none'))), { what: 'payment logos loaded' });
  const srcs = await imgs.evaluateAll((els) => els.map((e) => new URL(e.src).pathname));
  assert.ok(srcs.every((src) => /^\/api\/core\/casino\/assets\/payments\/[a-z]+\.svg$/.test(src)), `logos: ${srcs}`);
  assert.equal(srcs.length, await page.locator('[role="radiogroup"] [role="radio"]').count(), 'one logo per method');
}

async function fillBank(page, amount, bankCode = 'HDFC0001234') {
  await page.getByLabel('Amount (EUR)').fill(amount);
  await page.getByLabel('Beneficiary name').fill('Ada Lovelace');
  await page.getByLabel('Account number').fill('DE89370400440532013000');
  await page.getByLabel('Bank code (IFSC)').fill(bankCode);
}
