import { parseAmount } from '@casino/platform';

/**
 * The Game Pulse series: the player's result per round (win − stakes, in
 * integer minor units) over a sliding window, and the chart geometry of its
 * running total. Money stays BigInt; only the drawing uses numbers.
 */

export interface PulseSeries {
  /** Net of each round in the window, oldest first (minor units). */
  rounds: bigint[];
  /** Window size: older rounds drop out. */
  window: number;
}

/** "-1.50" with 2 decimals → -150n; null when the text is not a decimal amount. A round's net may be negative. */
export function toMinor(text: string, decimals: number): bigint | null {
  const t = text.trim();
  const negative = t.startsWith('-');
  const minor = parseAmount(negative ? t.slice(1) : t, decimals);
  if (minor === null) return null;
  return negative ? -BigInt(minor) : BigInt(minor);
}

export function createSeries(nets: bigint[], window: number): PulseSeries {
  return { rounds: nets.slice(-window), window };
}

/** A debit is a new round (the stake is its first movement): the line goes down by it. */
export function applyDebit(s: PulseSeries, stake: bigint): PulseSeries {
  return { ...s, rounds: [...s.rounds, -stake].slice(-s.window) };
}

/**
 * A credit pays the latest round (its win joins that round's stake): the
 * line goes up by it. Which round a win belongs to is not in the event; the
 * running total is right whichever round takes it.
 */
export function applyCredit(s: PulseSeries, win: bigint): PulseSeries {
  if (s.rounds.length === 0) return { ...s, rounds: [win] };
  const rounds = s.rounds.slice();
  rounds[rounds.length - 1] += win;
  return { ...s, rounds };
}

/** Running total after each round, starting from 0 before the first one. */
export function cumulative(s: PulseSeries): bigint[] {
  const out = [0n];
  for (const r of s.rounds) out.push(out[out.length - 1] + r);
  return out;
}

export function net(s: PulseSeries): bigint {
  return s.rounds.reduce((a, b) => a + b, 0n);
}

export interface ChartGeometry {
  /** SVG path of the running total. */
  line: string;
  /** y of the zero line. */
  zeroY: number;
}

/**
 * Maps running totals onto a width × height box (y grows downwards), the
 * range always including 0 so the zero line is drawn where it is.
 */
export function chartGeometry(points: bigint[], width: number, height: number, pad = 4): ChartGeometry {
  const values = points.map(Number);
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const span = hi - lo || 1;
  const y = (v: number) => round(pad + ((hi - v) / span) * (height - 2 * pad));
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const line = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${round(i * step)} ${y(v)}`).join(' ');
  return { line, zeroY: y(0) };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
