import { FormattedMessage, useIntl } from 'react-intl';
import { formatAmount, formatMoney, getLanguage, isApiError, parseAmount, useModal, useSession } from '@casino/platform';
import { Card, EmptyState, ErrorState, LinkButton, Page, Icon } from '@casino/ui';
import { useLayoutEffect, useState, type MouseEvent } from 'react';
import { gameUrl, useGame, type Game, type PlayMode } from '../api';
import { releaseServerScreen } from '../firstScreen';
import { FavoriteButton } from '../components/FavoriteButton';
import { COVER_SIZES, GameThumb } from '../components/GameCard';
import { GamePulse } from '../pulse/GamePulse';
import { m } from './messages';

/** The game's facts (the shell's `.gpage-stats`, the same markup the server renders). */
function GameStats({ game }: { game: Game }) {
  const intl = useIntl();
  return (
    <section className="gpage-stats" aria-label={intl.formatMessage(m.gameStats)}>
      <dl>
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
        {game.minBet && (
          <>
            <dt>{intl.formatMessage(m.minBet)}</dt>
            {/* Decimal amounts in the caller's currency ("0.000004" BTC): a coin shows its decimals. */}
            <dd>{betText(game.minBet, game)}</dd>
          </>
        )}
      </dl>
    </section>
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
  const { locale } = useIntl();
  const [busy, setBusy] = useState<PlayMode | null>(null);
  const [refusal, setRefusal] = useState<{ code: string; message: string } | null>(null);
  const play = async (mode: PlayMode) => {
    setBusy(mode);
    setRefusal(null);
    try {
      const { playUrl } = await gameUrl(slug, mode, locale);
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

/** The game's play address in a mode, as get-game-url answers it (the link without JavaScript). */
function playHref(game: Game, mode: PlayMode): string {
  const url = game.playUrl ?? '';
  return `${url}${url.includes('?') ? '&' : '?'}mode=${mode}&lang=${encodeURIComponent(getLanguage())}`;
}

/**
 * The game page. Its markup is the shell's `gpage-*` classes, the same the
 * server renders for its first screen (shell/pages.templ GameScreen): keep
 * the two in step. The play buttons are links to the game (a visitor's to
 * the login), which the page opens after get-game-url's checks.
 */
export function GamePage({ slug }: { slug: string }) {
  const intl = useIntl();
  const { authenticated } = useSession();
  const { open } = useModal();
  const { data: game, loading, error, refetch } = useGame(slug);
  const { play, busy, refusal } = usePlay(slug);

  // The server's copy of this page goes in the commit that shows this one.
  const ready = !loading || error !== null;
  useLayoutEffect(() => {
    if (ready) releaseServerScreen();
  }, [ready]);

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

  const onPlay = (mode: PlayMode) => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (busy) return;
    if (mode === 'real' && !authenticated) open('login');
    else void play(mode);
  };

  return (
    <div className="gpage">
      <div className="gpage-bar">
        <a className="gpage-back" href="/casino">
          ← {intl.formatMessage(m.backToLobby)}
        </a>
        <span className="gpage-fav">{game && <FavoriteButton game={game} />}</span>
      </div>
      <div className="gpage-layout">
        <div className="gpage-stage" title={intl.formatMessage(m.gameFrameTitle)}>
          {loading && <span className="gpage-thumb sk-block" aria-hidden="true" />}
          {game?.thumbnailUrl && <GameThumb className="gpage-thumb" game={game} sizes={COVER_SIZES} fetchPriority="high" />}
          {error && <ErrorState message={error.message} onRetry={refetch} />}
          <div className="gpage-actions">
            {game &&
              (authenticated ? (
                game.playUrl && (
                  <a className="btn btn-primary btn-lg" role="button" href={playHref(game, 'real')} aria-busy={busy === 'real' || undefined} onClick={onPlay('real')}>
                    <FormattedMessage {...m.play} />
                  </a>
                )
              ) : (
                <a className="btn btn-primary btn-lg" role="button" href="?modal=login" onClick={onPlay('real')}>
                  <FormattedMessage {...m.loginToPlay} />
                </a>
              ))}
            {game?.demo && game.playUrl && (
              <a className="btn btn-ghost btn-lg" role="button" href={playHref(game, 'demo')} aria-busy={busy === 'demo' || undefined} onClick={onPlay('demo')}>
                <FormattedMessage {...m.demo} />
              </a>
            )}
          </div>
        </div>
        <div className="gpage-side">
          {loading && <span className="gpage-title sk-line" aria-hidden="true" />}
          {game && <h1 className="gpage-title">{game.name}</h1>}
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
          {game && <GameStats game={game} />}
          {game?.rulesUrl && (
            <a className="gpage-rules" href={game.rulesUrl} data-testid="game-rules">
              {intl.formatMessage(m.rules)}
            </a>
          )}
          <GamePulse className="lobby-pulse" />
        </div>
      </div>
    </div>
  );
}
