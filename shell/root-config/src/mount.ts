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

/** Removes the server-rendered content of `#mf-page` (skeleton) before an app renders. */
export function clearServerContent(rootId: string, doc: Document = document): void {
  const root = doc.getElementById(rootId);
  if (!root) return;
  Array.from(root.children).forEach((child) => {
    if (!(child as HTMLElement).dataset?.mfApp) child.remove();
  });
}

export function removeContainer(rootId: string, app: string, doc: Document = document): void {
  doc.getElementById(`${rootId}--${app}`)?.remove();
}
