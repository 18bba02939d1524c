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
 * Redeems a one-time hand-over code (`at` usually arrives on a mirror domain
 * the player never logged in on) for this address's own session: the server
 * answers the access token and sets the HttpOnly session cookie. A session
 * token never travels in a URL. null when the code is spent, expired, for
 * another address, or the browser already holds another player's session.
 */
async function redeemHandover(code: string): Promise<string | null> {
  const cfg = getConfig();
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (cfg.systemToken) headers['X-System-Token'] = cfg.systemToken;
  try {
    const res = await fetch(`${cfg.apiBase}/api/user/session-cookie`, {
      method: 'POST', headers, credentials: 'same-origin', body: JSON.stringify({ code }),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: { accessToken?: string } };
    return body.data?.accessToken ?? null;
  } catch {
    return null;
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
 * Reads the session state and takes over an `at` hand-over code in the URL
 * (SPEC: "a token in the URL is stored and removed"): it is removed from the
 * address bar (history.replaceState) and redeemed once for this domain's
 * session. Idempotent: every micro-frontend may call it.
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
  setState((cookie(STATE_COOKIE) === '0' ? null : legacy) || null, false);
  if (handed) {
    sessionReady = redeemHandover(handed).then((token) => {
      if (token) setState(token, true);
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
