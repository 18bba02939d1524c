import { describe, expect, it } from 'vitest';
import { EMPTY_BANK, EMPTY_CRYPTO, isValidUpiId, validateBank, validateCrypto, validateUpi } from '../validation/withdrawal';

const bank = { ...EMPTY_BANK, amount: '20', beneficiaryName: 'Ada Lovelace', accountNumber: '12345678', email: 'ada@example.com', bankCode: 'HDFC0001234' };

describe('bank withdrawal form', () => {
  it('requires name, account, e-mail, bank code and an amount', () => {
    expect(validateBank(EMPTY_BANK)).toEqual({ amount: 'required', beneficiaryName: 'required', accountNumber: 'required', email: 'required', bankCode: 'required' });
  });

  it('accepts a complete form; branch and address are optional', () => {
    expect(validateBank(bank)).toEqual({});
  });

  it.each([
    ['1234567', 'bankCodeLength'],
    ['12345678', undefined],
    ['123456789012345', undefined],
    ['1234567890123456', 'bankCodeLength'],
  ])('bank code %s → %s', (bankCode, kind) => expect(validateBank({ ...bank, bankCode }).bankCode).toBe(kind));

  it('checks the e-mail format', () => {
    expect(validateBank({ ...bank, email: 'ada@' }).email).toBe('email');
    expect(validateBank({ ...bank, email: 'ada lovelace@example.com' }).email).toBe('email');
  });

  it('requires the bank name for netbanking only', () => {
    expect(validateBank(bank).bankName).toBeUndefined();
    expect(validateBank(bank, { netbanking: true }).bankName).toBe('required');
    expect(validateBank({ ...bank, bankName: 'HDFC' }, { netbanking: true })).toEqual({});
  });

  it('rejects amounts that are not positive decimals', () => {
    expect(validateBank({ ...bank, amount: '0' }).amount).toBe('amountPositive');
    expect(validateBank({ ...bank, amount: '1.234' }).amount).toBe('invalid');
    expect(validateBank({ ...bank, amount: 'ten' }).amount).toBe('invalid');
  });
});

describe('UPI', () => {
  it.each([
    ['ada@okhdfc', true],
    ['ada.lovelace-1@ybl', true],
    ['ada', false],
    ['@ybl', false],
    ['ada@1bank', false],
    ['ada@@ybl', false],
  ])('%s valid=%s', (id, ok) => expect(isValidUpiId(id)).toBe(ok));

  it('requires the id', () => {
    expect(validateUpi({ amount: '10', upiId: '' })).toEqual({ upiId: 'required' });
    expect(validateUpi({ amount: '10', upiId: 'nope' })).toEqual({ upiId: 'upi' });
  });
});

describe('crypto withdrawal', () => {
  it('uses the three SPEC messages', () => {
    expect(validateCrypto(EMPTY_CRYPTO)).toEqual({ amount: 'cryptoAmount', walletAddress: 'cryptoAddress', network: 'cryptoNetwork' });
  });

  it('accepts 8 decimals and no more', () => {
    expect(validateCrypto({ amount: '0.00012345', walletAddress: 'bc1q…', network: 'BTC' })).toEqual({});
    expect(validateCrypto({ amount: '0.000123456', walletAddress: 'bc1q…', network: 'BTC' }).amount).toBe('invalid');
  });
});
