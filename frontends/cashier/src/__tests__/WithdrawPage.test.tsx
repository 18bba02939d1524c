import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getToken } from '@casino/platform';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WithdrawPage } from '../pages/WithdrawPage';
import { bodyOf, calls, loggedIn, renderCashier, stubApi, USER } from './harness';

const METHODS = [
  { id: 10, name: 'banktransfer', paymentMethod: 'bank', title: 'Bank transfer', order: 1, isActive: true, hidden: true, withdrawalExist: true, networks: [] },
  { id: 11, name: 'netbanking', paymentMethod: 'netbanking', title: 'Net banking', order: 2, isActive: true, hidden: false, withdrawalExist: true, networks: [] },
  { id: 12, name: 'upi', paymentMethod: 'upi', title: 'UPI', order: 3, isActive: true, hidden: false, withdrawalExist: true, networks: [] },
  { id: 13, name: 'bitcoin', paymentMethod: 'crypto', title: 'Bitcoin', order: 4, isActive: true, hidden: false, withdrawalExist: true, networks: ['BTC'] },
];
const PENDING = { count: 1, rows: [{ withdrawalId: 'wd_1', amount: '20.00', currencyCode: 'EUR', method: 'banktransfer', status: 'pending', createdAt: '2026-11-23T12:00:00.000Z', cancellable: true }] };

function api(withdraw: () => { status?: number; body: unknown } = () => ({ body: { data: { withdrawalId: 'wd_2', status: 'pending' } } })) {
  let pending = PENDING;
  return stubApi((url) => {
    if (url.pathname === '/api/user/get-user-details') return { body: { data: USER } };
    if (url.pathname === '/api/admin/get-payments') return { body: { data: METHODS } };
    if (url.pathname === '/api/user/withdrawals') return { body: { data: pending } };
    if (url.pathname === '/api/user/withdrawals/wd_1/cancel') {
      pending = { count: 0, rows: [] };
      return { body: { data: { ...PENDING.rows[0], status: 'cancelled' } } };
    }
    if (url.pathname === '/api/user/withdraw') return withdraw();
    return undefined;
  });
}

const typeInto = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));

describe('WithdrawPage', () => {
  beforeEach(() => loggedIn('/withdraw'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the instant-withdrawal box, balances and the withdrawal methods (hidden ones allowing withdrawal too)', async () => {
    const fetch = api();
    renderCashier(<WithdrawPage />);
    expect(screen.getByTestId('instant-withdrawal-info').textContent).toContain('Instant withdrawals');
    const grid = await screen.findByRole('radiogroup');
    expect(within(grid).getAllByRole('radio').map((r) => r.textContent)).toEqual(['Bank transfer', 'Net banking', 'UPI', 'Bitcoin']);
    expect(screen.getByTestId('withdrawable').textContent).toBe('Available to withdraw: €100.00');
    expect(calls(fetch, '/api/admin/get-payments')[0].url.searchParams.get('type')).toBe('withdrawal');
  });

  it('bank form: required fields, bank code length, then sends the fields', async () => {
    const fetch = api();
    renderCashier(<WithdrawPage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Bank transfer' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    submit();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Required', 'Required', 'Required', 'Required']);
    typeInto('Amount (EUR)', '20');
    typeInto('Beneficiary name', 'Ada Lovelace');
    typeInto('Account number', '1234567890');
    typeInto('Bank code (IFSC)', 'HDFC');
    submit();
    expect(screen.getByText('The bank code must be 8 to 15 characters')).toBeTruthy();
    typeInto('Bank code (IFSC)', 'HDFC0001234');
    submit();
    expect((await screen.findByTestId('withdraw-result')).textContent).toBe('Withdrawal success (wd_2)');
    expect(bodyOf(calls(fetch, '/api/user/withdraw')[0].init)).toEqual({
      amount: '20.00',
      paymentMethod: 'banktransfer',
      currencyCode: 'EUR',
      beneficiaryName: 'Ada Lovelace',
      accountNumber: '1234567890',
      email: 'ada@example.com',
      bankCode: 'HDFC0001234',
      bankName: '',
      branch: '',
      address: '',
    });
  });

  it('netbanking requires the bank name; UPI needs a valid id', async () => {
    api();
    renderCashier(<WithdrawPage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Net banking' }));
    submit();
    expect(screen.getByLabelText('Bank name').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'UPI' }));
    typeInto('Amount (EUR)', '10');
    typeInto('UPI ID', 'ada');
    submit();
    expect(screen.getByText('Invalid UPI ID')).toBeTruthy();
  });

  it('crypto form uses the SPEC texts', async () => {
    api();
    renderCashier(<WithdrawPage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Bitcoin' }));
    fireEvent.change(screen.getByLabelText('Network'), { target: { value: '' } });
    submit();
    expect(screen.getByText('Please enter your withdraw amount')).toBeTruthy();
    expect(screen.getByText('Please enter wallet address')).toBeTruthy();
    expect(screen.getByText('Please select network')).toBeTruthy();
  });

  it.each([
    ['WITHDRAWAL_NEEDS_DEPOSIT', 422, 'Withdrawals need one successful deposit'],
    ['WITHDRAWAL_EMAIL_NOT_VERIFIED', 422, 'Please verify your email address before withdrawing'],
    ['WITHDRAWAL_ACTIVE_BONUS', 422, 'Withdrawals are not allowed while a bonus is active'],
    ['WITHDRAWAL_WAGERING_INCOMPLETE', 422, 'Deposit wagering is not completed'],
    ['ERROR_CALCULATING_WITHDRAWAL', 400, 'Error calculating withdrawal'],
    ['WITHDRAWAL_ERROR', 422, 'Withdrawal error'],
  ])('shows the refusal %s', async (code, status, text) => {
    api(() => ({ status, body: { error: { code, message: 'x' } } }));
    renderCashier(<WithdrawPage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
    typeInto('Amount (EUR)', '10');
    typeInto('UPI ID', 'ada@okhdfc');
    submit();
    expect((await screen.findByTestId('withdraw-result')).textContent).toBe(text);
    expect(getToken()).toBe('tok-test');
  });

  it('lists pending withdrawals and cancels one', async () => {
    const fetch = api();
    renderCashier(<WithdrawPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel withdrawal wd_1' }));
    await waitFor(() => expect(screen.getByText('No pending withdrawals')).toBeTruthy());
    expect(calls(fetch, '/api/user/withdrawals/wd_1/cancel')).toHaveLength(1);
    expect(calls(fetch, '/api/user/get-user-details').length).toBeGreaterThan(1);
  });
});
