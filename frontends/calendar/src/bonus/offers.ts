/** The bonus calendar's offers (docs/rewards.md): kept out of the /cashback page's first visit. */

/** ISO weekday of a local date: Monday = 1 … Sunday = 7 (dayOfWeek of get-all-bonus). */
export function isoWeekday(d: Date): number {
  return ((d.getDay() + 6) % 7) + 1;
}

/** A row of get-all-bonus as the bonus calendar reads it (docs/rewards.md). */
export interface CalendarBonus {
  id: string | number;
  code?: string;
  name?: string;
  type?: string;
  /** ISO weekdays the bonus is offered on; empty = every day (not a calendar offer). */
  validOnDays?: number[] | null;
  cashbackPercent?: number;
  banner?: { bannerTitle?: string; bannerTitleSecondary?: string; link?: string };
}

/** The calendar offer of a weekday: the first bonus offered on that day only by its weekdays. */
export function bonusOfWeekday(rows: CalendarBonus[], weekday: number): CalendarBonus | undefined {
  return rows.find((b) => (b.validOnDays ?? []).includes(weekday));
}

/** An instant cashback is taken from the calendar and placed on the rakeback calendar (ADD_TO_CALENDAR). */
export const isCashback = (b: CalendarBonus | undefined): boolean => b?.type === 'instant_cashback';

