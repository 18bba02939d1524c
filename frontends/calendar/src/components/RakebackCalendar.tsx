import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { DEFAULT_CURRENCY, formatMoney, isApiError, useSession } from '@casino/platform';
import { Button, EmptyState, ErrorState, LinkButton, Muted, Skeleton, Stack, Icon } from '@casino/ui';
import { claimRakeback, DEPOSIT_REQUIRED, useRakebackDays } from '../api';
import { addDays, calendarGrid, isoDate, rakebackDayView, sampleRakebackDays, type RakebackDay, type RakebackDayView } from '../calendar';
import { m } from '../messages';
import { ClaimResult, type ClaimOutcome } from './ClaimResult';
import { DayCell, WeekGrid } from './WeekGrid';

function normalise(data: RakebackDay[] | { days: RakebackDay[] } | undefined): RakebackDay[] {
  if (!data) return [];
  return Array.isArray(data) ? data : (data.days ?? []);
}

function DayContent({ day, currency, onClaim, busy }: { day: RakebackDayView | undefined; currency: string; onClaim: (d: RakebackDayView) => void; busy: boolean }) {
  const intl = useIntl();
  if (!day) return <Muted>—</Muted>;
  if (day.kind === 'claimed') return <span>{intl.formatMessage(m.claimed, { amount: formatMoney(day.amount ?? '0', currency) })}</span>;
  if (day.kind === 'claimable')
    return (
      <>
        <strong>{formatMoney(day.amount ?? '0', currency)}</strong>
        {day.showButton ? (
          <Button size="sm" loading={busy} onClick={() => onClaim(day)}>
            {intl.formatMessage(m.claim)}
          </Button>
        ) : (
          <Muted>{intl.formatMessage(m.claimAvailable)}</Muted>
        )}
      </>
    );
  return <Muted>{intl.formatMessage(m.playToWin)}</Muted>;
}

/** 4-week rakeback grid (weeks start Monday) including yesterday; visitors see sample data. */
export function RakebackCalendar({ currency = DEFAULT_CURRENCY }: { currency?: string }) {
  const intl = useIntl();
  const { authenticated } = useSession();
  const query = useRakebackDays(authenticated);
  const [busyDate, setBusyDate] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ClaimOutcome | null>(null);
  const now = new Date();
  const todayIso = isoDate(now);
  const yesterdayIso = isoDate(addDays(now, -1));
  const grid = useMemo(() => calendarGrid(now, addDays(now, -7)), [todayIso]); // eslint-disable-line react-hooks/exhaustive-deps
  const days = authenticated ? normalise(query.data) : sampleRakebackDays(now);
  const byDate = new Map(days.map((d) => [d.canClaimDate.slice(0, 10), rakebackDayView(d, todayIso, yesterdayIso, authenticated)]));

  const claim = async (day: RakebackDayView) => {
    setBusyDate(day.canClaimDate);
    try {
      const res = await claimRakeback(day, todayIso);
      setOutcome({ ok: true, amount: formatMoney(res.amount, currency) });
      query.refetch();
    } catch (e) {
      setOutcome({ ok: false, message: isApiError(e) ? e.message : intl.formatMessage(m.claimErrorText) });
    } finally {
      setBusyDate(null);
    }
  };

  if (authenticated && isApiError(query.error) && query.error.code === DEPOSIT_REQUIRED) {
    return (
      <EmptyState
        icon={<Icon name="calendar" />}
        title={intl.formatMessage(m.depositRequiredTitle)}
        description={intl.formatMessage(m.depositRequiredText)}
        action={<LinkButton href="/deposit">{intl.formatMessage(m.depositRequiredAction)}</LinkButton>}
      />
    );
  }
  if (authenticated && query.error) return <ErrorState message={query.error.message} onRetry={query.refetch} />;
  if (authenticated && query.loading && !query.data) return <Skeleton $height="420px" />;
  return (
    <Stack $gap={3}>
      {!authenticated && <Muted>{intl.formatMessage(m.sampleNotice)}</Muted>}
      {authenticated && days.length === 0 && <EmptyState icon={<Icon name="calendar" />} title={intl.formatMessage(m.emptyDays)} />}
      <WeekGrid label={intl.formatMessage(m.rakebackCalendar)}>
        {grid.flat().map((cell) => (
          <DayCell key={cell.date} $state={cell.state} role="gridcell" aria-current={cell.state === 'today' ? 'date' : undefined}>
            <span>{cell.state === 'today' ? intl.formatMessage(m.today) : intl.formatDate(cell.date, { day: 'numeric', month: 'short' })}</span>
            <DayContent day={byDate.get(cell.date)} currency={currency} onClaim={claim} busy={busyDate === cell.date} />
          </DayCell>
        ))}
      </WeekGrid>
      {outcome && <ClaimResult outcome={outcome} onClose={() => setOutcome(null)} />}
    </Stack>
  );
}
