import { describe, expect, it } from 'vitest';
import {
  birthYears, cpfProblem, dateOfBirthProblem, defaultDateOfBirth, emailProblem, passwordProblem,
  phoneDigits, phoneProblem, phoneTooLong, textProblem, validCPF,
} from './rules';

const key = (p: { key: string } | null) => p?.key ?? null;

describe('registration rules (same cases as bff/account/validate_test.go)', () => {
  it.each([
    ['+49', '15123456789', null],
    ['+44', '7911123456', null],
    ['+55', '11987654321', null],
    ['+49', '123', 'numberTooShort'],
    ['+44', '79111234567890123', 'numberTooLong'],
    ['+49', '151-234', 'invalidFormat'],
    ['+49', '', 'required'],
    ['', '15123456789', 'required'],
  ])('phone %s %s → %s', (code, phone, want) => {
    expect(key(phoneProblem(code, phone))).toBe(want);
  });

  it('keeps digits only and refuses typing past the plan', () => {
    expect(phoneDigits('+49 (151) 234-56')).toBe('4915123456');
    expect(phoneTooLong('+49', '15123456789')).toBe(false);
    expect(phoneTooLong('+44', '79111234567890123')).toBe(true);
  });

  it.each([
    ['2008-11-23', null],
    ['2008-11-24', 'tooYoung'],
    ['1926-11-24', null],
    ['1925-11-23', 'invalidFormat'],
    ['23.11.2000', 'invalidFormat'],
    ['2001-02-30', 'invalidFormat'],
    ['', 'required'],
  ])('date of birth %s → %s', (dob, want) => {
    expect(key(dateOfBirthProblem(dob, new Date(Date.UTC(2026, 10, 23, 10))))).toBe(want);
  });

  it('picker: 100 years, default exactly 18 years ago', () => {
    const now = new Date(Date.UTC(2026, 10, 23));
    expect(birthYears(now)).toHaveLength(100);
    expect(birthYears(now)[0]).toBe(2026);
    expect(defaultDateOfBirth(now)).toBe('2008-11-23');
    expect(defaultDateOfBirth(new Date(Date.UTC(2028, 1, 29)))).toBe('2010-02-28');
    expect(dateOfBirthProblem(defaultDateOfBirth(now), now)).toBeNull();
  });

  it.each([
    ['529.982.247-25', true],
    ['52998224725', true],
    ['529.982.247-24', false],
    ['111.111.111-11', false],
    ['1234567890', false],
    ['abc', false],
  ])('CPF %s → %s', (cpf, want) => {
    expect(validCPF(cpf)).toBe(want);
  });

  it('CPF is required', () => expect(key(cpfProblem(''))).toBe('required'));

  it('password: length and the configured composition rules', () => {
    expect(key(passwordProblem(''))).toBe('required');
    expect(passwordProblem('abc12')).toEqual({ key: 'passwordMin', values: { min: 6 } });
    expect(passwordProblem('abcdefg', { minLength: 8 })).toEqual({ key: 'passwordMin', values: { min: 8 } });
    expect(key(passwordProblem('x'.repeat(256)))).toBe('passwordMax');
    const strict = { requireNumber: true, requireUppercase: true, requireSpecial: true };
    expect(key(passwordProblem('abcdefg', strict))).toBe('passwordNumber');
    expect(key(passwordProblem('abcdef1', strict))).toBe('passwordUppercase');
    expect(key(passwordProblem('Abcdef1', strict))).toBe('passwordSpecial');
    expect(passwordProblem('Abcdef1!', strict)).toBeNull();
  });

  it('e-mail and text fields', () => {
    expect(key(emailProblem(''))).toBe('required');
    expect(key(emailProblem('ann@example'))).toBe('invalidFormat');
    expect(emailProblem('ann.lee+x@example.com')).toBeNull();
    expect(key(textProblem(' ', true))).toBe('required');
    expect(key(textProblem('x'.repeat(256), false))).toBe('maxLength');
    expect(textProblem('', false)).toBeNull();
  });
});
