import { defineMessages } from '@casino/platform';

// The tournaments page's texts: in its lazy chunk, not the lobby's first-visit code.
export const m = defineMessages({
  tournamentsTitle: { id: 'lobby.tournaments.title', defaultMessage: 'Tournaments' },
  tournamentsEmpty: { id: 'lobby.tournaments.empty', defaultMessage: 'No races are running right now' },
  racesRunning: { id: 'lobby.races.running', defaultMessage: 'Running now' },
  racesUpcoming: { id: 'lobby.races.upcoming', defaultMessage: 'Starts {when}' },
  racesEnded: { id: 'lobby.races.ended', defaultMessage: 'Ended {when}' },
  racesEndsAt: { id: 'lobby.races.endsAt', defaultMessage: 'Ends {when}' },
  racesPast: { id: 'lobby.races.past', defaultMessage: 'Past races' },
  racesByStakes: { id: 'lobby.races.byStakes', defaultMessage: 'Most staked wins' },
  racesByMultiplier: { id: 'lobby.races.byMultiplier', defaultMessage: 'Biggest win multiplier wins' },
  racesGames: { id: 'lobby.races.games', defaultMessage: 'Games: {games}' },
  racesAllGames: { id: 'lobby.races.allGames', defaultMessage: 'Every game counts' },
  racesMinStake: { id: 'lobby.races.minStake', defaultMessage: 'Minimum stake per round: {amount}' },
  racesPrizes: { id: 'lobby.races.prizes', defaultMessage: 'Prizes' },
  racesLeaderboard: { id: 'lobby.races.leaderboard', defaultMessage: 'Leaderboard' },
  racesPlace: { id: 'lobby.races.place', defaultMessage: 'Place' },
  racesPlayer: { id: 'lobby.races.player', defaultMessage: 'Player' },
  racesScore: { id: 'lobby.races.score', defaultMessage: 'Score' },
  racesRounds: { id: 'lobby.races.rounds', defaultMessage: 'Rounds' },
  racesNoScores: { id: 'lobby.races.noScores', defaultMessage: 'No scores yet: be the first.' },
  racesYou: { id: 'lobby.races.you', defaultMessage: 'Your place: {place} · score {score} · {rounds, plural, one {# round} other {# rounds}}' },
  racesYouUnplaced: { id: 'lobby.races.youUnplaced', defaultMessage: 'You have not scored in this race yet.' },
  racesYourStats: { id: 'lobby.races.yourStats', defaultMessage: 'Staked {staked} · best multiplier {best}×' },
  racesLoadFailed: { id: 'lobby.races.loadFailed', defaultMessage: 'Something went wrong' },
});
