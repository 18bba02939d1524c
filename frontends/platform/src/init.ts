import { captureFirstUrl, captureMarketingParams } from './marketing';
import { startProtectionWatch } from './protection-watch';
import { initSession } from './session';
import { startRouteTracking } from './tracking';

let done = false;

/**
 * Starts the platform once per page, whichever micro-frontend loads first:
 * session (takes over `at`), marketing parameters, history stack and page-view
 * tracking, the watch of the session time limit and reality checks.
 */
export function initPlatform(): void {
  if (done) return;
  done = true;
  initSession();
  captureMarketingParams();
  captureFirstUrl();
  startRouteTracking();
  startProtectionWatch();
}
