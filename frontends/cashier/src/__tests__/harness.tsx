import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { clearSession, PlatformProvider, setToken } from '@casino/platform';
import { darkTheme, ToastProvider } from '@casino/ui';

export type Route = (url: URL, init: RequestInit) => { status?: number; body: unknown } | undefined;

/** fetch answering from `route` (JSON bodies); unrouted calls answer 404 in the API error shape. */
export function stubApi(route: Route) {
  const fetch = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const hit = route(url, init) ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
    return Promise.resolve(new Response(JSON.stringify(hit.body), { status: hit.status ?? 200, headers: { 'Content-Type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

export function calls(fetch: ReturnType<typeof stubApi>, path: string) {
  return fetch.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), window.location.origin), init: init ?? {} }))
    .filter((c) => c.url.pathname === path);
}

export function bodyOf(init: RequestInit): Record<string, unknown> {
  return JSON.parse(String(init.body));
}

export function loggedIn(url: string) {
  clearSession();
  window.localStorage.clear();
  window.history.replaceState(null, '', url);
  setToken('tok-test');
}

export function renderCashier(ui: ReactElement) {
  return render(
    <PlatformProvider theme={darkTheme} messages={{}}>
      <ToastProvider>{ui}</ToastProvider>
    </PlatformProvider>,
  );
}

export const USER = {
  getUser: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', currencyCode: 'EUR', countryCode: 'DE', isEmailVerified: true },
  userWallet: { currencyCode: 'EUR', decimals: 2, balance: '120.00', bonusBalance: '0.00', withdrawable: '100.00', onHold: '20.00' },
  depositCount: 1,
};

export const METHODS = [
  { id: 1, name: 'visa', paymentMethod: 'card', isCardForm: true, title: 'Visa', order: 1, isActive: true, hidden: false, withdrawalExist: false, minAmount: '10.00', maxAmount: '5000.00', networks: [] },
  { id: 2, name: 'carouseller', paymentMethod: 'wallet', isCardForm: false, title: 'Carouseller', order: 2, isActive: true, hidden: false, withdrawalExist: false, minAmount: '10.00', maxAmount: '2000.00', networks: [] },
  { id: 3, name: 'hiddenpay', paymentMethod: 'wallet', isCardForm: false, title: 'Hidden', order: 3, isActive: true, hidden: true, withdrawalExist: false, minAmount: '1.00', maxAmount: '10.00', networks: [] },
];
