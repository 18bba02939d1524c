import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney, isApiError, pageUrl, useModal, useSession, useSettings } from '@casino/platform';
import { Button, ErrorState, LinkButton, Modal, Muted, Skeleton, Stack, Icon } from '@casino/ui';
import { addDays, bonusVisible, calendarGrid, decimalToMinor, localDate, truncateTitle } from '../calendar';
import { claimCashback, useCalendarBonuses, useDayBonus } from './api';
import { bonusOfWeekday, isCashback, isoWeekday, type CalendarBonus } from './offers';
import { m } from '../messages';
import { bm } from './messages';
import { DayCell, WeekGrid } from '../components/WeekGrid';

type CashbackOutcome = { ok: true; amount: string; day: string } | { ok: false; message: string };

/** Instant cashback of the day: placed on the rakeback calendar (ADD_TO_CALENDAR), claimed there. */
function CashbackButton({ bonus }: { bonus: CalendarBonus }) {
  const intl = useIntl();
  const { authenticated } = useSession();
  const { open } = useModal();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<CashbackOutcome | null>(null);
  if (!authenticated)
    return (
      <Button size="sm" onClick={() => open('login')}>
        {intl.formatMessage(bm.cashbackLogin)}
      </Button>
    );
  const take = async () => {
    setBusy(true);
    try {
      const res = await claimCashback(bonus.id);
      const { minor, scale } = decimalToMinor(res.amount);
      setOutcome({ ok: true, amount: formatMoney(minor, res.currencyCode, { scale }), day: res.day });
    } catch (e) {
      setOutcome({ ok: false, message: isApiError(e) && e.message ? e.message : intl.formatMessage(m.claimErrorText) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" loading={busy} onClick={take}>
        {intl.formatMessage(bm.cashbackTake)}
      </Button>
      {outcome && (
        <Modal open title={intl.formatMessage(outcome.ok ? bm.cashbackPlacedTitle : bm.cashbackFailedTitle)} onClose={() => setOutcome(null)} width={420}>
          <Stack $gap={3}>
            <p>{outcome.ok ? intl.formatMessage(bm.cashbackPlacedText, { amount: outcome.amount, day: intl.formatDate(localDate(outcome.day), { dateStyle: 'medium' }) }) : outcome.message}</p>
            {outcome.ok && <LinkButton href="/cashback">{intl.formatMessage(bm.cashbackOpenCalendar)}</LinkButton>}
            <Button block variant={outcome.ok ? 'secondary' : 'primary'} onClick={() => setOutcome(null)}>
              {intl.formatMessage(m.ok)}
            </Button>
          </Stack>
        </Modal>
      )}
    </>
  );
}

/** Today's bonus banner: title cut at 35 characters with More leading to the promotions page. */
function TodayBanner({ rows }: { rows: CalendarBonus[] }) {
  const intl = useIntl();
  const settings = useSettings();
  const bonus = rows[0];
  const title = bonus?.banner?.bannerTitle ?? bonus?.name;
  if (!bonus || !title) return <Muted>{intl.formatMessage(bm.noBonusToday)}</Muted>;
  const { text } = truncateTitle(title);
  return (
    <Stack $row $wrap $gap={3} $align="center" $justify="space-between" data-testid="today-bonus">
      <div style={{ flex: '1 1 12rem' }}>
        <Muted>{intl.formatMessage(bm.bonusToday)}</Muted>
        <strong title={title}>{text}</strong>
      </div>
      <Stack $row $gap={2} style={{ flex: 'none' }}>
        {isCashback(bonus) && <CashbackButton bonus={bonus} />}
        <LinkButton href={pageUrl(settings, 'promotions')} size="sm" variant="secondary">
          {intl.formatMessage(bm.bonusMore)}
        </LinkButton>
      </Stack>
    </Stack>
  );
}

/**
 * Bonus Calendar: 4 weeks × 7 days from the current week. Past days show a
 * gift, today and the next 7 days the offer of their weekday, later days a
 * closed gift (SPEC sections 2 and 4). Today's banner is the server's answer
 * for today (get-all-bonus with dayOfWeek, timeZone, calendarDateTime).
 */
export function BonusCalendar() {
  const intl = useIntl();
  const now = new Date();
  const today = useDayBonus(now);
  const all = useCalendarBonuses();
  const rows = all.data?.bonus?.rows ?? [];
  const grid = calendarGrid(now);
  return (
    <Stack $gap={4}>
      {today.loading && !today.data ? (
        <Skeleton $height="48px" />
      ) : today.error ? (
        <ErrorState message={today.error.message} onRetry={today.refetch} />
      ) : (
        <TodayBanner rows={today.data?.bonus?.rows ?? []} />
      )}
      <WeekGrid label={intl.formatMessage(m.bonusCalendarTitle)}>
        {grid.flat().map((d) => {
          const date = addDays(now, d.offset);
          const offer = d.state !== 'past' && bonusVisible(d) ? bonusOfWeekday(rows, isoWeekday(date)) : undefined;
          const label = d.state === 'past' ? intl.formatMessage(bm.pastDay) : !bonusVisible(d) ? intl.formatMessage(bm.closedGift) : (offer?.banner?.bannerTitle ?? offer?.name ?? intl.formatMessage(bm.futureBonus));
          const icon = d.state === 'today' ? 'sparkles' : d.state === 'past' || bonusVisible(d) ? 'gift' : 'lock';
          return (
            <DayCell key={d.date} $state={d.state} role="gridcell" aria-label={`${d.date}: ${label}`} title={offer ? label : undefined} data-offer={offer?.code}>
              <Icon name={icon} size={22} />
              <span>{intl.formatDate(localDate(d.date), { day: 'numeric' })}</span>
              {offer?.cashbackPercent ? <strong>{intl.formatMessage(bm.cashbackPercent, { percent: offer.cashbackPercent })}</strong> : null}
            </DayCell>
          );
        })}
      </WeekGrid>
    </Stack>
  );
}
