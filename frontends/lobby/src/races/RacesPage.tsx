import { useEffect, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import { formatMoney, parseAmount } from '@casino/platform';
import { Card, EmptyState, ErrorState, Icon, Muted, Page, PageTitle, SectionTitle, Skeleton, Stack, Table, type Column } from '@casino/ui';
import { m } from './messages';
import { useLeaderboardStream, useRaces, type Race, type RaceEntry } from './api';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  align-items: baseline;
`;

const Prizes = styled.ol`
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space(5)};
`;

const eur = (intl: IntlShape, amount: string, currency = 'EUR') => formatMoney(parseAmount(amount) ?? '0', currency);

function score(intl: IntlShape, race: Race, s: string): string {
  return race.metric === 'stakes' ? eur(intl, s) : `${s}×`;
}

function when(intl: IntlShape, iso: string): string {
  return intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

/** One race: rules, prizes, the live leaderboard and the player's own place. */
function RaceCard({ race, onMoved }: { race: Race; onMoved: () => void }) {
  const intl = useIntl();
  const [board, setBoard] = useState<RaceEntry[]>(race.leaderboard);
  useEffect(() => setBoard(race.leaderboard), [race.leaderboard]);
  useLeaderboardStream(race.id, race.status === 'running', (top) => {
    setBoard(top);
    onMoved(); // the player's own place and statistics
  });
  const status =
    race.status === 'running'
      ? `${intl.formatMessage(m.racesRunning)} · ${intl.formatMessage(m.racesEndsAt, { when: when(intl, race.endsAt) })}`
      : race.status === 'upcoming'
        ? intl.formatMessage(m.racesUpcoming, { when: when(intl, race.startsAt) })
        : intl.formatMessage(m.racesEnded, { when: when(intl, race.endsAt) });
  const columns: Column<RaceEntry>[] = [
    { key: 'place', header: intl.formatMessage(m.racesPlace), render: (e) => e.place },
    { key: 'name', header: intl.formatMessage(m.racesPlayer), render: (e) => e.name },
    { key: 'score', header: intl.formatMessage(m.racesScore), render: (e) => score(intl, race, e.score), align: 'right' },
    { key: 'rounds', header: intl.formatMessage(m.racesRounds), render: (e) => e.rounds, align: 'right' },
  ];
  return (
    <Card data-testid={`race-${race.id}`}>
      <Stack $gap={3}>
        <Head>
          <SectionTitle>{race.name}</SectionTitle>
          <Muted>{status}</Muted>
        </Head>
        <Muted>
          {intl.formatMessage(race.metric === 'stakes' ? m.racesByStakes : m.racesByMultiplier)} ·{' '}
          {race.games.length ? intl.formatMessage(m.racesGames, { games: race.games.join(', ') }) : intl.formatMessage(m.racesAllGames)}
          {race.minStake !== '0.00' && <> · {intl.formatMessage(m.racesMinStake, { amount: eur(intl, race.minStake) })}</>}
        </Muted>
        {race.prizes.length > 0 && (
          <div>
            <strong>{intl.formatMessage(m.racesPrizes)}</strong>
            <Prizes>
              {race.prizes.map((p) => (
                <li key={p.place}>{eur(intl, p.amount, p.currency)}</li>
              ))}
            </Prizes>
          </div>
        )}
        {race.me ? (
          <strong data-testid="race-me">
            {race.me.place > 0
              ? intl.formatMessage(m.racesYou, { place: race.me.place, score: score(intl, race, race.me.score), rounds: race.me.rounds })
              : intl.formatMessage(m.racesYouUnplaced)}
            <Muted as="span" style={{ display: 'block', fontWeight: 400 }}>
              {intl.formatMessage(m.racesYourStats, { staked: eur(intl, race.me.staked), best: race.me.best })}
            </Muted>
          </strong>
        ) : null}
        <Table
          caption={intl.formatMessage(m.racesLeaderboard)}
          columns={columns}
          rows={board}
          rowKey={(e) => `${e.place}-${e.name}`}
          empty={<Muted>{intl.formatMessage(m.racesNoScores)}</Muted>}
        />
      </Stack>
    </Card>
  );
}

/** /tournaments: running and upcoming races first, then past ones. */
export function RacesPage() {
  const intl = useIntl();
  const { data, error, loading, refetch } = useRaces();
  const races = data?.races ?? [];
  const live = races.filter((r) => r.status !== 'ended');
  const past = races.filter((r) => r.status === 'ended');
  return (
    <Page data-testid="races">
      <PageTitle>{intl.formatMessage(m.tournamentsTitle)}</PageTitle>
      {error && !data ? (
        <ErrorState message={intl.formatMessage(m.racesLoadFailed)} onRetry={refetch} />
      ) : loading && !data ? (
        <Skeleton $height="320px" />
      ) : (
        <Stack $gap={4}>
          {live.length === 0 && <EmptyState icon={<Icon name="trophy" />} title={intl.formatMessage(m.tournamentsEmpty)} />}
          {live.map((r) => (
            <RaceCard key={r.id} race={r} onMoved={refetch} />
          ))}
          {past.length > 0 && <SectionTitle>{intl.formatMessage(m.racesPast)}</SectionTitle>}
          {past.map((r) => (
            <RaceCard key={r.id} race={r} onMoved={refetch} />
          ))}
        </Stack>
      )}
    </Page>
  );
}
