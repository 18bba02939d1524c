import { FormattedMessage } from 'react-intl';
import { EmptyState, ErrorState } from '@casino/ui';
import type { Game } from '../api';
import { m } from '../messages';
import { GameCard, GameCardSkeleton } from './GameCard';

export interface GameGridProps {
  games: Game[];
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  skeletons?: number;
  empty?: React.ReactNode;
}

/** Game tiles (the shell's `.lobby-grid`) with skeletons while loading, an empty state and an error state. */
export function GameGrid({ games, loading, error, onRetry, skeletons = 18, empty }: GameGridProps) {
  if (error && games.length === 0) return <ErrorState message={error.message} onRetry={onRetry} />;
  if (!loading && games.length === 0)
    return (
      <>
        {empty ?? (
          <EmptyState title={<FormattedMessage {...m.noGamesTitle} />} description={<FormattedMessage {...m.noGamesText} />} />
        )}
      </>
    );
  return (
    <div className="lobby-grid" aria-busy={loading || undefined}>
      {games.map((g, i) => (
        <GameCard key={g.id} game={g} index={i} />
      ))}
      {loading && Array.from({ length: skeletons }, (_, i) => <GameCardSkeleton key={`sk${i}`} />)}
    </div>
  );
}
