import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlatformProvider } from '@casino/platform';
import { darkTheme } from '@casino/ui';
import type { Game } from '../api';

let game: Game;

vi.mock('../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api')>()),
  useGame: () => ({ data: game, loading: false, error: null, refetch: () => undefined }),
}));
vi.mock('../pulse/GamePulse', () => ({ GamePulse: () => null }));
vi.mock('../components/FavoriteButton', () => ({ FavoriteButton: () => null }));

const { GamePage } = await import('../pages/GamePage');

const renderPage = () =>
  render(
    <PlatformProvider theme={darkTheme} messages={{}}>
      <GamePage slug="fruit-fiesta" />
    </PlatformProvider>,
  );

describe('GamePage rules link', () => {
  afterEach(cleanup);

  it('links a studio game to its rules and paytable page, in the same tab', () => {
    game = { id: 'fruit-fiesta', slug: 'fruit-fiesta', name: 'Fruit Fiesta', rulesUrl: '/studio/games/fruit-fiesta/rules' };
    renderPage();
    const link = screen.getByRole('link', { name: 'Rules and paytable' });
    expect(link.getAttribute('href')).toBe('/studio/games/fruit-fiesta/rules');
    expect(link.getAttribute('target')).toBeNull();
  });

  it('shows no link for a game without rulesUrl', () => {
    game = { id: 'other-slot', slug: 'other-slot', name: 'Other Slot' };
    renderPage();
    expect(screen.getByRole('heading', { name: 'Other Slot' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Rules and paytable' })).toBeNull();
  });
});
