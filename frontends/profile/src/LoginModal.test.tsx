import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getToken, PlatformProvider } from '@casino/platform';
import { darkTheme } from '@casino/ui';
import { LoginModal } from './modals/LoginModal';

function renderModal() {
  return render(
    <PlatformProvider theme={darkTheme} messages={{}}>
      <LoginModal />
    </PlatformProvider>,
  );
}

describe('LoginModal', () => {
  beforeEach(() => {
    clearSession();
    window.localStorage.clear();
    window.history.replaceState(null, '', '/casino?modal=login');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows Required errors and calls nothing for an empty form', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderModal();
    fireEvent.click(screen.getAllByRole('button', { name: 'Log in' }).at(-1)!);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Required', 'Required']);
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/api/user/'))).toEqual([]);
  });

  it('logs in: posts the credentials with device data, stores the token and closes', async () => {
    const fetch = vi.fn((url: string, _init: RequestInit) =>
      Promise.resolve(
        url.includes('settings2')
          ? new Response(JSON.stringify({ data: { features: {} } }), { status: 200 })
          : new Response(JSON.stringify({ data: { accessToken: 'tok-1', userId: 7 } }), { status: 200 }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    renderModal();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'pla yer@casino.example' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Log in' }).at(-1)!);
    await waitFor(() => expect(getToken()).toBe('tok-1'));
    const [url, init] = fetch.mock.calls.find(([u]) => u === '/api/user/login')!;
    expect(url).toBe('/api/user/login');
    expect(JSON.parse(String(init.body))).toMatchObject({ email: 'player@casino.example', password: 'secret1', userDeviceType: expect.any(String) });
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('shows the server message when login fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ error: { code: 'INVALID_CREDENTIALS', message: 'Wrong email or password' } }), { status: 401 }))),
    );
    renderModal();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Log in' }).at(-1)!);
    expect(await screen.findByText('Wrong email or password')).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('a self-excluded player sees the end and may log in only to withdraw', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        if (url !== '/api/user/login') return Promise.resolve(new Response(JSON.stringify({ data: { features: {} } }), { status: 200 }));
        const body = JSON.parse(String(init.body));
        bodies.push(body);
        return Promise.resolve(
          body.withdrawalOnly
            ? new Response(JSON.stringify({ data: { accessToken: 'tok-w', selfExclusion: { until: '2026-11-27T10:00:00Z', permanent: false, restricted: true } } }), { status: 200 })
            : new Response(
                JSON.stringify({ error: { code: 'SELF_EXCLUDED', message: 'Your account is self-excluded until 27 Nov 2026 10:00 UTC.', fields: { selfExclusionUntil: '2026-11-27T10:00:00Z' } } }),
                { status: 409 },
              ),
        );
      }),
    );
    renderModal();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Log in' }).at(-1)!);
    const notice = await screen.findByTestId('login-self-excluded');
    expect(notice.textContent).toMatch(/^Your account is self-excluded until .*2026.*\. You cannot log in to play until then\.$/);
    expect(getToken()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log in to withdraw my balance' }));
    await waitFor(() => expect(getToken()).toBe('tok-w'));
    expect(bodies.map((b) => b.withdrawalOnly ?? false)).toEqual([false, true]);
    await waitFor(() => expect(window.location.pathname).toBe('/withdraw'));
  });
});
