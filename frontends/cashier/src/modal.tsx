import { createLifecycles, peekSettings, useModal } from '@casino/platform';
import { themeFromSettings, ToastProvider } from '@casino/ui';
import { useFailedDepositModal } from './hooks/useFailedDepositModal';
import { DepositResultModal, RESULT_MODALS } from './modals/DepositResultModal';

function CashierModals() {
  const { modal } = useModal();
  // A pending deposit that fails while its modal is open switches to the failed modal.
  useFailedDepositModal();
  return modal && RESULT_MODALS[modal] ? <DepositResultModal key={modal} modal={modal} /> : null;
}

export const { bootstrap, mount, unmount } = createLifecycles({
  name: 'cashier-modal',
  theme: themeFromSettings(peekSettings()?.theme),
  Root: CashierModals,
  Wrapper: ToastProvider,
});
