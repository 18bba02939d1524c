import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { formatAmount, formatMoney, isApiError, parseAmount, useModal, useSession } from '@casino/platform';
import { Button, Card, EmptyState, ErrorState, LinkButton, Page, Skeleton, Stack, Icon } from '@casino/ui';
import { useState } from 'react';
import { gameUrl, useGame, type Game, type PlayMode } from '../api';
import { FavoriteButton } from '../components/FavoriteButton';
import { GamePulse } from '../pulse/GamePulse';
import { m } from './messages';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 300px;
  gap: ${({ theme }) => theme.space(5)};
  ${({ theme }) => theme.media.upToTablet} {
    grid-template-columns: 1fr;
  }
`;

const Stage = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;
  background: ${({ theme }) => `radial-gradient(circle at 30% 20%, ${theme.colors.accent}, ${theme.colors.background})`};
  display: flex;
  align-items: center;
  justify-content: center;
  iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
`;

const Stats = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: end;
    font-weight: 600;
  }
`;

function GameStats({ game }: { game: Game }) {
  const intl = useIntl();
  return (
    <Card aria-label={intl.formatMessage(m.gameStats)}>
      <Stats>
        {game.provider && (
          <>
            <dt>{intl.formatMessage(m.provider)}</dt>
            <dd>{game.provider}</dd>
          </>
        )}
        {game.returnToPlayer != null && (
          <>
            <dt>{intl.formatMessage(m.rtp)}</dt>
            <dd>{intl.formatMessage(m.rtpValue, { value: String(game.returnToPlayer) })}</dd>
          </>
        )}
        {game.maxMultiplier != null && (
          <>
            <dt>{intl.formatMessage(m.maxMultiplier)}</dt>
            <dd>{intl.formatMessage(m.multiplierValue, { value: String(game.maxMultiplier) })}</dd>
          </>
        )}
        {game.minBet != null && (
          <>
            <dt>{intl.formatMessage(m.minBet)}</dt>
            {/* Decimal amounts in the caller's currency ("0.000004" BTC): a coin shows its decimals. */}
            <dd>{betText(game.minBet, game)}</dd>
          </>
        )}
      </Stats>
    </Card>
  );
}

function betText(amount: string, game: Game): string {
  const scale = game.decimals ?? 2;
  const minor = parseAmount(amount, scale) ?? '0';
  const opts = { scale, precise: scale > 2 };
  return game.currencyCode ? formatMoney(minor, game.currencyCode, opts) : formatAmount(minor, opts);
}

/** Opens a game at the address the server gives, or says why it cannot. */
function usePlay(slug: string) {
  const { open } = useModal();
  const [busy, setBusy] = useState<PlayMode | null>(null);
  const [refusal, setRefusal] = useState<{ code: string; message: string } | null>(null);
  const play = async (mode: PlayMode) => {
    setBusy(mode);
    setRefusal(null);
    try {
      const { playUrl } = await gameUrl(slug, mode);
      window.location.assign(playUrl);
    } catch (e) {
      if (isApiError(e) && e.status === 403) open('login');
      else setRefusal({ code: isApiError(e) ? e.code : '', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(null);
    }
  };
  return { play, busy, refusal };
}

export function GamePage({ slug }: { slug: string }) {
  const intl = useIntl();
  const { authenticated } = useSession();
  const { open } = useModal();
  const { data: game, loading, error, refetch } = useGame(slug);
  const { play, busy, refusal } = usePlay(slug);

  if (isApiError(error) && error.status === 404) {
    return (
      <Page>
        <EmptyState
          icon={<Icon name="dice" />}
          title={<FormattedMessage {...m.gameNotFound} />}
          description={<FormattedMessage {...m.gameNotFoundText} />}
          action={
            <LinkButton href="/casino">
              <FormattedMessage {...m.backToLobby} />
            </LinkButton>
          }
        />
      </Page>
    );
  }

  return (
    <Page>
      <Stack $row $justify="space-between" $align="center" style={{ marginBottom: 16 }}>
        <a href="/casino">← {intl.formatMessage(m.backToLobby)}</a>
        {game && <FavoriteButton game={game} />}
      </Stack>
      <Layout>
        <Stage title={intl.formatMessage(m.gameFrameTitle)}>
          {loading && <Skeleton $height="100%" style={{ position: 'absolute', inset: 0 }} />}
          {error && <ErrorState message={error.message} onRetry={refetch} />}
          {game && (
            <Stack $row $gap={3}>
              {authenticated ? (
                <Button size="lg" disabled={!game.playUrl} loading={busy === 'real'} onClick={() => play('real')}>
                  <FormattedMessage {...m.play} />
                </Button>
              ) : (
                <Button size="lg" onClick={() => open('login')}>
                  <FormattedMessage {...m.loginToPlay} />
                </Button>
              )}
              {game.demo && (
                <Button size="lg" variant="secondary" loading={busy === 'demo'} onClick={() => play('demo')}>
                  <FormattedMessage {...m.demo} />
                </Button>
              )}
            </Stack>
          )}
        </Stage>
        <Stack $gap={4}>
          {loading && <Skeleton $height="160px" />}
          {game && (
            <>
              <h1 style={{ margin: 0 }}>{game.name}</h1>
              {refusal && (
                <Card role="alert" data-testid="play-refusal">
                  <p style={{ marginTop: 0 }}>{refusal.message}</p>
                  {refusal.code === 'DEPOSIT_REQUIRED' && (
                    <LinkButton href="/deposit">
                      <FormattedMessage {...m.depositToPlay} />
                    </LinkButton>
                  )}
                </Card>
              )}
              <GameStats game={game} />
              {game.rulesUrl && (
                <a href={game.rulesUrl} data-testid="game-rules">
                  {intl.formatMessage(m.rules)}
                </a>
              )}
            </>
          )}
          <GamePulse />
        </Stack>
      </Layout>
    </Page>
  );
}
