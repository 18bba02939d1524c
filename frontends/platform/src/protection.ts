// Only through the package's entry (see lazyChunkPlatform in index.ts).
import { lazyChunkPlatform } from './index';

const { get, navigate, subscribeRealtime, clearSession, getSession, subscribeSession, currentPath, withQuery, PROTECTION_API } = lazyChunkPlatform;

/**
 * The player's time controls on every page (bff/protection,
 * docs/protection.md): when the session time limit ends the session, or a
 * reality check falls due, the page opens the profile app's modal
 * (`?modal=session-ended`, `?modal=reality-check`). Every tab times both
 * from the server's answer, hears the realtime `sessionEnded` event and
 * treats a 401 SESSION_LIMIT_REACHED (api.ts) the same way.
 *
 * A lazy chunk: protection-watch.ts loads it once a player is logged in and
 * listens for the 401's event itself.
 */

export { PROTECTION_API };

export type SessionEndReason = 'sessionLimit' | 'selfExcluded';

/** setTimeout's longest delay; a later deadline is re-read from the server then. */
const MAX_DELAY_MS = 2 ** 31 - 1;

let started = false;
let limitTimer: ReturnType<typeof setTimeout> | undefined;
let realityTimer: ReturnType<typeof setTimeout> | undefined;
let ended = false;

function clearTimers(): void {
  if (limitTimer) clearTimeout(limitTimer);
  if (realityTimer) clearTimeout(realityTimer);
  limitTimer = realityTimer = undefined;
}

function openModal(modal: string, params: Record<string, string | null> = {}): void {
  navigate(withQuery(currentPath(), { modal, met: null, reason: null, until: null, ...params }));
}

/** Ends the session in this tab and shows why (idempotent). */
export function endSession(reason: SessionEndReason, until?: string | null, permanent?: boolean): void {
  if (ended) return;
  ended = true;
  clearTimers();
  clearSession();
  openModal('session-ended', { reason, until: permanent ? 'permanent' : until ?? null });
}

function schedule(seconds: number | null | undefined, fn: () => void, again: () => void): ReturnType<typeof setTimeout> | undefined {
  if (seconds == null) return undefined;
  const ms = Math.max(0, seconds * 1000);
  if (ms > MAX_DELAY_MS) return setTimeout(again, MAX_DELAY_MS);
  return setTimeout(fn, ms);
}

interface LimitAnswer {
  endsInSeconds: number | null;
}
interface RealityAnswer {
  intervalMinutes: number;
  due: boolean;
  dueInSeconds: number | null;
}

const quiet = { handleForbidden: false } as const;

/** Reads the session limit's end and times the modal. */
export async function armSessionLimit(): Promise<void> {
  if (limitTimer) clearTimeout(limitTimer);
  limitTimer = undefined;
  if (!getSession().authenticated) return;
  try {
    const l = await get<LimitAnswer>(PROTECTION_API.sessionLimit, quiet);
    limitTimer = schedule(l?.endsInSeconds, () => endSession('sessionLimit'), () => void armSessionLimit());
  } catch {
    // Logged out meanwhile, or the call failed: the 401 still catches the end.
  }
}

/** Reads when the next reality check is due and times its modal. */
export async function armRealityCheck(): Promise<void> {
  if (realityTimer) clearTimeout(realityTimer);
  realityTimer = undefined;
  if (!getSession().authenticated) return;
  try {
    const rc = await get<RealityAnswer>(PROTECTION_API.realityCheck, quiet);
    if (!rc || rc.intervalMinutes === 0) return;
    const show = () => {
      if (new URLSearchParams(window.location.search).get('modal') !== 'reality-check') openModal('reality-check');
    };
    realityTimer = schedule(rc.due ? 0 : rc.dueInSeconds, show, () => void armRealityCheck());
  } catch {
    // As above.
  }
}

/** Starts the watch once per page (protection-watch.ts, when a player is logged in). */
export function startProtectionWatch(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  subscribeRealtime('sessionEnded', (d) => endSession(d.reason, d.until, d.permanent));
  subscribeRealtime('sessionLimit', () => void armSessionLimit());
  subscribeRealtime('realityCheck', () => {
    // Answered in another tab: this one closes its modal too.
    if (new URLSearchParams(window.location.search).get('modal') === 'reality-check') {
      navigate(withQuery(currentPath(), { modal: null }), { replace: true });
    }
    void armRealityCheck();
  });
  subscribeSession((s) => {
    if (s.authenticated) ended = false;
    void armSessionLimit();
    void armRealityCheck();
  });
  void armSessionLimit();
  void armRealityCheck();
}

/** Test helper. */
export function __resetProtectionForTests(): void {
  clearTimers();
  started = false;
  ended = false;
}
