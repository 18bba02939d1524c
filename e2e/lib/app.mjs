// The contract between the end-to-end tests and the site: which route mounts
// which micro-frontend, which ?modal= is owned by which, and the selectors the
// tests wait for. Keep every selector here so a markup change is one edit.
//
// Shell (server-rendered, shell/layout.templ):
//   <main id="mf-page" data-app="lobby">   page mount point (skeleton inside)
//   <div id="mf-modal" data-modal="profile" data-modal-name="login">
//   <header id="site-header"> … .menu-login (guest) / .menu-logout (user)
//   404: <section class="not-found"> … <a class="btn …">Go Home</a>
// Micro-frontends (frontends/*/src): each app's root element carries
//   data-testid="<app>-app" (page) and data-testid="<app>-modal" (overlay).

export const SEL = {
  page: '#mf-page',
  modal: '#mf-modal',
  header: '#site-header',
  remotes: 'script#mf-remotes',
  notFound: '.not-found',
  goHome: '.not-found a',
  info: '#mf-page article.prose',
  menuLogin: '#site-header .menu-login',
  menuLogout: '#site-header .menu-logout',
  /** The root element a micro-frontend renders into the page mount point. */
  appRoot: (app) => `#mf-page [data-testid="${app}-app"]`,
  /** The root element of a micro-frontend's overlay in the modal mount point. */
  modalRoot: (app) => `#mf-modal [data-testid="${app}-modal"]`,
};

// Issue 2 point 3: every route with the app that must mount there.
export const APP_ROUTES = [
  ['/', 'lobby'],
  ['/casino', 'lobby'],
  ['/casino/slots', 'lobby'],
  ['/casino/live-casino', 'lobby'],
  ['/casino/popular', 'lobby'],
  ['/casino/games/book-of-gold', 'lobby'],
  ['/promotions', 'lobby'],
  ['/promotion', 'lobby'],
  ['/freemoney', 'lobby'],
  ['/profile/favorites', 'lobby'],
  ['/cashback', 'calendar'],
  ['/vip-club', 'profile'],
  ['/deposit', 'cashier'],
  ['/withdraw', 'cashier'],
  ['/profile/transactions', 'cashier'],
  ['/profile', 'profile'],
  ['/profile2/my-profile', 'profile'],
  ['/profile2/balance', 'cashier'],
  ['/profile2/verification', 'profile'],
  ['/profile2/my-bonuses', 'profile'],
  ['/profile2/vip-club', 'profile'],
  ['/profile2/my-history', 'profile'],
  ['/profile2/freeze-account', 'profile'],
  ['/profile2/limits', 'profile'],
];

export const INFO_PAGES = [
  'terms-and-conditions',
  'privacy-policy',
  'aml-policy',
  'responsible-gambling',
  'kyc-refund-policy',
  'bonus-terms',
  'legal-use-of-website',
];

// ?modal= value → owning app (architecture.md).
export const MODALS = [
  ['login', 'profile', ''],
  ['deposit-failed', 'cashier', '&met=visa'],
  ['calendar', 'calendar', ''],
];

/** The inline registry of the page: {name: entryURL}. */
export async function remotesOf(page) {
  const text = await page.locator(SEL.remotes).textContent({ timeout: 5_000 });
  return JSON.parse(text);
}

/** Waits until app's root element is rendered inside #mf-page. */
export async function waitForApp(page, app, { timeout = 15_000 } = {}) {
  const main = page.locator(SEL.page);
  const dataApp = await main.getAttribute('data-app', { timeout: 5_000 });
  if (dataApp !== app) throw new Error(`#mf-page has data-app="${dataApp}", expected "${app}" (server route table)`);
  try {
    await page.locator(SEL.appRoot(app)).first().waitFor({ state: 'visible', timeout });
  } catch (err) {
    const html = (await main.innerHTML().catch(() => '')).slice(0, 600);
    throw new Error(
      `micro-frontend "${app}" did not mount in #mf-page within ${timeout} ms (waited for ${SEL.appRoot(app)}); #mf-page holds: ${html}`,
    );
  }
}

/** Waits until app's overlay is rendered inside #mf-modal. */
export async function waitForModal(page, app, { timeout = 15_000 } = {}) {
  try {
    await page.locator(SEL.modalRoot(app)).first().waitFor({ state: 'visible', timeout });
  } catch {
    const html = (await page.locator(SEL.modal).innerHTML().catch(() => '')).slice(0, 600);
    throw new Error(`overlay of "${app}" did not open in #mf-modal (waited for ${SEL.modalRoot(app)}); #mf-modal holds: ${html}`);
  }
}
