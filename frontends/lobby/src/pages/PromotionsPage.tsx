import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { getLanguage, isApiError, useModal, useSession } from '@casino/platform';
import { Button, Card, EmptyState, Stack, ErrorState, Grid, LinkButton, Muted, Page, PageTitle, Skeleton, Icon } from '@casino/ui';
import { claimBonus, isClaimable, usePromotions, type Bonus, type Claimed } from '../api';
import { m } from './messages';

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

/** Claim of a no-deposit or free-spins bonus: the grant, or the server's refusal text. */
function ClaimButton({ bonus }: { bonus: Bonus }) {
  const intl = useIntl();
  const { authenticated } = useSession();
  const { open } = useModal();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Claimed | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!authenticated) {
    return (
      <Button onClick={() => open('login')}>
        <FormattedMessage {...m.promotionLoginToClaim} />
      </Button>
    );
  }
  if (done) {
    const ub = done.userBonus;
    const spins = ub?.type === 'freespins' && ub.freeSpinGame;
    return (
      <div role="status" data-testid="claim-done">
        <p style={{ marginTop: 0 }}>
          {spins ? (
            <FormattedMessage {...m.promotionSpinsClaimed} values={{ count: ub.freeSpinsLeft ?? 0, bet: ub.freeSpinBet, currency: done.currencyCode }} />
          ) : (
            <FormattedMessage
              {...m.promotionClaimed}
              values={{ amount: done.amount, currency: done.currencyCode, wagering: ub?.wageringRequired ?? done.amount }}
            />
          )}
        </p>
        <Stack $row $gap={2}>
          {spins && (
            <LinkButton href={`/casino/games/${encodeURIComponent(String(ub.freeSpinGame))}`}>
              <FormattedMessage {...m.promotionPlaySpins} />
            </LinkButton>
          )}
          <LinkButton href="/profile2/my-bonuses" variant="secondary">
            <FormattedMessage {...m.promotionMyBonuses} />
          </LinkButton>
        </Stack>
      </div>
    );
  }
  const claim = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      setDone(await claimBonus(bonus.id));
    } catch (e) {
      if (isApiError(e) && e.code === 'BONUS_FRAUD') setRefusal(intl.formatMessage(m.promotionFraud));
      else setRefusal(isApiError(e) || e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {refusal && (
        <Muted role="alert" data-testid="claim-refusal">
          {refusal}
        </Muted>
      )}
      <Button loading={busy} onClick={claim}>
        {bonus.banner?.bannerCtaText || <FormattedMessage {...m.promotionClaim} />}
      </Button>
    </>
  );
}

function PromotionCard({ bonus }: { bonus: Bonus }) {
  const b = bonus.banner ?? {};
  const claimable = isClaimable(bonus);
  return (
    <Banner as="article" $bg={b.bannerBackgroundColor} data-bonus={bonus.code ?? bonus.id}>
      {b.bannerImageUrl && <img src={b.bannerImageUrl} alt="" loading="lazy" />}
      <h2>{b.bannerTitle ?? bonus.name}</h2>
      {b.bannerTitleSecondary && <strong>{b.bannerTitleSecondary}</strong>}
      {b.bannerDescription && <Muted>{b.bannerDescription}</Muted>}
      {claimable && <ClaimButton bonus={bonus} />}
      {!claimable && b.link && (
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
  // /freemoney: the offers taken without a deposit, each with its Claim.
  const rows = (data?.bonus?.rows ?? []).filter((b) => !freeMoney || isClaimable(b));
  return (
    <Page>
      <PageTitle>{intl.formatMessage(freeMoney ? m.freeMoneyTitle : m.promotionsTitle)}</PageTitle>
      {error && <ErrorState message={error.message} onRetry={refetch} />}
      {!error && !loading && rows.length === 0 && (
        <EmptyState icon={<Icon name="gift" />} title={<FormattedMessage {...(freeMoney ? m.freeMoneyEmptyTitle : m.promotionsEmptyTitle)} />} description={<FormattedMessage {...m.promotionsEmptyText} />} />
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
