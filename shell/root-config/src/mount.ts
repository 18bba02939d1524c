/**
 * Mount containers. Page apps get their own child of `#mf-page` (the server's
 * skeleton is removed when the first app mounts), modal apps a child of
 * `#mf-modal`, the country-block app `#mf-country-block` itself (it replaces
 * the server-rendered notice).
 */
export function containerFor(rootId: 'mf-page' | 'mf-modal', app: string, doc: Document = document): HTMLElement {
  const root = doc.getElementById(rootId) ?? doc.body;
  const id = `${rootId}--${app}`;
  let el = doc.getElementById(id);
  if (!el) {
    el = doc.createElement('div');
    el.id = id;
    el.dataset.mfApp = app;
    root.appendChild(el);
  }
  return el;
}

/**
 * Removes the server-rendered content of `#mf-page` (skeleton) before an app
 * renders. An app that set `#mf-page[data-handoff=<app>]` when its module
 * loaded removes the server's first screen (`[data-ssr]`) itself, in the
 * commit that shows its own page (issue 19: no flash, no layout shift);
 * that copy is kept here. Other server content still goes.
 */
export function clearServerContent(rootId: string, doc: Document = document, app?: string): void {
  const root = doc.getElementById(rootId);
  if (!root) return;
  const keepSsr = app !== undefined && root.dataset.handoff === app;
  Array.from(root.children).forEach((child) => {
    const el = child as HTMLElement;
    if (el.dataset?.mfApp) return;
    if (keepSsr && el.dataset?.ssr !== undefined) return;
    child.remove();
  });
}

export function removeContainer(rootId: string, app: string, doc: Document = document): void {
  doc.getElementById(`${rootId}--${app}`)?.remove();
}

/** The longest a slow image (an operator's CDN) may hold the apps back. */
export const FIRST_SCREEN_WAIT_MS = 3000;

/**
 * A page whose first screen the server rendered (`[data-ssr]`: the lobby, a
 * game, promotions) works before any app code: links navigate, images load.
 * Its apps load once that screen is painted — the load event, which waits
 * for the eager images, then the frame after it — so a phone's network and
 * main thread serve the first screen before ~150 KB of JavaScript (issue 19),
 * and never later than FIRST_SCREEN_WAIT_MS, nor after the visitor's first
 * pointer or key press (they want the page's buttons now). A hidden tab
 * paints nothing and boots at once; so does a page where something else
 * comes first: the country-block notice (its Reverify button is the app's)
 * or a modal the address asks for (?modal=login). Any other page boots at
 * once.
 */
export function afterFirstScreen(doc: Document = document, win: Window = window): Promise<void> {
  const firstScreenFirst =
    doc.querySelector('#mf-page > [data-ssr]') &&
    doc.body.dataset.countryBlocked !== '1' &&
    !doc.getElementById('mf-modal')?.dataset.modal;
  if (!firstScreenFirst) return Promise.resolve();
  return new Promise((resolve) => {
    win.setTimeout(resolve, FIRST_SCREEN_WAIT_MS);
    const touched = () => resolve();
    for (const type of ['pointerdown', 'keydown']) {
      win.addEventListener(type, touched, { once: true, capture: true, passive: true });
    }
    const painted = () => {
      if (doc.visibilityState === 'hidden') resolve();
      else win.requestAnimationFrame(() => win.setTimeout(resolve, 0));
    };
    if (doc.readyState === 'complete') painted();
    else win.addEventListener('load', painted, { once: true });
  });
}
