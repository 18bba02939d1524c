import { createLifecycles, peekSettings } from '@casino/platform';
import { themeFromSettings } from '@casino/ui';

/** The back office owns no `?modal=` overlay; ./modal keeps the remote contract uniform. */
function NoModal() {
  return null;
}

export const { bootstrap, mount, unmount } = createLifecycles({ name: 'backoffice-modal', theme: themeFromSettings(peekSettings()?.theme), Root: NoModal });
