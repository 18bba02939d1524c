/**
 * localStorage access that never throws (private mode, disabled storage,
 * quota): failures are logged and treated as "nothing stored".
 */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (e) {
    console.warn('[platform] localStorage write failed', key, e);
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* nothing stored */
  }
}

export function readJSON<T>(key: string): T | null {
  const raw = readStorage(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    removeStorage(key);
    return null;
  }
}

export function writeJSON(key: string, value: unknown): void {
  writeStorage(key, JSON.stringify(value));
}
