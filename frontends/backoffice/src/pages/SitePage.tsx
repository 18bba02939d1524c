import { isApiError, useQuery } from '@casino/platform';
import { Button, Card, Field, SectionTitle, Stack, Table, type Column } from '@casino/ui';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { backoffice, type Mirror, type PaymentMethod } from '../api';
import { m } from '../messages';
import { Failed, Notice, type ScreenProps } from './common';

const Area = styled.textarea`
  width: 100%;
  min-height: 160px;
  font-family: ui-monospace, monospace;
  font-size: 13px;
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-sizing: border-box;
`;

const Pre = styled.pre`
  max-height: 280px;
  overflow: auto;
  font-size: 12px;
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const ErrorText = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.danger};
  white-space: pre-wrap;
`;

function errorText(err: unknown) {
  if (!isApiError(err)) return String(err);
  return (err.fields ? Object.values(err.fields).join(' ') : '') || err.message;
}

/** A JSON document edited as text, saved with a required reason. */
function JsonForm({ label, initial, extra, onSave, onCancel }: {
  label: string;
  initial: unknown;
  extra?: React.ReactNode;
  onSave: (value: unknown, reason: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState(JSON.stringify(initial, null, 2));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      setError(intl.formatMessage(m.fieldAmountsInvalid));
      return;
    }
    if (!reason.trim()) {
      setError(intl.formatMessage(m.reasonRequired));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await onSave(value, reason.trim());
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card as="form" onSubmit={submit} aria-label={label}>
      {extra}
      <label htmlFor={id}>{label}</label>
      <Area id={id} value={text} spellCheck={false} onChange={(e) => setText(e.target.value)} />
      <Field label={intl.formatMessage(m.reason)} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <Stack $row $gap={2} style={{ marginTop: 12 }}>
        <Button type="submit" loading={busy}>
          <FormattedMessage {...m.save} />
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            <FormattedMessage {...m.cancel} />
          </Button>
        )}
      </Stack>
    </Card>
  );
}

const list = (v: string[] | null | undefined) => (v && v.length ? v.join(' ') : '—');

/** Payment methods and their filters, the site settings and the mirror addresses (admin). */
export function SitePage({ member }: ScreenProps) {
  const intl = useIntl();
  const canWrite = member.permissions.includes('settings.write');
  const methods = useQuery('bo-methods', (signal) => backoffice.paymentMethods(signal));
  const settings = useQuery('bo-settings', (signal) => backoffice.settings(signal));
  const mirrors = useQuery('bo-mirrors', (signal) => backoffice.mirrors(signal));
  const [notice, setNotice] = useState('');
  const [editing, setEditing] = useState<PaymentMethod | null>(null);
  const [mirror, setMirror] = useState<Mirror | null>(null);
  const [mirrorUrl, setMirrorUrl] = useState('');

  const methodColumns: Column<PaymentMethod>[] = [
    { key: 'name', header: intl.formatMessage(m.colName), render: (p) => <code>{p.name}</code> },
    { key: 'kind', header: intl.formatMessage(m.fieldType), render: (p) => `${p.paymentMethod} · ${p.processor}` },
    { key: 'state', header: intl.formatMessage(m.colStatus), render: (p) => intl.formatMessage(p.isActive && !p.hidden ? m.active : m.inactive) },
    { key: 'countries', header: intl.formatMessage(m.colCountry), render: (p) => `+ ${list(p.allowedCountries)} / − ${list(p.restrictedCountries)}` },
    { key: 'currencies', header: intl.formatMessage(m.colCurrencies), render: (p) => `+ ${list(p.allowedCurrencies)} / − ${list(p.restrictedCurrencies)}` },
  ];
  if (canWrite)
    methodColumns.push({
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      render: (p) => (
        <Button size="sm" variant="secondary" aria-label={`${intl.formatMessage(m.edit)} ${p.name}`} onClick={() => setEditing(p)}>
          <FormattedMessage {...m.edit} />
        </Button>
      ),
    });
  const mirrorColumns: Column<Mirror>[] = [
    { key: 'url', header: intl.formatMessage(m.colAddress), render: (x) => x.url },
    { key: 'settings', header: intl.formatMessage(m.colSettings), render: (x) => <code>{JSON.stringify(x.settings)}</code> },
  ];
  if (canWrite)
    mirrorColumns.push({
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      render: (x) => (
        <Button size="sm" variant="secondary" aria-label={`${intl.formatMessage(m.edit)} ${x.url}`} onClick={() => { setMirror(x); setMirrorUrl(x.url); }}>
          <FormattedMessage {...m.edit} />
        </Button>
      ),
    });
  if (methods.error || settings.error || mirrors.error) return <Failed onRetry={() => { methods.refetch(); settings.refetch(); mirrors.refetch(); }} />;
  return (
    <section aria-label={intl.formatMessage(m.navSite)}>
      {notice && <Notice role="status">{notice}</Notice>}
      <SectionTitle>
        <FormattedMessage {...m.paymentMethods} />
      </SectionTitle>
      {editing && (
        <JsonForm
          key={editing.name}
          label={`${intl.formatMessage(m.edit)} ${editing.name} (JSON)`}
          initial={editing}
          onCancel={() => setEditing(null)}
          onSave={async (value, reason) => {
            const out = await backoffice.putPaymentMethod(value as PaymentMethod, reason);
            setEditing(null);
            setNotice(intl.formatMessage(m.saved, { what: out.name }));
            methods.refetch();
          }}
        />
      )}
      <Table columns={methodColumns} rows={methods.data} rowKey={(p) => p.name} loading={methods.loading && !methods.data} empty={<FormattedMessage {...m.none} />} />
      <SectionTitle>
        <FormattedMessage {...m.siteSettings} />
      </SectionTitle>
      {settings.data && <Pre data-testid="site-settings">{JSON.stringify(settings.data, null, 2)}</Pre>}
      {canWrite && (
        <JsonForm
          label={intl.formatMessage(m.settingsPatch)}
          initial={{}}
          onSave={async (value, reason) => {
            await backoffice.patchSettings(value, reason);
            setNotice(intl.formatMessage(m.saved, { what: intl.formatMessage(m.siteSettings) }));
            settings.refetch();
          }}
        />
      )}
      <Stack $row $wrap $gap={2} $align="center" $justify="space-between">
        <SectionTitle>
          <FormattedMessage {...m.mirrors} />
        </SectionTitle>
        {canWrite && !mirror && (
          <Button size="sm" onClick={() => { setMirror({ url: '', domainId: 0, settings: { loginOff: false, registrationConfigs: [] } }); setMirrorUrl('https://'); }}>
            <FormattedMessage {...m.newMirror} />
          </Button>
        )}
      </Stack>
      {mirror && (
        <JsonForm
          key={mirror.url || 'new'}
          label={intl.formatMessage(m.mirrorSettings)}
          initial={mirror.settings}
          extra={<Field label={intl.formatMessage(m.colAddress)} value={mirrorUrl} readOnly={!!mirror.url} onChange={(e) => setMirrorUrl(e.target.value)} />}
          onCancel={() => setMirror(null)}
          onSave={async (value, reason) => {
            await backoffice.putMirror(mirrorUrl.trim(), value as Mirror['settings'], reason);
            setMirror(null);
            setNotice(intl.formatMessage(m.saved, { what: mirrorUrl.trim() }));
            mirrors.refetch();
          }}
        />
      )}
      <Table columns={mirrorColumns} rows={mirrors.data} rowKey={(x) => x.url} loading={mirrors.loading && !mirrors.data} empty={<FormattedMessage {...m.none} />} />
    </section>
  );
}
