import { lazy, Suspense, type ComponentType } from 'react';
import { createLifecycles, peekSettings, useModal } from '@casino/platform';
import { themeFromSettings, ToastProvider } from '@casino/ui';
import { LoginModal } from './modals/LoginModal';
import { RealityCheckModal, SessionEndedModal } from './modals/ProtectionModals';
import { VerifyEmailExpiredModal } from './modals/SimpleModals';

// Registration brings the phone-number metadata: a chunk of its own, loaded
// when a sign-up modal opens.
const SignUpModal = lazy(() => import('./modals/SignUpModal').then((x) => ({ default: x.SignUpModal })));
const LinkedSignUp = () => <SignUpModal linked />;
const SignUp = () => <SignUpModal />;

/** `?modal=` values the profile micro-frontend owns. */
export const PROFILE_MODALS: Record<string, ComponentType> = {
  login: LoginModal,
  signup: SignUp,
  'linked-signup': LinkedSignUp,
  'verify-email-expired': VerifyEmailExpiredModal,
  'session-ended': SessionEndedModal,
  'reality-check': RealityCheckModal,
};

function ProfileModals() {
  const { modal } = useModal();
  const Component = modal ? PROFILE_MODALS[modal] : undefined;
  return Component ? (
    <Suspense fallback={null}>
      <Component key={modal} />
    </Suspense>
  ) : null;
}

export const { bootstrap, mount, unmount } = createLifecycles({
  name: 'profile-modal',
  theme: themeFromSettings(peekSettings()?.theme),
  Root: ProfileModals,
  Wrapper: ToastProvider,
});
