import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { AppMessage } from '@casino/platform';
import { m } from '../messages';

/** Profile menu pages (SPEC section 2); balance belongs to the cashier micro-frontend. */
export const PROFILE_MENU: { href: string; label: AppMessage }[] = [
  { href: '/profile2/my-profile', label: m.menuMyProfile },
  { href: '/profile2/balance', label: m.menuBalance },
  { href: '/profile2/verification', label: m.menuVerification },
  { href: '/profile2/my-bonuses', label: m.menuMyBonuses },
  { href: '/profile2/vip-club', label: m.menuVipClub },
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
  return (
    <Nav aria-label={intl.formatMessage(m.menuLabel)}>
      <ul>
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
