import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_CHANGED_EVENT, STORAGE_KEYS } from '../constants';
import { __resetSessionForTests, clearSession, getSession, initSession, sessionReady, setToken, subscribeSession } from '../session';
import { resetPlatform } from './helpers';

describe('session', () => {
  beforeEach(() => resetPlatform());

  it('redeems the one-time `at` code from the URL for a session, removing it from the address', async () => {
    window.history.replaceState(null, '', '/deposit?at=code123&modal=login#top');
    const replace = vi.spyOn(window.history, 'replaceState');
    const fetchMock = vi.fn().mockResolvedValue(new Response('{"data":{"accessToken":"tok-1","userId":7}}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const seen: Event[] = [];
    window.addEventListener(AUTH_CHANGED_EVENT, (e) => seen.push(e));

    const s = initSession();

    // The code is not a session token: nothing is logged in until it is redeemed.
    expect(s).toEqual({ token: null, authenticated: false });
    expect(replace).toHaveBeenCalledTimes(1);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/deposit?modal=login#top');
    await sessionReady;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/user/session-cookie');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ code: 'code123' });
    expect(init.headers.Authorization).toBeUndefined();
    expect(getSession()).toEqual({ token: 'tok-1', authenticated: true });
    expect(seen).toHaveLength(1);
    vi.unstubAllGlobals();
  });

  it('stays as it was when the code is spent, expired or meets another player\'s session', async () => {
    window.history.replaceState(null, '', '/casino?at=spent');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"error":{"code":"HANDOVER_INVALID"}}', { status: 410 })));
    expect(initSession()).toEqual({ token: null, authenticated: false });
    await sessionReady;
    expect(getSession()).toEqual({ token: null, authenticated: false });
    expect(window.location.search).toBe('');
    vi.unstubAllGlobals();
  });

  it('forgets a stored token once the server ended the session (casino_auth=0)', () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'stale');
    document.cookie = 'casino_auth=0; path=/';
    expect(initSession()).toEqual({ token: null, authenticated: false });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    document.cookie = 'casino_auth=; path=/; max-age=0';
  });

  it('moves a token an earlier build stored into memory and leaves the URL alone when there is no `at`', () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'stored');
    const replace = vi.spyOn(window.history, 'replaceState');
    expect(initSession()).toEqual({ token: 'stored', authenticated: true });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(replace).not.toHaveBeenCalled();
  });

  it('keeps the token out of storage; after a reload the casino_auth cookie says the session cookie is there', () => {
    initSession();
    setToken('t-mem');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    __resetSessionForTests();
    document.cookie = 'casino_auth=1; path=/';
    expect(initSession()).toEqual({ token: null, authenticated: true });
    clearSession();
    expect(getSession().authenticated).toBe(false);
    expect(document.cookie).toContain('casino_auth=0');
  });

  it('notifies subscribers and dispatches casino:auth-changed on login and logout', () => {
    initSession();
    const listener = vi.fn();
    const details: unknown[] = [];
    subscribeSession(listener);
    window.addEventListener(AUTH_CHANGED_EVENT, (e) => details.push((e as CustomEvent).detail));

    setToken('t1');
    setToken('t1'); // unchanged: no second notification
    clearSession();

    expect(listener).toHaveBeenCalledTimes(2);
    expect(details).toEqual([{ authenticated: true }, { authenticated: false }]);
    expect(getSession().authenticated).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
