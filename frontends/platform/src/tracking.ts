import { post } from './api';
import { PAGE_VIEW_DELAY_MS } from './constants';
import { userDeviceType } from './device';
import { pushHistory } from './history';
import { captureMarketingParams, getCpncToSend, getMarketingParams } from './marketing';
import { currentPath } from './url';

export type TrackedEvent = 'PAGE_VIEW' | 'ALTERNATIVE_METHOD_BUTTON' | (string & {});

/** POST /api/user/log-event. Never throws: tracking failures are only logged. */
export async function logEvent(event: TrackedEvent, data: Record<string, unknown> = {}): Promise<void> {
  try {
    await post(
      '/api/user/log-event',
      { event, data, mkt: getMarketingParams().mkt, userDeviceType: userDeviceType(), cpncToSent: getCpncToSend() },
      { handleForbidden: false },
    );
  } catch (e) {
    console.warn('[platform] log-event failed', event, e);
  }
}

let started = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let lastTracked: string | null = null;

function onRouteChange(): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    const url = currentPath();
    captureMarketingParams();
    pushHistory(url);
    if (url === lastTracked) return;
    lastTracked = url;
    void logEvent('PAGE_VIEW', { url });
  }, PAGE_VIEW_DELAY_MS);
}

/**
 * Starts page-view tracking and the history stack: a PAGE_VIEW is sent 300 ms
 * after the first load and after each route change (single-spa routing event
 * or popstate); quick successive changes send one event. Idempotent.
 */
export function startRouteTracking(): void {
  if (started) return;
  started = true;
  window.addEventListener('single-spa:routing-event', onRouteChange);
  window.addEventListener('popstate', onRouteChange);
  onRouteChange();
}

/** Test helper. */
export function __resetTrackingForTests(): void {
  window.removeEventListener('single-spa:routing-event', onRouteChange);
  window.removeEventListener('popstate', onRouteChange);
  if (timer) clearTimeout(timer);
  timer = undefined;
  started = false;
  lastTracked = null;
}
