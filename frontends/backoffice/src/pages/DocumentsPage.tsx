import { useQuery } from '@casino/platform';
import { Stack, Table, type Column } from '@casino/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { backoffice, documentFileUrl, type Document } from '../api';
import { m } from '../messages';
import { Failed, FileButton, Notice, shortTime, StatusFilter, Toolbar, type ScreenProps } from './common';
import { ReasonAction } from './ReasonAction';

const STATUSES = [
  ['pending', m.statusPending],
  ['confirmed', m.statusConfirmed],
  ['rejected', m.statusRejected],
  ['all', m.statusAll],
] as [string, typeof m.statusAll][];

/** Identity documents: view the file, confirm or reject it with a reason. */
export function DocumentsPage({ member }: ScreenProps) {
  const intl = useIntl();
  const [status, setStatus] = useState('pending');
  const [notice, setNotice] = useState('');
  const list = useQuery(`documents:${status}`, (signal) => backoffice.documents(status, signal));
  const canReview = member.permissions.includes('kyc.review');

  const columns: Column<Document>[] = [
    { key: 'id', header: intl.formatMessage(m.colId), render: (d) => d.id },
    { key: 'player', header: intl.formatMessage(m.colPlayer), render: (d) => d.email },
    { key: 'type', header: intl.formatMessage(m.colType), render: (d) => d.documentType },
    {
      key: 'file',
      header: intl.formatMessage(m.colFile),
      render: (d) => (
        <FileButton path={documentFileUrl(d.id)}>
          <FormattedMessage {...m.view} /> {d.fileName}
        </FileButton>
      ),
    },
    { key: 'uploaded', header: intl.formatMessage(m.colUploaded), render: (d) => shortTime(d.uploadedAt) },
    { key: 'status', header: intl.formatMessage(m.colStatus), render: (d) => d.status + (d.reason ? ` — ${d.reason}` : '') },
  ];
  if (canReview) {
    columns.push({
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      render: (d) =>
        d.status === 'pending' ? (
          <Stack $row $wrap $gap={1}>
            <ReasonAction
              label={<FormattedMessage {...m.approve} />}
              ariaLabel={`${intl.formatMessage(m.approve)} ${d.documentType} ${d.id}`}
              variant="primary"
              reasonRequired={false}
              onConfirm={async (reason) => {
                await backoffice.review(d.id, true, reason);
                setNotice(intl.formatMessage(m.documentApproved, { id: d.id }));
                list.refetch();
              }}
            />
            <ReasonAction
              label={<FormattedMessage {...m.reject} />}
              ariaLabel={`${intl.formatMessage(m.reject)} ${d.documentType} ${d.id}`}
              variant="danger"
              reasonRequired
              onConfirm={async (reason) => {
                await backoffice.review(d.id, false, reason);
                setNotice(intl.formatMessage(m.documentRejected, { id: d.id }));
                list.refetch();
              }}
            />
          </Stack>
        ) : null,
    });
  }
  return (
    <section aria-label={intl.formatMessage(m.navDocuments)}>
      <Toolbar>
        <StatusFilter value={status} options={STATUSES} onChange={setStatus} />
      </Toolbar>
      {notice && <Notice role="status">{notice}</Notice>}
      {list.error ? (
        <Failed onRetry={list.refetch} />
      ) : (
        <Table
          columns={columns}
          rows={list.data?.rows}
          rowKey={(d) => String(d.id)}
          loading={list.loading && !list.data}
          empty={<FormattedMessage {...m.documentsEmpty} />}
        />
      )}
    </section>
  );
}
