import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { DEFAULT_CURRENCY, formatMoney, useModal, useSession } from '@casino/platform';
import { EmptyState, ErrorState, LoginRequired, Page, PageTitle, TabPanel, Table, Tabs, type Column } from '@casino/ui';
import { useTransactions, type Transaction, type TransactionTab } from '../api';
import { m } from '../messages';

const STATUS: Record<string, (typeof m)[keyof typeof m]> = {
  processed: m.statusProcessed,
  pending: m.statusPending,
  rejected: m.statusRejected,
  confirmed: m.statusConfirmed,
  cancelled: m.statusCancelled,
  completed: m.statusCompleted,
  failed: m.statusFailed,
  processing: m.statusProcessing,
};

const money = (v: string | undefined, t: Transaction) => (v == null ? '' : formatMoney(v, t.currencyCode || DEFAULT_CURRENCY));

function statusText(intl: IntlShape, status?: string): string {
  const d = status ? STATUS[status.toLowerCase()] : undefined;
  return d ? intl.formatMessage(d) : (status ?? '');
}

/** Columns of SPEC section 3: payment history and casino (games) history. */
export function transactionColumns(intl: IntlShape, tab: TransactionTab): Column<Transaction>[] {
  const date = (t: Transaction) => intl.formatDate(t.createdAt, { dateStyle: 'medium', timeStyle: 'short' });
  if (tab === 'games') {
    return [
      { key: 'id', header: intl.formatMessage(m.colTransactionId), render: (t) => t.transactionId },
      { key: 'type', header: intl.formatMessage(m.colTransactionType), render: (t) => t.transactionType ?? '' },
      { key: 'game', header: intl.formatMessage(m.colGameName), render: (t) => t.gameName ?? '' },
      { key: 'provider', header: intl.formatMessage(m.colProvider), render: (t) => t.provider ?? '' },
      { key: 'before', header: intl.formatMessage(m.colBalanceBefore), render: (t) => money(t.balanceBefore, t), align: 'right' },
      { key: 'amount', header: intl.formatMessage(m.colAmount), render: (t) => money(t.amount, t), align: 'right' },
      { key: 'after', header: intl.formatMessage(m.colBalanceAfter), render: (t) => money(t.balanceAfter, t), align: 'right' },
      { key: 'bonusBalance', header: intl.formatMessage(m.colBonusBalance), render: (t) => money(t.bonusBalance, t), align: 'right' },
      { key: 'date', header: intl.formatMessage(m.colDate), render: date },
    ];
  }
  return [
    { key: 'date', header: intl.formatMessage(m.colDate), render: date },
    { key: 'id', header: intl.formatMessage(m.colTransactionId), render: (t) => t.transactionId },
    { key: 'method', header: intl.formatMessage(m.colMethod), render: (t) => t.method ?? '' },
    { key: 'type', header: intl.formatMessage(m.colTransactionType), render: (t) => t.transactionType ?? '' },
    { key: 'amount', header: intl.formatMessage(m.colAmount), render: (t) => money(t.amount, t), align: 'right' },
    { key: 'status', header: intl.formatMessage(m.colStatus), render: (t) => statusText(intl, t.status) },
    { key: 'bonus', header: intl.formatMessage(m.colBonus), render: (t) => intl.formatMessage(t.isBonus ? m.yes : m.no), align: 'center' },
  ];
}

function TransactionTable({ tab }: { tab: TransactionTab }) {
  const intl = useIntl();
  const { data, loading, error, refetch } = useTransactions(tab, 1);
  if (error) return <ErrorState message={error.message} onRetry={refetch} />;
  return (
    <Table
      columns={transactionColumns(intl, tab)}
      rows={data?.rows}
      rowKey={(t) => t.transactionId}
      loading={loading}
      empty={<EmptyState icon="🧾" title={<FormattedMessage {...m.noTransactions} />} />}
    />
  );
}

export function TransactionsPage() {
  const intl = useIntl();
  const { authenticated } = useSession();
  const { open } = useModal();
  const [tab, setTab] = useState<TransactionTab>('games');
  return (
    <Page>
      <PageTitle>{intl.formatMessage(m.transactionsTitle)}</PageTitle>
      {authenticated ? (
        <>
          <Tabs
            idBase="transactions"
            label={intl.formatMessage(m.tabsLabel)}
            active={tab}
            onChange={setTab}
            items={[
              { key: 'games', label: intl.formatMessage(m.tabGames) },
              { key: 'withdrawal', label: intl.formatMessage(m.tabWithdrawal) },
              { key: 'deposit', label: intl.formatMessage(m.tabDeposit) },
            ]}
          />
          <TabPanel idBase="transactions" active={tab}>
            <TransactionTable key={tab} tab={tab} />
          </TabPanel>
        </>
      ) : (
        <LoginRequired onLogin={() => open('login')} />
      )}
    </Page>
  );
}
