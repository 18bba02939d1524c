import { matchRoutes, useModal, usePathname, useRealtime } from '@casino/platform';
import type { ReactElement } from 'react';
import { BalancePage } from './pages/BalancePage';
import { DepositPage } from './pages/DepositPage';
import { TransactionsPage } from './pages/TransactionsPage';
import { WithdrawPage } from './pages/WithdrawPage';

const ROUTES: readonly { path: string; render: () => ReactElement }[] = [
  { path: '/deposit', render: () => <DepositPage /> },
  { path: '/withdraw', render: () => <WithdrawPage /> },
  { path: '/profile/transactions', render: () => <TransactionsPage /> },
  { path: '/profile2/balance', render: () => <BalancePage /> },
];

/** A failed deposit reported in realtime opens the failed-deposit modal with its method. */
function useFailedDepositModal(): void {
  const { open } = useModal();
  useRealtime('failedDeposit', ({ method }) => open('deposit-failed', method || null));
}

export function CashierApp() {
  const pathname = usePathname();
  useFailedDepositModal();
  const match = matchRoutes(ROUTES, pathname);
  return match ? match.route.render() : null;
}
