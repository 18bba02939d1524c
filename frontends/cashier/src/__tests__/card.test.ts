import { describe, expect, it } from 'vitest';
import { expiryError, formatCardNumber, formatExpiry, luhnValid, validateCard } from '../validation/card';

const NOW = new Date(2026, 10, 23); // 23 November 2026

describe('Luhn', () => {
  it.each([
    ['4242 4242 4242 4242', true],
    ['5555555555554444', true],
    ['4000 0000 0000 3220', true],
    ['4000 0000 0000 0002', true],
    ['4242 4242 4242 4241', false],
    ['1234', false],
    ['4242-4242-4242-4242', true],
    ['4242a4242 4242 4242', false],
    ['0000 0000 0000 0000 0000', false], // 20 digits
  ])('%s → %s', (number, valid) => expect(luhnValid(number)).toBe(valid));
});

describe('expiry MM/YY', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['13/27', 'expiryMonth'],
    ['00/27', 'expiryMonth'],
    ['10/26', 'expiryPast'],
    ['12/25', 'expiryPast'],
    ['1/27', 'expiryInvalid'],
    ['12-27', 'expiryInvalid'],
    ['ab/cd', 'expiryInvalid'],
    ['11/26', undefined], // valid through the end of this month
    ['12/30', undefined],
  ])('%j → %s', (text, kind) => expect(expiryError(text, NOW)).toBe(kind));
});

describe('validateCard', () => {
  it('names every problem of an empty form as required', () => {
    expect(validateCard({ number: '', holder: '', expiry: '', cvc: '' }, NOW)).toEqual({
      number: 'required',
      holder: 'required',
      expiry: 'required',
      cvc: 'required',
    });
  });

  it('checks Luhn, a 3-digit CVC and a trimmed holder', () => {
    expect(validateCard({ number: '4242 4242 4242 4241', holder: '  ', expiry: '12/30', cvc: '12' }, NOW)).toEqual({
      number: 'number',
      holder: 'required',
      cvc: 'cvc',
    });
    expect(validateCard({ number: '4242 4242 4242 4242', holder: 'Ada', expiry: '12/30', cvc: '1234' }, NOW)).toEqual({ cvc: 'cvc' });
    expect(validateCard({ number: '4242 4242 4242 4242', holder: 'Ada', expiry: '12/30', cvc: '123' }, NOW)).toEqual({});
  });
});

describe('typing helpers', () => {
  it('groups the card number by four, at most 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('inserts the expiry slash and lets it be deleted', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/305')).toBe('12/30');
    expect(formatExpiry('12', '12/')).toBe('12');
  });
});
