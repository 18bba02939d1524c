import type { Bonus, Category, Game, Paged } from './api';

/**
 * The lobby's first screen as the server rendered it (issue 19, docs/site.md):
 * `<script id="lobby-first-screen">` holds the categories and the first page
 * of games the server's HTML shows, exactly as get-full-category-list and
 * get-games answer them. The casino page starts from it instead of fetching
 * both again, and renders the same markup (the shell's `lobby-*` / `tile`
 * classes), so the swap moves nothing.
 */
export interface FirstScreen {
  locale: string;
  category: string;
  sort: string;
  pageNo: number;
  limit: number;
  categories: Paged<Category>;
  games: Paged<Game>;
}

let read = false;
let data: FirstScreen | null = null;
let readAt = 0;

/**
 * How long the embedded data stands for the lobby's answers: a player who
 * comes back to the casino page later in the same visit gets fresh lists.
 */
export const FIRST_SCREEN_TTL_MS = 5 * 60_000;

/** The embedded first screen, read once per page load; null when there is none (or it is old). */
export function firstScreen(): FirstScreen | null {
  if (read) return data && Date.now() - readAt < FIRST_SCREEN_TTL_MS ? data : null;
  read = true;
  readAt = Date.now();
  const el = typeof document === 'undefined' ? null : document.getElementById('lobby-first-screen');
  if (!el?.textContent) return null;
  try {
    const parsed = JSON.parse(el.textContent) as FirstScreen;
    if (parsed && Array.isArray(parsed.games?.rows) && Array.isArray(parsed.categories?.rows)) data = parsed;
  } catch {
    data = null;
  }
  return data;
}

/**
 * The other pages' embedded data (issue 19): `<script id="lobby-game">`
 * ({game}: get-game's answer) on /casino/games/{slug} and
 * `<script id="lobby-promotions">` ({language, bonus}: get-all-bonus's) on
 * /promotions. Read once per page load, answered for FIRST_SCREEN_TTL_MS.
 */
export interface EmbeddedGame {
  game: Game;
}
export interface EmbeddedPromotions {
  language: string;
  bonus: Paged<Bonus>;
}

const others = new Map<string, { at: number; value: unknown }>();

function embedded<T>(id: string, valid: (v: T) => boolean): T | null {
  let hit = others.get(id);
  if (!hit) {
    let value: unknown = null;
    const el = typeof document === 'undefined' ? null : document.getElementById(id);
    if (el?.textContent) {
      try {
        const parsed = JSON.parse(el.textContent) as T;
        if (parsed && valid(parsed)) value = parsed;
      } catch {
        value = null;
      }
    }
    hit = { at: Date.now(), value };
    others.set(id, hit);
  }
  return hit.value !== null && Date.now() - hit.at < FIRST_SCREEN_TTL_MS ? (hit.value as T) : null;
}

/** The game page's embedded game, when it is slug's. */
export function embeddedGame(slug: string): Game | null {
  const e = embedded<EmbeddedGame>('lobby-game', (v) => typeof v.game?.slug === 'string');
  return e && e.game.slug === slug ? e.game : null;
}

/** The embedded promotions, when they are in language. */
export function embeddedPromotions(language: string): { bonus: Paged<Bonus> } | null {
  const e = embedded<EmbeddedPromotions>('lobby-promotions', (v) => Array.isArray(v.bonus?.rows));
  return e && e.language === language ? { bonus: e.bonus } : null;
}

/** Test hook: forget what was read. */
export function resetFirstScreen(): void {
  read = false;
  data = null;
  others.clear();
}

/**
 * Removes the server's copy of the first screen from #mf-page. The lobby
 * calls it in a layout effect of the commit that shows its own page, so the
 * browser never paints both or neither (shell.css hides the app's container
 * while the copy is there).
 */
export function releaseServerScreen(): void {
  if (typeof document === 'undefined') return;
  document.querySelectorAll('#mf-page > [data-ssr]').forEach((el) => el.remove());
}

/**
 * Tells the shell (root config) this lobby removes the server's first
 * screen itself: the shell then keeps it while the app mounts.
 */
export function claimServerScreen(): void {
  if (typeof document === 'undefined') return;
  const page = document.getElementById('mf-page');
  if (page) page.dataset.handoff = 'lobby';
}
