import { useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { formatMoney, parseAmount, useApi, type QueryState } from '@casino/platform';
import { Card, ErrorState, Muted, SectionTitle, Skeleton, Stack, TabPanel, Tabs } from '@casino/ui';
import { m } from '../messages';
import { ProfileLayout } from '../pages/ProfileLayout';

/** GET /api/user/statistics (bff/statistics): amounts are decimal strings in currency. */
export const STATISTICS_API = '/api/user/statistics';

type Period = 'today' | '7d' | '30d' | 'all';

export interface Statistics {
  currency: string;
  stakes: string;
  wins: string;
  net: string;
  rounds: number;
  biggestWin: string;
  favouriteGames: { gameId: string; name: string; rounds: number }[];
  deposits: string;
  depositCount: number;
  withdrawals: string;
  withdrawalCount: number;
}

function useStatistics(period: Period): QueryState<Statistics> {
  return useApi<Statistics>(STATISTICS_API, { auth: true, query: { period } });
}

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  div {
    padding: ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  dd {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    font-weight: 600;
  }
`;

function Totals({ period }: { period: Period }) {
  const intl = useIntl();
  const { data, error, loading, refetch } = useStatistics(period);
  if (error && !data) return <ErrorState message={intl.formatMessage(m.statsLoadFailed)} onRetry={refetch} />;
  if (loading && !data) return <Skeleton style={{ height: 200 }} />;
  if (!data) return null;
  const money = (s: string) => {
    const negative = s.startsWith('-');
    const minor = parseAmount(negative ? s.slice(1) : s, s.split('.')[1]?.length ?? 0) ?? '0';
    return formatMoney(negative ? `-${minor}` : minor, data.currency);
  };
  const figures: [string, string, string][] = [
    ['stakes', intl.formatMessage(m.statsStakes), money(data.stakes)],
    ['wins', intl.formatMessage(m.statsWins), money(data.wins)],
    ['net', intl.formatMessage(m.statsNet), money(data.net)],
    ['rounds', intl.formatMessage(m.statsRounds), intl.formatNumber(data.rounds)],
    ['biggest', intl.formatMessage(m.statsBiggestWin), money(data.biggestWin)],
    ['deposits', intl.formatMessage(m.statsDeposits, { count: data.depositCount }), money(data.deposits)],
    ['withdrawals', intl.formatMessage(m.statsWithdrawals, { count: data.withdrawalCount }), money(data.withdrawals)],
  ];
  return (
    <Stack $gap={4}>
      <Figures>
        {figures.map(([key, label, value]) => (
          <div key={key} data-testid={`stat-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Figures>
      <Card>
        <SectionTitle>{intl.formatMessage(m.statsFavourites)}</SectionTitle>
        {data.favouriteGames.length === 0 ? (
          <Muted>{intl.formatMessage(m.statsNoGames)}</Muted>
        ) : (
          <ol data-testid="stat-favourites">
            {data.favouriteGames.map((g) => (
              <li key={g.gameId}>{intl.formatMessage(m.statsGameRounds, { name: g.name, rounds: g.rounds })}</li>
            ))}
          </ol>
        )}
      </Card>
    </Stack>
  );
}

/** /profile2/statistics: the player's totals per period. */
export function StatisticsPage() {
  const intl = useIntl();
  const [period, setPeriod] = useState<Period>('30d');
  return (
    <ProfileLayout title={m.menuStatistics}>
      <Tabs
        idBase="statistics"
        label={intl.formatMessage(m.statsPeriod)}
        active={period}
        onChange={setPeriod}
        items={[
          { key: 'today', label: intl.formatMessage(m.statsToday) },
          { key: '7d', label: intl.formatMessage(m.stats7d) },
          { key: '30d', label: intl.formatMessage(m.stats30d) },
          { key: 'all', label: intl.formatMessage(m.statsAll) },
        ]}
      />
      <TabPanel idBase="statistics" active={period}>
        <Totals key={period} period={period} />
      </TabPanel>
    </ProfileLayout>
  );
}
