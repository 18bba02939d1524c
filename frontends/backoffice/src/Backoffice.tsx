import { isApiError, navigate, useQuery, usePathname } from '@casino/platform';
import { Button, Muted, Page, PageTitle, Spinner } from '@casino/ui';
import { useState, type ComponentType, type MouseEvent } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import { backoffice, requestToken, type Member, type Permission } from './api';
import { m } from './messages';
import { AuditPage } from './pages/AuditPage';
import { ChatPage } from './pages/ChatPage';
import { BonusesPage } from './pages/BonusesPage';
import { ProvidersPage } from './pages/ProvidersPage';
import { SitePage } from './pages/SitePage';
import { StaffPage } from './pages/StaffPage';
import { DashboardPage } from './pages/DashboardPage';
import { DocumentsPage } from './pages/DocumentsPage';
import { FeaturesPage } from './pages/FeaturesPage';
import { LoginForm } from './pages/LoginForm';
import { PlayersPage } from './pages/PlayersPage';
import { ReleasesPage } from './pages/ReleasesPage';
import { WithdrawalsPage } from './pages/WithdrawalsPage';
import type { ScreenProps } from './pages/common';

interface Screen {
  path: string;
  label: MessageDescriptor;
  permission: Permission;
  Page: ComponentType<ScreenProps>;
}

/** The screens, each shown only to roles holding its permission. */
export const SCREENS: Screen[] = [
  { path: 'dashboard', label: m.navDashboard, permission: 'dashboard.read', Page: DashboardPage },
  { path: 'players', label: m.navPlayers, permission: 'players.read', Page: PlayersPage },
  { path: 'withdrawals', label: m.navWithdrawals, permission: 'withdrawals.read', Page: WithdrawalsPage },
  { path: 'documents', label: m.navDocuments, permission: 'kyc.read', Page: DocumentsPage },
  { path: 'bonuses', label: m.navBonuses, permission: 'bonuses.read', Page: BonusesPage },
  { path: 'providers', label: m.navProviders, permission: 'providers.read', Page: ProvidersPage },
  { path: 'features', label: m.navFeatures, permission: 'settings.read', Page: FeaturesPage },
  { path: 'site', label: m.navSite, permission: 'settings.read', Page: SitePage },
  { path: 'releases', label: m.navReleases, permission: 'releases.read', Page: ReleasesPage },
  { path: 'chat', label: m.navChat, permission: 'chat.moderate', Page: ChatPage },
  { path: 'staff', label: m.navStaff, permission: 'staff.read', Page: StaffPage },
  { path: 'audit', label: m.navAudit, permission: 'audit.read', Page: AuditPage },
];

/** The screens a member may open. */
export function screensFor(member: Pick<Member, 'permissions'>) {
  return SCREENS.filter((s) => member.permissions.includes(s.permission));
}

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  a {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
    border-bottom: 2px solid transparent;
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Who = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  flex-wrap: wrap;
`;

export function Backoffice() {
  const intl = useIntl();
  // Without this tab's request token there is no session to ask about.
  const [member, setMember] = useState<Member | null | undefined>(() => (requestToken() ? undefined : null));
  const me = useQuery(
    'backoffice-me',
    (signal) =>
      backoffice.me(signal).then(
        (x) => x,
        (e) => {
          if (isApiError(e) && e.status === 401) return null;
          throw e;
        },
      ),
    { enabled: member === undefined },
  );
  const current = member !== undefined ? member : me.data;
  const path = usePathname().replace(/\/+$/, '');

  if (current === undefined) {
    return (
      <Page>
        {me.error ? (
          <Muted role="alert">
            <FormattedMessage {...m.loadFailed} />
          </Muted>
        ) : (
          <Spinner />
        )}
      </Page>
    );
  }
  if (current === null) {
    return (
      <Page>
        <PageTitle>
          <FormattedMessage {...m.title} />
        </PageTitle>
        <LoginForm onLoggedIn={setMember} />
      </Page>
    );
  }

  const screens = screensFor(current);
  const wanted = path.split('/')[2] ?? '';
  const screen = screens.find((s) => s.path === wanted) ?? screens[0];
  const go = (e: MouseEvent<HTMLAnchorElement>, to: string) => {
    e.preventDefault();
    navigate(`/backoffice/${to}`);
  };
  const logout = async () => {
    try {
      await backoffice.logout();
    } finally {
      setMember(null);
    }
  };
  return (
    <Page>
      <Bar>
        <PageTitle>
          <FormattedMessage {...m.title} />
        </PageTitle>
        <Who>
          <Muted data-testid="backoffice-who">
            <FormattedMessage {...m.signedInAs} values={{ email: current.email, role: current.role }} />
          </Muted>
          <Button variant="secondary" size="sm" onClick={logout}>
            <FormattedMessage {...m.logOut} />
          </Button>
        </Who>
      </Bar>
      {screens.length === 0 ? (
        <Muted>
          <FormattedMessage {...m.nothingAllowed} />
        </Muted>
      ) : (
        <>
          <Nav aria-label={intl.formatMessage(m.navLabel)}>
            {screens.map((s) => (
              <a key={s.path} href={`/backoffice/${s.path}`} aria-current={s === screen ? 'page' : undefined} onClick={(e) => go(e, s.path)}>
                <FormattedMessage {...s.label} />
              </a>
            ))}
          </Nav>
          {screen && <screen.Page member={current} />}
        </>
      )}
    </Page>
  );
}
