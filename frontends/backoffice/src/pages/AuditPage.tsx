import { useQuery } from '@casino/platform';
import { Button, Field, Grid, Table, type Column } from '@casino/ui';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { backoffice, type AuditEntry } from '../api';
import { m } from '../messages';
import { Failed, shortTime } from './common';

type Filter = { actor: string; action: string; target: string; from: string; to: string };
const EMPTY: Filter = { actor: '', action: '', target: '', from: '', to: '' };

/** One side of a change, compact: {"status":"pending"} → status: pending. */
export function describe(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v !== 'object') return String(v);
  return Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${k}: ${Array.isArray(x) ? x.join(', ') : typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x)}`)
    .join('; ');
}

/** The audit log, newest first, filtered; read only (the server refuses any change). */
export function AuditPage() {
  const intl = useIntl();
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [before, setBefore] = useState<number | undefined>(undefined);
  const key = JSON.stringify({ filter, before });
  const list = useQuery(`audit:${key}`, (signal) => backoffice.audit({ ...filter, before: before ? String(before) : undefined }, signal));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBefore(undefined);
    setFilter({ ...draft });
  };
  const field = (k: keyof Filter, label: typeof m.filterActor, type = 'text') => (
    <Field label={intl.formatMessage(label)} type={type} value={draft[k]} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} />
  );
  const columns: Column<AuditEntry>[] = [
    { key: 'time', header: intl.formatMessage(m.colTime), render: (e) => shortTime(e.createdAt) },
    { key: 'actor', header: intl.formatMessage(m.colActor), render: (e) => e.actor },
    { key: 'action', header: intl.formatMessage(m.colAction), render: (e) => e.action },
    { key: 'target', header: intl.formatMessage(m.colTarget), render: (e) => e.target },
    {
      key: 'change',
      header: intl.formatMessage(m.colChange),
      render: (e) => (
        <span style={{ whiteSpace: 'normal' }}>
          {describe(e.before)} → {describe(e.after)}
        </span>
      ),
    },
    { key: 'reason', header: intl.formatMessage(m.colReason), render: (e) => <span style={{ whiteSpace: 'normal' }}>{e.reason}</span> },
  ];
  const rows = list.data;
  return (
    <section aria-label={intl.formatMessage(m.navAudit)}>
      <form onSubmit={submit}>
        <Grid $min={180} $gap={2}>
          {field('actor', m.filterActor)}
          {field('action', m.filterAction)}
          {field('target', m.filterTarget)}
          {field('from', m.filterFrom, 'date')}
          {field('to', m.filterTo, 'date')}
        </Grid>
        <Button type="submit" size="sm">
          <FormattedMessage {...m.filter} />
        </Button>
      </form>
      <div style={{ marginTop: 16 }}>
        {list.error ? (
          <Failed onRetry={list.refetch} />
        ) : (
          <Table columns={columns} rows={rows} rowKey={(e) => String(e.id)} loading={list.loading && !rows} empty={<FormattedMessage {...m.auditEmpty} />} />
        )}
      </div>
      {rows && rows.length >= 100 && (
        <Button variant="secondary" size="sm" onClick={() => setBefore(rows[rows.length - 1].id)} style={{ marginTop: 8 }}>
          <FormattedMessage {...m.older} />
        </Button>
      )}
    </section>
  );
}
