import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeRealtime } from '../realtime';
import { clearSession, setToken } from '../session';
import { resetPlatform } from './helpers';

class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(
    public url: string,
    public init?: EventSourceInit,
  ) {
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  emit(name: string, data: unknown, lastEventId = '') {
    this.listeners.get(name)?.forEach((fn) => fn(new MessageEvent(name, { data: JSON.stringify(data), lastEventId })));
  }
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const live = () => FakeEventSource.all.filter((s) => s.readyState !== FakeEventSource.CLOSED);

describe('realtime', () => {
  beforeEach(() => {
    resetPlatform();
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.useRealTimers());

  it('opens no stream for visitors and one for a logged-in player, on its cookie (no token in the URL)', () => {
    const unsubscribe = subscribeRealtime('failedDeposit', () => {});
    expect(FakeEventSource.all).toHaveLength(0);
    setToken('tok 1');
    expect(live()).toHaveLength(1);
    expect(live()[0].url).toBe('/api/user/events');
    unsubscribe();
    expect(live()).toHaveLength(0);
  });

  it('after a reload (session in the HttpOnly cookie only) opens the stream without a token in the URL', () => {
    document.cookie = 'casino_auth=1; path=/';
    const unsubscribe = subscribeRealtime('failedDeposit', () => {});
    expect(live()).toHaveLength(1);
    expect(live()[0].url).toBe('/api/user/events');
    expect(live()[0].init).toEqual({ withCredentials: true });
    unsubscribe();
  });

  it('delivers failedDeposit, debit and credit payloads to their subscribers', () => {
    setToken('t');
    const failed = vi.fn();
    const credit = vi.fn();
    subscribeRealtime('failedDeposit', failed);
    subscribeRealtime('credit', credit);
    expect(live()).toHaveLength(1);
    live()[0].emit('failedDeposit', { method: 'visa' });
    live()[0].emit('credit', { win: '1500' });
    live()[0].emit('debit', { win: '1' });
    expect(failed).toHaveBeenCalledWith({ method: 'visa' });
    expect(credit).toHaveBeenCalledWith({ win: '1500' });
  });

  it('reconnects with backoff after the stream closes, and closes on logout', () => {
    vi.useFakeTimers();
    setToken('t');
    subscribeRealtime('debit', () => {});
    live()[0].fail();
    expect(live()).toHaveLength(0);
    vi.advanceTimersByTime(999);
    expect(live()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(live()).toHaveLength(1);
    live()[0].fail();
    vi.advanceTimersByTime(1999);
    expect(live()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(live()).toHaveLength(1);
    clearSession();
    expect(live()).toHaveLength(0);
  });

  it('resumes after the browser gave up: the new stream asks for what it missed with ?lastEventId=', () => {
    vi.useFakeTimers();
    setToken('t');
    const debit = vi.fn();
    subscribeRealtime('debit', debit);
    live()[0].emit('debit', { win: '1' }, 'k3f9-41');
    live()[0].emit('debit', { win: '2' }, 'k3f9 42/+');
    live()[0].emit('debit', { win: '3' }); // no id (not from the feed): the last id stays
    live()[0].fail();
    vi.advanceTimersByTime(1000);
    expect(live()).toHaveLength(1);
    expect(live()[0].url).toBe('/api/user/events?lastEventId=k3f9%2042%2F%2B');
    expect(live()[0].init).toEqual({ withCredentials: true });
    expect(debit).toHaveBeenCalledTimes(3);
  });

  it('resumes across a session change of the same player (a cookie session taken over by a token)', () => {
    document.cookie = 'casino_auth=1; path=/';
    subscribeRealtime('credit', () => {});
    live()[0].emit('credit', { win: '1' }, 'e1-7');
    setToken('handed over');
    expect(live()).toHaveLength(1);
    expect(live()[0].url).toBe('/api/user/events?lastEventId=e1-7');
  });

  it('forgets the id at logout, at another log-in and when the last subscriber leaves', () => {
    setToken('a');
    const unsubscribe = subscribeRealtime('credit', () => {});
    live()[0].emit('credit', { win: '1' }, 'e1-7');
    setToken('b'); // another log-in: maybe another player
    expect(live()[0].url).toBe('/api/user/events');

    live()[0].emit('credit', { win: '1' }, 'e2-3');
    clearSession();
    expect(live()).toHaveLength(0);
    setToken('a');
    expect(live()[0].url).toBe('/api/user/events');

    live()[0].emit('credit', { win: '1' }, 'e3-1');
    unsubscribe();
    subscribeRealtime('debit', () => {});
    expect(live()[0].url).toBe('/api/user/events');
  });
});
