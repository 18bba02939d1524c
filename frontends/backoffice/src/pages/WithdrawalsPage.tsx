import { useQuery } from '@casino/platform';
import { Stack, Table, type Column } from '@casino/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { backoffice, withdrawalsCsvUrl, type Withdrawal } from '../api';
import { m } from '../messages';
import { Failed, FileButton, Notice, shortTime, StatusFilter, Toolbar, type ScreenProps } from './common';
import { ReasonAction } from './ReasonAction';

const STATUSES = [
  ['pending', m.statusPending],
  ['completed', m.statusCompleted],
  ['rejected', m.statusRejected],
  ['all', m.statusAll],
] as [string, typeof m.statusAll][];

/** The withdrawals queue: approve (four-eyes above the operator's amount), reject with a reason, CSV. */
export function WithdrawalsPage({ member }: ScreenProps) {
  const intl = useIntl();
  const [status, setStatus] = useState('pending');
  const [notice, setNotice] = useState('');
  const list = useQuery(`withdrawals:${status}`, (signal) => backoffice.withdrawals(status, signal));
  const canDecide = member.permissions.includes('withdrawals.decide');

  const columns: Column<Withdrawal>[] = [
    { key: 'id', header: intl.formatMessage(m.colId), render: (w) => w.withdrawalId },
    { key: 'created', header: intl.formatMessage(m.colCreated), render: (w) => shortTime(w.createdAt) },
    { key: 'player', header: intl.formatMessage(m.colPlayer), render: (w) => w.email },
    { key: 'amount', header: intl.formatMessage(m.colAmount), align: 'right', render: (w) => `${w.amount} ${w.currencyCode}` },
    { key: 'method', header: intl.formatMessage(m.colMethod), render: (w) => w.method },
    { key: 'status', header: intl.formatMessage(m.colStatus), render: (w) => w.status + (w.reason ? ` — ${w.reason}` : '') },
    {
      key: 'approvals',
      header: intl.formatMessage(m.colApprovals),
      render: (w) =>
        w.status !== 'pending'
          ? (w.decidedBy ?? '')
          : w.fourEyes
            ? intl.formatMessage(m.fourEyes, { count: w.approvedBy.length, names: w.approvedBy.join(', ') || '—' })
            : intl.formatMessage(m.single),
    },
  ];
  if (canDecide) {
    columns.push({
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      render: (w) =>
        w.status === 'pending' ? (
          <Stack $row $wrap $gap={1}>
            <ReasonAction
              label={<FormattedMessage {...m.approve} />}
              ariaLabel={`${intl.formatMessage(m.approve)} ${w.withdrawalId}`}
              variant="primary"
              reasonRequired={false}
              onConfirm={async (reason) => {
                const d = await backoffice.approve(w.withdrawalId, reason);
                setNotice(
                  d.awaitingSecondApproval
                    ? intl.formatMessage(m.awaitingSecond, { id: w.withdrawalId })
                    : intl.formatMessage(m.approved, { id: w.withdrawalId, status: d.withdrawal.status }),
                );
                list.refetch();
              }}
            />
            <ReasonAction
              label={<FormattedMessage {...m.reject} />}
              ariaLabel={`${intl.formatMessage(m.reject)} ${w.withdrawalId}`}
              variant="danger"
              reasonRequired
              onConfirm={async (reason) => {
                await backoffice.reject(w.withdrawalId, reason);
                setNotice(intl.formatMessage(m.rejected, { id: w.withdrawalId }));
                list.refetch();
              }}
            />
          </Stack>
        ) : null,
    });
  }
  return (
    <section aria-label={intl.formatMessage(m.navWithdrawals)}>
      <Toolbar>
        <StatusFilter value={status} options={STATUSES} onChange={setStatus} />
        <FileButton path={withdrawalsCsvUrl(status)} download="withdrawals.csv">
          <FormattedMessage {...m.exportCsv} />
        </FileButton>
      </Toolbar>
      {notice && <Notice role="status">{notice}</Notice>}
      {list.error ? (
        <Failed onRetry={list.refetch} />
      ) : (
        <Table
          columns={columns}
          rows={list.data?.rows}
          rowKey={(w) => w.withdrawalId}
          loading={list.loading && !list.data}
          empty={<FormattedMessage {...m.withdrawalsEmpty} />}
        />
      )}
    </section>
  );
}
