import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlatformProvider } from '@casino/platform';
import { darkTheme } from '@casino/ui';
import { Backoffice, screensFor } from './Backoffice';
import { describe as describeChange } from './pages/AuditPage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderApp() {
  return render(
    <PlatformProvider theme={darkTheme} messages={{}}>
      <Backoffice />
    </PlatformProvider>,
  );
}

describe('back office', () => {
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
  });

  it('shows each role only the screens its permissions open', () => {
    const paths = (permissions: string[]) => screensFor({ permissions } as never).map((s) => s.path);
    expect(paths(['withdrawals.read', 'withdrawals.decide', 'kyc.read', 'kyc.review', 'releases.read', 'releases.write', 'audit.read', 'dashboard.read', 'players.read', 'settings.read'])).toEqual([
      'dashboard',
      'players',
      'withdrawals',
      'documents',
      'features',
      'site',
      'releases',
      'audit',
    ]);
    expect(paths(['withdrawals.read', 'kyc.read'])).toEqual(['withdrawals', 'documents']);
    expect(paths([])).toEqual([]);
  });

  it('describes an audit change compactly', () => {
    expect(describeChange({ status: 'pending', approvedBy: ['a@x', 'b@x'] })).toBe('status: pending; approvedBy: a@x, b@x');
    expect(describeChange(null)).toBe('—');
  });

  it('asks for password and code without a staff session, then shows the permitted screens without decision buttons', async () => {
    const calls: string[] = [];
    const tokens: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url} ${init?.body ?? ''}`);
        tokens.push((init?.headers as Record<string, string> | undefined)?.['X-Staff-Token'] ?? '');
        if (url.endsWith('/api/backoffice/me')) return json(401, { error: { code: 'STAFF_UNAUTHORIZED', message: 'Please log in to the back office' } });
        if (url.endsWith('/api/backoffice/login'))
          return json(200, { data: { id: 2, email: 'help@example.com', role: 'support', permissions: ['kyc.read', 'withdrawals.read', 'players.read'], requestToken: 'tok-1' } });
        if (url.includes('/api/backoffice/withdrawals'))
          return json(200, {
            data: {
              count: 1,
              rows: [{ withdrawalId: 'W1', amount: '20.00', currencyCode: 'EUR', method: 'banktransfer', status: 'pending', createdAt: '2026-11-26T12:00:00Z', email: 'ada@example.com', fourEyes: false, approvedBy: [] }],
            },
          });
        return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
      }),
    );
    renderApp();
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'help@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long staff password' } });
    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '12 34 56' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const nav = await screen.findByRole('navigation', { name: 'Back office sections' });
    expect(calls).toContain('POST /api/backoffice/login {"email":"help@example.com","password":"a long staff password","code":"123456"}');
    expect(Array.from(nav.querySelectorAll('a')).map((a) => a.textContent)).toEqual(['Players', 'Withdrawals', 'Documents']);
    fireEvent.click(screen.getByRole('link', { name: 'Withdrawals' }));
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    // No session in this tab: no me call; after the log-in every call carries the tab's request token.
    expect(calls.some((c) => c.includes('/api/backoffice/me'))).toBe(false);
    expect(sessionStorage.getItem('casino.staffToken')).toBe('tok-1');
    expect(tokens[calls.findIndex((c) => c.includes('/api/backoffice/withdrawals'))]).toBe('tok-1');
    // Support reads the queue but holds no decision: no dead buttons.
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('backoffice-who').textContent).toContain('help@example.com (support)'));
  });
});
