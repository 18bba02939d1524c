import { createLifecycles, peekSettings } from '@casino/platform';
import { themeFromSettings } from '@casino/ui';

/**
 * The lobby owns no `?modal=` overlay yet (docs/architecture.md); ./modal is
 * exposed so every remote has the same contract.
 */
function LobbyModals() {
  return null;
}

const lifecycles = createLifecycles({ name: 'lobby-modal', theme: themeFromSettings(peekSettings()?.theme), Root: LobbyModals });

export const { bootstrap, mount, unmount } = lifecycles;
