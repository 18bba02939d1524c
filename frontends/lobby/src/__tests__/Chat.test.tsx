import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, PlatformProvider } from '@casino/platform';
import { darkTheme } from '@casino/ui';
import { Chat } from '../chat/Chat';

/** The room's stream as the chat uses it: named events, error and open. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  listeners = new Map<string, ((e: Event) => void)[]>();
  constructor(public url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, fn: (e: Event) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  fire(name: string, data?: unknown) {
    const e = data === undefined ? new Event(name) : new MessageEvent(name, { data: JSON.stringify(data) });
    act(() => this.listeners.get(name)?.forEach((fn) => fn(e)));
  }
  close() {}
}

const line = (id: number, text: string) => ({ id, room: 'en', name: 'ada', text, at: '2026-11-27T10:00:00Z' });

describe('Chat', () => {
  let history: ReturnType<typeof line>[];
  let historyCalls = 0;
  beforeEach(() => {
    clearSession();
    FakeEventSource.all = [];
    historyCalls = 0;
    history = [line(1, 'first'), line(2, 'second')];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url = new URL(String(input), window.location.origin);
        let data: unknown = { wins: [] };
        if (url.pathname === '/api/core/casino/chat/en/messages') {
          historyCalls++;
          data = { messages: history };
        }
        return Promise.resolve(new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads the history again when its stream comes back after a cut, keeping newer lines', async () => {
    render(
      <PlatformProvider theme={darkTheme} messages={{}}>
        <Chat />
      </PlatformProvider>,
    );
    await screen.findByText(/second/);
    const stream = FakeEventSource.all[0];
    stream.fire('open');
    stream.fire('message', line(3, 'live'));
    await screen.findByText(/live/);
    expect(historyCalls).toBe(1);

    // Down, then back: what was said meanwhile (4) comes from the history;
    // a line the stream brought after the history's newest (5) stays.
    stream.fire('error');
    history = [line(1, 'first'), line(2, 'second'), line(3, 'live'), line(4, 'while away')];
    stream.fire('message', line(5, 'after'));
    stream.fire('open');
    await screen.findByText(/while away/);
    expect(historyCalls).toBe(2);
    await waitFor(() => expect(screen.getAllByTestId('chat-line').map((l) => l.textContent?.replace(/^ada: /, ''))).toEqual(['first', 'second', 'live', 'while away', 'after']));
  });
});
