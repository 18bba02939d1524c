import { createLifecycles, peekSettings } from '@casino/platform';
import { themeFromSettings, ToastProvider } from '@casino/ui';
import { LobbyApp } from './routes';
import { claimServerScreen } from './firstScreen';

// The lobby removes the server's first screen itself, in the commit that
// shows its own (pages/CasinoPage.tsx, routes.tsx).
claimServerScreen();

const lifecycles = createLifecycles({
  name: 'lobby',
  theme: themeFromSettings(peekSettings()?.theme),
  Root: LobbyApp,
  Wrapper: ToastProvider,
});

export const { bootstrap, mount, unmount } = lifecycles;
