import { post, useApi, type QueryState } from '@casino/platform';
import type { RakebackDay } from './calendar';

/** Calendar calls of SPEC section 7. */
export const CALENDAR_API = {
  rakebackDays: '/api/admin/get-rakeback-days',
  rakebackClaim: '/api/user/rakeback-claim',
  calendarAward: '/api/user/calendar-award',
  bonuses: '/api/admin/get-all-bonus',
} as const;

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
