import { LAST_PARAM_WINDOW_MS, STORAGE_KEYS, TRACKING_PARAMS_TTL_MS } from './constants';
import { readJSON, writeJSON } from './storage';

/** One kept marketing parameter. */
interface KeptParam {
  value: string;
  /** When the parameter was last seen in a URL (ms since epoch). */
  seenAt: number;
  /** When it is forgotten: 365 days after it was last seen. */
  expiresAt: number;
}

interface Kept {
  cpnc?: KeptParam;
  mkt?: KeptParam;
}

export const MARKETING_PARAMS = ['cpnc', 'mkt'] as const;
export type MarketingParam = (typeof MARKETING_PARAMS)[number];

function load(now: number): Kept {
  const kept = readJSON<Kept>(STORAGE_KEYS.marketing) ?? {};
  const live: Kept = {};
  for (const name of MARKETING_PARAMS) {
    const p = kept[name];
    if (p && typeof p.value === 'string' && p.expiresAt > now) live[name] = p;
  }
  return live;
}

/**
 * Keeps the `cpnc` and `mkt` parameters of the current URL (365 days). The
 * parameters stay in the URL: they are also the server's to see.
 */
export function captureMarketingParams(search = window.location.search, now = Date.now()): void {
  const params = new URLSearchParams(search);
  const kept = load(now);
  let changed = false;
  for (const name of MARKETING_PARAMS) {
    const value = params.get(name);
    if (value) {
      kept[name] = { value, seenAt: now, expiresAt: now + TRACKING_PARAMS_TTL_MS };
      changed = true;
    }
  }
  if (changed) writeJSON(STORAGE_KEYS.marketing, kept);
}

/** Kept marketing parameters that have not expired. */
export function getMarketingParams(now = Date.now()): { cpnc: string | null; mkt: string | null } {
  const kept = load(now);
  return { cpnc: kept.cpnc?.value ?? null, mkt: kept.mkt?.value ?? null };
}

/**
 * The campaign code to send with tracking and registration calls: only while
 * it was last seen within the last-param window (7 days less 1 hour).
 */
export function getCpncToSend(now = Date.now()): string | null {
  const p = load(now).cpnc;
  if (!p) return null;
  return now - p.seenAt < LAST_PARAM_WINDOW_MS ? p.value : null;
}

const FIRST_URL_KEY = 'casino.firstUrl';

/** Remembers the page this visit landed on (sent as firstUrl at sign-up). */
export function captureFirstUrl(url = window.location.pathname + window.location.search): void {
  try {
    if (!window.sessionStorage.getItem(FIRST_URL_KEY)) window.sessionStorage.setItem(FIRST_URL_KEY, url.slice(0, 2048));
  } catch {
    // Storage disabled: firstUrl falls back to the current page.
  }
}

/** The page this visit landed on. */
export function getFirstUrl(): string {
  try {
    return window.sessionStorage.getItem(FIRST_URL_KEY) ?? window.location.pathname + window.location.search;
  } catch {
    return window.location.pathname + window.location.search;
  }
}

/** True when this browser has signed up or logged in within a year (the server's casino_registered cookie). */
export function isRegistered(): boolean {
  return document.cookie.split('; ').some((c) => c === 'casino_registered=1');
}
