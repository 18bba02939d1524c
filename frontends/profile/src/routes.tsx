import { lazy, Suspense, type ReactElement } from 'react';
import { matchRoutes, usePathname } from '@casino/platform';
import { FreezeAccountPage, LimitsPage, MyBonusesPage, OverviewPage, VipClubPage } from './pages/AccountPages';
import { VerificationPage } from './pages/VerificationPage';
import { StatisticsPage } from './statistics/StatisticsPage';

// The profile form checks phone numbers: its metadata loads with this page only.
const LazyMyProfilePage = lazy(() => import('./pages/MyProfilePage').then((x) => ({ default: x.MyProfilePage })));
const MyProfilePage = () => (
  <Suspense fallback={null}>
    <LazyMyProfilePage />
  </Suspense>
);

/** Profile routes (docs/architecture.md): /profile, /profile2/* but balance and my-history (cashier), /vip-club, /account*, … */
export const PROFILE_ROUTES: readonly { path: string; render: () => ReactElement }[] = [
  { path: '/profile', render: () => <OverviewPage /> },
  { path: '/account', render: () => <OverviewPage /> },
  { path: '/profile2/my-profile', render: () => <MyProfilePage /> },
  { path: '/profile/edit-profile', render: () => <MyProfilePage /> },
  { path: '/account/edit-profile', render: () => <MyProfilePage /> },
  { path: '/profile2/verification', render: () => <VerificationPage /> },
  { path: '/profile/verify', render: () => <VerificationPage /> },
  { path: '/account/verification', render: () => <VerificationPage /> },
  { path: '/profile2/my-bonuses', render: () => <MyBonusesPage /> },
  { path: '/bonuses', render: () => <MyBonusesPage /> },
  { path: '/profile2/vip-club', render: () => <VipClubPage /> },
  { path: '/vip-club', render: () => <VipClubPage /> },
  { path: '/profile2/statistics', render: () => <StatisticsPage /> },
  { path: '/profile2/freeze-account', render: () => <FreezeAccountPage /> },
  { path: '/profile2/limits', render: () => <LimitsPage /> },
  { path: '/profile2/*', render: () => <OverviewPage /> },
  { path: '/account/*', render: () => <OverviewPage /> },
];

export function ProfileApp() {
  const match = matchRoutes(PROFILE_ROUTES, usePathname());
  return match ? match.route.render() : null;
}
