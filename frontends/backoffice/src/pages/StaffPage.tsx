import { isApiError, useQuery } from '@casino/platform';
import { Button, Card, Field, Grid, Select, SectionTitle, Stack, Table, type Column } from '@casino/ui';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { backoffice, type Member, type NewStaff } from '../api';
import { m } from '../messages';
import { Failed, Notice, type ScreenProps } from './common';
import { Secret } from './ProvidersPage';
import { ReasonAction } from './ReasonAction';

const ROLES = ['admin', 'support', 'finance', 'compliance'];

const ErrorText = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.danger};
  white-space: normal;
`;

const QR = styled.img`
  width: 200px;
  height: 200px;
  background: #fff;
  padding: 8px;
  border-radius: 8px;
`;

/** Staff accounts (as `casino staff create|list|disable`): a new member's password and second factor are shown once. */
export function StaffPage({ member }: ScreenProps) {
  const intl = useIntl();
  const canWrite = member.permissions.includes('staff.write');
  const list = useQuery('bo-staff', (signal) => backoffice.staff(signal));
  const [notice, setNotice] = useState('');
  const [created, setCreated] = useState<NewStaff | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('support');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    setNotice('');
    try {
      setCreated(await backoffice.createStaff(email.trim(), role));
      setEmail('');
      list.refetch();
    } catch (err) {
      setError(isApiError(err) ? Object.values(err.fields ?? {}).join(' ') || err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const columns: Column<Member>[] = [
    { key: 'email', header: intl.formatMessage(m.email), render: (s) => (s.id === member.id ? `${s.email} (${intl.formatMessage(m.you)})` : s.email) },
    { key: 'role', header: intl.formatMessage(m.colRole), render: (s) => s.role },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      render: (s) =>
        s.id === member.id ? null : (
          <ReasonAction
            label={<FormattedMessage {...m.disable} />}
            ariaLabel={`${intl.formatMessage(m.disable)} ${s.email}`}
            variant="danger"
            reasonRequired
            onConfirm={async (reason) => {
              await backoffice.disableStaff(s.email, reason);
              setCreated(null);
              setNotice(intl.formatMessage(m.disabled, { what: s.email }));
              list.refetch();
            }}
          />
        ),
    });
  if (list.error) return <Failed onRetry={list.refetch} />;
  return (
    <section aria-label={intl.formatMessage(m.navStaff)}>
      {notice && <Notice role="status">{notice}</Notice>}
      {created && (
        <Card data-testid="staff-created" role="status">
          <p style={{ marginTop: 0, whiteSpace: 'normal' }}>{intl.formatMessage(m.staffCreated, { email: created.email })}</p>
          <Stack $row $wrap $gap={3}>
            <QR src={created.qrCode} alt={intl.formatMessage(m.staffQr, { email: created.email })} />
            <div style={{ minWidth: 0, flex: 1 }}>
              <FormattedMessage {...m.staffPassword} />
              <Secret data-testid="staff-password">{created.password}</Secret>
              <FormattedMessage {...m.staffSecret} />
              <Secret data-testid="staff-secret">{created.secret}</Secret>
            </div>
          </Stack>
        </Card>
      )}
      <Table columns={columns} rows={list.data} rowKey={(s) => String(s.id)} loading={list.loading && !list.data} />
      {canWrite && (
        <>
          <SectionTitle>
            <FormattedMessage {...m.newStaff} />
          </SectionTitle>
          <form onSubmit={submit} aria-label={intl.formatMessage(m.newStaff)}>
            <Grid $min={220} $gap={2}>
              <Field label={intl.formatMessage(m.email)} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={error || undefined} />
              <Select label={intl.formatMessage(m.role)} value={role} options={ROLES.map((r) => ({ value: r, label: r }))} onChange={(e) => setRole(e.target.value)} />
            </Grid>
            <Button type="submit" loading={busy} disabled={!email.trim()}>
              <FormattedMessage {...m.create} />
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
