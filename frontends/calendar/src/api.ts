import { useEffect, useRef } from 'react';
import { post, useApi, type QueryState } from '@casino/platform';
import { parseFeedClaim, type FeedClaim, type RakebackDay } from './calendar';

/** Calendar calls of SPEC section 7. */
export const CALENDAR_API = {
  rakebackDays: '/api/admin/get-rakeback-days',
  rakebackClaim: '/api/user/rakeback-claim',
  calendarAward: '/api/user/calendar-award',
  bonuses: '/api/admin/get-all-bonus',
  claimBonus: '/api/user/claim-bonus',
  /** Public feed of claims (server-sent events, outside /api/: no time-out). */
  claimsFeed: '/rewards/claims/events',
} as const;

/** The server refuses the calendar to a player who turned it off (profile, SPEC section 6). */
export const CALENDAR_OPTED_OUT = 'CALENDAR_OPTED_OUT';
/** Dispatched on window when cashback was placed: the rakeback calendar (another app, the page) refreshes. */
export const CALENDAR_CHANGED = 'casino:calendar-changed';

/** Where the player turns the calendar back on. */
export const PROFILE_CALENDAR_SETTING = '/profile2/my-bonuses';

export const RAKEBACK_REFRESH_MS = 10_000;
export const AWARD_REFRESH_MS = 15_000;

export interface CalendarAward {
  ngr?: string;
  payout?: string;
  percent?: string | number;
  currencyCode?: string;
  /** Decimal places of the currency's minor unit. */
  decimals?: number;
}

/** The server refuses the calendar to players without a deposit (SPEC section 6). */
export const DEPOSIT_REQUIRED = 'DEPOSIT_REQUIRED';

export function useRakebackDays(enabled: boolean, bonusId?: string): QueryState<RakebackDay[] | { days: RakebackDay[] }> {
  return useApi(CALENDAR_API.rakebackDays, { query: { bonusId, timeZone: timeZone() }, enabled, refreshMs: RAKEBACK_REFRESH_MS });
}

export function useCalendarAward(): QueryState<{ userCalendarData?: CalendarAward }> {
  return useApi(CALENDAR_API.calendarAward, { auth: true, refreshMs: AWARD_REFRESH_MS });
}

export function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

export function claimRakeback(day: RakebackDay, customerDate: string): Promise<{ amount: string; bonusId?: string | number }> {
  const bonusId = day.bonusId ?? undefined;
  return post(
    CALENDAR_API.rakebackClaim,
    { bonusId, claimDate: day.canClaimDate, customerDate },
    { query: { timeZone: timeZone(), customerDate, bonusId: bonusId == null ? undefined : String(bonusId) } },
  );
}

/** YYYY-MM-DD HH:mm:ss in local time (calendarDateTime of get-all-bonus). */
export function calendarDateTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

// A claim heard by two feeds at once (the /cashback page and the rakeback
// modal over it) is shown once: the apps share this module.
const heard = new Set<string>();
function firstHearing(c: FeedClaim): boolean {
  const key = `${c.name}|${c.amount}|${c.currencyCode}|${c.paidAt ?? ''}`;
  if (heard.has(key)) return false;
  heard.add(key);
  setTimeout(() => heard.delete(key), 10_000);
  return true;
}

/** Calls onClaim with each claim of the public feed while mounted and enabled (once per claim across feeds). */
export function useClaimsFeed(enabled: boolean, onClaim: (c: FeedClaim) => void): void {
  const ref = useRef(onClaim);
  ref.current = onClaim;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return undefined;
    const es = new EventSource(CALENDAR_API.claimsFeed);
    es.addEventListener('claim', (ev) => {
      const c = parseFeedClaim(String((ev as MessageEvent).data));
      if (c && firstHearing(c)) ref.current(c);
    });
    return () => es.close();
  }, [enabled]);
}
