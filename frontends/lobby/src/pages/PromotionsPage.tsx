import { useLayoutEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { formatMoney, getLanguage, isApiError, parseAmount, useModal, useSearchParams, useSession } from '@casino/platform';
import { Card, EmptyState, Stack, ErrorState, LinkButton, Muted, Page, PageTitle, Skeleton, Icon } from '@casino/ui';
import { claimBonus, isClaimable, usePromotions, type Bonus, type Claimed } from '../api';
import { releaseServerScreen } from '../firstScreen';
import { m } from './messages';

const Terms = styled.ul`
  margin: 0;
  padding-inline-start: 1.2em;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

/** Decimal strings of get-all-bonus in the row's currency, formatted. */
function money(v: string | undefined, currency: string | undefined): string {
  if (!v) return '';
  const scale = v.includes('.') ? v.length - v.indexOf('.') - 1 : 0;
  return formatMoney(parseAmount(v, scale) ?? '0', currency || 'EUR', { scale, precise: scale > 2 });
}

/** A bonus valid for 24 hours once taken carries the 24h label (SPEC section 9). */
function Label24({ bonus }: { bonus: Bonus }) {
  const intl = useIntl();
  if (bonus.daysValid !== 1) return null;
  return (
    <span className="promo-24h" title={intl.formatMessage(m.promotionLabel24hHint)} data-testid="label-24h">
      {intl.formatMessage(m.promotionLabel24h)}
    </span>
  );
}

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

/** A promotion's key in the page, as the server's first screen writes it (`data-bonus`). */
const bonusRef = (bonus: Bonus) => String(bonus.code || bonus.id);

/** Claim of a no-deposit or free-spins bonus: the grant, or the server's refusal text. */
function ClaimButton({ bonus }: { bonus: Bonus }) {
  const intl = useIntl();
  const { authenticated } = useSession();
  const { open } = useModal();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Claimed | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!authenticated) {
    // A link to the login (the server's first screen has the same).
    return (
      <a
        className="btn btn-primary"
        role="button"
        href="?modal=login"
        onClick={(e) => {
          e.preventDefault();
          open('login');
        }}
      >
        <FormattedMessage {...m.promotionLoginToClaim} />
      </a>
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
      <button
        type="button"
        className="btn btn-primary promo-claim"
        data-replay={`claim:${bonusRef(bonus)}`}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={claim}
      >
        {bonus.banner?.bannerCtaText || <FormattedMessage {...m.promotionClaim} />}
      </button>
    </>
  );
}

/** Banners from this index on load lazily; the first loads first (the LCP image). */
const EAGER_PROMOS = 2;

/**
 * One promotion's banner: the shell's `promo-*` classes, the same markup the
 * server renders for /promotions (shell/pages.templ PromotionsScreen).
 */
function PromotionCard({ bonus, index }: { bonus: Bonus; index: number }) {
  const b = bonus.banner ?? {};
  const claimable = isClaimable(bonus);
  const ref = bonusRef(bonus);
  return (
    <article className="promo" style={b.bannerBackgroundColor ? { background: b.bannerBackgroundColor } : undefined} data-bonus={ref}>
      {b.bannerImageUrl && (
        <img
          className="promo-img"
          src={b.bannerImageUrl}
          alt=""
          width={640}
          height={280}
          fetchPriority={index === 0 ? 'high' : undefined}
          loading={index < EAGER_PROMOS ? undefined : 'lazy'}
        />
      )}
      <Label24 bonus={bonus} />
      <h2 className="promo-title">{b.bannerTitle || bonus.name}</h2>
      {b.bannerTitleSecondary && <strong className="promo-sub">{b.bannerTitleSecondary}</strong>}
      {b.bannerDescription && <p className="promo-text">{b.bannerDescription}</p>}
      <div className="promo-actions">
        {claimable && <ClaimButton bonus={bonus} />}
        {!claimable && b.link && (
          <a className="btn btn-ghost" href={b.link}>
            {b.bannerCtaText || <FormattedMessage {...m.promotionMore} />}
          </a>
        )}
        <a className="promo-details" href={`/promotion?id=${encodeURIComponent(ref)}`}>
          <FormattedMessage {...m.promotionDetails} />
        </a>
      </div>
    </article>
  );
}

/** /promotion?id=…: one promotion with its terms, dates, wagering, eligible games and its Claim (or its link). */
export function PromotionPage({ id }: { id: string }) {
  const intl = useIntl();
  const { data, loading, error, refetch } = usePromotions(getLanguage());
  const bonus = (data?.bonus?.rows ?? []).find((x) => String(x.id) === id || x.code === id);
  const date = (v?: string) => (v ? intl.formatDate(v, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC' : '');
  if (error) return <Page><ErrorState message={error.message} onRetry={refetch} /></Page>;
  if (loading) return <Page><Skeleton $height="320px" /></Page>;
  if (!bonus) {
    return (
      <Page>
        <EmptyState
          icon={<Icon name="gift" />}
          title={<FormattedMessage {...m.promotionNotFound} />}
          action={<LinkButton href="/promotions">{intl.formatMessage(m.promotionAll)}</LinkButton>}
        />
      </Page>
    );
  }
  const b = bonus.banner ?? {};
  const cur = bonus.currencyCode;
  const contribution = bonus.wageringContribution ?? {};
  const claimable = isClaimable(bonus);
  return (
    <Page style={{ maxWidth: 760 }}>
      <Banner as="article" $bg={b.bannerBackgroundColor} data-promotion={bonus.code ?? bonus.id}>
        {b.bannerImageUrl && <img src={b.bannerImageUrl} alt="" />}
        <Label24 bonus={bonus} />
        <PageTitle>{b.bannerTitle ?? bonus.name}</PageTitle>
        {b.bannerTitleSecondary && <strong>{b.bannerTitleSecondary}</strong>}
        {b.bannerDescription && <Muted>{b.bannerDescription}</Muted>}
        <section aria-label={intl.formatMessage(m.promotionTermsTitle)} data-testid="promotion-terms">
          <h2>{intl.formatMessage(m.promotionTermsTitle)}</h2>
          <Terms>
            <li>
              {bonus.wageringMultiplier
                ? intl.formatMessage(m.promotionWagering, { multiplier: bonus.wageringMultiplier, days: bonus.daysValid ?? 0 })
                : intl.formatMessage(m.promotionNoWagering)}
            </li>
            {bonus.validFrom && <li>{intl.formatMessage(m.promotionStarts, { date: date(bonus.validFrom) })}</li>}
            <li>{bonus.validTo ? intl.formatMessage(m.promotionEnds, { date: date(bonus.validTo) }) : intl.formatMessage(m.promotionNoEnd)}</li>
            {bonus.minDeposit && <li>{intl.formatMessage(m.promotionMinDeposit, { amount: money(bonus.minDeposit, cur) })}</li>}
            {bonus.maxBet && <li>{intl.formatMessage(m.promotionMaxBet, { amount: money(bonus.maxBet, cur) })}</li>}
            {bonus.maxWinAmount && <li>{intl.formatMessage(m.promotionMaxWin, { amount: money(bonus.maxWinAmount, cur) })}</li>}
            {!!bonus.freeSpinsQuantity && bonus.freeSpinGame && bonus.freeSpinBet && (
              <li>
                {intl.formatMessage(m.promotionSpins, { count: bonus.freeSpinsQuantity, game: bonus.freeSpinGame, bet: money(bonus.freeSpinBet, cur) })}
              </li>
            )}
            <li>
              {intl.formatMessage(m.promotionGames, { slot: contribution.slot ?? 100, table: contribution.table ?? 100, live: contribution.live ?? 100 })}
            </li>
          </Terms>
          {bonus.terms && (
            <p>
              <a href={bonus.terms}>{intl.formatMessage(m.promotionTermsLink)}</a>
            </p>
          )}
        </section>
        {claimable && <ClaimButton bonus={bonus} />}
        {!claimable && b.link && (
          <LinkButton href={b.link}>{b.bannerCtaText || <FormattedMessage {...m.promotionMore} />}</LinkButton>
        )}
      </Banner>
      <p>
        <a href="/promotions">{intl.formatMessage(m.promotionAll)}</a>
      </p>
    </Page>
  );
}

/** /promotion: one promotion with ?id=, else the list. */
export function PromotionRoute() {
  const id = useSearchParams().get('id');
  return id ? <PromotionPage id={id} /> : <PromotionsPage />;
}

/**
 * /promotions (and /freemoney). Its markup is the shell's `promos`/`promo-*`
 * classes, the same the server renders for the first screen of /promotions
 * (shell/pages.templ PromotionsScreen): keep the two in step.
 */
export function PromotionsPage({ freeMoney = false }: { freeMoney?: boolean }) {
  const intl = useIntl();
  const { data, loading, error, refetch } = usePromotions(getLanguage());
  // /freemoney: the offers taken without a deposit, each with its Claim.
  const rows = (data?.bonus?.rows ?? []).filter((b) => !freeMoney || isClaimable(b));
  // The server's copy of this page goes in the commit that shows this one.
  const ready = !loading || error !== null;
  useLayoutEffect(() => {
    if (ready) releaseServerScreen();
  }, [ready]);
  return (
    <div className="promos">
      <h1 className="promos-title">{intl.formatMessage(freeMoney ? m.freeMoneyTitle : m.promotionsTitle)}</h1>
      {error && <ErrorState message={error.message} onRetry={refetch} />}
      {!error && !loading && rows.length === 0 && (
        <div className="lobby-empty">
          <strong>
            <FormattedMessage {...(freeMoney ? m.freeMoneyEmptyTitle : m.promotionsEmptyTitle)} />
          </strong>
          <p>
            <FormattedMessage {...m.promotionsEmptyText} />
          </p>
        </div>
      )}
      {(loading || rows.length > 0) && (
        <div className="promos-grid" aria-busy={loading || undefined}>
          {loading && Array.from({ length: 4 }, (_, i) => <div key={i} className="promo promo-sk sk-block" aria-hidden="true" />)}
          {rows.map((b, i) => (
            <PromotionCard key={b.id} bonus={b} index={i} />
          ))}
        </div>
      )}
    </div>
  );
}
