import { describe, expect, it } from 'vitest';
import {
  accumulatorDelta,
  bonusVisible,
  CALENDAR_CAROUSEL_MS,
  calendarGrid,
  decimalToMinor,
  DEFAULT_CAROUSEL_MS,
  defaultView,
  localDate,
  nextSlide,
  parseFeedClaim,
  isoDate,
  msUntilNextHalfHour,
  rakebackDayView,
  startOfWeek,
  truncateTitle,
} from './calendar';
import { bonusOfWeekday, isoWeekday } from './bonus/offers';

describe('calendar grid', () => {
  it('has 4 weeks of 7 days starting on Monday', () => {
    const today = new Date(2026, 10, 26); // Thursday 26 Nov 2026
    const grid = calendarGrid(today);
    expect(grid).toHaveLength(4);
    grid.forEach((w) => expect(w).toHaveLength(7));
    expect(grid[0][0].date).toBe('2026-11-23'); // Monday
    expect(new Date(2026, 10, 23).getDay()).toBe(1);
    expect(grid[3][6].date).toBe('2026-12-20'); // Sunday, 28th day
    expect(grid.flat().filter((d) => d.state === 'today').map((d) => d.date)).toEqual(['2026-11-26']);
    expect(grid[0].slice(0, 3).every((d) => d.state === 'past')).toBe(true);
  });

  it('treats Sunday as the last day of its week', () => {
    expect(isoDate(startOfWeek(new Date(2026, 10, 29)))).toBe('2026-11-23');
    expect(isoDate(startOfWeek(new Date(2026, 10, 30)))).toBe('2026-11-30');
  });

  it('shows future bonuses only within the next 7 days', () => {
    const days = calendarGrid(new Date(2026, 10, 26)).flat();
    const visibleFuture = days.filter((d) => d.state === 'future' && bonusVisible(d)).map((d) => d.offset);
    expect(visibleFuture).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(days.filter((d) => d.state === 'past').every(bonusVisible)).toBe(true);
  });
});

describe('banner title', () => {
  it('cuts at 35 characters', () => {
    expect(truncateTitle('Short title')).toEqual({ text: 'Short title', cut: false });
    const long = 'Weekend reload bonus: 50% up to 200 EUR plus spins';
    const r = truncateTitle(long);
    expect(r.cut).toBe(true);
    expect(r.text).toBe(`${long.slice(0, 35).trimEnd()}…`);
    expect(truncateTitle('x'.repeat(35)).cut).toBe(false);
  });
});

describe('rakeback day', () => {
  const T = '2026-11-26';
  const Y = '2026-11-25';
  it('shows the claim button only for today/yesterday, logged in, unpaid, with an amount', () => {
    expect(rakebackDayView({ canClaimDate: T, amount: '500' }, T, Y, true).showButton).toBe(true);
    expect(rakebackDayView({ canClaimDate: Y, amount: '500' }, T, Y, true).showButton).toBe(true);
    expect(rakebackDayView({ canClaimDate: '2026-11-24', amount: '500' }, T, Y, true).showButton).toBe(false);
    expect(rakebackDayView({ canClaimDate: T, amount: '500' }, T, Y, false).showButton).toBe(false);
    expect(rakebackDayView({ canClaimDate: T, amount: '500', paidAt: '2026-11-26T10:00:00Z' }, T, Y, true).showButton).toBe(false);
    expect(rakebackDayView({ canClaimDate: T, amount: '0' }, T, Y, true).showButton).toBe(false);
    expect(rakebackDayView({ canClaimDate: '2026-11-27', amount: '500' }, T, Y, true).showButton).toBe(false);
  });
  it('derives ended/today/future and the display kind', () => {
    expect(rakebackDayView({ canClaimDate: '2026-11-20', amount: '5', paidAt: 'x' }, T, Y, true)).toMatchObject({ ended: true, kind: 'claimed' });
    expect(rakebackDayView({ canClaimDate: T, amount: '5' }, T, Y, true)).toMatchObject({ today: true, kind: 'claimable' });
    expect(rakebackDayView({ canClaimDate: '2026-12-01T00:00:00Z' }, T, Y, true)).toMatchObject({ future: true, kind: 'playToWin' });
  });
});

describe('accumulator', () => {
  it('moves by win × percent with integer math', () => {
    // A stake (debit) moves the share of the net gaming result up, a win down.
    expect(accumulatorDelta('10000', '10', 'debit')).toBe(1000n);
    expect(accumulatorDelta('10000', '12.5', 'credit')).toBe(-1250n);
    expect(accumulatorDelta('333', 0.5, 'debit')).toBe(1n);
    expect(accumulatorDelta('abc', '10', 'credit')).toBe(0n);
    // The wallet's events carry decimals: 1.50 EUR at 5 % is 7 cents (rounded down).
    expect(accumulatorDelta('1.50', '5', 'debit')).toBe(7n);
    expect(accumulatorDelta('100.00', '5', 'credit', 2)).toBe(-500n);
    expect(accumulatorDelta('0.00010000', '10', 'debit', 8)).toBe(1000n);
  });
  it('resets on the half hour', () => {
    expect(msUntilNextHalfHour(new Date(2026, 0, 1, 10, 29, 59))).toBe(1000);
    expect(msUntilNextHalfHour(new Date(2026, 0, 1, 10, 30, 0))).toBe(30 * 60_000);
    expect(msUntilNextHalfHour(new Date(2026, 0, 1, 23, 45, 0))).toBe(15 * 60_000);
  });
});

describe('bonus calendar offers', () => {
  const rows = [
    { id: 1, code: 'welcome', validOnDays: [] },
    { id: 2, code: 'monday', validOnDays: [1], type: 'instant_cashback' },
    { id: 3, code: 'weekend', validOnDays: [6, 7] },
  ];
  it('numbers weekdays Monday = 1 to Sunday = 7, as get-all-bonus does', () => {
    expect(isoWeekday(new Date(2026, 10, 23))).toBe(1); // Monday
    expect(isoWeekday(new Date(2026, 10, 29))).toBe(7); // Sunday
  });
  it('places each offer on its weekday; a bonus of every day is no calendar offer', () => {
    expect(bonusOfWeekday(rows, 1)?.code).toBe('monday');
    expect(bonusOfWeekday(rows, 7)?.code).toBe('weekend');
    expect(bonusOfWeekday(rows, 3)).toBeUndefined();
  });
  it('reads a YYYY-MM-DD date as local midnight, whatever the zone', () => {
    const d = localDate('2026-11-25');
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2026, 10, 25, 0]);
  });
});

describe('carousel', () => {
  it('scrolls every 3 s in the calendar, 2 s by default (SPEC section 9)', () => {
    expect(CALENDAR_CAROUSEL_MS).toBe(3000);
    expect(DEFAULT_CAROUSEL_MS).toBe(2000);
  });
  it('wraps round', () => {
    expect(nextSlide(0, 3)).toBe(1);
    expect(nextSlide(2, 3)).toBe(0);
    expect(nextSlide(0, 0)).toBe(0);
  });
  it('is the default view on phones only, unless the player chose', () => {
    expect(defaultView(375)).toBe('carousel');
    expect(defaultView(767)).toBe('carousel');
    expect(defaultView(768)).toBe('grid');
    expect(defaultView(375, 'grid')).toBe('grid');
    expect(defaultView(1280, 'carousel')).toBe('carousel');
    expect(defaultView(1280, 'bogus')).toBe('grid');
  });
});

describe('feed of claims', () => {
  it('reads a claim event', () => {
    expect(parseFeedClaim('{"name":"Ada L.","amount":"3.20","currencyCode":"EUR","day":"2026-11-26"}')).toEqual({ name: 'Ada L.', amount: '3.20', currencyCode: 'EUR', day: '2026-11-26', paidAt: undefined });
  });
  it('drops what is not a claim', () => {
    expect(parseFeedClaim('not json')).toBeUndefined();
    expect(parseFeedClaim('{"name":"x","amount":"-1","currencyCode":"EUR"}')).toBeUndefined();
    expect(parseFeedClaim('{"amount":"1.00","currencyCode":"EUR"}')).toBeUndefined();
  });
  it('turns decimals into minor units and their scale', () => {
    expect(decimalToMinor('3.20')).toEqual({ minor: '320', scale: 2 });
    expect(decimalToMinor('0.00007500')).toEqual({ minor: '7500', scale: 8 });
    expect(decimalToMinor('750')).toEqual({ minor: '750', scale: 0 });
  });
});
