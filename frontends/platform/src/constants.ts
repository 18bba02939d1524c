/** Business constants from SPEC section 9. */
export const REQUEST_TIMEOUT_MS = 15_000;
export const TRANSLATION_CACHE_MS = 60 * 60 * 1000;
export const PAGE_VIEW_DELAY_MS = 300;
export const HISTORY_STACK_SIZE = 5;
export const TRACKING_PARAMS_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** "last-param window 7 days less 1 hour". */
export const LAST_PARAM_WINDOW_MS = 7 * 24 * 60 * 60 * 1000 - 60 * 60 * 1000;
export const BREAKPOINTS = { mobileMax: 767, tabletMin: 768, tabletMax: 1024, menuModeMax: 1450 } as const;
export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_CURRENCY = 'EUR';
export const AUTH_CHANGED_EVENT = 'casino:auth-changed';
export const STORAGE_KEYS = {
  token: 'casino.accessToken',
  marketing: 'casino.marketing',
  history: 'casino.history',
  localePrefix: 'casino.locale.',
} as const;

/** Window event api.ts fires on a 401 SESSION_LIMIT_REACHED (detail: {reason}). */
export const SESSION_ENDED_EVENT = 'casino:session-ended';
