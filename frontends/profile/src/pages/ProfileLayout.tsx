import type { ReactNode } from 'react';
import { useModal, usePathname, useSession, type AppMessage } from '@casino/platform';
import { ProfileLayout as Layout } from '@casino/ui/src/profile';

/** Menu + title around every profile page; visitors are asked to log in. */
export function ProfileLayout({ title, children }: { title: AppMessage; children: ReactNode }) {
  const pathname = usePathname();
  const { authenticated } = useSession();
  const { open } = useModal();
  return (
    <Layout title={title} current={pathname} authenticated={authenticated} onLogin={() => open('login')}>
      {children}
    </Layout>
  );
}
