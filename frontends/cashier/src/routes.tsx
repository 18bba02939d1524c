import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, usePathname } from '@casino/platform';
import { Page, Skeleton, Stack } from '@casino/ui';
import { useFailedDepositModal } from './hooks/useFailedDepositModal';

// Each page is its own chunk: /deposit does not download the withdrawal or history code.
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyExoticComponent<ComponentType> =>
  lazy(() => load().then((mod) => ({ default: mod[name] })));

const ROUTES: readonly { path: string; Component: LazyExoticComponent<ComponentType> }[] = [
  { path: '/deposit', Component: named(() => import(/* webpackChunkName: "deposit" */ './pages/DepositPage'), 'DepositPage') },
  { path: '/withdraw', Component: named(() => import(/* webpackChunkName: "withdraw" */ './pages/WithdrawPage'), 'WithdrawPage') },
  { path: '/profile/transactions', Component: named(() => import(/* webpackChunkName: "history" */ './pages/TransactionsPage'), 'TransactionsPage') },
  { path: '/profile2/balance', Component: named(() => import(/* webpackChunkName: "balance" */ './pages/BalancePage'), 'BalancePage') },
];

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
  useFailedDepositModal();
  const match = matchRoutes(ROUTES, pathname);
  if (!match) return null;
  const { Component } = match.route;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Component />
    </Suspense>
  );
}
