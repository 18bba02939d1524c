import { useQuery } from '@casino/platform';
import { Table, type Column } from '@casino/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { backoffice } from '../api';
import { m } from '../messages';
import { Failed, Notice, type ScreenProps } from './common';
import { ReasonAction } from './ReasonAction';

type Flag = { name: string; enabled: boolean };

/** The site's feature flags: on or off with a reason (as `casino settings patch`, applied at once). */
export function FeaturesPage({ member }: ScreenProps) {
  const intl = useIntl();
  const [notice, setNotice] = useState('');
  const list = useQuery('features', (signal) => backoffice.features(signal));
  const canWrite = member.permissions.includes('settings.write');
  const columns: Column<Flag>[] = [
    { key: 'name', header: intl.formatMessage(m.colFeature), render: (f) => <code>{f.name}</code> },
    { key: 'state', header: intl.formatMessage(m.colStatus), render: (f) => intl.formatMessage(f.enabled ? m.featureOn : m.featureOff) },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      render: (f) => (
        <ReasonAction
          label={<FormattedMessage {...(f.enabled ? m.turnOff : m.turnOn)} />}
          ariaLabel={`${intl.formatMessage(f.enabled ? m.turnOff : m.turnOn)} ${f.name}`}
          variant={f.enabled ? 'danger' : 'primary'}
          reasonRequired
          onConfirm={async (reason) => {
            const out = await backoffice.setFeature(f.name, !f.enabled, reason);
            setNotice(intl.formatMessage(m.featureChanged, { name: out.name, enabled: String(out.enabled) }));
            list.refetch();
          }}
        />
      ),
    });
  }
  if (list.error) return <Failed onRetry={list.refetch} />;
  return (
    <section aria-label={intl.formatMessage(m.navFeatures)}>
      {notice && <Notice role="status">{notice}</Notice>}
      <Table columns={columns} rows={list.data} rowKey={(f) => f.name} loading={list.loading && !list.data} />
    </section>
  );
}
