import { captchaChallenge, type CaptchaChallenge } from '../api';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Finds the number of an ALTCHA challenge: SHA-256(salt + number) = challenge. */
export async function solveChallenge(c: CaptchaChallenge): Promise<string> {
  for (let n = 0; n <= c.maxnumber; n++) {
    if ((await sha256Hex(c.salt + n)) === c.challenge) {
      const payload = { algorithm: c.algorithm, challenge: c.challenge, number: n, salt: c.salt, signature: c.signature };
      return btoa(JSON.stringify(payload));
    }
  }
  throw new Error('captcha: no solution');
}

/**
 * The recaptchaToken for login and sign-up: a solved proof-of-work challenge
 * while the operator has the "captcha" feature on, otherwise empty.
 */
export async function recaptchaToken(enabled: boolean): Promise<string> {
  if (!enabled) return '';
  return solveChallenge(await captchaChallenge());
}
