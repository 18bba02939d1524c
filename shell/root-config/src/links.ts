import { appForModal, appForPath, modalOf } from './routes';

/**
 * Whether a click on a link can be handled by single-spa instead of a page
 * load: same origin, the current page is a micro-frontend page, and the
 * target is a micro-frontend route (or the same page with an owned modal).
 */
export function isClientRoutable(target: URL, current: Location | URL): boolean {
  if (target.origin !== current.origin) return false;
  if (!appForPath(current.pathname)) {
    // Server-only page (info page, 404): only a modal on the same page.
    return target.pathname === current.pathname && appForModal(modalOf(target.search)) != null;
  }
  // The back office is its own document (no player header): moving between
  // it and the casino's pages is a page load.
  if ((appForPath(target.pathname) === 'backoffice') !== (appForPath(current.pathname) === 'backoffice')) return false;
  if (appForPath(target.pathname)) return true;
  return false;
}

/** The anchor a click should be routed for, or null to let the browser act. */
export function routableAnchor(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const path = event.composedPath?.() ?? [];
  const anchor = (path.find((n) => n instanceof HTMLAnchorElement) ??
    (event.target instanceof Element ? event.target.closest('a') : null)) as HTMLAnchorElement | null;
  if (!anchor || !anchor.hasAttribute('href')) return null;
  const targetAttr = anchor.getAttribute('target');
  if ((targetAttr && targetAttr !== '_self') || anchor.hasAttribute('download') || anchor.dataset.native != null) return null;
  if ((anchor.getAttribute('rel') ?? '').split(/\s+/).includes('external')) return null;
  const href = anchor.getAttribute('href') ?? '';
  if (href.startsWith('#') || href.startsWith('mailto:') || href.startsWith('tel:') || href.startsWith('javascript:')) return null;
  return anchor;
}
