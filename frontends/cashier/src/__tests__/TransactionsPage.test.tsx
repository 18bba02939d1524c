import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MyHistoryPage, TransactionsPage } from '../pages/TransactionsPage';
import { calls, loggedIn, renderCashier, stubApi } from './harness';

const row = (i: number) => ({
  transactionId: `dep_${i}`,
  createdAt: '2026-11-23T12:00:00.000Z',
  method: 'visa',
  transactionType: 'Deposit',
  amount: '25.00',
  currencyCode: 'EUR',
  status: i % 2 ? 'confirmed' : 'rejected',
  isBonus: i === 1,
});

function api() {
  return stubApi((url) => {
    if (url.pathname !== '/api/user/get-transactions') return undefined;
    const type = url.searchParams.get('type');
    const page = Number(url.searchParams.get('pageNo'));
    if (type === 'deposit') return { body: { data: { count: 25, rows: page === 1 ? Array.from({ length: 20 }, (_, i) => row(i + 1)) : [row(21)] } } };
    return { body: { data: { count: 0, rows: [] } } };
  });
}

describe('TransactionsPage', () => {
  beforeEach(() => loggedIn('/profile/transactions'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('has the Games / Withdrawal / Deposit tabs, an empty Games tab, and pages of 20 deposits', async () => {
    const fetch = api();
    renderCashier(<TransactionsPage />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Games', 'Withdrawal', 'Deposit']);
    expect(await screen.findByText('No game rounds yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Deposit' }));
    await screen.findByText('dep_1');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Transaction ID', 'Method', 'Transaction Type', 'Amount', 'Status', 'Bonus (y/n)']);
    const first = screen.getByText('dep_1').closest('tr')!;
    expect([...first.querySelectorAll('td')].slice(2).map((td) => td.textContent)).toEqual(['visa', 'Deposit', '€25.00', 'Confirmed', 'y']);
    expect(screen.getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('dep_21')).toBeTruthy());
    const pages = calls(fetch, '/api/user/get-transactions').map((c) => [c.url.searchParams.get('type'), c.url.searchParams.get('pageNo'), c.url.searchParams.get('limit')]);
    expect(pages).toContainEqual(['deposit', '2', '20']);
  });

  it('/profile2/my-history shows the same tabs and table beside the profile menu, its own entry current', async () => {
    loggedIn('/profile2/my-history');
    api();
    renderCashier(<MyHistoryPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My history');
    const menu = screen.getByRole('navigation', { name: 'Profile menu' });
    expect([...menu.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toContain('/profile2/balance');
    expect(menu.querySelector('a[aria-current="page"]')?.getAttribute('href')).toBe('/profile2/my-history');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Games', 'Withdrawal', 'Deposit']);
    fireEvent.click(screen.getByRole('tab', { name: 'Deposit' }));
    await screen.findByText('dep_1');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Transaction ID', 'Method', 'Transaction Type', 'Amount', 'Status', 'Bonus (y/n)']);
  });
});
