import { matchRoutes, usePathname, type RouteParams } from '@casino/platform';
import type { ReactElement } from 'react';
import { m } from './messages';
import { CasinoPage } from './pages/CasinoPage';
import { FavoritesPage } from './pages/FavoritesPage';
import { GamePage } from './pages/GamePage';
import { InfoListPage, NotFound } from './pages/InfoListPage';
import { PromotionsPage } from './pages/PromotionsPage';

interface Route {
  path: string;
  render: (params: RouteParams) => ReactElement;
}

/** Lobby routes (docs/architecture.md: /, /casino, /casino/*, /promotions, …). */
export const LOBBY_ROUTES: readonly Route[] = [
  { path: '/', render: () => <CasinoPage /> },
  { path: '/casino', render: () => <CasinoPage /> },
  { path: '/casino/games/:game', render: (p) => <GamePage key={p.game} slug={p.game} /> },
  { path: '/casino/:category', render: (p) => <CasinoPage key={p.category} category={p.category} /> },
  { path: '/promotions', render: () => <PromotionsPage /> },
  { path: '/promotion', render: () => <PromotionsPage /> },
  { path: '/freemoney', render: () => <PromotionsPage freeMoney /> },
  { path: '/profile/favorites', render: () => <FavoritesPage /> },
  { path: '/providers', render: () => <InfoListPage title={m.providersTitle} empty={m.providersEmpty} icon="🏢" /> },
  { path: '/tournaments', render: () => <InfoListPage title={m.tournamentsTitle} empty={m.tournamentsEmpty} icon="🏆" /> },
];

export function LobbyApp() {
  const pathname = usePathname();
  const match = matchRoutes(LOBBY_ROUTES, pathname);
  return match ? match.route.render(match.params) : <NotFound />;
}
