/**
 * The server renders a visitor's /deposit, /withdraw and /profile/transactions
 * as the log-in prompt (`<div data-ssr="cashier">`, shell LoginScreen), the
 * same page VisitorPage draws. The app keeps that copy while it mounts
 * (`#mf-page[data-handoff="cashier"]` tells the root config) and removes it
 * in the commit that shows its own page, so the visitor never sees both,
 * neither, or a skeleton in between (issue 19).
 *
 * The lobby does the same for its pages (lobby/src/firstScreen.ts). These
 * stay in each app rather than in @casino/platform: the platform is a shared
 * singleton, and a page may run an older release of it than this app's.
 */
export function claimServerScreen(): void {
  if (typeof document === 'undefined') return;
  const page = document.getElementById('mf-page');
  if (page) page.dataset.handoff = 'cashier';
}

/** Removes the server's copy of the first screen from #mf-page. */
export function releaseServerScreen(): void {
  if (typeof document === 'undefined') return;
  document.querySelectorAll('#mf-page > [data-ssr]').forEach((el) => el.remove());
}
