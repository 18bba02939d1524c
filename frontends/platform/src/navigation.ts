declare global {
  interface Window {
    /** Set by single-spa when it is loaded (the shell). */
    singleSpaNavigate?: (url: string) => void;
  }
}

/**
 * Client-side navigation for micro-frontends. Inside the shell this is
 * single-spa's navigateToUrl (single-spa patches history and fires popstate
 * itself); without single-spa (tests, a remote served alone) it is pushState
 * plus a popstate event, so every location listener sees the change.
 */
export function navigate(url: string, { replace = false }: { replace?: boolean } = {}): void {
  const target = new URL(url, window.location.href);
  if (target.origin !== window.location.origin) {
    window.location.assign(target.href);
    return;
  }
  const path = target.pathname + target.search + target.hash;
  const spa = window.singleSpaNavigate;
  if (spa && !replace) {
    spa(path);
    return;
  }
  if (replace) window.history.replaceState(window.history.state, '', path);
  else window.history.pushState(window.history.state, '', path);
  if (!spa) window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}
