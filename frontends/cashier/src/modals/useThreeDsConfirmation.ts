import { useEffect, useRef, useState } from 'react';
import { confirm3ds } from '../api';

export type ThreeDsState = 'idle' | 'pending' | 'done' | 'error';

const STORAGE_KEY = 'casino.cashier.3ds';
const confirmed = new Set<string>();

function alreadySent(key: string): boolean {
  if (confirmed.has(key)) return true;
  try {
    return sessionStorage.getItem(STORAGE_KEY) === key;
  } catch {
    return false;
  }
}

function remember(key: string): void {
  confirmed.add(key);
  try {
    sessionStorage.setItem(STORAGE_KEY, key);
  } catch {
    /* private mode: the in-memory set still guards this page */
  }
}

/**
 * 3-D Secure success (SPEC section 4): opening the modal calls the webhook
 * once with PaReq and MD from the URL. A remount, a second modal app or a
 * reload of the same URL does not call it again; the parameters are then
 * dropped from the address bar.
 */
export function useThreeDsConfirmation(active: boolean): ThreeDsState {
  const [state, setState] = useState<ThreeDsState>('idle');
  const started = useRef(false);
  useEffect(() => {
    if (!active || started.current) return;
    started.current = true;
    const url = new URL(window.location.href);
    const paReq = url.searchParams.get('PaReq') ?? url.searchParams.get('paReq');
    const md = url.searchParams.get('MD') ?? url.searchParams.get('md');
    if (!paReq || !md) return;
    const key = `${paReq}|${md}`;
    if (alreadySent(key)) {
      setState('done');
      return;
    }
    remember(key);
    setState('pending');
    confirm3ds(paReq, md).then(
      () => {
        setState('done');
        for (const p of ['PaReq', 'paReq', 'MD', 'md']) url.searchParams.delete(p);
        window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
      },
      () => setState('error'),
    );
  }, [active]);
  return state;
}
