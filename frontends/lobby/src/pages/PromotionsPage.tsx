import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { getLanguage } from '@casino/platform';
import { Card, EmptyState, ErrorState, Grid, LinkButton, Muted, Page, PageTitle, Skeleton, Icon } from '@casino/ui';
import { usePromotions, type Bonus } from '../api';
import { m } from '../messages';

const Banner = styled(Card)<{ $bg?: string }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  background: ${({ theme, $bg }) => $bg || theme.colors.surface};
  img {
    width: 100%;
    aspect-ratio: 16 / 7;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.md};
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

function PromotionCard({ bonus }: { bonus: Bonus }) {
  const b = bonus.banner ?? {};
  return (
    <Banner as="article" $bg={b.bannerBackgroundColor}>
      {b.bannerImageUrl && <img src={b.bannerImageUrl} alt="" loading="lazy" />}
      <h2>{b.bannerTitle ?? bonus.name}</h2>
      {b.bannerTitleSecondary && <strong>{b.bannerTitleSecondary}</strong>}
      {b.bannerDescription && <Muted>{b.bannerDescription}</Muted>}
      {b.link && (
        <LinkButton href={b.link} variant="secondary">
          {b.bannerCtaText || <FormattedMessage {...m.promotionMore} />}
        </LinkButton>
      )}
    </Banner>
  );
}

export function PromotionsPage({ freeMoney = false }: { freeMoney?: boolean }) {
  const intl = useIntl();
  const { data, loading, error, refetch } = usePromotions(getLanguage());
  const rows = data?.bonus?.rows ?? [];
  return (
    <Page>
      <PageTitle>{intl.formatMessage(freeMoney ? m.freeMoneyTitle : m.promotionsTitle)}</PageTitle>
      {error && <ErrorState message={error.message} onRetry={refetch} />}
      {!error && !loading && rows.length === 0 && (
        <EmptyState icon={<Icon name="gift" />} title={<FormattedMessage {...m.promotionsEmptyTitle} />} description={<FormattedMessage {...m.promotionsEmptyText} />} />
      )}
      <Grid $min={300} aria-busy={loading || undefined}>
        {loading && Array.from({ length: 6 }, (_, i) => <Skeleton key={i} $height="260px" />)}
        {rows.map((b) => (
          <PromotionCard key={b.id} bonus={b} />
        ))}
      </Grid>
    </Page>
  );
}
