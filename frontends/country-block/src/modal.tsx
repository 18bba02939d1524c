import { createLifecycles, peekSettings } from '@casino/platform';
import { themeFromSettings } from '@casino/ui';

/** The country block owns no `?modal=` overlay; ./modal keeps the remote contract uniform. */
function NoModal() {
  return null;
}

export const { bootstrap, mount, unmount } = createLifecycles({ name: 'country-block-modal', theme: themeFromSettings(peekSettings()?.theme), Root: NoModal });
