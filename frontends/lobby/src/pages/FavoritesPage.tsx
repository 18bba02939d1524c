import { FormattedMessage, useIntl } from 'react-intl';
import { useModal, useSession } from '@casino/platform';
import { EmptyState, LoginRequired, Page, PageTitle, Icon } from '@casino/ui';
import { normaliseList, useFavorites } from '../api';
import { GameGrid } from '../components/GameGrid';
import { m } from './messages';

export function FavoritesPage() {
  const intl = useIntl();
  const { authenticated } = useSession();
  const { open } = useModal();
  const { data, loading, error, refetch } = useFavorites();
  return (
    <Page>
      <PageTitle>{intl.formatMessage(m.favoritesTitle)}</PageTitle>
      {authenticated ? (
        <GameGrid
          games={normaliseList(data)}
          loading={loading}
          error={error}
          onRetry={refetch}
          skeletons={6}
          empty={
            <EmptyState icon={<Icon name="heart" />} title={<FormattedMessage {...m.favoritesEmptyTitle} />} description={<FormattedMessage {...m.favoritesEmptyText} />} />
          }
        />
      ) : (
        <LoginRequired onLogin={() => open('login')} />
      )}
    </Page>
  );
}
