import { validatePhoneNumberLength } from 'libphonenumber-js/min';
import { EMAIL_FORMAT } from '../validation';

/**
 * The registration rules of SPEC section 5, as the browser applies them while
 * the player types. The server (bff/account/validate.go) applies the same
 * rules again with the same messages; a problem is a message key of
 * messages.ts plus its values.
 */
export type Problem = { key: ProblemKey; values?: Record<string, number> };
export type ProblemKey =
  | 'required'
  | 'invalidFormat'
  | 'maxLength'
  | 'passwordMin'
  | 'passwordMax'
  | 'passwordNumber'
  | 'passwordUppercase'
  | 'passwordSpecial'
  | 'passwordsMatch'
  | 'tooYoung'
  | 'numberTooShort'
  | 'numberTooLong';

export interface PasswordPolicy {
  minLength?: number;
  requireNumber?: boolean;
  requireUppercase?: boolean;
  requireSpecial?: boolean;
}

export const MAX_TEXT = 255;
export const MIN_AGE = 18;
export const MAX_AGE = 100;

const p = (key: ProblemKey, values?: Record<string, number>): Problem => ({ key, values });

export function emailProblem(email: string): Problem | null {
  if (!email) return p('required');
  if (email.length > MAX_TEXT || !EMAIL_FORMAT.test(email)) return p('invalidFormat');
  return null;
}

/** Password length 6 (or the configured minimum) to 255, then the configured composition rules. */
export function passwordProblem(pw: string, policy: PasswordPolicy = {}): Problem | null {
  const min = Math.max(policy.minLength ?? 6, 6);
  const n = [...pw].length;
  if (!pw) return p('required');
  if (n < min) return p('passwordMin', { min });
  if (n > 255) return p('passwordMax');
  if (policy.requireNumber && !/\p{Nd}/u.test(pw)) return p('passwordNumber');
  if (policy.requireUppercase && !/\p{Lu}/u.test(pw)) return p('passwordUppercase');
  if (policy.requireSpecial && !/[^\p{L}\p{Nd}\s]/u.test(pw)) return p('passwordSpecial');
  return null;
}

export function textProblem(value: string, required: boolean): Problem | null {
  if (required && !value.trim()) return p('required');
  if ([...value].length > MAX_TEXT) return p('maxLength');
  return null;
}

/** Age in whole years on `now` of someone born on the YYYY-MM-DD date. */
export function ageOn(dob: string, now: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < mo || (now.getUTCMonth() + 1 === mo && now.getUTCDate() < d)) age--;
  return age;
}

export function dateOfBirthProblem(dob: string, now = new Date()): Problem | null {
  if (!dob) return p('required');
  const age = ageOn(dob, now);
  if (age == null || age > MAX_AGE) return p('invalidFormat');
  if (age < MIN_AGE) return p('tooYoung');
  return null;
}

/** The date exactly 18 years before `now` (the picker's default), YYYY-MM-DD. */
export function defaultDateOfBirth(now = new Date()): string {
  const y = now.getUTCFullYear() - MIN_AGE;
  const m = now.getUTCMonth();
  // 29 February 18 years later falls on 28 February.
  const d = Math.min(now.getUTCDate(), new Date(Date.UTC(y, m + 1, 0)).getUTCDate());
  return `${y}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The picker's 100 years, newest first. */
export function birthYears(now = new Date()): number[] {
  const top = now.getUTCFullYear();
  return Array.from({ length: 100 }, (_, i) => top - i);
}

/** Typing in the phone field keeps digits only. */
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * Checks the combined calling code and number against the numbering plan of
 * that code (libphonenumber metadata), as the server does with the Go port.
 */
export function phoneProblem(phoneCode: string, phone: string): Problem | null {
  if (!phone) return p('required');
  if (!/^\d+$/.test(phone)) return p('invalidFormat');
  const code = phoneCode.replace(/^\+/, '').trim();
  if (!code) return p('required');
  switch (validatePhoneNumberLength(`+${code}${phone}`)) {
    case undefined:
      return null;
    case 'TOO_SHORT':
      return p('numberTooShort');
    case 'TOO_LONG':
      return p('numberTooLong');
    default:
      return p('invalidFormat');
  }
}

/** True when typing `next` would pass the longest number of the plan (the field refuses it). */
export function phoneTooLong(phoneCode: string, next: string): boolean {
  const code = phoneCode.replace(/^\+/, '').trim();
  return !!code && next.length > 0 && validatePhoneNumberLength(`+${code}${next}`) === 'TOO_LONG';
}

/** Brazilian CPF: 11 digits (dots and dash allowed) with two mod-11 check digits. */
export function validCPF(cpf: string): boolean {
  if (!/^[\d.\- ]+$/.test(cpf)) return false;
  const d = cpf.replace(/\D/g, '').split('').map(Number);
  if (d.length !== 11 || d.every((x) => x === d[0])) return false;
  for (const pos of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < pos; i++) sum += d[i] * (pos + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== d[pos]) return false;
  }
  return true;
}

export function cpfProblem(cpf: string): Problem | null {
  if (!cpf) return p('required');
  return validCPF(cpf) ? null : p('invalidFormat');
}
