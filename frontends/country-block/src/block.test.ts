import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isWaived, readBlockData, REVERIFY_PATH, reportOnce, reverify, STORAGE } from './block';

const ok = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200 });

describe('country block', () => {
  beforeEach(() => {
    window.localStorage.clear();
    document.body.innerHTML = '<script id="country-block-data" type="application/json">{"country":"US","countryName":"United States","ip":"203.0.113.9","date":"2026-11-23T09:00:00Z"}</script>';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the server-inlined data', () => {
    expect(readBlockData()).toEqual({ country: 'US', countryName: 'United States', ip: '203.0.113.9', date: '2026-11-23T09:00:00Z' });
  });

  it('reports once per IP, country and first URL and remembers the country', async () => {
    const fetch = vi.fn(() => Promise.resolve(ok(null)));
    vi.stubGlobal('fetch', fetch);
    const data = readBlockData()!;
    expect(await reportOnce(data, '/casino')).toBe(true);
    expect(await reportOnce(data, '/casino')).toBe(false);
    expect(await reportOnce(data, '/promotions')).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
    const init = (fetch.mock.calls[0] as unknown[])[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({
      ip: '203.0.113.9',
      country: 'US',
      firstUrl: '/casino',
    });
    expect(window.localStorage.getItem(STORAGE.country)).toBe('US');
  });

  it('waives the notice for whitelisted visitors (URL flag, then the local flag)', () => {
    expect(isWaived('')).toBe(false);
    expect(isWaived('?whitelisted=1')).toBe(true);
    expect(isWaived('')).toBe(true);
  });

  const err = (status: number, code: string, fields: Record<string, string> = {}) =>
    new Response(JSON.stringify({ error: { code, message: code, fields } }), { status });
  const at = (latitude: number, longitude: number) => ({
    getCurrentPosition: vi.fn((ok: PositionCallback, _e?: PositionErrorCallback, _o?: PositionOptions) => ok({ coords: { latitude, longitude } } as GeolocationPosition)),
  });
  const failing = (code: number) => ({ getCurrentPosition: (_ok: PositionCallback, e: PositionErrorCallback) => e({ code } as GeolocationPositionError) });

  it('re-verifies on the server with high-accuracy geolocation (10 s)', async () => {
    const fetch = vi.fn(() => Promise.resolve(ok({ country: { code: 'DE', name: 'Germany' }, blocked: false, verifiedUntil: '2026-11-24T09:00:00Z' })));
    vi.stubGlobal('fetch', fetch);
    const geo = at(52.5, 13.4);
    await expect(reverify(geo as unknown as Geolocation)).resolves.toEqual({ status: 'verified', country: 'Germany' });
    expect(geo.getCurrentPosition.mock.calls[0][2]).toMatchObject({ enableHighAccuracy: true, timeout: 10_000 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain(REVERIFY_PATH);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ latitude: 52.5, longitude: 13.4 });
  });

  it('gives each failure its own status: excluded, no country, denied, timeout, unavailable, server error', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(err(403, 'COUNTRY_BLOCKED', { country: 'US' }))));
    await expect(reverify(at(40, -74) as unknown as Geolocation)).resolves.toEqual({ status: 'blocked', country: 'US' });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(err(422, 'LOCATION_UNKNOWN'))));
    await expect(reverify(at(30, -40) as unknown as Geolocation)).resolves.toEqual({ status: 'unknown-location' });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(err(500, 'INTERNAL'))));
    await expect(reverify(at(52.5, 13.4) as unknown as Geolocation)).resolves.toEqual({ status: 'error' });
    await expect(reverify(failing(1) as unknown as Geolocation)).resolves.toEqual({ status: 'denied' });
    await expect(reverify(failing(3) as unknown as Geolocation)).resolves.toEqual({ status: 'timeout' });
    await expect(reverify(failing(2) as unknown as Geolocation)).resolves.toEqual({ status: 'unavailable' });
  });

  describe('a position that never comes', () => {
    const silent = { getCurrentPosition: vi.fn() };
    const permissions = (initial: PermissionState) => {
      const status = Object.assign(new EventTarget(), { state: initial });
      return {
        status,
        api: { query: vi.fn(() => Promise.resolve(status)) } as unknown as Permissions,
      };
    };
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('times out after 10 s even when the browser never calls back', async () => {
      const { api } = permissions('granted');
      let result: unknown;
      void reverify(silent as unknown as Geolocation, api).then((r) => (result = r));
      await vi.advanceTimersByTimeAsync(9_900);
      expect(result).toBeUndefined();
      await vi.advanceTimersByTimeAsync(200);
      expect(result).toEqual({ status: 'timeout' });
    });

    it('does not count the time the permission prompt is open', async () => {
      const { api, status } = permissions('prompt');
      let result: unknown;
      void reverify(silent as unknown as Geolocation, api).then((r) => (result = r));
      await vi.advanceTimersByTimeAsync(30_000);
      expect(result).toBeUndefined();
      status.state = 'granted';
      status.dispatchEvent(new Event('change'));
      await vi.advanceTimersByTimeAsync(9_900);
      expect(result).toBeUndefined();
      await vi.advanceTimersByTimeAsync(200);
      expect(result).toEqual({ status: 'timeout' });
    });

    it('an answer before the watchdog wins', async () => {
      vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(ok({ country: { code: 'DE', name: 'Germany' }, blocked: false, verifiedUntil: '' }))));
      const { api } = permissions('granted');
      const late = { getCurrentPosition: (cb: PositionCallback) => setTimeout(() => cb({ coords: { latitude: 52.5, longitude: 13.4 } } as GeolocationPosition), 5_000) };
      const pending = reverify(late as unknown as Geolocation, api);
      await vi.advanceTimersByTimeAsync(20_000);
      await expect(pending).resolves.toEqual({ status: 'verified', country: 'Germany' });
    });
  });
});
