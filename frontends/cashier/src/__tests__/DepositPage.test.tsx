import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getToken } from '@casino/platform';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DepositPage } from '../pages/DepositPage';
import { bodyOf, calls, loggedIn, METHODS, renderCashier, stubApi, USER } from './harness';

function api(deposit: () => { status?: number; body: unknown } = () => ({ body: { data: { redirectUrl: '/?modal=deposit-success&met=visa' } } })) {
  return stubApi((url) => {
    if (url.pathname === '/api/user/get-user-details') return { body: { data: USER } };
    if (url.pathname === '/api/admin/get-payments') return { body: { data: METHODS } };
    if (url.pathname === '/api/user/deposit') return deposit();
    return undefined;
  });
}

function mockAssign() {
  const assign = vi.fn();
  const real = window.location;
  vi.spyOn(window, 'location', 'get').mockReturnValue(new Proxy(real, { get: (t, p) => (p === 'assign' ? assign : Reflect.get(t, p, t)) }));
  return assign;
}

const typeInto = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('DepositPage', () => {
  beforeEach(() => loggedIn('/deposit'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists visible methods full width, asks get-payments for the player currency and country', async () => {
    const fetch = api();
    renderCashier(<DepositPage />);
    const grid = await screen.findByRole('radiogroup', { name: 'Payment methods' });
    expect(within(grid).getAllByRole('radio').map((r) => r.textContent)).toEqual(['Visa', 'Carouseller']);
    expect(grid.getAttribute('data-full-width')).toBe('true');
    const q = calls(fetch, '/api/admin/get-payments')[0].url.searchParams;
    expect([q.get('currencyCode'), q.get('countryCode'), q.get('type')]).toEqual(['EUR', 'DE', 'deposit']);
    expect((screen.getByLabelText('Amount (EUR)') as HTMLInputElement).value).toBe('25');
  });

  it('validates the card on the client before anything is sent', async () => {
    const fetch = api();
    renderCashier(<DepositPage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Visa' }));
    // The card form is a lazy chunk, shown once a card method is chosen.
    expect(((await screen.findByLabelText('Cardholder name')) as HTMLInputElement).value).toBe('Ada Lovelace');
    typeInto('Card number', '4242 4242 4242 4241');
    typeInto('Expiry date (MM/YY)', '13/30');
    typeInto('CVC', '12');
    fireEvent.click(screen.getByRole('button', { name: /Deposit/ }));
    expect(await screen.findByText('Invalid card number')).toBeTruthy();
    expect(screen.getByText('Invalid month')).toBeTruthy();
    expect(screen.getByText('CVC must be exactly 3 digits')).toBeTruthy();
    expect(screen.getByText('Please check fields with errors')).toBeTruthy();
    typeInto('Expiry date (MM/YY)', '01/20');
    fireEvent.click(screen.getByRole('button', { name: /Deposit/ }));
    expect(await screen.findByText('Expiry date is in the past')).toBeTruthy();
    expect(calls(fetch, '/api/user/deposit')).toHaveLength(0);
  });

  it('sends a valid card deposit and follows the redirect', async () => {
    const assign = mockAssign();
    const fetch = api(() => ({ body: { data: { status: 'processing', redirectUrl: '/sandbox/card/3ds/pay_1' } } }));
    renderCashier(<DepositPage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Visa' }));
    fireEvent.click(screen.getByRole('button', { name: '50' }));
    typeInto('Card number', '4000000000003220');
    typeInto('Expiry date (MM/YY)', '1230');
    typeInto('CVC', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Deposit €50.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/card/3ds/pay_1'));
    expect(bodyOf(calls(fetch, '/api/user/deposit')[0].init)).toEqual({
      amount: '50.00',
      paymentMethod: 'visa',
      currencyCode: 'EUR',
      card: { number: '4000000000003220', holder: 'Ada Lovelace', expiry: '12/30', cvc: '123' },
    });
  });

  it('sends a coupon code in place of a bonus and shows the server\'s coupon refusal', async () => {
    const fetch = api(() => ({ status: 422, body: { error: { code: 'COUPON_NOT_APPLIED', message: 'coupon not applied', fields: {} } } }));
    renderCashier(<DepositPage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Visa' }));
    fireEvent.click(screen.getByRole('button', { name: '50' }));
    typeInto('Card number', '4242424242424242');
    typeInto('Expiry date (MM/YY)', '1230');
    typeInto('CVC', '123');
    typeInto('Coupon code', ' reload50 ');
    fireEvent.click(screen.getByRole('button', { name: 'Deposit €50.00' }));
    expect(await screen.findByText('coupon not applied')).toBeTruthy();
    const body = bodyOf(calls(fetch, '/api/user/deposit')[0].init) as Record<string, unknown>;
    expect(body.couponCode).toBe('reload50');
    expect(body.bonusId).toBeUndefined();
  });

  it('sends the amount in the precision of the player currency (JPY has no decimals)', async () => {
    const assign = mockAssign();
    const jpy = { ...USER, getUser: { ...USER.getUser, currencyCode: 'JPY' }, userWallet: { ...USER.userWallet, currencyCode: 'JPY', decimals: 0, balance: '0' } };
    const fetch = stubApi((url) => {
      if (url.pathname === '/api/user/get-user-details') return { body: { data: jpy } };
      if (url.pathname === '/api/admin/get-payments') return { body: { data: METHODS.map((x) => ({ ...x, minAmount: '1500', maxAmount: '750000' })) } };
      if (url.pathname === '/api/user/deposit') return { body: { data: { redirectUrl: '/?modal=deposit-success&met=carouseller' } } };
      return undefined;
    });
    renderCashier(<DepositPage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Carouseller' }));
    typeInto('Amount (JPY)', '2500.5');
    expect(await screen.findByText('Invalid format')).toBeTruthy();
    typeInto('Amount (JPY)', '2500');
    fireEvent.click(screen.getByRole('button', { name: /Deposit/ }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(bodyOf(calls(fetch, '/api/user/deposit')[0].init)).toMatchObject({ amount: '2500', currencyCode: 'JPY' });
  });

  it('keeps the amount within the provider limits with {min} and {max}', async () => {
    api();
    renderCashier(<DepositPage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Carouseller' }));
    typeInto('Amount (EUR)', '5');
    expect(await screen.findByText('Keep the amount between €10.00 and €2,000.00.')).toBeTruthy();
    expect(screen.getByText('You will continue on the page of Carouseller to complete the payment.')).toBeTruthy();
  });

  it.each([
    ['PAYMENT_LIMIT_THRESHOLD', 422, 'You reached your daily deposit limit.'],
    ['REQUIRED_EMAIL_VERIFICATION', 422, 'Please verify your email address first.'],
    ['DEPOSIT_COUNTRY_BLOCK', 422, 'Payment methods are unavailable in your country. If you use a VPN, switch it off.'],
    ['GLOBAL_ERROR', 422, 'The cashier could not open. Verification may be needed.'],
    ['PROVIDER_ERROR', 502, 'There was a problem creating a query to the providers.'],
    ['PAYMENT_SERVICE_ERROR', 400, 'The service does not support this currency'],
    ['UNIFIED_ERROR', 422, 'Deposit error (reference dep_9)'],
    ['SOMETHING_NEW', 500, 'Deposit error'],
  ])('shows %s with its text', async (code, status, text) => {
    const assign = mockAssign();
    api(() => ({ status, body: { error: { code, message: code === 'UNIFIED_ERROR' ? text : 'server text' } } }));
    renderCashier(<DepositPage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Carouseller' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deposit €25.00' }));
    expect((await screen.findByTestId('deposit-error')).textContent).toBe(text);
    // A refusal is not the session's 403: the player stays logged in.
    expect(assign).not.toHaveBeenCalled();
    expect(getToken()).toBe('tok-test');
  });

  it("takes the session's own 403 to the login modal", async () => {
    const assign = mockAssign();
    api(() => ({ status: 403, body: { error: { code: 'FORBIDDEN', message: 'Forbidden' } } }));
    renderCashier(<DepositPage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Carouseller' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deposit €25.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/deposit?modal=login'));
  });

  it('activeMethod=1 hides the method and amount the link filled', async () => {
    loggedIn('/deposit?activeMethod=1&method=visa&amount=100');
    api();
    renderCashier(<DepositPage />);
    expect(await screen.findByText('€100.00 with Visa')).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByLabelText('Amount (EUR)')).toBeNull();
    expect(screen.queryByLabelText('Cardholder name')).toBeNull();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getByRole('radiogroup')).toBeTruthy();
    expect(screen.getByLabelText('Cardholder name')).toBeTruthy();
  });

  it('selects the method named in the URL, and never a hidden one', async () => {
    loggedIn('/deposit?method=hiddenpay');
    api();
    renderCashier(<DepositPage />);
    await screen.findByRole('radiogroup');
    expect(screen.getAllByRole('radio').filter((r) => r.getAttribute('aria-checked') === 'true')).toHaveLength(0);
    cleanup();
    loggedIn('/deposit?method=card');
    api();
    renderCashier(<DepositPage />);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Visa' }).getAttribute('aria-checked')).toBe('true'));
  });
});
