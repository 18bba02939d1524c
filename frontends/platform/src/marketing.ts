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
