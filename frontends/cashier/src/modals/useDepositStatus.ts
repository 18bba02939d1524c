import { useEffect } from 'react';
import { get, isApiError, navigate, withQuery } from '@casino/platform';
import { CASHIER_API, type DepositResult } from '../api';

/** First poll after this delay, then ×1.5 each time up to the cap (a processor takes seconds to minutes). */
export const POLL_FIRST_MS = 2000;
export const POLL_MAX_MS = 15000;

export function pollDelay(attempt: number): number {
  return Math.min(POLL_MAX_MS, Math.round(POLL_FIRST_MS * 1.5 ** Math.max(0, attempt)));
}

/** The result modal a decided deposit status switches to; null while the processor has not decided. */
export function modalForStatus(status: string | undefined): string | null {
  switch (status) {
    case 'confirmed':
      return 'deposit-success';
    case 'rejected':
    case 'failed':
    case 'cancelled':
      return 'deposit-failed';
    default:
      return null;
  }
}

/** The current URL with the result modal replaced (the deposit id is only needed while pending). */
export function resultModalUrl(modal: string | null, method: string | null): string {
  return withQuery(window.location.pathname + window.location.search, { modal, met: modal ? method : null, depositId: null });
}

/**
 * While the deposit-pending modal is open, polls the player's own deposit
 * (GET /api/user/deposits/{id}, id from the `depositId` query parameter) with
 * backoff and switches to the success or failed modal once the processor has
 * decided. Transient errors keep polling; a 404 (not this player's deposit,
 * or unknown) stops. The realtime failedDeposit event may switch first.
 */
export function useDepositStatus(depositId: string | null, method: string | null): void {
  useEffect(() => {
    if (!depositId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (attempt: number) => {
      let next = true;
      try {
        const d = await get<DepositResult>(`${CASHIER_API.deposits}/${encodeURIComponent(depositId)}`);
        const modal = modalForStatus(d?.status);
        if (modal && !stopped) {
          next = false;
          navigate(resultModalUrl(modal, d?.method || method), { replace: true });
        }
      } catch (e) {
        if (isApiError(e) && e.status === 404) next = false;
      }
      if (next && !stopped) timer = setTimeout(() => void poll(attempt + 1), pollDelay(attempt + 1));
    };
    timer = setTimeout(() => void poll(0), pollDelay(0));
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [depositId, method]);
}
