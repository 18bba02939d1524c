import { formatMoney, parseAmount } from '@casino/platform';

/**
 * The BFF writes money as decimal strings in the currency's precision
 * ("90.25", "0.00012000"); the platform formats integer minor units. These
 * convert between the two with string arithmetic only.
 */
export function decimalToMinor(decimal: string | null | undefined, scale: number): string {
  const s = (decimal ?? '').trim();
  if (!s) return '0';
  const negative = s.startsWith('-');
  const minor = parseAmount(negative ? s.slice(1) : s, Math.max(scale, fractionLength(s)));
  if (minor == null) return '0';
  // More decimals than the currency has never comes from the ledger; drop them.
  const extra = Math.max(0, fractionLength(s) - scale);
  const scaled = extra ? (BigInt(minor) / 10n ** BigInt(extra)).toString() : minor;
  return negative && scaled !== '0' ? `-${scaled}` : scaled;
}

function fractionLength(s: string): number {
  const i = s.indexOf('.');
  return i < 0 ? 0 : s.length - i - 1;
}

/** Minor units → decimal string with exactly `scale` decimals ("2500", 2 → "25.00"). */
export function minorToDecimal(minor: string | bigint, scale: number): string {
  const v = BigInt(minor);
  const negative = v < 0n;
  const digits = (negative ? -v : v).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale ? `.${frac}` : ''}`;
}

/** A decimal amount from the BFF, shown with its currency (8 decimals when precise). */
export function showMoney(decimal: string | null | undefined, currency: string, scale = 2, precise = scale > 2): string {
  return formatMoney(decimalToMinor(decimal, scale), currency, { scale, precise });
}
