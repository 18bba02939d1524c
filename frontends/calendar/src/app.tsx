import { createLifecycles, peekSettings, usePathname } from '@casino/platform';
import { themeFromSettings, ToastProvider } from '@casino/ui';
import { CashbackPage } from './pages/CashbackPage';

function CalendarApp() {
  return usePathname().replace(/\/+$/, '') === '/cashback' ? <CashbackPage /> : null;
}

export const { bootstrap, mount, unmount } = createLifecycles({
  name: 'calendar',
  theme: themeFromSettings(peekSettings()?.theme),
  Root: CalendarApp,
  Wrapper: ToastProvider,
});
