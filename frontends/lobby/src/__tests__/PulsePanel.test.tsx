import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, PlatformProvider, setToken } from '@casino/platform';
import { darkTheme } from '@casino/ui';
import { GamePulse } from '../pulse/GamePulse';

class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(public url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  emit(name: string, data: unknown) {
    this.listeners.get(name)?.forEach((fn) => fn(new MessageEvent(name, { data: JSON.stringify(data) })));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const emit = (name: string, win: string) =>
  act(() => FakeEventSource.all.filter((s) => s.readyState !== FakeEventSource.CLOSED).forEach((s) => s.emit(name, { win })));

function stubPulse(rounds: string[]) {
  const fetch = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(String(input), window.location.origin);
    const body =
      url.pathname === '/api/user/game-pulse'
        ? { data: { currencyCode: 'EUR', decimals: 2, rounds: rounds.map((net, i) => ({ id: i + 1, gameId: 'g', bet: '1.00', win: '0.00', net })) } }
        : { error: { code: 'NOT_FOUND', message: 'Not found' } };
    return Promise.resolve(new Response(JSON.stringify(body), { status: body.data ? 200 : 404, headers: { 'Content-Type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const renderPulse = () =>
  render(
    <PlatformProvider theme={darkTheme} messages={{}}>
      <GamePulse />
    </PlatformProvider>,
  );

describe('GamePulse', () => {
  beforeEach(() => {
    clearSession();
    window.localStorage.clear();
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    cleanup();
    clearSession();
  });

  it('renders nothing and asks nothing for visitors', () => {
    const fetch = stubPulse([]);
    const { container } = renderPulse();
    expect(container.innerHTML).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('draws the running net of the last rounds and follows debits and credits live', async () => {
    setToken('tok-test');
    const fetch = stubPulse(['-1.00', '3.50', '-1.00']);
    renderPulse();
    const net = await screen.findByTestId('game-pulse-net');
    expect(net.textContent).toBe('+€1.50');
    expect(screen.getByText('last 3 rounds')).toBeTruthy();
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe('Net result over your last 3 rounds: +€1.50');
    expect(chart.getAttribute('data-tone')).toBe('up');
    expect(chart.querySelector('path')!.getAttribute('d')!.split('L')).toHaveLength(4);
    expect(new URL(String(fetch.mock.calls[0][0]), window.location.origin).searchParams.get('limit')).toBe('30');

    emit('debit', '2.00');
    await waitFor(() => expect(net.textContent).toBe('-€0.50'));
    expect(screen.getByRole('img').getAttribute('data-tone')).toBe('down');
    expect(screen.getByText('last 4 rounds')).toBeTruthy();
    emit('credit', '0.50');
    await waitFor(() => expect(net.textContent).toBe('€0.00'));
    expect(screen.getByText('last 4 rounds')).toBeTruthy();
    expect(screen.getByTestId('game-pulse').getAttribute('data-net')).toBe('0');
  });

  it('says so when the player has no rounds yet', async () => {
    setToken('tok-test');
    stubPulse([]);
    renderPulse();
    expect(await screen.findByText('Play a round to see your pulse here.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    emit('debit', '1.00');
    await waitFor(() => expect(screen.getByTestId('game-pulse-net').textContent).toBe('-€1.00'));
    expect(screen.getByRole('img')).toBeTruthy();
  });
});
