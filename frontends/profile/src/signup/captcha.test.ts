import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { recaptchaToken, solveChallenge } from './captcha';

describe('ALTCHA challenge solver', () => {
  it('finds the number whose SHA-256 with the salt is the challenge and encodes the payload', async () => {
    const salt = 'a1b2c3?expires=9999999999';
    const challenge = createHash('sha256').update(`${salt}1234`).digest('hex');
    const signature = createHmac('sha256', 'k').update(challenge).digest('hex');
    const token = await solveChallenge({ algorithm: 'SHA-256', challenge, maxnumber: 5000, salt, signature });
    expect(JSON.parse(atob(token))).toEqual({ algorithm: 'SHA-256', challenge, number: 1234, salt, signature });
  });

  it('sends no token while the operator has the challenge off', async () => {
    await expect(recaptchaToken(false)).resolves.toBe('');
  });
});
