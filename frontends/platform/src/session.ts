import { getConfig } from './config';
import { AUTH_CHANGED_EVENT, STORAGE_KEYS } from './constants';
import { readStorage, removeStorage } from './storage';

/** Readable cookie the server sets: "1" after login, "0" once it ended the session. */
const STATE_COOKIE = 'casino_auth';

function cookie(name: string): string | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

/**
 * Turns a handed-over token into this domain's HttpOnly session cookie, so
 * the server-rendered header knows the player (`at` usually arrives on a
 * mirror domain the player never logged in on).
 */
async function adoptToken(token: string): Promise<void> {
  const cfg = getConfig();
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'X-Access-Token': token };
  if (cfg.systemToken) headers['X-System-Token'] = cfg.systemToken;
  try {
    await fetch(`${cfg.apiBase}/api/user/session-cookie`, { method: 'POST', headers, credentials: 'same-origin' });
  } catch {
    // The bearer token still works for API calls; only the header stays a guest's.
  }
}

/** Resolves once a token handed over in the URL has been taken over (tests, login flows). */
export let sessionReady: Promise<void> = Promise.resolve();

export interface SessionState {
  token: string | null;
  authenticated: boolean;
}

type Listener = (state: SessionState) => void;

const listeners = new Set<Listener>();
let state: SessionState = { token: null, authenticated: false };
let initialised = false;

/**
 * The token lives in this page's memory only, never in storage operator
 * scripts could read: after a reload the HttpOnly session cookie carries the
 * session, and the readable casino_auth cookie says whether there is one.
 */
function setState(token: string | null, notifyChange: boolean): void {
  const next = { token, authenticated: token != null || cookie(STATE_COOKIE) === '1' };
  const changed = state.token !== next.token || state.authenticated !== next.authenticated;
  state = next;
  if (changed && notifyChange) {
    listeners.forEach((l) => l(state));
    window.dispatchEvent(new CustomEvent(AUTH_CHANGED_EVENT, { detail: { authenticated: state.authenticated } }));
  }
}

/**
 * Reads the session state and takes over an `at` access token handed over in
 * the URL: it is kept, removed from the address bar (history.replaceState)
 * and turned into this domain's session cookie. Idempotent: every
 * micro-frontend may call it.
 */
export function initSession(): SessionState {
  if (initialised) return state;
  initialised = true;
  const url = new URL(window.location.href);
  const handed = url.searchParams.get('at');
  if (handed) {
    url.searchParams.delete('at');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  // Earlier builds kept the token in localStorage: move it to memory, unless
  // the server has ended that session since (header Log out link).
  const legacy = readStorage(STORAGE_KEYS.token);
  if (legacy) removeStorage(STORAGE_KEYS.token);
  setState(handed || (cookie(STATE_COOKIE) === '0' ? null : legacy) || null, false);
  if (handed) {
    sessionReady = adoptToken(handed).then(() => {
      window.dispatchEvent(new CustomEvent(AUTH_CHANGED_EVENT, { detail: { authenticated: true } }));
    });
  }
  return state;
}

export function getSession(): SessionState {
  if (!initialised) initSession();
  return state;
}

/** The access token of this page's login, or null (the session cookie still works). */
export function getToken(): string | null {
  return getSession().token;
}

/** Keeps a new access token (after login or sign-up) and notifies listeners. */
export function setToken(token: string): void {
  getSession();
  setState(token, true);
}

/** Forgets the session (logout, 403) and notifies listeners. */
export function clearSession(): void {
  getSession();
  removeStorage(STORAGE_KEYS.token);
  document.cookie = `${STATE_COOKIE}=0; path=/; max-age=${30 * 24 * 3600}; samesite=lax`;
  setState(null, true);
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Test helper: forget module state. */
export function __resetSessionForTests(): void {
  initialised = false;
  listeners.clear();
  state = { token: null, authenticated: false };
  document.cookie = `${STATE_COOKIE}=; path=/; max-age=0`;
}
