import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isWaived, readBlockData, reportOnce, reverify, STORAGE } from './block';

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

  it('waives the notice for whitelisted (URL flag, remembered) and verified visitors', () => {
    expect(isWaived('')).toBe(false);
    expect(isWaived('?whitelisted=1')).toBe(true);
    expect(isWaived('')).toBe(true);
  });

  it('re-verifies with high-accuracy geolocation (10 s) and marks the visitor verified', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback, _err?: PositionErrorCallback, _opts?: PositionOptions) => ok({ coords: { latitude: 52.5, longitude: 13.4 } } as GeolocationPosition));
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(ok({ country: 'DE', excluded: false }))));
    await expect(reverify({ getCurrentPosition } as unknown as Geolocation)).resolves.toEqual({ status: 'verified', country: 'DE' });
    expect(getCurrentPosition.mock.calls[0][2]).toMatchObject({ enableHighAccuracy: true, timeout: 10_000 });
    expect(window.localStorage.getItem(STORAGE.verified)).toContain('DE');
  });

  it('stays blocked for an excluded country and reports denied permission', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(ok({ country: 'US', excluded: true }))));
    const allow = { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 40, longitude: -74 } } as GeolocationPosition) };
    await expect(reverify(allow as unknown as Geolocation)).resolves.toEqual({ status: 'blocked', country: 'US' });
    const deny = { getCurrentPosition: (_ok: PositionCallback, err: PositionErrorCallback) => err({ code: 1 } as GeolocationPositionError) };
    await expect(reverify(deny as unknown as Geolocation)).resolves.toEqual({ status: 'denied' });
    expect(window.localStorage.getItem(STORAGE.verified)).toBeNull();
  });
});
