import { createLifecycles, peekSettings } from '@casino/platform';
import { themeFromSettings, ToastProvider } from '@casino/ui';
import { LobbyApp } from './routes';

const lifecycles = createLifecycles({
  name: 'lobby',
  theme: themeFromSettings(peekSettings()?.theme),
  Root: LobbyApp,
  Wrapper: ToastProvider,
});

export const { bootstrap, mount, unmount } = lifecycles;
