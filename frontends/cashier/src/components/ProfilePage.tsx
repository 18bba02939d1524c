import type { ReactNode } from 'react';
import { useModal, usePathname, useSession, type AppMessage } from '@casino/platform';
import { ProfileLayout } from '@casino/ui/src/profile';

/** A cashier page among the /profile2 pages: the profile menu beside it, visitors asked to log in. */
export function ProfilePage({ title, children }: { title: AppMessage; children: ReactNode }) {
  const pathname = usePathname();
  const { authenticated } = useSession();
  const { open } = useModal();
  return (
    <ProfileLayout data-testid="cashier-app" title={title} current={pathname} authenticated={authenticated} onLogin={() => open('login')}>
      {children}
    </ProfileLayout>
  );
}
