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
