import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { formatMoney, useApi, useRealtime } from '@casino/platform';
import { applyCredit, applyDebit, chartGeometry, createSeries, cumulative, net, toMinor, type PulseSeries } from './series';
import { m } from './messages';
import { PULSE_HEIGHT } from './GamePulse';

export const PULSE_PATH = '/api/user/game-pulse';
export const PULSE_ROUNDS = 30;

interface PulseData {
  currencyCode: string;
  decimals: number;
  rounds: { net: string }[];
}

const W = 300;
const H = 64;

export const PulseBox = styled.section`
  box-sizing: border-box;
  height: ${PULSE_HEIGHT}px;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  display: grid;
  grid-template-rows: auto 1fr;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  overflow: hidden;
`;

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  h2 {
    flex-shrink: 0;
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
  }
  span {
    min-width: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

const Net = styled.strong<{ $tone: 'up' | 'down' | 'flat' }>`
  flex-shrink: 0;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  color: ${({ theme, $tone }) => ($tone === 'up' ? theme.colors.success : $tone === 'down' ? theme.colors.danger : theme.colors.text)};
`;

const Chart = styled.svg<{ $tone: 'up' | 'down' | 'flat' }>`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  path {
    stroke: ${({ theme, $tone }) => ($tone === 'up' ? theme.colors.success : $tone === 'down' ? theme.colors.danger : theme.colors.text)};
  }
  width: 100%;
  height: 100%;
  min-height: 0;
  overflow: visible;
`;

/** Series from the loaded rounds, then moved by every debit and credit of the player. */
function usePulseSeries() {
  const { data, error } = useApi<PulseData>(PULSE_PATH, { auth: true, query: { limit: PULSE_ROUNDS } });
  const [series, setSeries] = useState<PulseSeries | null>(null);
  const decimals = data?.decimals ?? 2;
  useEffect(() => {
    if (!data) return;
    const nets = data.rounds.map((r) => toMinor(r.net, data.decimals)).filter((v): v is bigint => v !== null);
    setSeries(createSeries(nets, PULSE_ROUNDS));
  }, [data]);
  // Events before the rounds arrive are already in them: only later ones move the line.
  const move = (apply: typeof applyDebit) => (p: { win: string }) => {
    const amount = toMinor(p.win, decimals);
    if (amount !== null) setSeries((s) => (s ? apply(s, amount) : s));
  };
  useRealtime('debit', move(applyDebit));
  useRealtime('credit', move(applyCredit));
  return { series, currency: data?.currencyCode ?? '', decimals, error };
}

/** The Game Pulse: the running result (wins − stakes) of the player's last rounds. */
export function PulsePanel() {
  const intl = useIntl();
  const titleId = useId();
  const { series, currency, decimals, error } = usePulseSeries();
  if (error) {
    // A refusal says why (e.g. a self-excluded player's session); the box keeps its place.
    return (
      <PulseBox aria-labelledby={titleId} data-testid="game-pulse">
        <Head>
          <h2 id={titleId}>{intl.formatMessage(m.pulseTitle)}</h2>
        </Head>
        <span style={{ alignSelf: 'center', opacity: 0.7 }}>{error.message}</span>
      </PulseBox>
    );
  }
  if (!series) return <PulseBox aria-labelledby={titleId} aria-busy data-testid="game-pulse" />;

  const total = net(series);
  const tone = total > 0n ? 'up' : total < 0n ? 'down' : 'flat';
  const amount = formatMoney(total, currency, { scale: decimals });
  const shown = total > 0n ? `+${amount}` : amount;
  const { line, zeroY } = chartGeometry(cumulative(series), W, H);
  const summary = intl.formatMessage(m.pulseSummary, { rounds: series.rounds.length, net: shown });

  return (
    <PulseBox aria-labelledby={titleId} data-testid="game-pulse" data-net={total.toString()}>
      <Head>
        <h2 id={titleId}>{intl.formatMessage(m.pulseTitle)}</h2>
        <span>{intl.formatMessage(m.pulseRounds, { rounds: series.rounds.length })}</span>
        <Net $tone={tone} aria-live="polite" data-testid="game-pulse-net" title={summary}>
          {shown}
        </Net>
      </Head>
      {series.rounds.length === 0 ? (
        <span style={{ alignSelf: 'center', opacity: 0.7 }}>{intl.formatMessage(m.pulseEmpty)}</span>
      ) : (
        <Chart viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={summary} $tone={tone} data-tone={tone}>
          <line x1="0" x2={W} y1={zeroY} y2={zeroY} stroke="currentColor" strokeOpacity="0.3" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
          <path d={line} fill="none" strokeWidth="2" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
        </Chart>
      )}
    </PulseBox>
  );
}
