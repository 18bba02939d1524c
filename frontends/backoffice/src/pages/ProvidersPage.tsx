import { useQuery } from '@casino/platform';
import { Button, Muted, Stack, Table, type Column } from '@casino/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { backoffice, type Provider } from '../api';
import { m } from '../messages';
import { Failed, Notice, type ScreenProps } from './common';
import { ReasonAction } from './ReasonAction';

/** A secret shown once: selectable, wrapped on a phone. */
export const Secret = styled.code`
  display: block;
  margin-top: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  word-break: break-all;
  user-select: all;
`;

function Games({ name }: { name: string }) {
  const intl = useIntl();
  const q = useQuery(`bo-provider-games:${name}`, (signal) => backoffice.providerGames(name, signal));
  if (q.error) return <Failed onRetry={q.refetch} />;
  return (
    <Table
      columns={[
        { key: 'name', header: intl.formatMessage(m.colGame), render: (g) => `${g.name} (${g.slug})` },
        { key: 'kind', header: intl.formatMessage(m.fieldType), render: (g) => g.kind },
        { key: 'rtp', header: intl.formatMessage(m.colRtp), align: 'right', render: (g) => (g.rtp ? `${g.rtp.toFixed(2)} %` : '') },
        { key: 'active', header: intl.formatMessage(m.colStatus), render: (g) => intl.formatMessage(g.active ? m.active : m.inactive) },
      ]}
      rows={q.data}
      rowKey={(g) => g.slug}
      loading={q.loading && !q.data}
      empty={<FormattedMessage {...m.none} />}
    />
  );
}

/** The wallet's game providers: secret rotation (shown once), enable/disable, their games. */
export function ProvidersPage({ member }: ScreenProps) {
  const intl = useIntl();
  const canWrite = member.permissions.includes('providers.write');
  const list = useQuery('bo-providers', (signal) => backoffice.providers(signal));
  const [notice, setNotice] = useState('');
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [open, setOpen] = useState('');
  const columns: Column<Provider>[] = [
    { key: 'name', header: intl.formatMessage(m.colCode), render: (p) => <code>{p.name}</code> },
    { key: 'title', header: intl.formatMessage(m.fieldName), render: (p) => p.title },
    { key: 'state', header: intl.formatMessage(m.colStatus), render: (p) => intl.formatMessage(p.active ? m.active : m.inactive) },
    {
      key: 'games',
      header: intl.formatMessage(m.games),
      render: (p) => (
        <Button size="sm" variant="ghost" aria-expanded={open === p.name} onClick={() => setOpen(open === p.name ? '' : p.name)}>
          {intl.formatMessage(m.gamesCount, { active: p.activeGames, total: p.games })}
        </Button>
      ),
    },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      render: (p) => (
        <Stack $row $wrap $gap={1}>
          <ReasonAction
            label={<FormattedMessage {...m.rotateSecret} />}
            ariaLabel={`${intl.formatMessage(m.rotateSecret)} ${p.name}`}
            reasonRequired
            onConfirm={async (reason) => {
              setSecret(await backoffice.rotateSecret(p.name, reason));
              setNotice('');
            }}
          />
          <ReasonAction
            label={<FormattedMessage {...(p.active ? m.disable : m.enable)} />}
            ariaLabel={`${intl.formatMessage(p.active ? m.disable : m.enable)} ${p.name}`}
            variant={p.active ? 'danger' : 'primary'}
            reasonRequired
            onConfirm={async (reason) => {
              const out = await backoffice.setProviderActive(p.name, !p.active, reason);
              setSecret(null);
              setNotice(intl.formatMessage(m.providerChanged, { name: out.name, active: String(out.active) }));
              list.refetch();
            }}
          />
        </Stack>
      ),
    });
  if (list.error) return <Failed onRetry={list.refetch} />;
  return (
    <section aria-label={intl.formatMessage(m.navProviders)}>
      <Muted>
        <FormattedMessage {...m.providersHint} />
      </Muted>
      {notice && <Notice role="status">{notice}</Notice>}
      {secret && (
        <Notice role="status" data-testid="provider-secret">
          {intl.formatMessage(m.newSecret, { name: secret.name })}
          <Secret>{secret.secret}</Secret>
        </Notice>
      )}
      <Table columns={columns} rows={list.data} rowKey={(p) => p.name} loading={list.loading && !list.data} />
      {open && (
        <div style={{ marginTop: 16 }} data-testid="provider-games">
          <Games name={open} />
        </div>
      )}
    </section>
  );
}
