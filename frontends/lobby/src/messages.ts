import { defineMessages } from '@casino/platform';

export const m = defineMessages({
  casinoTitle: { id: 'lobby.casino.title', defaultMessage: 'Casino' },
  categories: { id: 'lobby.categories', defaultMessage: 'Game categories' },
  allGames: { id: 'lobby.category.all', defaultMessage: 'All games' },
  search: { id: 'lobby.search.label', defaultMessage: 'Search games' },
  searchPlaceholder: { id: 'lobby.search.placeholder', defaultMessage: 'Search by game or provider' },
  sortLabel: { id: 'lobby.sort.label', defaultMessage: 'Sort by' },
  sortPopular: { id: 'lobby.sort.popular', defaultMessage: 'Popular' },
  sortReleaseDate: { id: 'lobby.sort.releaseDate', defaultMessage: 'Release date' },
  sortName: { id: 'lobby.sort.name', defaultMessage: 'Name' },
  sortRtp: { id: 'lobby.sort.returnToPlayer', defaultMessage: 'RTP' },
  sortMaxMultiplier: { id: 'lobby.sort.maxMultiplier', defaultMessage: 'Max multiplier' },
  sortMinBet: { id: 'lobby.sort.minBet', defaultMessage: 'Min bet' },
  sortMaxBet: { id: 'lobby.sort.maxBet', defaultMessage: 'Max bet' },
  gamesFound: { id: 'lobby.games.count', defaultMessage: '{count, plural, one {# game} other {# games}}' },
  noGamesTitle: { id: 'lobby.games.empty.title', defaultMessage: 'No games found' },
  noGamesText: { id: 'lobby.games.empty.text', defaultMessage: 'Try another category or search term.' },
  loadMore: { id: 'lobby.games.loadMore', defaultMessage: 'Load more' },
  notFoundTitle: { id: 'lobby.notFound.title', defaultMessage: 'Not found' },
  goHome: { id: 'lobby.notFound.goHome', defaultMessage: 'Go Home' },
});
