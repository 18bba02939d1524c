import { useModal, useRealtime } from '@casino/platform';

/**
 * The realtime failedDeposit event (SPEC section 4) opens the failed-deposit
 * modal with the event's method. The page app and the modal app may both be
 * listening: the second one finds the modal already open and does nothing.
 */
export function useFailedDepositModal(): void {
  const { open } = useModal();
  useRealtime('failedDeposit', ({ method }) => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('modal') === 'deposit-failed' && params.get('met') === (method || null)) return;
    open('deposit-failed', method || null);
  });
}
