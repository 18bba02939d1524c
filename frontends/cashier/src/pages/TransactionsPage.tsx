import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import { DEFAULT_CURRENCY } from '@casino/platform';
import { EmptyState, ErrorState, Page, PageTitle, TabPanel, Table, Tabs, type Column } from '@casino/ui';
import { Pager } from '../components/Pager';
import { ProfilePage } from '../components/ProfilePage';
import { StackedTable } from '../components/StackedTable';
import { PAGE_SIZE, useTransactions, type Transaction, type TransactionTab } from '../api';
import { m } from '../account/messages';
import { showMoney } from '../money';

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

// Game round ids run to ~45 characters: they wrap, so the nine Games columns
// fit beside the profile menu instead of scrolling sideways.
const Id = styled.span`
  white-space: normal;
  overflow-wrap: anywhere;
`;

const CRYPTO_SCALE = 8;
const CRYPTO = new Set(['BTC', 'ETH', 'USDT', 'LTC', 'TRX']);
// Amounts come as decimal strings in the row's currency; crypto rows keep their 8 decimals.
const money = (v: string | undefined, t: Transaction) => {
  if (v == null || v === '') return '';
  const currency = t.currencyCode || DEFAULT_CURRENCY;
  return showMoney(v, currency, CRYPTO.has(currency) ? CRYPTO_SCALE : 2);
};

const TYPES: Record<string, (typeof m)[keyof typeof m]> = {
  deposit: m.typeDeposit,
  withdrawal: m.typeWithdrawal,
  bet: m.typeBet,
  win: m.typeWin,
  rollback: m.typeRollback,
};

function typeText(intl: IntlShape, type?: string): string {
  const d = type ? TYPES[type.toLowerCase()] : undefined;
  return d ? intl.formatMessage(d) : (type ?? '');
}

function statusText(intl: IntlShape, status?: string): string {
  const d = status ? STATUS[status.toLowerCase()] : undefined;
  return d ? intl.formatMessage(d) : (status ?? '');
}

/** Columns of SPEC section 3: payment history and casino (games) history. */
export function transactionColumns(intl: IntlShape, tab: TransactionTab): Column<Transaction>[] {
  const date = (t: Transaction) => intl.formatDate(t.createdAt, { dateStyle: 'medium', timeStyle: 'short' });
  if (tab === 'games') {
    return [
      { key: 'id', header: intl.formatMessage(m.colTransactionId), render: (t) => <Id>{t.transactionId}</Id> },
      { key: 'type', header: intl.formatMessage(m.colTransactionType), render: (t) => typeText(intl, t.transactionType) },
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
    { key: 'id', header: intl.formatMessage(m.colTransactionId), render: (t) => <Id>{t.transactionId}</Id> },
    { key: 'method', header: intl.formatMessage(m.colMethod), render: (t) => t.method ?? '' },
    { key: 'type', header: intl.formatMessage(m.colTransactionType), render: (t) => typeText(intl, t.transactionType) },
    { key: 'amount', header: intl.formatMessage(m.colAmount), render: (t) => money(t.amount, t), align: 'right' },
    { key: 'status', header: intl.formatMessage(m.colStatus), render: (t) => statusText(intl, t.status) },
    { key: 'bonus', header: intl.formatMessage(m.colBonus), render: (t) => intl.formatMessage(t.isBonus ? m.yes : m.no), align: 'center' },
  ];
}

function TransactionTable({ tab }: { tab: TransactionTab }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const { data, loading, error, refetch } = useTransactions(tab, page);
  if (error) return <ErrorState message={error.message} onRetry={refetch} />;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / PAGE_SIZE));
  return (
    <StackedTable data-testid={`transactions-${tab}`}>
      <Table
        columns={transactionColumns(intl, tab)}
        rows={data?.rows}
        rowKey={(t) => t.transactionId}
        loading={loading && !data}
        empty={<EmptyState icon={null} title={<FormattedMessage {...(tab === 'games' ? m.gamesEmpty : m.noTransactions)} />} />}
      />
      {pages > 1 && <Pager page={page} pages={pages} onChange={setPage} />}
    </StackedTable>
  );
}

/** The Games / Withdrawal / Deposit tabs and their tables (SPEC sections 3 and 4). */
export function TransactionHistory() {
  const intl = useIntl();
  const [tab, setTab] = useState<TransactionTab>('games');
  return (
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
  );
}

// Visitors never get here: CashierApp shows them the log-in prompt without downloading this chunk.
export function TransactionsPage() {
  const intl = useIntl();
  return (
    <Page data-testid="cashier-app">
      <PageTitle>{intl.formatMessage(m.transactionsTitle)}</PageTitle>
      <TransactionHistory />
    </Page>
  );
}

/** /profile2/my-history: the same history inside the profile pages' layout. */
export function MyHistoryPage() {
  return (
    <ProfilePage title={m.myHistoryTitle}>
      <TransactionHistory />
    </ProfilePage>
  );
}
