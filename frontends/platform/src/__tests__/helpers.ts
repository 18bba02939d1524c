import { vi } from 'vitest';
import { __resetConfigForTests } from '../config';
import { __resetHistoryForTests } from '../history';
import { __resetI18nForTests } from '../i18n';
import { __resetRealtimeForTests } from '../realtime';
import { __resetSessionForTests } from '../session';
import { __resetSettingsForTests } from '../settings';
import { __resetTrackingForTests } from '../tracking';

export function resetPlatform(url = '/casino'): void {
  __resetTrackingForTests();
  __resetRealtimeForTests();
  __resetSessionForTests();
  __resetConfigForTests();
  __resetHistoryForTests();
  __resetI18nForTests();
  __resetSettingsForTests();
  window.localStorage.clear();
  window.history.replaceState(null, '', url);
  document.documentElement.lang = 'en';
  delete document.documentElement.dataset.localeVersion;
  delete document.documentElement.dataset.systemToken;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces fetch with a mock answering `respond(url, init)`. */
export function mockFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fn = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => Promise.resolve(respond(String(input), init)));
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** Spies on location.assign (happy-dom would navigate) while keeping every other location field real. */
export function mockLocationAssign() {
  const assign = vi.fn();
  const real = window.location;
  const proxy = new Proxy(real, {
    get: (target, prop) => (prop === 'assign' ? assign : Reflect.get(target, prop, target)),
  });
  vi.spyOn(window, 'location', 'get').mockReturnValue(proxy);
  return assign;
}
