import { useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { formatMoney, isApiError } from '@casino/platform';
import { Button, Card, ErrorState, Field, Grid, Muted, Select, Skeleton, Stack } from '@casino/ui';
import { useUserDetails } from '../api';
import { m } from '../messages';
import { cancelPending, setLimit, useLimits, type Limit, type LimitPeriod, type LimitType } from './api';

const PERIODS: LimitPeriod[] = ['daily', 'weekly', 'monthly'];
const TYPES: { type: LimitType; label: MessageDescriptor }[] = [
  { type: 'deposit', label: m.limitDeposit },
  { type: 'loss', label: m.limitLoss },
  { type: 'bet', label: m.limitBet },
];
const PERIOD_LABEL: Record<LimitPeriod, MessageDescriptor> = { daily: m.limitDaily, weekly: m.limitWeekly, monthly: m.limitMonthly };

function LimitCard({ type, label, limits, currency, onChanged }: { type: LimitType; label: MessageDescriptor; limits: Limit[]; currency: string; onChanged: () => void }) {
  const intl = useIntl();
  const [period, setPeriod] = useState<LimitPeriod>('daily');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const submit = async () => {
    setBusy(true);
    setNote(null);
    try {
      const res = await setLimit(type, period, amount.trim());
      setNote({ ok: true, text: res.applied ? intl.formatMessage(m.limitApplied) : intl.formatMessage(m.limitPendingSaved, { date: date(res.effectiveAt ?? '') }) });
      setAmount('');
      onChanged();
    } catch (e) {
      setNote({ ok: false, text: isApiError(e) ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-testid={`limit-${type}`}>
      <Stack $gap={2}>
        <strong>{intl.formatMessage(label)}</strong>
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {limits.map((l) => (
            <li key={l.period} data-period={l.period}>
              {intl.formatMessage(PERIOD_LABEL[l.period])}: {l.amount > 0 ? formatMoney(l.amount, currency) : intl.formatMessage(m.limitNone)}
              {l.pending && (
                <>
                  {' · '}
                  <span data-testid="limit-pending">
                    {intl.formatMessage(m.limitPendingUntil, {
                      amount: l.pending.amount > 0 ? formatMoney(l.pending.amount, currency) : intl.formatMessage(m.limitNone),
                      date: date(l.pending.effectiveAt),
                    })}
                  </span>{' '}
                  <Button size="sm" variant="secondary" onClick={() => cancelPending(type, l.period).then(onChanged)}>
                    {intl.formatMessage(m.limitCancelPending)}
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
        <Select label={intl.formatMessage(m.limitPeriod)} value={period} onChange={(e) => setPeriod(e.target.value as LimitPeriod)} options={PERIODS.map((p) => ({ value: p, label: intl.formatMessage(PERIOD_LABEL[p]) }))} />
        <Field label={intl.formatMessage(m.limitAmount, { currency })} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        <Button variant="secondary" loading={busy} onClick={submit}>
          {intl.formatMessage(amount.trim() === '' ? m.limitRemove : m.limitSave)}
        </Button>
        {note && (
          <Muted role={note.ok ? 'status' : 'alert'} style={{ color: note.ok ? undefined : 'var(--c-danger, #f87171)' }}>
            {note.text}
          </Muted>
        )}
      </Stack>
    </Card>
  );
}

/** /profile2/limits: deposit, loss and bet limits per period with their cooling-off. */
export function Limits() {
  const intl = useIntl();
  const query = useLimits();
  const details = useUserDetails();
  const currency = details.data?.getUser?.currencyCode ?? 'EUR';
  if (query.error) return <ErrorState message={query.error.message} onRetry={query.refetch} />;
  if (!query.data) return <Skeleton $height="240px" />;
  return (
    <Stack $gap={4}>
      <Muted>{intl.formatMessage(m.limitsIntro)}</Muted>
      <Muted>{intl.formatMessage(m.limitsCoolingOff, { hours: query.data.coolingOffHours })}</Muted>
      <Grid $min={260}>
        {TYPES.map(({ type, label }) => (
          <LimitCard key={type} type={type} label={label} currency={currency} limits={query.data!.limits.filter((l) => l.type === type)} onChanged={query.refetch} />
        ))}
      </Grid>
    </Stack>
  );
}
