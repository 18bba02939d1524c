import { SESSION_ENDED_EVENT } from './constants';
import type { SessionEndReason } from './protection';
import { getSession, subscribeSession } from './session';

/**
 * The eager part of the time controls (protection.ts, docs/protection.md):
 * the timers, realtime subscriptions and modals live in a lazy chunk that a
 * page loads only once a player is logged in (a visitor's first visit does
 * not download it: first-load budget, docs/frontends.md). These wrappers keep
 * the platform's public API; each loads the chunk on first use.
 */

export const PROTECTION_API = {
  sessionLimit: '/api/user/session-limit',
  realityCheck: '/api/user/reality-check',
} as const;

const load = () => import(/* webpackChunkName: "protection" */ './protection');

/** Reads the session limit's end and times the modal. */
export function armSessionLimit(): Promise<void> {
  return load().then((p) => p.armSessionLimit());
}

/** Reads when the next reality check is due and times its modal. */
export function armRealityCheck(): Promise<void> {
  return load().then((p) => p.armRealityCheck());
}

/** Ends the session in this tab and shows why (idempotent). */
export function endSession(reason: SessionEndReason, until?: string | null, permanent?: boolean): Promise<void> {
  return load().then((p) => p.endSession(reason, until, permanent));
}

let started = false;

/**
 * Starts the watch once per page (initPlatform): at once for a logged-in
 * player, else at the first log-in. A 401 SESSION_LIMIT_REACHED (api.ts) is
 * heard from the start.
 */
export function startProtectionWatch(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener(SESSION_ENDED_EVENT, (e) => {
    const d = (e as CustomEvent<{ reason?: SessionEndReason; until?: string; permanent?: boolean }>).detail ?? {};
    void endSession(d.reason ?? 'sessionLimit', d.until, d.permanent);
  });
  const go = () => void load().then((p) => p.startProtectionWatch());
  if (getSession().authenticated) {
    go();
    return;
  }
  const off = subscribeSession((s) => {
    if (!s.authenticated) return;
    off();
    go();
  });
}

/** Test helper. */
export function __resetProtectionWatchForTests(): void {
  started = false;
}
