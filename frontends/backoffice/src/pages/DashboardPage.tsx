import { useQuery } from '@casino/platform';
import { Card, Grid, Muted, SectionTitle } from '@casino/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { backoffice, type Figures } from '../api';
import { m } from '../messages';
import { Failed } from './common';

const Value = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: 700;
`;

function Stat({ label, value, note, testid }: { label: string; value: string; note?: string; testid?: string }) {
  return (
    <Card data-testid={testid}>
      <Muted style={{ margin: 0 }}>{label}</Muted>
      <Value>{value}</Value>
      {note && <Muted style={{ margin: 0 }}>{note}</Muted>}
    </Card>
  );
}

/** The day at a glance (UTC), from the ledger; refreshed every 30 s. */
export function DashboardPage() {
  const intl = useIntl();
  const q = useQuery('dashboard', (signal) => backoffice.dashboard(signal), { refreshMs: 30_000 });
  if (q.error) return <Failed onRetry={q.refetch} />;
  const d = q.data;
  const money = (f: Figures, v: string) => `${v} ${f.currency}`;
  const count = (n: number) => intl.formatMessage(m.dashboardCount, { count: n });
  return (
    <section aria-label={intl.formatMessage(m.navDashboard)} aria-busy={!d || undefined}>
      {d && (
        <>
          <Muted>
            <FormattedMessage {...m.dashboardDay} values={{ day: d.day }} />
          </Muted>
          <Grid $min={200} $gap={3}>
            <Stat label={intl.formatMessage(m.dashboardActive)} value={String(d.activePlayers)} testid="dashboard-active" />
            <Stat label={intl.formatMessage(m.dashboardDocuments)} value={String(d.pendingDocuments)} testid="dashboard-documents" />
          </Grid>
          {d.currencies.length === 0 && (
            <Muted>
              <FormattedMessage {...m.dashboardNoMoney} />
            </Muted>
          )}
          {d.currencies.map((f) => (
            <div key={f.currency} data-currency={f.currency} style={{ marginTop: 24 }}>
              <SectionTitle>{f.currency}</SectionTitle>
              <Grid $min={200} $gap={3}>
                <Stat label={intl.formatMessage(m.dashboardDeposits)} value={money(f, f.deposits)} note={count(f.depositCount)} />
                <Stat label={intl.formatMessage(m.dashboardWithdrawals)} value={money(f, f.withdrawals)} note={count(f.withdrawalCount)} />
                <Stat label={intl.formatMessage(m.dashboardGgr)} value={money(f, f.ggr)} />
                <Stat label={intl.formatMessage(m.dashboardNgr)} value={money(f, f.ngr)} />
                <Stat label={intl.formatMessage(m.dashboardPending)} value={money(f, f.pendingWithdrawals)} note={count(f.pendingCount)} />
              </Grid>
            </div>
          ))}
        </>
      )}
    </section>
  );
}
