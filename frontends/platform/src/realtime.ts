import { getSession, getToken, subscribeSession, type SessionState } from './session';

export type RealtimeEventName = 'failedDeposit' | 'debit' | 'credit' | 'levelUp' | 'sessionEnded' | 'realityCheck' | 'sessionLimit';

export interface RealtimePayloads {
  failedDeposit: { method: string };
  debit: { win: string };
  credit: { win: string };
  /** A higher VIP level reached (bff/loyalty). */
  levelUp: { level: number; name: string; points: number };
  /** The session ended: the session time limit, or a self-exclusion in another tab (bff/protection). */
  sessionEnded: { reason: 'sessionLimit' | 'selfExcluded'; until?: string; permanent?: boolean };
  /** A reality check was answered, or its interval changed, in another tab. */
  realityCheck: { answered: boolean };
  /** The session time limit changed: the end of this session is read again. */
  sessionLimit: { minutes: number };
}

type Handler<E extends RealtimeEventName> = (payload: RealtimePayloads[E]) => void;

const EVENTS_PATH = '/api/user/events';
const MAX_BACKOFF_MS = 30_000;

const handlers: { [E in RealtimeEventName]: Set<Handler<E>> } = {
  failedDeposit: new Set(),
  debit: new Set(),
  credit: new Set(),
  levelUp: new Set(),
  sessionEnded: new Set(),
  realityCheck: new Set(),
  sessionLimit: new Set(),
};
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let attempts = 0;
let unsubscribeSession: (() => void) | null = null;
/**
 * The id of the last event received (the server's `epoch-number`). A new
 * EventSource cannot send the Last-Event-ID header the browser's own
 * reconnects send, so the one made after the browser gave up, or after a
 * session change of the same player, asks with ?lastEventId= for the events
 * it missed (the server keeps a player's last events for a minute; an id it
 * no longer knows just starts the stream from now). Forgotten at logout,
 * another log-in, and when the last subscriber leaves (nobody was listening
 * since: a later subscriber starts from now, without old toasts).
 */
let lastEventId = '';
let sessionSeen: SessionState | null = null;

function subscriberCount(): number {
  return (Object.keys(handlers) as RealtimeEventName[]).reduce((n, name) => n + handlers[name].size, 0);
}

function dispatch(name: RealtimeEventName, ev: MessageEvent): void {
  if (ev.lastEventId) lastEventId = ev.lastEventId;
  let payload: unknown;
  try {
    payload = JSON.parse(ev.data as string);
  } catch {
    console.warn('[platform] realtime event is not JSON', name);
    return;
  }
  (handlers[name] as Set<(p: unknown) => void>).forEach((h) => {
    try {
      h(payload);
    } catch (e) {
      console.error('[platform] realtime handler failed', name, e);
    }
  });
}

function close(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = undefined;
  source?.close();
  source = null;
}

function connect(resume = false): void {
  close();
  if (!resume) lastEventId = '';
  const token = getToken();
  // The stream is authenticated by the HttpOnly session cookie the log-in set,
  // never by a token in the URL (it would land in logs and histories).
  if ((!token && !getSession().authenticated) || subscriberCount() === 0 || typeof EventSource === 'undefined') return;
  const url = lastEventId ? `${EVENTS_PATH}?lastEventId=${encodeURIComponent(lastEventId)}` : EVENTS_PATH;
  const es = new EventSource(url, { withCredentials: true });
  source = es;
  (Object.keys(handlers) as RealtimeEventName[]).forEach((name) => {
    es.addEventListener(name, (ev) => dispatch(name, ev as MessageEvent));
  });
  es.onopen = () => {
    attempts = 0;
  };
  es.onerror = () => {
    // The browser retries by itself while the stream is CONNECTING; once it
    // gave up (CLOSED: HTTP error, proxy cut) reconnect with backoff.
    if (es.readyState !== EventSource.CLOSED || source !== es) return;
    source = null;
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempts);
    attempts += 1;
    retryTimer = setTimeout(() => connect(true), delay);
  };
}

/**
 * Whether a session change may be another player: a logout, or a token
 * replacing another (a new log-in). A cookie session taken over by a token
 * (a hand-over) stays the same player. The server checks anyway: its ids are
 * per player, and another player's id starts the stream from now.
 */
function playerMayChange(before: SessionState | null, after: SessionState): boolean {
  if (!before?.authenticated || !after.authenticated) return true;
  return before.token != null && before.token !== after.token;
}

function ensureSessionWatch(): void {
  if (unsubscribeSession) return;
  sessionSeen = getSession();
  unsubscribeSession = subscribeSession((next) => {
    const resume = !playerMayChange(sessionSeen, next);
    sessionSeen = next;
    attempts = 0;
    connect(resume);
  });
}

/**
 * Subscribes to a realtime event of the logged-in player. The stream opens with
 * the first subscriber, follows login/logout, reconnects after failures and
 * closes with the last unsubscribe.
 */
export function subscribeRealtime<E extends RealtimeEventName>(name: E, handler: Handler<E>): () => void {
  ensureSessionWatch();
  (handlers[name] as Set<Handler<E>>).add(handler);
  if (!source && !retryTimer) connect();
  return () => {
    (handlers[name] as Set<Handler<E>>).delete(handler);
    if (subscriberCount() === 0) {
      close();
      lastEventId = '';
    }
  };
}

/** Test helper. */
export function __resetRealtimeForTests(): void {
  close();
  attempts = 0;
  lastEventId = '';
  sessionSeen = null;
  unsubscribeSession?.();
  unsubscribeSession = null;
  (Object.keys(handlers) as RealtimeEventName[]).forEach((n) => handlers[n].clear());
}
