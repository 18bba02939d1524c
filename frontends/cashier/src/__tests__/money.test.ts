import { describe, expect, it } from 'vitest';
import { checkDepositAmount } from '../deposit';
import { decimalToMinor, minorToDecimal, showMoney } from '../money';

describe('decimal strings ↔ minor units', () => {
  it.each([
    ['90.25', 2, '9025'],
    ['0.00', 2, '0'],
    ['100', 2, '10000'],
    ['-10.50', 2, '-1050'],
    ['0.00012000', 8, '12000'],
    ['1.239', 2, '123'],
    ['', 2, '0'],
  ])('%s (scale %i) → %s', (dec, scale, minor) => expect(decimalToMinor(dec, scale)).toBe(minor));

  it('writes exactly the currency decimals', () => {
    expect(minorToDecimal('2500', 2)).toBe('25.00');
    expect(minorToDecimal(5n, 2)).toBe('0.05');
    expect(minorToDecimal('12000', 8)).toBe('0.00012000');
    expect(minorToDecimal('-1050', 2)).toBe('-10.50');
  });

  it('shows amounts with their currency', () => {
    expect(showMoney('90.25', 'EUR')).toBe('€90.25');
    expect(showMoney('0.00012000', 'BTC', 8)).toMatch(/^(BTC\s?0\.00012|0\.00012\s?BTC)$/);
  });
});

describe('deposit amount check', () => {
  const visa = { minAmount: '10.00', maxAmount: '5000.00' };
  it.each([
    ['25', undefined],
    ['abc', 'invalid'],
    ['1.234', 'invalid'],
    ['0', 'positive'],
    ['9.99', 'limit'],
    ['5000.01', 'limit'],
    ['5000', undefined],
  ])('%s → %s', (text, kind) => expect(checkDepositAmount(text, 2, visa)?.kind).toBe(kind));

  it('carries the provider bounds and the bonus minimum', () => {
    expect(checkDepositAmount('5', 2, visa)).toEqual({ kind: 'limit', min: '10.00', max: '5000.00' });
    expect(checkDepositAmount('20', 2, visa, { minDeposit: '50.00' })).toEqual({ kind: 'bonusMin', min: '50.00' });
    expect(checkDepositAmount('50', 2, visa, { minDeposit: '50.00' })).toBeUndefined();
  });
});
