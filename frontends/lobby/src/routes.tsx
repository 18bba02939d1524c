import { lazy, Suspense, useLayoutEffect, type ReactElement } from 'react';
import { matchRoutes, usePathname, useSession, type RouteParams } from '@casino/platform';
import { Page, Skeleton } from '@casino/ui';
import { CasinoPage } from './pages/CasinoPage';
import { NotFound } from './pages/InfoListPage';
import { releaseServerScreen } from './firstScreen';

// The casino lobby is the first page most visitors see: it ships in the
// exposed chunk; the other pages load on demand (first-load budget).
const GamePage = lazy(() => import('./pages/GamePage').then((x) => ({ default: x.GamePage })));
const PromotionsPage = lazy(() => import('./pages/PromotionsPage').then((x) => ({ default: x.PromotionsPage })));
const PromotionRoute = lazy(() => import('./pages/PromotionsPage').then((x) => ({ default: x.PromotionRoute })));
const RacesPage = lazy(() => import('./races/RacesPage').then((x) => ({ default: x.RacesPage })));
// The chat loads after the page, in its own chunk (first-load budget).
const Chat = lazy(() => import('./chat/Chat').then((x) => ({ default: x.Chat })));
const ProvidersPage = lazy(() => import('./pages/ProvidersPage').then((x) => ({ default: x.ProvidersPage })));
// The VIP level-up toast listens only for logged-in players: its chunk is not
// part of a visitor's first visit.
const LevelUpToast = lazy(() => import('./components/LevelUpToast').then((x) => ({ default: x.LevelUpToast })));
const FavoritesPage = lazy(() => import('./pages/FavoritesPage').then((x) => ({ default: x.FavoritesPage })));

function PageSkeleton() {
  return (
    <Page>
      <Skeleton $height="40px" $width="240px" />
      <Skeleton $height="320px" style={{ marginTop: 24 }} />
    </Page>
  );
}

interface Route {
  path: string;
  render: (params: RouteParams) => ReactElement;
  /**
   * A page whose first screen the server renders (the casino page, a game,
   * the promotions): the page releases the server's copy itself.
   */
  ssr?: boolean;
}

/** Lobby routes (docs/architecture.md: /, /casino, /casino/*, /promotions, …). */
export const LOBBY_ROUTES: readonly Route[] = [
  { path: '/', render: () => <CasinoPage />, ssr: true },
  { path: '/casino', render: () => <CasinoPage />, ssr: true },
  { path: '/casino/games/:game', render: (p) => <GamePage key={p.game} slug={p.game} />, ssr: true },
  { path: '/casino/:category', render: (p) => <CasinoPage key={p.category} category={p.category} />, ssr: true },
  { path: '/promotions', render: () => <PromotionsPage />, ssr: true },
  { path: '/promotion', render: () => <PromotionRoute /> },
  { path: '/freemoney', render: () => <PromotionsPage freeMoney /> },
  { path: '/profile/favorites', render: () => <FavoritesPage /> },
  { path: '/providers', render: () => <ProvidersPage /> },
  { path: '/tournaments', render: () => <RacesPage /> },
];

/**
 * The chat, in a box of fixed height (shell.css .lobby-chat, also in the
 * server's first screen): its arrival after the page moves nothing below.
 */
function ChatBox() {
  return (
    <div className="lobby-chat">
      <Suspense fallback={null}>
        <Chat />
      </Suspense>
    </div>
  );
}

export function LobbyApp() {
  const pathname = usePathname();
  const { authenticated } = useSession();
  const match = matchRoutes(LOBBY_ROUTES, pathname);
  // The casino, game and promotions pages release the server's first
  // screen when their own is ready; any other page releases it at once.
  const ssr = match !== null && match.route.ssr === true;
  useLayoutEffect(() => {
    if (!ssr) releaseServerScreen();
  }, [ssr]);
  return (
    <>
      {authenticated && (
        <Suspense fallback={null}>
          <LevelUpToast />
        </Suspense>
      )}
      <Suspense fallback={<PageSkeleton />}>{match ? match.route.render(match.params) : <NotFound />}</Suspense>
      {match && <ChatBox />}
    </>
  );
}
