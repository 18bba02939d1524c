import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useModal, usePathname, useSession, type AppMessage } from '@casino/platform';
import { LoginRequired, Page, PageTitle } from '@casino/ui';
import { ProfileMenu } from '../components/ProfileMenu';

const Columns = styled.div`
  display: grid;
  grid-template-columns: 240px minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};
  ${({ theme }) => theme.media.upToTablet} {
    /* minmax(0, …): the menu row scrolls instead of widening the page. */
    grid-template-columns: minmax(0, 1fr);
  }
`;

/** Menu + title around every profile page; visitors are asked to log in. */
export function ProfileLayout({ title, children }: { title: AppMessage; children: ReactNode }) {
  const intl = useIntl();
  const pathname = usePathname();
  const { authenticated } = useSession();
  const { open } = useModal();
  return (
    <Page>
      <Columns>
        <ProfileMenu current={pathname} />
        <section>
          <PageTitle>{intl.formatMessage(title)}</PageTitle>
          {authenticated ? children : <LoginRequired onLogin={() => open('login')} />}
        </section>
      </Columns>
    </Page>
  );
}
