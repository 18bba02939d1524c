import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, PlatformProvider, setToken } from '@casino/platform';
import { darkTheme } from '@casino/ui';
import { RewardsCalendarSetting } from './RewardsCalendarSetting';

describe('RewardsCalendarSetting', () => {
  afterEach(() => {
    cleanup();
    clearSession();
  });

  it('reads the opt-out and turns the calendar off and on with PUT /api/user/rewards-calendar', async () => {
    const puts: unknown[] = [];
    let optedOut = false;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (String(url).includes('/api/user/rewards-calendar')) {
          if (init?.method === 'PUT') {
            const body = JSON.parse(String(init.body));
            puts.push(body);
            optedOut = body.optedOut;
          }
          return Promise.resolve(new Response(JSON.stringify({ data: { optedOut, timeZone: 'Europe/Berlin' } }), { status: 200 }));
        }
        return Promise.resolve(new Response(JSON.stringify({ data: {} }), { status: 200 }));
      }),
    );
    setToken('token');
    render(
      <PlatformProvider theme={darkTheme} messages={{}}>
        <RewardsCalendarSetting />
      </PlatformProvider>,
    );
    const toggle = await screen.findByRole('switch', { name: 'Rewards calendar' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ optedOut: true }]));
    await screen.findByText(/Off: rakeback and cashback cannot be claimed/);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ optedOut: true }, { optedOut: false }]));
    await screen.findByText(/On: claim your daily rakeback/);
  });
});
