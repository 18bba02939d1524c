import { useIntl } from 'react-intl';
import { getLanguage, pageUrl, useApi, useSettings } from '@casino/platform';
import { ErrorState, LinkButton, Muted, Skeleton, Stack, Icon } from '@casino/ui';
import { calendarDateTime, CALENDAR_API, timeZone } from '../api';
import { bonusVisible, calendarGrid, truncateTitle } from '../calendar';
import { m } from '../messages';
import { DayCell, WeekGrid } from './WeekGrid';

interface BonusRow {
  id: string | number;
  banner?: { bannerTitle?: string };
}

/** Today's bonus banner: title cut at 35 characters with More leading to the promotions page. */
function TodayBanner({ rows }: { rows: BonusRow[] }) {
  const intl = useIntl();
  const settings = useSettings();
  const title = rows[0]?.banner?.bannerTitle;
  if (!title) return <Muted>{intl.formatMessage(m.noBonusToday)}</Muted>;
  const { text } = truncateTitle(title);
  return (
    <Stack $row $gap={3} $align="center" $justify="space-between">
      <div>
        <Muted>{intl.formatMessage(m.bonusToday)}</Muted>
        <strong title={title}>{text}</strong>
      </div>
      <LinkButton href={pageUrl(settings, 'promotions')} size="sm" variant="secondary">
        {intl.formatMessage(m.bonusMore)}
      </LinkButton>
    </Stack>
  );
}

/** Bonus Calendar: 4 weeks × 7 days from the current week; past days gifts, far future days closed gifts. */
export function BonusCalendar() {
  const intl = useIntl();
  const now = new Date();
  const { data, loading, error, refetch } = useApi<{ bonus?: { rows?: BonusRow[] } }>(CALENDAR_API.bonuses, {
    query: { pageNo: 1, limit: 20, isDeposit: false, language: getLanguage(), timeZone: timeZone(), calendarDateTime: calendarDateTime(now), dayOfWeek: ((now.getDay() + 6) % 7) + 1 },
  });
  const grid = calendarGrid(now);
  return (
    <Stack $gap={4}>
      {loading ? <Skeleton $height="48px" /> : error ? <ErrorState message={error.message} onRetry={refetch} /> : <TodayBanner rows={data?.bonus?.rows ?? []} />}
      <WeekGrid label={intl.formatMessage(m.bonusCalendarTitle)}>
        {grid.flat().map((d) => {
          const label = d.state === 'past' ? m.pastDay : d.state === 'today' ? m.today : bonusVisible(d) ? m.futureBonus : m.closedGift;
          const icon = d.state === 'today' ? 'sparkles' : d.state === 'past' || bonusVisible(d) ? 'gift' : 'lock';
          return (
            <DayCell key={d.date} $state={d.state} role="gridcell" aria-label={`${d.date}: ${intl.formatMessage(label)}`}>
              <Icon name={icon} size={22} />
              <span>{intl.formatDate(d.date, { day: 'numeric' })}</span>
            </DayCell>
          );
        })}
      </WeekGrid>
    </Stack>
  );
}
