import { getLanguage, post, useApi, type QueryState } from '@casino/platform';
import { CALENDAR_API, CALENDAR_CHANGED, calendarDateTime, timeZone } from '../api';
import type { CalendarBonus } from './offers';

type BonusPage = { bonus?: { rows?: CalendarBonus[]; closed?: boolean } };

/** Every bonus on offer with its weekdays: the grid places each calendar offer on its weekday. */
export function useCalendarBonuses(): QueryState<BonusPage> {
  return useApi(CALENDAR_API.bonuses, { query: { pageNo: 1, limit: 100, isDeposit: false, language: getLanguage() } });
}

/** The bonus of one calendar day (SPEC section 3: dayOfWeek, timeZone, calendarDateTime). */
export function useDayBonus(day: Date): QueryState<BonusPage> {
  return useApi(CALENDAR_API.bonuses, {
    query: { pageNo: 1, limit: 20, isDeposit: false, language: getLanguage(), timeZone: timeZone(), calendarDateTime: calendarDateTime(day), dayOfWeek: ((day.getDay() + 6) % 7) + 1 },
  });
}

/** Answer of an instant cashback: placed on the rakeback calendar (code ADD_TO_CALENDAR). */
export interface CashbackPlaced {
  code: 'ADD_TO_CALENDAR';
  message: string;
  bonusId: number;
  amount: string;
  currencyCode: string;
  day: string;
}

export async function claimCashback(bonusId: string | number): Promise<CashbackPlaced> {
  const placed = await post<CashbackPlaced>(CALENDAR_API.claimBonus, { bonusId }, { query: { timeZone: timeZone() } });
  window.dispatchEvent(new CustomEvent(CALENDAR_CHANGED));
  return placed;
}

