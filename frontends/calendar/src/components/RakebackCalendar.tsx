import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { DEFAULT_CURRENCY, formatMoney, isApiError, useSession } from '@casino/platform';
import { Button, EmptyState, ErrorState, LinkButton, Muted, Skeleton, Stack, Icon } from '@casino/ui';
import { CALENDAR_CHANGED, CALENDAR_OPTED_OUT, claimRakeback, DEPOSIT_REQUIRED, PROFILE_CALENDAR_SETTING, useRakebackDays } from '../api';
import {
  addDays,
  CALENDAR_CAROUSEL_MS,
  calendarGrid,
  defaultView,
  isoDate,
  localDate,
  rakebackDayView,
  sampleRakebackDays,
  type CalendarView,
  type RakebackDay,
  type RakebackDayView,
} from '../calendar';
import { m } from '../messages';
import type { ClaimOutcome } from './ClaimResult';
import { DayCell, WeekGrid } from './WeekGrid';

// The claim's result modal opens after a click: not part of the first visit.
const ClaimResult = lazy(() => import('./ClaimResult').then((x) => ({ default: x.ClaimResult })));
// The carousel is the phone's view: grid visitors do not download it.
const Carousel = lazy(() => import('../carousel/Carousel').then((x) => ({ default: x.Carousel })));

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
          <Muted>{intl.formatMessage(day.future ? m.claimFromDay : m.claimAvailable)}</Muted>
        )}
      </>
    );
  return <Muted>{intl.formatMessage(m.playToWin)}</Muted>;
}

const VIEW_KEY = 'casino.calendar.view';

function storedView(): string | null {
  try {
    return localStorage.getItem(VIEW_KEY);
  } catch {
    return null;
  }
}

/**
 * The rakeback calendar: 4 weeks (weeks start Monday) including yesterday, as
 * a grid or a carousel that scrolls every 3 s (SPEC sections 2 and 9; the
 * carousel by default on phones). Visitors see sample data.
 */
export function RakebackCalendar({ currency = DEFAULT_CURRENCY }: { currency?: string }) {
  const intl = useIntl();
  const { authenticated } = useSession();
  const query = useRakebackDays(authenticated);
  const [busyDate, setBusyDate] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ClaimOutcome | null>(null);
  const [view, setView] = useState<CalendarView>(() => defaultView(typeof window === 'undefined' ? 1280 : window.innerWidth, storedView()));
  const now = new Date();
  const todayIso = isoDate(now);
  const yesterdayIso = isoDate(addDays(now, -1));
  const grid = useMemo(() => calendarGrid(now, addDays(now, -7)), [todayIso]); // eslint-disable-line react-hooks/exhaustive-deps
  const days = authenticated ? normalise(query.data) : sampleRakebackDays(now);
  const byDate = new Map(days.map((d) => [d.canClaimDate.slice(0, 10), rakebackDayView(d, todayIso, yesterdayIso, authenticated)]));
  const { refetch } = query;
  useEffect(() => {
    window.addEventListener(CALENDAR_CHANGED, refetch);
    return () => window.removeEventListener(CALENDAR_CHANGED, refetch);
  }, [refetch]);

  const choose = (v: CalendarView) => {
    setView(v);
    try {
      localStorage.setItem(VIEW_KEY, v);
    } catch {
      /* private mode: the choice lasts for the page */
    }
  };

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
  if (authenticated && isApiError(query.error) && query.error.code === CALENDAR_OPTED_OUT) {
    return (
      <EmptyState
        icon={<Icon name="calendar" />}
        title={intl.formatMessage(m.optedOutTitle)}
        description={intl.formatMessage(m.optedOutText)}
        action={<LinkButton href={PROFILE_CALENDAR_SETTING}>{intl.formatMessage(m.optedOutAction)}</LinkButton>}
      />
    );
  }
  if (authenticated && query.error) return <ErrorState message={query.error.message} onRetry={query.refetch} />;
  if (authenticated && query.loading && !query.data) return <Skeleton $height="420px" />;
  const cells = grid.flat();
  const cell = (c: (typeof cells)[number], inCarousel: boolean) => (
    <DayCell
      key={c.date}
      $state={c.state}
      role={inCarousel ? undefined : 'gridcell'}
      data-date={c.date}
      aria-current={c.state === 'today' ? 'date' : undefined}
      style={inCarousel ? { minHeight: 120 } : undefined}
    >
      <span>{c.state === 'today' ? intl.formatMessage(m.today) : intl.formatDate(localDate(c.date), inCarousel ? { weekday: 'short', day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short' })}</span>
      <DayContent day={byDate.get(c.date)} currency={currency} onClaim={claim} busy={busyDate === c.date} />
    </DayCell>
  );
  return (
    <Stack $gap={3}>
      <Stack $row $wrap $gap={3} $align="center" $justify="space-between">
        {!authenticated ? <Muted style={{ flex: '1 1 12rem' }}>{intl.formatMessage(m.sampleNotice)}</Muted> : <span />}
        <Stack $row $gap={1} role="group" aria-label={intl.formatMessage(m.viewLabel)}>
          {(['grid', 'carousel'] as const).map((v) => (
            <Button key={v} size="sm" variant={view === v ? 'primary' : 'secondary'} aria-pressed={view === v} onClick={() => choose(v)}>
              {intl.formatMessage(v === 'grid' ? m.viewGrid : m.viewCarousel)}
            </Button>
          ))}
        </Stack>
      </Stack>
      {authenticated && days.length === 0 && <EmptyState icon={<Icon name="calendar" />} title={intl.formatMessage(m.emptyDays)} />}
      {view === 'grid' ? (
        <WeekGrid label={intl.formatMessage(m.rakebackCalendar)}>{cells.map((c) => cell(c, false))}</WeekGrid>
      ) : (
        <Suspense fallback={<Skeleton $height="160px" />}>
          <Carousel
            label={intl.formatMessage(m.rakebackCalendar)}
            intervalMs={CALENDAR_CAROUSEL_MS}
            start={Math.max(0, cells.findIndex((c) => c.date === yesterdayIso))}
            items={cells.map((c) => ({ key: c.date, node: cell(c, true) }))}
          />
        </Suspense>
      )}
      {outcome && (
        <Suspense fallback={null}>
          <ClaimResult outcome={outcome} onClose={() => setOutcome(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
