import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { DEFAULT_CURRENCY, formatMoney, isApiError, useRealtime } from '@casino/platform';
import { Card, ErrorState, Muted, Skeleton, Stack } from '@casino/ui';
import { CALENDAR_OPTED_OUT, DEPOSIT_REQUIRED, useCalendarAward } from '../api';
import { accumulatorDelta, msUntilNextHalfHour } from '../calendar';
import { m } from '../messages';

const Big = styled.div`
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
`;

/**
 * Running accumulator: award data every 15 s; realtime debit/credit move it
 * by win × percent; reset at every half hour, when the award data is re-read.
 */
export function Accumulator() {
  const intl = useIntl();
  const award = useCalendarAward();
  const data = award.data?.userCalendarData;
  const [payout, setPayout] = useState<bigint>(0n);
  const percent = data?.percent ?? '0';
  const currency = data?.currencyCode ?? DEFAULT_CURRENCY;
  const scale = data?.decimals ?? 2;

  useEffect(() => {
    if (data?.payout && /^-?\d+$/.test(data.payout)) setPayout(BigInt(data.payout));
  }, [data?.payout]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        setPayout(0n);
        award.refetch();
        schedule();
      }, msUntilNextHalfHour(new Date()));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [award.refetch]); // eslint-disable-line react-hooks/exhaustive-deps

  useRealtime('credit', ({ win }) => setPayout((p) => p + accumulatorDelta(win, percent, 'credit', scale)));
  useRealtime('debit', ({ win }) => setPayout((p) => p + accumulatorDelta(win, percent, 'debit', scale)));

  if (isApiError(award.error) && (award.error.code === DEPOSIT_REQUIRED || award.error.code === CALENDAR_OPTED_OUT)) return null; // the calendar below says why
  if (award.error) return <ErrorState message={award.error.message} onRetry={award.refetch} />;
  return (
    <Card>
      <Stack $gap={2}>
        <Muted>{intl.formatMessage(m.accumulated)}</Muted>
        {award.loading && !data ? <Skeleton $height="40px" /> : <Big aria-live="polite" data-testid="accumulator">{formatMoney((payout < 0n ? 0n : payout).toString(), currency, { scale })}</Big>}
        <Muted>{intl.formatMessage(m.percent, { percent: String(percent) })}</Muted>
        {data?.ngr && <Muted>{intl.formatMessage(m.ngr, { amount: formatMoney(data.ngr, currency, { scale }) })}</Muted>}
        <Muted>{intl.formatMessage(m.nextReset)}</Muted>
      </Stack>
    </Card>
  );
}
