import styled from 'styled-components';
import { Skeleton } from '@casino/ui';
import type { Game } from '../api';

const Tile = styled.a`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover img,
  &:focus-visible img {
    transform: scale(1.03);
  }
`;

const Thumb = styled.div`
  aspect-ratio: 3 / 4;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => `linear-gradient(135deg, ${theme.colors.surfaceRaised}, ${theme.colors.accent})`};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    transition: transform 0.2s ease;
  }
`;

const Name = styled.span`
  font-weight: 600;
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Provider = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

export function GameCard({ game }: { game: Game }) {
  return (
    <Tile href={`/casino/games/${encodeURIComponent(game.slug)}`}>
      <Thumb>{game.thumbnailUrl && <img src={game.thumbnailUrl} alt="" loading="lazy" />}</Thumb>
      <Name>{game.name}</Name>
      {game.provider && <Provider>{game.provider}</Provider>}
    </Tile>
  );
}

export function GameCardSkeleton() {
  return (
    <div>
      <Skeleton $height="auto" style={{ aspectRatio: '3 / 4' }} />
      <Skeleton $height="14px" $width="70%" style={{ marginTop: 8 }} />
    </div>
  );
}
