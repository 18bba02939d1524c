/**
 * What the sign-up modal hands to the login modal it opens next (the same
 * bundle, so module state is enough): the new e-mail and a notice.
 */
let pending: { email: string; afterReg: boolean } | null = null;

export function handOffToLogin(email: string): void {
  pending = { email, afterReg: true };
}

export function takeLoginHandoff(): { email: string; afterReg: boolean } | null {
  const p = pending;
  pending = null;
  return p;
}

const UUID_KEY = 'casino.deviceId';

/** A random id of this browser, sent as uniqueKey/userUUID at sign-up. */
export function deviceId(): string {
  try {
    let id = window.localStorage.getItem(UUID_KEY);
    if (!id) {
      id = crypto.randomUUID();
      window.localStorage.setItem(UUID_KEY, id);
    }
    return id;
  } catch {
    return '';
  }
}
