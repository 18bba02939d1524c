/**
 * Calendar rules (SPEC sections 2, 4, 9): 28 days in 4 weeks, weeks start on
 * Monday; day states past/today/future; a future bonus is shown only within
 * the next 7 days; banner titles are cut at 35 characters; the rakeback claim
 * button shows only for today and yesterday, logged in, unpaid, with an amount.
 * Dates are local calendar dates written YYYY-MM-DD.
 */
export const WEEKS = 4;
export const DAYS_PER_WEEK = 7;
export const FUTURE_BONUS_DAYS = 7;
export const BANNER_TITLE_MAX = 35;

export type DayState = 'past' | 'today' | 'future';

const pad = (n: number) => String(n).padStart(2, '0');

/** Local calendar date of `d` as YYYY-MM-DD. */
export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function addDays(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
}

/** Monday of the week containing `d` (weeks start Monday). */
export function startOfWeek(d: Date): Date {
  const offset = (d.getDay() + 6) % 7; // Monday → 0 … Sunday → 6
  return addDays(d, -offset);
}

/** Whole days from `a` to `b` (local dates; DST-safe). */
export function daysBetween(a: Date, b: Date): number {
  return Math.round((Date.UTC(b.getFullYear(), b.getMonth(), b.getDate()) - Date.UTC(a.getFullYear(), a.getMonth(), a.getDate())) / 86_400_000);
}

export interface GridDay {
  date: string;
  state: DayState;
  /** Days from today (negative in the past). */
  offset: number;
}

/** 4 weeks × 7 days starting on the Monday of the week containing `start`. */
export function calendarGrid(today: Date, start: Date = today): GridDay[][] {
  const first = startOfWeek(start);
  return Array.from({ length: WEEKS }, (_, w) =>
    Array.from({ length: DAYS_PER_WEEK }, (_, i) => {
      const d = addDays(first, w * DAYS_PER_WEEK + i);
      const offset = daysBetween(today, d);
      return { date: isoDate(d), offset, state: offset < 0 ? 'past' : offset === 0 ? 'today' : 'future' };
    }),
  );
}

/** Bonus calendar: a future day shows its bonus only within the next 7 days, else a closed gift. */
export function bonusVisible(day: GridDay): boolean {
  return day.state !== 'future' || day.offset <= FUTURE_BONUS_DAYS;
}

/** Banner title cut at 35 characters (an ellipsis marks the cut; the More button leads on). */
export function truncateTitle(title: string, max = BANNER_TITLE_MAX): { text: string; cut: boolean } {
  const chars = Array.from(title);
  if (chars.length <= max) return { text: title, cut: false };
  return { text: `${chars.slice(0, max).join('').trimEnd()}…`, cut: true };
}

export interface RakebackDay {
  canClaimDate: string;
  bonusId?: string | number | null;
  amount?: string | null;
  paidAt?: string | null;
}

export interface RakebackDayView extends RakebackDay {
  ended: boolean;
  today: boolean;
  future: boolean;
  showButton: boolean;
  kind: 'claimed' | 'claimable' | 'playToWin';
}

const hasAmount = (a?: string | null) => !!a && /^\d+$/.test(a) && BigInt(a) > 0n;

/** Derived flags of a rakeback day (SPEC section 4). */
export function rakebackDayView(day: RakebackDay, todayIso: string, yesterdayIso: string, loggedIn: boolean): RakebackDayView {
  const date = day.canClaimDate.slice(0, 10);
  const today = date === todayIso;
  const ended = date < todayIso;
  const future = date > todayIso;
  const claimed = !!day.paidAt;
  const amount = hasAmount(day.amount);
  return {
    ...day,
    ended,
    today,
    future,
    showButton: loggedIn && (today || date === yesterdayIso) && !claimed && amount,
    kind: claimed ? 'claimed' : amount ? 'claimable' : 'playToWin',
  };
}

/** Sample days shown to visitors (they cannot claim). */
export function sampleRakebackDays(today: Date): RakebackDay[] {
  const sample = ['1250', '830', null, '2100', '460', null, '1575'];
  return Array.from({ length: 14 }, (_, i) => {
    const d = addDays(today, i - 7);
    return { canClaimDate: isoDate(d), amount: sample[i % sample.length], paidAt: i < 5 && sample[i % 7] ? `${isoDate(d)}T12:00:00Z` : null };
  });
}

/**
 * Accumulator move for a realtime debit/credit (SPEC section 4: the events
 * carry "win" and move the accumulator by win × percent). The accumulator is
 * a share of the half hour's net gaming result, stakes − wins: a debit (a
 * stake) moves it up, a credit (a win) down. The amount arrives as a decimal
 * ("1.50") or in minor units; scale is the currency's decimals. Percent may
 * carry up to 4 decimals; BigInt throughout.
 */
export function accumulatorDelta(win: string, percent: string | number, direction: 'credit' | 'debit', scale = 2): bigint {
  const m = /^(\d+)(?:\.(\d{0,4}))?/.exec(String(percent).trim());
  const a = /^(\d+)(?:\.(\d+))?$/.exec(String(win).trim());
  if (!m || !a) return 0n;
  const frac = (a[2] ?? '').slice(0, scale).padEnd(a[2] === undefined ? 0 : scale, '0');
  const minor = a[2] === undefined ? BigInt(a[1]) : BigInt(a[1] + frac);
  const scaled = BigInt(m[1] + (m[2] ?? '').padEnd(4, '0')); // percent × 10^4
  const delta = (minor * scaled) / 1_000_000n; // / 100 (percent) / 10^4
  return direction === 'debit' ? delta : -delta;
}

/** Milliseconds until the next half hour (the accumulator resets at :00 and :30). */
export function msUntilNextHalfHour(now: Date): number {
  const next = new Date(now);
  next.setMinutes(now.getMinutes() < 30 ? 30 : 60, 0, 0);
  return next.getTime() - now.getTime();
}

/** Carousel auto-scroll (SPEC section 9): 3 s for the calendar, 2 s by default. */
export const CALENDAR_CAROUSEL_MS = 3000;
export const DEFAULT_CAROUSEL_MS = 2000;

/** The slide after `i` of `n`, wrapping round. */
export function nextSlide(i: number, n: number): number {
  return n <= 0 ? 0 : (i + 1) % n;
}

/** Grid or carousel: the carousel on phones (up to 767 px, SPEC section 9), the grid elsewhere, unless the player chose. */
export type CalendarView = 'grid' | 'carousel';
export function defaultView(width: number, chosen?: string | null): CalendarView {
  if (chosen === 'grid' || chosen === 'carousel') return chosen;
  return width <= 767 ? 'carousel' : 'grid';
}

/** A line of the public feed of claims (/rewards/claims/events, event "claim"). */
export interface FeedClaim {
  name: string;
  amount: string; // decimal
  currencyCode: string;
  day?: string;
  paidAt?: string;
}

/** Reads a feed event's data; undefined when it is not a claim. */
export function parseFeedClaim(raw: string): FeedClaim | undefined {
  try {
    const v = JSON.parse(raw) as Partial<FeedClaim>;
    if (typeof v.name !== 'string' || typeof v.amount !== 'string' || !/^\d+(\.\d+)?$/.test(v.amount) || typeof v.currencyCode !== 'string') return undefined;
    return { name: v.name, amount: v.amount, currencyCode: v.currencyCode, day: v.day, paidAt: v.paidAt };
  } catch {
    return undefined;
  }
}

/** Decimal amount ("3.20") to minor units and its scale, for formatMoney. */
export function decimalToMinor(amount: string): { minor: string; scale: number } {
  const [whole, frac = ''] = amount.split('.');
  return { minor: String(BigInt(whole + frac)), scale: frac.length };
}

/** A YYYY-MM-DD date as local midnight (new Date('2026-11-25') would be UTC midnight: the 24th west of Greenwich). */
export function localDate(iso: string): Date {
  const [y, mo, d] = iso.slice(0, 10).split('-').map(Number);
  return new Date(y, mo - 1, d);
}
