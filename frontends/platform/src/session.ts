import { getConfig } from './config';
import { AUTH_CHANGED_EVENT, STORAGE_KEYS } from './constants';
import { readStorage, removeStorage, writeStorage } from './storage';

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

function setState(token: string | null, notifyChange: boolean): void {
  const changed = state.token !== token;
  state = { token, authenticated: token != null };
  if (changed && notifyChange) {
    listeners.forEach((l) => l(state));
    window.dispatchEvent(new CustomEvent(AUTH_CHANGED_EVENT, { detail: { authenticated: state.authenticated } }));
  }
}

/**
 * Reads the stored token and takes over an `at` access token handed over in
 * the URL: it is stored and removed from the address bar (history.replaceState).
 * Idempotent: every micro-frontend may call it.
 */
export function initSession(): SessionState {
  if (initialised) return state;
  initialised = true;
  const url = new URL(window.location.href);
  const handed = url.searchParams.get('at');
  if (handed) {
    writeStorage(STORAGE_KEYS.token, handed);
    url.searchParams.delete('at');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  // The header's Log out link ends the session on the server: forget the
  // token the server no longer honours.
  if (!handed && cookie(STATE_COOKIE) === '0') removeStorage(STORAGE_KEYS.token);
  const stored = readStorage(STORAGE_KEYS.token);
  setState(stored || null, false);
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

export function getToken(): string | null {
  return getSession().token;
}

/** Stores a new access token (after login or sign-up) and notifies listeners. */
export function setToken(token: string): void {
  writeStorage(STORAGE_KEYS.token, token);
  setState(token, true);
}

/** Forgets the stored session (logout, 403) and notifies listeners. */
export function clearSession(): void {
  removeStorage(STORAGE_KEYS.token);
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
}
