import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, EmptyState, ErrorState, SectionTitle, Table, useToast } from '@casino/ui';
import { cancelWithdrawal, type Page, type QueryStateOf, type Withdrawal } from '../api';
import { m } from '../account/messages';
import { showMoney } from '../money';
import { withdrawErrorText } from '../withdrawErrors';
import { StackedTable } from './StackedTable';

export interface PendingWithdrawalsProps {
  list: QueryStateOf<Page<Withdrawal>>;
  scale: number;
  /** Called after a cancel: balances and the list changed. */
  onChanged: () => void;
}

/** The player's pending withdrawals, each cancellable where the operator allows it (money back). */
export function PendingWithdrawals({ list, scale, onChanged }: PendingWithdrawalsProps) {
  const intl = useIntl();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);

  const cancel = async (w: Withdrawal) => {
    setBusy(w.withdrawalId);
    try {
      await cancelWithdrawal(w.withdrawalId);
      toast.show(intl.formatMessage(m.cancelled), 'success');
      onChanged();
    } catch (e) {
      toast.show(withdrawErrorText(intl, e), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section data-testid="pending-withdrawals">
      <SectionTitle>{intl.formatMessage(m.pendingTitle)}</SectionTitle>
      {list.error ? (
        <ErrorState message={withdrawErrorText(intl, list.error)} onRetry={list.refetch} />
      ) : (
        <StackedTable>
          <Table
            rows={list.data?.rows}
            loading={list.loading && !list.data}
            rowKey={(w) => w.withdrawalId}
            skeletonRows={2}
            empty={<EmptyState icon={null} title={<FormattedMessage {...m.pendingEmpty} />} />}
            columns={[
              { key: 'date', header: intl.formatMessage(m.colDate), render: (w) => intl.formatDate(w.createdAt, { dateStyle: 'medium', timeStyle: 'short' }) },
              { key: 'id', header: intl.formatMessage(m.colTransactionId), render: (w) => w.withdrawalId },
              { key: 'method', header: intl.formatMessage(m.colMethod), render: (w) => w.method },
              { key: 'amount', header: intl.formatMessage(m.colAmount), render: (w) => showMoney(w.amount, w.currencyCode, scale), align: 'right' },
              {
                key: 'cancel',
                header: '',
                align: 'right',
                render: (w) =>
                  w.cancellable === false ? null : (
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={busy === w.withdrawalId}
                      aria-label={intl.formatMessage(m.cancelWithdrawalLabel, { id: w.withdrawalId })}
                      onClick={() => void cancel(w)}
                    >
                      {intl.formatMessage(m.cancelWithdrawal)}
                    </Button>
                  ),
              },
            ]}
          />
        </StackedTable>
      )}
    </section>
  );
}
