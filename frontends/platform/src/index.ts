export { api, request, get, post, put, del, buildHeaders, loginRedirectTarget } from './api';
export type { Method, RequestOptions } from './api';
export { ApiError, CLIENT_ERROR, isApiError } from './errors';
export type { FieldErrors } from './errors';
export { configurePlatform, getConfig, getLanguage } from './config';
export type { PlatformConfig } from './config';
export * from './constants';
export { initSession, getSession, getToken, setToken, clearSession, subscribeSession, sessionReady } from './session';
export type { SessionState } from './session';
export { captureMarketingParams, getMarketingParams, getCpncToSend, captureFirstUrl, getFirstUrl, isRegistered } from './marketing';
export { deviceTypeForWidth, userDeviceType, screenResolution } from './device';
export type { DeviceType } from './device';
export { loadMessages, cachedMessages } from './i18n';
export type { Messages } from './i18n';
export { subscribeRealtime } from './realtime';
export { armRealityCheck, armSessionLimit, endSession, PROTECTION_API } from './protection-watch';
export type { SessionEndReason } from './protection';
export type { RealtimeEventName, RealtimePayloads } from './realtime';
export { pushHistory, getHistory, previousPage } from './history';
export { logEvent, startRouteTracking } from './tracking';
export { loadSettings, peekSettings, readInlineSettings, pageUrl, editProfileUrl, DEFAULT_PAGE_URLS } from './settings';
export type { SiteSettings, NavItem, Scope } from './settings';
export { formatAmount, formatMoney, parseAmount, amountParts, compareAmounts } from './money';
export type { AmountFormatOptions } from './money';
export { navigate } from './navigation';
export { withQuery, currentPath, toQueryString } from './url';
export { initPlatform } from './init';
export { PlatformProvider } from './PlatformProvider';
export type { PlatformProviderProps } from './PlatformProvider';
export { useSession } from './hooks/useSession';
export { useQuery } from './hooks/useQuery';
export type { QueryState, QueryOptions } from './hooks/useQuery';
export { useApi } from './hooks/useApi';
export type { ApiQueryOptions } from './hooks/useApi';
export { useRealtime } from './hooks/useRealtime';
export { useModal } from './hooks/useModal';
export type { ModalControl } from './hooks/useModal';
export { useSettings } from './hooks/useSettings';
export { useLocationPath, usePathname, useSearchParams } from './hooks/useLocation';
export { createLifecycles } from './microfrontend';
export type { LifecycleOptions, MicroFrontendProps } from './microfrontend';
export { matchPath, matchRoutes } from './routing';
export type { RouteParams } from './routing';
export { mountStandalone } from './standalone';
export { defineMessages } from './defineMessages';
export type { AppMessage } from './defineMessages';

import { get as apiGet } from './api';
import { navigate as navigateTo } from './navigation';
import { PROTECTION_API as protectionApi } from './protection-watch';
import { subscribeRealtime as onRealtime } from './realtime';
import { clearSession as forgetSession, getSession as readSession, subscribeSession as onSession } from './session';
import { currentPath as pathNow, withQuery as addQuery } from './url';

/**
 * What the platform's own lazy chunks (protection.ts) use of it, as one
 * export of the entry. webpack concatenates the platform's eager modules into
 * one scope only when nothing outside that scope imports them: a lazy chunk
 * importing api, session, realtime… directly split them apart again and
 * made the eager chunk larger (~0.4 KB gzip) than the code that moved out.
 * Not for micro-frontends.
 */
export const lazyChunkPlatform = {
  get: apiGet,
  navigate: navigateTo,
  subscribeRealtime: onRealtime,
  clearSession: forgetSession,
  getSession: readSession,
  subscribeSession: onSession,
  currentPath: pathNow,
  withQuery: addQuery,
  PROTECTION_API: protectionApi,
};
