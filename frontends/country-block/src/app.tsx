import { createLifecycles, peekSettings } from '@casino/platform';
import { themeFromSettings } from '@casino/ui';
import { CountryBlockNotice } from './CountryBlockNotice';

export const { bootstrap, mount, unmount } = createLifecycles({
  name: 'country-block',
  theme: themeFromSettings(peekSettings()?.theme),
  Root: CountryBlockNotice,
});
