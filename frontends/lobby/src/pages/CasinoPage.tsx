import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getLanguage } from '@casino/platform';
import { normaliseList, PAGE_SIZE, seedFor, useCategories, useGames, type Game, type SortOption } from '../api';
import { CategoryBar } from '../components/CategoryBar';
import { GameGrid } from '../components/GameGrid';
import { GamePulse } from '../pulse/GamePulse';
import { releaseServerScreen } from '../firstScreen';
import { m } from '../messages';

// Search and sorting are not part of the first screen: their chunk loads
// after the page shows, into a place of fixed height (.lobby-tools).
const SearchSort = lazy(() => import(/* webpackChunkName: "search" */ '../components/SearchSort').then((x) => ({ default: x.SearchSort })));

/** Games of the current filter, accumulated page by page ("Load more"). */
function useGameList(category: string | undefined, search: string, sort: SortOption) {
  const [pageNo, setPageNo] = useState(1);
  // The server's first screen, when it answers this list, is the first state:
  // the first render already shows its tiles (no skeleton, no refetch).
  const [games, setGames] = useState<Game[]>(() => seedFor({ category, search, sort, pageNo: 1 })?.rows ?? []);
  const query = useGames({ category, search, sort, pageNo });

  useEffect(() => {
    setPageNo(1);
    setGames([]);
  }, [category, search, sort]);

  useEffect(() => {
    if (!query.data) return;
    const rows = normaliseList(query.data);
    setGames((prev) => (pageNo === 1 ? rows : [...prev, ...rows.filter((r) => !prev.some((p) => p.id === r.id))]));
  }, [query.data, pageNo]);

  const count = query.data?.count ?? games.length;
  // Until the rows of an answer are copied into `games` (an effect, one render
  // later) the list is still loading: otherwise the empty state flashes.
  const settling = !query.error && (!query.data || (games.length === 0 && normaliseList(query.data).length > 0));
  return {
    games,
    count,
    loading: query.loading || settling,
    error: query.error,
    refetch: query.refetch,
    hasMore: games.length < count && (query.data ? normaliseList(query.data).length === PAGE_SIZE : false),
    loadMore: () => setPageNo((p) => p + 1),
  };
}

/**
 * The casino lobby. Its markup is the shell's `lobby-*` classes, the same the
 * server renders for the first screen (shell/pages.templ LobbyScreen): keep
 * the two in step.
 */
export function CasinoPage({ category }: { category?: string }) {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortOption>('sort');
  const categories = useCategories(getLanguage());
  const list = useGameList(category, search, sort);
  const categoryList = normaliseList(categories.data);
  const current = categoryList.find((c) => c.slug === category);
  const onSearch = useCallback((v: string) => setSearch(v), []);
  const ready = (!list.loading || list.error !== null) && (!categories.loading || categories.error !== null);

  // The server's copy of this screen goes in the commit that shows this one.
  useLayoutEffect(() => {
    if (ready) releaseServerScreen();
  }, [ready]);

  return (
    <div className="lobby">
      <h1 className="lobby-title">{current?.name ?? intl.formatMessage(m.casinoTitle)}</h1>
      <CategoryBar categories={categoryList} active={category} loading={categories.loading} />
      <GamePulse className="lobby-pulse" />
      <div className="lobby-body">
        <div className="lobby-tools">
          <Suspense fallback={null}>
            <SearchSort search={search} sort={sort} onSearch={onSearch} onSort={setSort} />
          </Suspense>
        </div>
        <p className="lobby-count" aria-live="polite">
          {!list.loading && list.games.length > 0 && <FormattedMessage {...m.gamesFound} values={{ count: list.count }} />}
        </p>
        <GameGrid games={list.games} loading={list.loading} error={list.error} onRetry={list.refetch} />
        {list.hasMore && !list.loading && (
          <button type="button" className="btn btn-ghost lobby-more" data-replay="load-more" onClick={list.loadMore}>
            <FormattedMessage {...m.loadMore} />
          </button>
        )}
      </div>
    </div>
  );
}
