/**
 * Money helpers. Amounts travel as integer minor-unit strings ("2550" is 25.50
 * when the currency has 2 decimals). Only BigInt and string arithmetic is used:
 * money never passes through a float.
 */

export interface AmountFormatOptions {
  /** Decimal places of the minor unit (2 for EUR; 8 for satoshi-like units). */
  scale?: number;
  /** Precise mode: show up to 8 decimals (trailing zeros trimmed, at least 2). */
  precise?: boolean;
  /** BCP 47 locale for separators; defaults to the document language. */
  locale?: string;
}

const DISPLAY_DECIMALS = 2;
const PRECISE_DECIMALS = 8;

function toBigInt(minor: string | number | bigint): bigint {
  if (typeof minor === 'bigint') return minor;
  if (typeof minor === 'number') {
    if (!Number.isSafeInteger(minor)) throw new RangeError(`amount ${minor} is not an integer minor-unit value`);
    return BigInt(minor);
  }
  const s = minor.trim();
  if (!/^-?\d+$/.test(s)) throw new RangeError(`amount "${minor}" is not an integer minor-unit string`);
  return BigInt(s);
}

/** Rounds |value| / 10^drop half away from zero. */
function divRound(value: bigint, drop: number): bigint {
  if (drop <= 0) return value * 10n ** BigInt(-drop);
  const div = 10n ** BigInt(drop);
  const q = value / div;
  const r = value % div;
  return r * 2n >= div ? q + 1n : q;
}

/**
 * Splits a minor-unit amount into sign, integer digits and fraction digits as
 * shown: exactly 2 decimals, or up to 8 (at least 2) when precise.
 */
export function amountParts(
  minor: string | number | bigint,
  { scale = 2, precise = false }: Pick<AmountFormatOptions, 'scale' | 'precise'> = {},
): { negative: boolean; integer: string; fraction: string } {
  const value = toBigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const shown = precise ? PRECISE_DECIMALS : DISPLAY_DECIMALS;
  const units = divRound(abs, scale - shown); // amount × 10^shown
  const digits = units.toString().padStart(shown + 1, '0');
  const integer = digits.slice(0, digits.length - shown);
  let fraction = digits.slice(digits.length - shown);
  if (precise) fraction = fraction.replace(/0+$/, '').padEnd(DISPLAY_DECIMALS, '0');
  return { negative: negative && units !== 0n, integer, fraction };
}

function separators(locale?: string): { group: string; decimal: string } {
  try {
    const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
    return {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
  } catch {
    return { group: ',', decimal: '.' };
  }
}

function groupDigits(integer: string, group: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

function docLocale(): string | undefined {
  return typeof document !== 'undefined' ? document.documentElement.lang || undefined : undefined;
}

/** "123456" → "1,234.56" (locale separators; 2 decimals, up to 8 when precise). */
export function formatAmount(minor: string | number | bigint, opts: AmountFormatOptions = {}): string {
  const { negative, integer, fraction } = amountParts(minor, opts);
  const { group, decimal } = separators(opts.locale ?? docLocale());
  return `${negative ? '-' : ''}${groupDigits(integer, group)}${decimal}${fraction}`;
}

/**
 * Amount with its currency, placed as the locale places it: "€1,234.56".
 * Unknown currency codes (crypto) are written after the number.
 */
export function formatMoney(minor: string | number | bigint, currency: string, opts: AmountFormatOptions = {}): string {
  const number = formatAmount(minor, opts);
  const unsigned = number.replace(/^-/, '');
  const sign = number.startsWith('-') ? '-' : '';
  try {
    const parts = new Intl.NumberFormat(opts.locale ?? docLocale(), { style: 'currency', currency }).formatToParts(1);
    let out = '';
    let numberWritten = false;
    for (const p of parts) {
      if (p.type === 'integer' || p.type === 'decimal' || p.type === 'fraction' || p.type === 'group') {
        if (!numberWritten) out += unsigned;
        numberWritten = true;
      } else if (p.type !== 'minusSign' && p.type !== 'plusSign') {
        out += p.value;
      }
    }
    return sign + out;
  } catch {
    return `${number} ${currency}`;
  }
}

/**
 * Parses a typed decimal amount ("25", "25.5", "25,50") into minor units.
 * Returns null when the text is not a plain non-negative amount with at most
 * `scale` decimals.
 */
export function parseAmount(text: string, scale = 2): string | null {
  const s = text.trim().replace(',', '.');
  const m = /^(\d+)(?:\.(\d*))?$/.exec(s);
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > scale) return null;
  return BigInt(m[1] + frac.padEnd(scale, '0')).toString();
}

/** Compares two minor-unit amounts: -1, 0 or 1. */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const x = toBigInt(a);
  const y = toBigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
