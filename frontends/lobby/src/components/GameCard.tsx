import type { ImgHTMLAttributes } from 'react';
import type { Game } from '../api';

// Tiles use the shell's classes (shell/static/shell.css `.tile…`): the
// server renders the first screen's tiles with the same markup, so the
// lobby's swap of the server copy moves nothing (issue 19).

/**
 * How wide a tile and the game page's cover are shown, for the browser to
 * pick from a thumbnail's srcset: the same strings as the server's first
 * screen (shell/view.go TileSizes, CoverSizes), so the swap keeps the image.
 */
export const TILE_SIZES = '(max-width: 399px) 45vw, (max-width: 767px) 30vw, 160px';
export const COVER_SIZES = '(max-width: 767px) 150px, 180px';

/** A game's 3:4 thumbnail, with its WebP sizes when it has them (the browser picks one by `sizes`). */
export function GameThumb({ game, sizes, ...img }: { game: Game; sizes: string } & ImgHTMLAttributes<HTMLImageElement>) {
  return (
    <img
      src={game.thumbnailUrl}
      srcSet={game.thumbnailSrcset || undefined}
      sizes={game.thumbnailSrcset ? sizes : undefined}
      alt=""
      width={300}
      height={400}
      {...img}
    />
  );
}

/** Tiles from this index on load lazily; the first row loads at once, the first tile first. */
export const EAGER_TILES = 6;

export function GameCard({ game, index = EAGER_TILES }: { game: Game; index?: number }) {
  return (
    <a className="tile" href={`/casino/games/${encodeURIComponent(game.slug)}`}>
      <span className="tile-thumb">
        {game.thumbnailUrl && (
          <GameThumb
            game={game}
            sizes={TILE_SIZES}
            loading={index < EAGER_TILES ? undefined : 'lazy'}
            fetchPriority={index === 0 ? 'high' : undefined}
          />
        )}
      </span>
      <span className="tile-name">{game.name}</span>
      {game.provider && <span className="tile-provider">{game.provider}</span>}
    </a>
  );
}

export function GameCardSkeleton() {
  return (
    <div className="tile tile-sk" aria-hidden="true">
      <span className="tile-thumb sk-block" />
      <span className="tile-name sk-line" />
    </div>
  );
}
