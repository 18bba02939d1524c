import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHistory, previousPage, pushHistory } from '../history';
import { setToken } from '../session';
import { logEvent, startRouteTracking } from '../tracking';
import { jsonResponse, mockFetch, mockLocationAssign, resetPlatform } from './helpers';

function bodies(fetch: ReturnType<typeof mockFetch>) {
  return fetch.mock.calls.map(([, init]) => JSON.parse(String(init!.body)));
}

describe('page-view tracking', () => {
  beforeEach(() => {
    resetPlatform('/casino?cpnc=C1&mkt=M1');
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 5, 1));
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  });
  afterEach(() => vi.useRealTimers());

  it('sends PAGE_VIEW 300 ms after load and after each route change, with marketing data', async () => {
    const fetch = mockFetch(() => jsonResponse(200, { data: null }));
    startRouteTracking();
    await vi.advanceTimersByTimeAsync(299);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe('/api/user/log-event');
    expect(bodies(fetch)[0]).toEqual({
      event: 'PAGE_VIEW',
      data: { url: '/casino?cpnc=C1&mkt=M1' },
      mkt: 'M1',
      userDeviceType: 'desktop',
      cpncToSent: 'C1',
    });

    window.history.pushState(null, '', '/casino/slots');
    window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
    await vi.advanceTimersByTimeAsync(300);
    expect(bodies(fetch)[1].data).toEqual({ url: '/casino/slots' });
  });

  it('sends one event for quick successive changes (popstate + routing event)', async () => {
    const fetch = mockFetch(() => jsonResponse(200, { data: null }));
    startRouteTracking();
    await vi.advanceTimersByTimeAsync(300);
    window.history.pushState(null, '', '/promotions');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await vi.advanceTimersByTimeAsync(100);
    window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
    await vi.advanceTimersByTimeAsync(300);
    expect(bodies(fetch).map((b) => b.data.url)).toEqual(['/casino?cpnc=C1&mkt=M1', '/promotions']);
  });

  it('records the history stack of the last 5 pages', async () => {
    mockFetch(() => jsonResponse(200, { data: null }));
    startRouteTracking();
    for (const p of ['/a', '/b', '/c', '/d', '/e', '/f']) {
      await vi.advanceTimersByTimeAsync(300);
      window.history.pushState(null, '', p);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }
    await vi.advanceTimersByTimeAsync(300);
    expect(getHistory()).toEqual(['/b', '/c', '/d', '/e', '/f']);
    expect(previousPage()).toBe('/e');
  });

  it('never throws and never redirects when log-event fails', async () => {
    setToken('t');
    const assign = mockLocationAssign();
    mockFetch(() => jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'Forbidden' } }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(logEvent('ALTERNATIVE_METHOD_BUTTON', { method: 'visa' })).resolves.toBeUndefined();
    expect(assign).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
  });
});

describe('history stack', () => {
  beforeEach(() => resetPlatform());
  it('skips consecutive duplicates and keeps 5 entries', () => {
    ['/1', '/1', '/2', '/3', '/4', '/5', '/6'].forEach(pushHistory);
    expect(getHistory()).toEqual(['/2', '/3', '/4', '/5', '/6']);
  });
});
