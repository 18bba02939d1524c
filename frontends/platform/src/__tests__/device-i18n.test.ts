import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceTypeForWidth } from '../device';
import { cachedMessages, loadMessages } from '../i18n';
import { jsonResponse, mockFetch, resetPlatform } from './helpers';

describe('userDeviceType', () => {
  it('uses the SPEC breakpoints', () => {
    expect(deviceTypeForWidth(320)).toBe('mobile');
    expect(deviceTypeForWidth(767)).toBe('mobile');
    expect(deviceTypeForWidth(768)).toBe('tablet');
    expect(deviceTypeForWidth(1024)).toBe('tablet');
    expect(deviceTypeForWidth(1025)).toBe('desktop');
  });
});

describe('translations', () => {
  beforeEach(() => resetPlatform());
  afterEach(() => vi.useRealTimers());

  it('loads the versioned catalogue once and caches it for one hour', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 0, 1));
    const fetch = mockFetch(() => jsonResponse(200, { 'lobby.search': 'Suche' }));
    await expect(loadMessages('de', '2026-01-01.ab')).resolves.toEqual({ 'lobby.search': 'Suche' });
    expect(fetch.mock.calls[0][0]).toBe('/api/core/casino/locales/de.json?v=2026-01-01.ab');
    expect(cachedMessages('de', '2026-01-01.ab', Date.now() + 59 * 60_000)).toEqual({ 'lobby.search': 'Suche' });
    expect(cachedMessages('de', '2026-01-01.ab', Date.now() + 60 * 60_000)).toBeNull();
    expect(cachedMessages('de', '2026-01-02.cd')).toBeNull();
  });

  it('falls back to English when the language cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch((url) => (url.includes('/xx.json') ? jsonResponse(404, { error: { code: 'NOT_FOUND' } }) : jsonResponse(200, { a: 'A' })));
    await expect(loadMessages('xx', '1')).resolves.toEqual({ a: 'A' });
  });

  it('ends with an empty catalogue (code defaults) when nothing loads', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(() => new Response('', { status: 500 }));
    await expect(loadMessages('en', '1')).resolves.toEqual({});
  });
});
