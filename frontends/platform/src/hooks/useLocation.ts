import { useSyncExternalStore } from 'react';

function subscribe(cb: () => void): () => void {
  window.addEventListener('popstate', cb);
  window.addEventListener('single-spa:routing-event', cb);
  return () => {
    window.removeEventListener('popstate', cb);
    window.removeEventListener('single-spa:routing-event', cb);
  };
}

const snapshot = () => window.location.pathname + window.location.search;

/** Path + query of the page, updated on every navigation. */
export function useLocationPath(): string {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export function usePathname(): string {
  return new URL(useLocationPath(), 'http://x').pathname;
}

export function useSearchParams(): URLSearchParams {
  return new URLSearchParams(new URL(useLocationPath(), 'http://x').search);
}
