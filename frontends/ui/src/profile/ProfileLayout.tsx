import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
// The kit itself through its package name: the Module Federation singleton, not a second copy.
import { LoginRequired, Page, PageTitle } from '@casino/ui';
import { profileMenuMessages as m } from './messages';

/**
 * The /profile2/* pages (SPEC section 2). Balance and My history belong to the
 * cashier micro-frontend, the others to the profile one; both draw this menu.
 */
export const PROFILE_MENU: { href: string; label: MessageDescriptor }[] = [
  { href: '/profile2/my-profile', label: m.menuMyProfile },
  { href: '/profile2/balance', label: m.menuBalance },
  { href: '/profile2/verification', label: m.menuVerification },
  { href: '/profile2/my-bonuses', label: m.menuMyBonuses },
  { href: '/profile2/vip-club', label: m.menuVipClub },
  { href: '/profile2/statistics', label: m.menuStatistics },
  { href: '/profile2/my-history', label: m.menuMyHistory },
  { href: '/profile2/freeze-account', label: m.menuFreezeAccount },
  { href: '/profile2/limits', label: m.menuLimits },
];

const Nav = styled.nav`
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space(1)};
    ${({ theme }) => theme.media.upToTablet} {
      flex-direction: row;
      overflow-x: auto;
    }
  }
  a {
    display: block;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-radius: ${({ theme }) => theme.radii.md};
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
    white-space: nowrap;
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
`;

export function ProfileMenu({ current }: { current: string }) {
  const intl = useIntl();
  const list = useRef<HTMLUListElement>(null);
  // On phones the menu is one scrolling row: bring the current page's entry
  // into view (scrollLeft only — scrollIntoView would also move the page).
  useLayoutEffect(() => {
    const ul = list.current;
    const a = ul?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!ul || !a || ul.scrollWidth <= ul.clientWidth) return;
    const offset = a.getBoundingClientRect().left - ul.getBoundingClientRect().left;
    ul.scrollLeft += offset - (ul.clientWidth - a.offsetWidth) / 2;
  }, [current]);
  return (
    <Nav aria-label={intl.formatMessage(m.menuLabel)}>
      <ul ref={list}>
        {PROFILE_MENU.map((item) => (
          <li key={item.href}>
            <a href={item.href} aria-current={item.href === current ? 'page' : undefined}>
              {intl.formatMessage(item.label)}
            </a>
          </li>
        ))}
      </ul>
    </Nav>
  );
}

const Columns = styled.div`
  display: grid;
  grid-template-columns: 240px minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};
  ${({ theme }) => theme.media.upToTablet} {
    /* minmax(0, …): the menu row scrolls instead of widening the page. */
    grid-template-columns: minmax(0, 1fr);
  }
`;

export interface ProfileLayoutProps {
  title: MessageDescriptor;
  /** The page's path, for the menu's current entry. */
  current: string;
  authenticated: boolean;
  onLogin: () => void;
  children: ReactNode;
  'data-testid'?: string;
}

/** Menu + title around every profile page; visitors are asked to log in. */
export function ProfileLayout({ title, current, authenticated, onLogin, children, 'data-testid': testId }: ProfileLayoutProps) {
  const intl = useIntl();
  return (
    <Page data-testid={testId}>
      <Columns>
        <ProfileMenu current={current} />
        <section>
          <PageTitle>{intl.formatMessage(title)}</PageTitle>
          {authenticated ? children : <LoginRequired onLogin={onLogin} />}
        </section>
      </Columns>
    </Page>
  );
}
