import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { del, get, post, put } from '../api';
import { configurePlatform } from '../config';
import { AUTH_CHANGED_EVENT, STORAGE_KEYS } from '../constants';
import { ApiError } from '../errors';
import { getToken, setToken } from '../session';
import { jsonResponse, mockFetch, mockLocationAssign, resetPlatform } from './helpers';

describe('API client', () => {
  beforeEach(() => resetPlatform('/casino/slots?sort=name'));
  afterEach(() => vi.useRealTimers());

  it('sends both token headers, the language and the system token when configured', async () => {
    setToken('tok-123');
    document.documentElement.lang = 'de';
    configurePlatform({ systemToken: 'sys-9', language: 'de' });
    const fetch = mockFetch(() => jsonResponse(200, { data: { ok: true } }));

    await expect(get('/api/user/get-user-details')).resolves.toEqual({ ok: true });

    const headers = fetch.mock.calls[0][1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers['X-Access-Token']).toBe('tok-123');
    expect(headers['X-System-Token']).toBe('sys-9');
    expect(headers.Language).toBe('de');
  });

  it('sends no token or system-token headers for a visitor without configuration', async () => {
    const fetch = mockFetch(() => jsonResponse(200, { data: [] }));
    await get('/api/admin/get-all-bonus', { query: { pageNo: 1, limit: 20, cpnc: null } });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/admin/get-all-bonus?pageNo=1&limit=20');
    const headers = init!.headers as Record<string, string>;
    expect(headers).not.toHaveProperty('Authorization');
    expect(headers).not.toHaveProperty('X-Access-Token');
    expect(headers).not.toHaveProperty('X-System-Token');
    expect(headers.Language).toBe('en');
  });

  it('returns body.data of a 200 answer and sends JSON bodies with post/put/del', async () => {
    const fetch = mockFetch((_url, init) => jsonResponse(200, { data: { method: init.method, body: init.body } }));
    await expect(post('/api/user/login', { email: 'a@b.c' })).resolves.toEqual({ method: 'POST', body: '{"email":"a@b.c"}' });
    await expect(put('/api/user/update-user-details', { city: 'X' })).resolves.toMatchObject({ method: 'PUT' });
    await expect(del('/api/user/favorites/1')).resolves.toMatchObject({ method: 'DELETE' });
    expect((fetch.mock.calls[0][1]!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('throws an ApiError carrying the server error code, message and fields', async () => {
    mockFetch(() =>
      jsonResponse(400, { error: { code: 'VALIDATION', message: 'Please check fields with errors', fields: { email: 'Required' } } }),
    );
    const err = await post('/api/user/sign-up', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Please check fields with errors', fields: { email: 'Required' } });
  });

  it('throws an ApiError with a generic code when the error body is not JSON', async () => {
    mockFetch(() => new Response('<html>oops</html>', { status: 502 }));
    await expect(get('/api/x')).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  it('on 403 clears the stored session, announces it and redirects to the current path with modal=login', async () => {
    setToken('expired');
    const assign = mockLocationAssign();
    const events: Event[] = [];
    window.addEventListener(AUTH_CHANGED_EVENT, (e) => events.push(e));
    mockFetch(() => jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'Forbidden' } }));

    await expect(get('/api/user/get-user-details')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });

    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/casino/slots?sort=name&modal=login');
    expect(events).toHaveLength(1);
  });

  it('does not redirect on 403 when the caller opts out (tracking)', async () => {
    setToken('t');
    const assign = mockLocationAssign();
    mockFetch(() => jsonResponse(403, {}));
    await expect(post('/api/user/log-event', {}, { handleForbidden: false })).rejects.toMatchObject({ status: 403 });
    expect(assign).not.toHaveBeenCalled();
    expect(getToken()).toBe('t');
  });

  it('aborts GET-type calls after 15 s with a TIMEOUT error', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    mockFetch((_url, init) => {
      signal = init.signal ?? undefined;
      return new Promise<Response>((_resolve, reject) => {
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });
    const result = get('/api/admin/get-payments').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal!.aborted).toBe(true);
    await expect(result).resolves.toMatchObject({ code: 'TIMEOUT', status: 0 });
  });

  it('does not time out POST calls', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    let resolve!: (r: Response) => void;
    mockFetch((_url, init) => {
      signal = init.signal ?? undefined;
      return new Promise<Response>((r) => (resolve = r));
    });
    const result = post('/api/user/login', {});
    await vi.advanceTimersByTimeAsync(60_000);
    expect(signal!.aborted).toBe(false);
    resolve(jsonResponse(200, { data: 1 }));
    await expect(result).resolves.toBe(1);
  });

  it('reports network failures as NETWORK_ERROR', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(get('/api/x')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});
