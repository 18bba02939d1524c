import type { ComponentType } from 'react';
import { createLifecycles, peekSettings, useModal } from '@casino/platform';
import { themeFromSettings, ToastProvider } from '@casino/ui';
import { LoginModal } from './modals/LoginModal';
import { LinkedSignupModal, VerifyEmailExpiredModal } from './modals/SimpleModals';

/** `?modal=` values the profile micro-frontend owns. */
export const PROFILE_MODALS: Record<string, ComponentType> = {
  login: LoginModal,
  'linked-signup': LinkedSignupModal,
  'verify-email-expired': VerifyEmailExpiredModal,
};

function ProfileModals() {
  const { modal } = useModal();
  const Component = modal ? PROFILE_MODALS[modal] : undefined;
  return Component ? <Component key={modal} /> : null;
}

export const { bootstrap, mount, unmount } = createLifecycles({
  name: 'profile-modal',
  theme: themeFromSettings(peekSettings()?.theme),
  Root: ProfileModals,
  Wrapper: ToastProvider,
});
