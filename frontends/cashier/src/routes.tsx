import { lazy, Suspense, useLayoutEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { useIntl } from 'react-intl';
import { matchRoutes, useModal, usePathname, useSession, type AppMessage } from '@casino/platform';
import { LoginRequired, Page, PageTitle, Skeleton, Stack } from '@casino/ui';
import { releaseServerScreen } from './firstScreen';
import { useFailedDepositModal } from './hooks/useFailedDepositModal';
import { titles as m } from './titles/messages';

// Each page is its own chunk: /deposit does not download the withdrawal or history code.
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyExoticComponent<ComponentType> =>
  lazy(() => load().then((mod) => ({ default: mod[name] })));

// Visitors only see the page title and the log-in prompt: the page chunk is
// downloaded once there is a session (first-visit budget, docs/cashier.md).
// The /profile2 pages draw the profile menu and their own log-in prompt (as the
// profile app's /profile2 pages do), so visitors get the page chunk there.
const ROUTES: readonly { path: string; title: AppMessage; Component: LazyExoticComponent<ComponentType>; visitors?: boolean }[] = [
  { path: '/deposit', title: m.depositTitle, Component: named(() => import(/* webpackChunkName: "deposit" */ './pages/DepositPage'), 'DepositPage') },
  { path: '/withdraw', title: m.withdrawTitle, Component: named(() => import(/* webpackChunkName: "withdraw" */ './pages/WithdrawPage'), 'WithdrawPage') },
  { path: '/profile/transactions', title: m.transactionsTitle, Component: named(() => import(/* webpackChunkName: "history" */ './pages/TransactionsPage'), 'TransactionsPage') },
  { path: '/profile2/my-history', title: m.myHistoryTitle, Component: named(() => import(/* webpackChunkName: "history" */ './pages/TransactionsPage'), 'MyHistoryPage'), visitors: true },
  { path: '/profile2/balance', title: m.balanceTitle, Component: named(() => import(/* webpackChunkName: "balance" */ './pages/BalancePage'), 'BalancePage'), visitors: true },
];

function VisitorPage({ title }: { title: AppMessage }) {
  const intl = useIntl();
  const { open } = useModal();
  return (
    <Page data-testid="cashier-app">
      <PageTitle>{intl.formatMessage(title)}</PageTitle>
      <LoginRequired onLogin={() => open('login')} />
    </Page>
  );
}

function PageSkeleton() {
  return (
    <Page aria-busy="true">
      <Stack $gap={4}>
        <Skeleton $height="36px" $width="40%" />
        <Skeleton $height="160px" />
      </Stack>
    </Page>
  );
}

export function CashierApp() {
  const pathname = usePathname();
  const { authenticated } = useSession();
  useFailedDepositModal();
  // Whatever this first commit shows replaces the server's first screen.
  useLayoutEffect(releaseServerScreen, []);
  const match = matchRoutes(ROUTES, pathname);
  if (!match) return null;
  const { Component, title, visitors } = match.route;
  if (!authenticated && !visitors) return <VisitorPage title={title} />;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Component />
    </Suspense>
  );
}
