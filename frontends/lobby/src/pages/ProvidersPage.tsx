import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState, ErrorState, Page, PageTitle, SectionTitle, Skeleton, Stack, Icon } from '@casino/ui';
import { normaliseList, useProviderGames, useProviders, type Provider } from '../api';
import { GameGrid } from '../components/GameGrid';
import { m as base } from '../messages';
import { m as own } from './messages';

const m = { ...base, ...own };

/** One provider with its most popular games. */
function ProviderSection({ provider }: { provider: Provider }) {
  const intl = useIntl();
  const { data, loading, error, refetch } = useProviderGames(provider.slug);
  return (
    <section aria-label={provider.name} data-testid={`provider-${provider.slug}`}>
      <Stack $row $align="center" $gap={3}>
        {provider.logoUrl && <img src={provider.logoUrl} alt="" width={32} height={32} />}
        <SectionTitle>{provider.name}</SectionTitle>
        <span>{intl.formatMessage(m.gamesFound, { count: provider.gameCount })}</span>
      </Stack>
      <GameGrid games={normaliseList(data)} loading={loading} error={error} onRetry={refetch} skeletons={6} />
    </section>
  );
}

/** The /providers page: every game provider of the catalogue and its games. */
export function ProvidersPage() {
  const intl = useIntl();
  const { data, loading, error, refetch } = useProviders();
  const providers = normaliseList(data);
  return (
    <Page>
      <PageTitle>{intl.formatMessage(m.providersTitle)}</PageTitle>
      {loading && !data && <Skeleton $height="200px" />}
      {error && <ErrorState message={error.message} onRetry={refetch} />}
      {!loading && !error && providers.length === 0 && <EmptyState icon={<Icon name="building" />} title={<FormattedMessage {...m.providersEmpty} />} />}
      <Stack $gap={6}>
        {providers.map((p) => (
          <ProviderSection key={p.slug} provider={p} />
        ))}
      </Stack>
    </Page>
  );
}
