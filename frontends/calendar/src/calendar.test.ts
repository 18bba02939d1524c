import { describe, expect, it } from 'vitest';
import {
  accumulatorDelta,
  bonusVisible,
  calendarGrid,
  isoDate,
  msUntilNextHalfHour,
  rakebackDayView,
  startOfWeek,
  truncateTitle,
} from './calendar';

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
