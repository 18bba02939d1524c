import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getLanguage } from '@casino/platform';
import { Button, Muted, Page, PageTitle, Stack } from '@casino/ui';
import { normaliseList, PAGE_SIZE, useCategories, useGames, type Game, type SortOption } from '../api';
import { CategoryBar } from '../components/CategoryBar';
import { GameGrid } from '../components/GameGrid';
import { GamePulse } from '../pulse/GamePulse';
import { SearchSort } from '../components/SearchSort';
import { m } from '../messages';

/** Games of the current filter, accumulated page by page ("Load more"). */
function useGameList(category: string | undefined, search: string, sort: SortOption) {
  const [pageNo, setPageNo] = useState(1);
  const [games, setGames] = useState<Game[]>([]);
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

export function CasinoPage({ category }: { category?: string }) {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortOption>('sort');
  const categories = useCategories(getLanguage());
  const list = useGameList(category, search, sort);
  const categoryList = normaliseList(categories.data);
  const current = categoryList.find((c) => c.slug === category);
  const onSearch = useCallback((v: string) => setSearch(v), []);

  return (
    <Page>
      <PageTitle>{current?.name ?? intl.formatMessage(m.casinoTitle)}</PageTitle>
      <CategoryBar categories={categoryList} active={category} loading={categories.loading} />
      <GamePulse style={{ marginBottom: 16 }} />
      <Stack $gap={4}>
        <SearchSort search={search} sort={sort} onSearch={onSearch} onSort={setSort} />
        {!list.loading && list.games.length > 0 && (
          <Muted aria-live="polite">
            <FormattedMessage {...m.gamesFound} values={{ count: list.count }} />
          </Muted>
        )}
        <GameGrid games={list.games} loading={list.loading} error={list.error} onRetry={list.refetch} />
        {list.hasMore && !list.loading && (
          <Button variant="secondary" onClick={list.loadMore} style={{ alignSelf: 'center' }}>
            <FormattedMessage {...m.loadMore} />
          </Button>
        )}
      </Stack>
    </Page>
  );
}
