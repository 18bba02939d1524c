import { cleanup, screen } from '@testing-library/react';
import { clearSession } from '@casino/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CashierApp } from '../routes';
import { calls, loggedIn, METHODS, renderCashier, stubApi, USER } from './harness';

function api() {
  return stubApi((url) => {
    if (url.pathname === '/api/user/get-user-details') return { body: { data: USER } };
    if (url.pathname === '/api/admin/get-payments') return { body: { data: METHODS } };
    return undefined;
  });
}

describe('CashierApp routes', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    ['/deposit', 'Deposit'],
    ['/withdraw', 'Withdraw'],
    ['/profile/transactions', 'Transactions'],
  ])('a visitor on %s sees the title and the log-in prompt, and no page code runs', async (path, title) => {
    clearSession();
    window.history.replaceState(null, '', path);
    const fetch = api();
    renderCashier(<CashierApp />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['/profile2/balance', 'Balance'],
    ['/profile2/my-history', 'My history'],
  ])('a visitor on %s sees the profile menu, the title and the log-in prompt, and no call is made', async (path, title) => {
    clearSession();
    window.history.replaceState(null, '', path);
    const fetch = api();
    renderCashier(<CashierApp />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
    expect(screen.getByRole('navigation', { name: 'Profile menu' }).querySelector('a[aria-current="page"]')?.getAttribute('href')).toBe(path);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("replaces the server's log-in prompt in its first commit", async () => {
    clearSession();
    window.history.replaceState(null, '', '/deposit');
    api();
    const page = document.createElement('main');
    page.id = 'mf-page';
    page.innerHTML = '<div data-ssr="cashier"><h1>Deposit</h1></div>';
    document.body.appendChild(page);
    renderCashier(<CashierApp />);
    await screen.findByRole('heading', { level: 1 });
    expect(page.querySelector('[data-ssr]')).toBeNull();
    page.remove();
  });

  it('a player gets the page itself', async () => {
    loggedIn('/deposit');
    const fetch = api();
    renderCashier(<CashierApp />);
    await screen.findByRole('radiogroup', { name: 'Payment methods' });
    expect(calls(fetch, '/api/admin/get-payments')).toHaveLength(1);
  });
});
