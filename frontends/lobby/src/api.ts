import { del, get, post, useApi, type QueryState } from '@casino/platform';
import { embeddedGame, embeddedPromotions, firstScreen } from './firstScreen';

/**
 * Lobby data. Paths of SPEC section 7 where it names one; the games,
 * game and favorites paths are this front end's proposal (not in the SPEC):
 * until the BFF serves them the pages show their empty/error states.
 */
export const LOBBY_API = {
  categories: '/api/admin/get-full-category-list',
  games: '/api/admin/get-games',
  game: '/api/admin/get-game',
  bonuses: '/api/admin/get-all-bonus',
  favorites: '/api/user/favorites',
  gameUrl: '/api/admin/get-game-url',
  providers: '/api/admin/get-game-providers',
  claimBonus: '/api/user/claim-bonus',
} as const;

export interface Category {
  id: string | number;
  slug: string;
  name: string;
}

export interface Game {
  id: string | number;
  slug: string;
  name: string;
  provider?: string;
  thumbnailUrl?: string;
  /** Raster sizes of a studio thumbnail (WebP widths), absent for one image. */
  thumbnailSrcset?: string;
  returnToPlayer?: number | string;
  maxMultiplier?: number | string;
  minBet?: string;
  maxBet?: string;
  /** Currency of minBet/maxBet (the caller's; visitors EUR) and its decimals. */
  currencyCode?: string;
  decimals?: number;
  releaseDate?: string;
  demo?: boolean;
  playUrl?: string;
  /** The studio's rules and paytable page (studio games only). */
  rulesUrl?: string;
}

export interface Paged<T> {
  count: number;
  rows: T[];
}

export interface Banner {
  bannerTitle?: string;
  bannerTitleSecondary?: string;
  bannerDescription?: string;
  bannerImageUrl?: string;
  bannerCtaText?: string;
  bannerBackgroundColor?: string;
  link?: string;
}

export interface Bonus {
  id: string | number;
  code?: string;
  name?: string;
  type?: 'no_deposit' | 'freespins' | 'instant_cashback' | 'deposit' | string;
  banner?: Banner;
  /** Terms of get-all-bonus rows (docs/bonus.md): amounts are decimal strings in currencyCode, "" = none. */
  currencyCode?: string;
  daysValid?: number;
  validFrom?: string;
  validTo?: string;
  wageringMultiplier?: number;
  minDeposit?: string;
  maxBet?: string;
  maxWinAmount?: string;
  bonusAmount?: string;
  freeSpinsQuantity?: number;
  freeSpinGame?: string;
  freeSpinBet?: string;
  terms?: string;
  wageringContribution?: Partial<Record<'slot' | 'live' | 'table' | 'other', number>>;
}

/** SPEC section 3: Popular (sort), releaseDate, name, returnToPlayer, maxMultiplier, minBet, maxBet. */
export const SORT_OPTIONS = ['sort', 'releaseDate', 'name', 'returnToPlayer', 'maxMultiplier', 'minBet', 'maxBet'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const PAGE_SIZE = 20;

/** Categories come as a list or as {rows}; both are accepted. */
export function normaliseList<T>(data: T[] | Paged<T> | undefined | null): T[] {
  if (!data) return [];
  return Array.isArray(data) ? data : Array.isArray(data.rows) ? data.rows : [];
}

const noop = () => {};

/** A query answered from the server's first screen (firstScreen.ts): nothing is fetched. */
function seeded<T>(data: T, q: QueryState<T>): QueryState<T> {
  return { data, error: null, loading: false, refetch: q.refetch ?? noop };
}

export function useCategories(locale: string): QueryState<Category[] | Paged<Category>> {
  const seed = firstScreen();
  const use = seed !== null && seed.locale === locale;
  const q = useApi<Category[] | Paged<Category>>(LOBBY_API.categories, { query: { locale }, enabled: !use });
  return use ? seeded<Category[] | Paged<Category>>(seed.categories, q) : q;
}

/** Whether the server's first screen answers this games query (its first page, Popular, no search). */
export function seedFor(params: { category?: string; search: string; sort: SortOption; pageNo: number }): Paged<Game> | null {
  const seed = firstScreen();
  if (!seed || params.search || params.sort !== 'sort' || params.pageNo !== 1 || seed.limit !== PAGE_SIZE) return null;
  if ((params.category ?? '') !== seed.category) return null;
  return seed.games;
}

export function useGames(params: { category?: string; search: string; sort: SortOption; pageNo: number }): QueryState<Paged<Game>> {
  const seed = seedFor(params);
  const q = useApi<Paged<Game>>(LOBBY_API.games, {
    query: { category: params.category, search: params.search || undefined, sort: params.sort, pageNo: params.pageNo, limit: PAGE_SIZE },
    enabled: !seed,
  });
  return seed ? seeded(seed, q) : q;
}

/** get-game; on the page the server rendered for this game, its embedded answer (nothing is fetched). */
export function useGame(slug: string): QueryState<Game> {
  const seed = embeddedGame(slug);
  const q = useApi<Game>(LOBBY_API.game, { query: { game: slug }, enabled: !seed });
  return seed ? seeded(seed, q) : q;
}

export function useFavorites(): QueryState<Game[] | Paged<Game>> {
  return useApi(LOBBY_API.favorites, { auth: true });
}

/**
 * get-all-bonus (the query bff/bonus/screen.go answers into /promotions);
 * on a page the server rendered with the promotions, their embedded answer.
 */
export function usePromotions(language: string): QueryState<{ bonus: Paged<Bonus> }> {
  const seed = embeddedPromotions(language);
  const q = useApi<{ bonus: Paged<Bonus> }>(LOBBY_API.bonuses, { query: { pageNo: 1, limit: PAGE_SIZE, isDeposit: false, language }, enabled: !seed });
  return seed ? seeded(seed, q) : q;
}

export function setFavorite(gameId: Game['id'], favorite: boolean): Promise<unknown> {
  return favorite ? post(LOBBY_API.favorites, { gameId }) : del(`${LOBBY_API.favorites}/${encodeURIComponent(String(gameId))}`);
}

/** Bonus types a player takes with claim-bonus from a promotion page (docs/bonus.md). */
export const CLAIMABLE_TYPES: readonly string[] = ['no_deposit', 'freespins'];

export function isClaimable(bonus: Bonus): boolean {
  return CLAIMABLE_TYPES.includes(String(bonus.type));
}

export interface Claimed {
  code: string;
  message: string;
  bonusId: number;
  amount: string;
  currencyCode: string;
  userBonus?: { id: number; type?: string; wageringRequired: string; freeSpinsLeft?: number; freeSpinGame?: string; freeSpinBet?: string };
}

/** POST /api/user/claim-bonus {bonusId}: refusals are 402/409/422 with the SPEC code and a text. */
export function claimBonus(bonusId: Bonus['id']): Promise<Claimed> {
  return post<Claimed>(LOBBY_API.claimBonus, { bonusId });
}

export type PlayMode = 'real' | 'demo';

/**
 * Where to play a game after the server's checks (country, demo play,
 * deposit), in the player's language (the provider's ?lang=). Its refusals are not 403s, and a 403 here (no session for real
 * money) must not end the session: the caller opens the login instead.
 */
export function gameUrl(slug: string, mode: PlayMode, lang: string): Promise<{ playUrl: string }> {
  return get(LOBBY_API.gameUrl, { query: { game: slug, mode, lang }, handleForbidden: false });
}

export interface Provider {
  id: string;
  slug: string;
  name: string;
  logoUrl?: string;
  gameCount: number;
}

export function useProviders(): QueryState<Paged<Provider>> {
  return useApi(LOBBY_API.providers);
}

export function useProviderGames(provider: string): QueryState<Paged<Game>> {
  return useApi(LOBBY_API.games, { query: { provider, sort: 'sort', pageNo: 1, limit: PAGE_SIZE } });
}
