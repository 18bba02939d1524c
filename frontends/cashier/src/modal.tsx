import { createLifecycles, peekSettings, useModal } from '@casino/platform';
import { themeFromSettings } from '@casino/ui';
import { DepositResultModal, RESULT_MODALS } from './modals/DepositResultModal';

function CashierModals() {
  const { modal } = useModal();
  return modal && RESULT_MODALS[modal] ? <DepositResultModal key={modal} modal={modal} /> : null;
}

export const { bootstrap, mount, unmount } = createLifecycles({
  name: 'cashier-modal',
  theme: themeFromSettings(peekSettings()?.theme),
  Root: CashierModals,
});
