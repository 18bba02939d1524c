import { describe, expect, it } from 'vitest';
import { amountParts, compareAmounts, formatAmount, formatMoney, parseAmount } from '../money';

describe('amount formatting', () => {
  it('shows minor units with 2 decimals and grouping', () => {
    expect(formatAmount('123456', { locale: 'en' })).toBe('1,234.56');
    expect(formatAmount('5', { locale: 'en' })).toBe('0.05');
    expect(formatAmount('0', { locale: 'en' })).toBe('0.00');
    expect(formatAmount('-2550', { locale: 'en' })).toBe('-25.50');
    expect(formatAmount('123456', { locale: 'de' })).toBe('1.234,56');
  });

  it('never loses precision on amounts beyond float range', () => {
    expect(formatAmount('900719925474099312345', { locale: 'en' })).toBe('9,007,199,254,740,993,123.45');
  });

  it('rounds half away from zero when the minor unit is finer than the display', () => {
    expect(amountParts('123456789', { scale: 8 })).toEqual({ negative: false, integer: '1', fraction: '23' });
    expect(amountParts('125000000', { scale: 8 })).toEqual({ negative: false, integer: '1', fraction: '25' });
    expect(amountParts('99500000', { scale: 8 })).toEqual({ negative: false, integer: '1', fraction: '00' });
    expect(amountParts('-99500000', { scale: 8 })).toEqual({ negative: true, integer: '1', fraction: '00' });
    expect(amountParts('-1', { scale: 8 })).toEqual({ negative: false, integer: '0', fraction: '00' });
  });

  it('shows up to 8 decimals (at least 2) with the precise flag', () => {
    expect(formatAmount('123456789', { scale: 8, precise: true, locale: 'en' })).toBe('1.23456789');
    expect(formatAmount('120000000', { scale: 8, precise: true, locale: 'en' })).toBe('1.20');
    expect(formatAmount('2550', { scale: 2, precise: true, locale: 'en' })).toBe('25.50');
    expect(formatAmount('1234567891', { scale: 10, precise: true, locale: 'en' })).toBe('0.12345679');
  });

  it('places the currency symbol as the locale does', () => {
    expect(formatMoney('2550', 'EUR', { locale: 'en' })).toBe('€25.50');
    expect(formatMoney('-2550', 'USD', { locale: 'en' })).toBe('-$25.50');
    expect(formatMoney('2550', 'EUR', { locale: 'de' })).toMatch(/^25,50\s€$/);
    expect(formatMoney('2550', 'NOT-A-CODE', { locale: 'en' })).toBe('25.50 NOT-A-CODE');
  });

  it('rejects non-integer minor-unit inputs', () => {
    expect(() => formatAmount('12.5')).toThrow(RangeError);
    expect(() => formatAmount(0.1)).toThrow(RangeError);
  });

  it('parses typed amounts into minor units without floats', () => {
    expect(parseAmount('25')).toBe('2500');
    expect(parseAmount('25.5')).toBe('2550');
    expect(parseAmount('0,05')).toBe('5');
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(compareAmounts('2500', '10000')).toBe(-1);
  });
});
