import { createLifecycles, peekSettings } from '@casino/platform';
import { themeFromSettings } from '@casino/ui';
import { Backoffice } from './Backoffice';

export const { bootstrap, mount, unmount } = createLifecycles({
  name: 'backoffice',
  theme: themeFromSettings(peekSettings()?.theme),
  Root: Backoffice,
});
