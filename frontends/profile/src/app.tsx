import { createLifecycles, peekSettings } from '@casino/platform';
import { themeFromSettings, ToastProvider } from '@casino/ui';
import { ProfileApp } from './routes';

export const { bootstrap, mount, unmount } = createLifecycles({
  name: 'profile',
  theme: themeFromSettings(peekSettings()?.theme),
  Root: ProfileApp,
  Wrapper: ToastProvider,
});
