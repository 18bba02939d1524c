import { createLifecycles, peekSettings } from '@casino/platform';
import { themeFromSettings, ToastProvider } from '@casino/ui';
import { claimServerScreen } from './firstScreen';
import { CashierApp } from './routes';

claimServerScreen();

export const { bootstrap, mount, unmount } = createLifecycles({
  name: 'cashier',
  theme: themeFromSettings(peekSettings()?.theme),
  Root: CashierApp,
  Wrapper: ToastProvider,
});
