import { describe, expect, it } from 'vitest';
import { applyCredit, applyDebit, chartGeometry, createSeries, cumulative, net, toMinor } from '../pulse/series';

describe('toMinor', () => {
  it.each([
    ['1.00', 2, 100n],
    ['-1.50', 2, -150n],
    ['3.5', 2, 350n],
    ['7', 2, 700n],
    ['0.00000001', 8, 1n],
    ['1.001', 2, null],
    ['abc', 2, null],
    ['', 2, null],
  ])('%s with %d decimals → %s', (text, decimals, want) => {
    expect(toMinor(text, decimals)).toBe(want);
  });
});

describe('pulse series', () => {
  it('keeps the last rounds of the window and sums their nets', () => {
    const s = createSeries([100n, -50n, -25n, 300n], 3);
    expect(s.rounds).toEqual([-50n, -25n, 300n]);
    expect(net(s)).toBe(225n);
    expect(cumulative(s)).toEqual([0n, -50n, -75n, 225n]);
  });

  it('moves down by a stake (a new round) and up by a win (the latest round)', () => {
    let s = createSeries([], 3);
    s = applyCredit(s, 40n); // a win before any round still counts
    s = applyDebit(s, 100n);
    expect(net(s)).toBe(-60n);
    s = applyCredit(s, 250n);
    expect(s.rounds).toEqual([40n, 150n]);
    s = applyCredit(s, 10n); // a free-spin win joins the same round
    s = applyDebit(s, 100n);
    s = applyDebit(s, 100n); // the window drops the oldest round
    expect(s.rounds).toEqual([160n, -100n, -100n]);
    expect(net(s)).toBe(-40n);
  });

  it('never changes the series it was given', () => {
    const s = createSeries([100n], 5);
    applyDebit(s, 1n);
    applyCredit(s, 1n);
    expect(s.rounds).toEqual([100n]);
  });
});

describe('chartGeometry', () => {
  it('spans the width and keeps 0 in range', () => {
    const g = chartGeometry([0n, 100n, 50n], 200, 100, 0);
    expect(g.line).toBe('M0 100 L100 0 L200 50');
    expect(g.zeroY).toBe(100);
  });

  it('puts the zero line between gains and losses', () => {
    const g = chartGeometry([0n, -100n, 100n], 100, 100, 0);
    expect(g.zeroY).toBe(50);
    expect(g.line).toBe('M0 50 L50 100 L100 0');
  });

  it('draws a flat series without dividing by zero', () => {
    expect(chartGeometry([0n], 100, 100, 0).line).toBe('M0 0');
    expect(chartGeometry([0n, 0n], 100, 10, 0).line).toBe('M0 0 L100 0');
  });
});
