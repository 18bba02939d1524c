import { get } from './api';
import { getConfig } from './config';
import { DEFAULT_LANGUAGE, STORAGE_KEYS, TRANSLATION_CACHE_MS } from './constants';
import { readJSON, writeJSON } from './storage';

export type Messages = Record<string, string>;

interface CachedCatalogue {
  version: string;
  storedAt: number;
  messages: Messages;
}

const inflight = new Map<string, Promise<Messages>>();

function cacheKey(lng: string, scope?: string): string {
  return STORAGE_KEYS.localePrefix + lng + (scope ? `.${scope}` : '');
}

/** Catalogue from the one-hour localStorage cache, when it is fresh and of this version. */
export function cachedMessages(lng: string, version: string, now = Date.now(), scope?: string): Messages | null {
  const c = readJSON<CachedCatalogue>(cacheKey(lng, scope));
  if (!c || c.version !== version || now - c.storedAt >= TRANSLATION_CACHE_MS) return null;
  return c.messages && typeof c.messages === 'object' ? c.messages : null;
}

function isFlatCatalogue(v: unknown): v is Messages {
  return !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((m) => typeof m === 'string');
}

async function fetchCatalogue(lng: string, version: string, scope?: string): Promise<Messages> {
  const data = await get<unknown>(`/api/core/casino/locales/${encodeURIComponent(lng)}.json`, {
    query: { v: version || undefined, scope: scope || undefined },
    handleForbidden: false,
    unwrap: false,
  });
  // The catalogue is a bare flat object; tolerate a {data: …} wrapper too.
  const wrapped = (data as { data?: unknown } | null)?.data;
  const messages = isFlatCatalogue(data) ? data : isFlatCatalogue(wrapped) ? wrapped : null;
  if (!messages) throw new Error(`catalogue ${lng} is not a flat message object`);
  writeJSON(cacheKey(lng, scope), { version, storedAt: Date.now(), messages } satisfies CachedCatalogue);
  return messages;
}

/**
 * Loads the messages of a language: the one-hour cache first, then
 * GET /api/core/casino/locales/{lng}.json?v=<version>&scope=<scope>. A
 * scope (a micro-frontend's id prefix, "lobby") asks for that app's texts and
 * the shared ones only. When the language cannot be loaded, English is used;
 * when English cannot be loaded either, an empty catalogue (components then
 * show their English default messages).
 */
export function loadMessages(lng = getConfig().language, version = getConfig().localeVersion, scope?: string): Promise<Messages> {
  const key = `${lng}@${version}#${scope ?? ''}`;
  const running = inflight.get(key);
  if (running) return running;
  const cached = cachedMessages(lng, version, Date.now(), scope);
  const p = cached
    ? Promise.resolve(cached)
    : fetchCatalogue(lng, version, scope).catch((e) => {
        console.warn('[platform] translations not loaded', lng, e);
        inflight.delete(key);
        if (lng !== DEFAULT_LANGUAGE) return loadMessages(DEFAULT_LANGUAGE, version, scope);
        return {};
      });
  inflight.set(key, p);
  return p;
}

/** Test helper. */
export function __resetI18nForTests(): void {
  inflight.clear();
}
