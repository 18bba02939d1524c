import { describe, expect, it } from 'vitest';
import { filterEmailInput, MAX_UPLOAD_BYTES, validateDocument, validateLogin } from './validation';

describe('login validation', () => {
  it('requires a well-formed email and a password', () => {
    expect(validateLogin('', '')).toEqual({ email: 'required', password: 'required' });
    expect(validateLogin('player@', 'x')).toEqual({ email: 'invalid' });
    expect(validateLogin('player@casino.example', 'secret')).toEqual({});
    expect(validateLogin('a@b.co', 'x'.repeat(256))).toEqual({ password: 'invalid' });
  });
  it('filters what can be typed into an email field', () => {
    expect(filterEmailInput('pl ayer!#@ex(am)ple.com+1_%')).toBe('player@example.com+1_%');
  });
});

describe('document validation', () => {
  it('accepts jpg, jpeg, png, pdf below 25MB', () => {
    expect(validateDocument({ name: 'id.JPG', size: 10 })).toBeNull();
    expect(validateDocument({ name: 'bill.pdf', size: MAX_UPLOAD_BYTES - 1 })).toBeNull();
    expect(validateDocument({ name: 'id.gif', size: 10 })).toBe('type');
    expect(validateDocument({ name: 'scan.png', size: MAX_UPLOAD_BYTES })).toBe('size');
  });
});
