// The contract between the end-to-end tests and the site: which route mounts
// which micro-frontend, which ?modal= is owned by which, and the selectors the
// tests wait for. Keep every selector here so a markup change is one edit.
//
// Shell (server-rendered, shell/layout.templ):
//   <main id="mf-page" data-app="lobby">   page mount point (skeleton inside)
//   <div id="mf-modal" data-modal="profile" data-modal-name="login">
//   <header id="site-header"> … .menu-login (guest) / .menu-logout (user)
//   404: <section class="not-found"> … <a class="btn …">Go Home</a>
// Micro-frontends: an app counts as mounted in a mount point when its remote
// (/mf/<app>/…) was fetched and a React root whose container lies inside that
// mount point rendered (overlays: a visible role="dialog", even when portalled
// to <body>). If an app renders data-testid="<app>-app" / "<app>-modal" on its
// root, that is accepted too.

export const SEL = {
  page: '#mf-page',
  modal: '#mf-modal',
  header: '#site-header',
  brand: '#site-header .brand',
  remotes: 'script#mf-remotes',
  notFound: '.not-found',
  goHome: '.not-found a',
  info: '#mf-page article.prose',
  menuLogin: '#site-header .menu-login',
  menuLogout: '#site-header .menu-logout',
  /** The root element a micro-frontend renders into the page mount point. */
  appRoot: (app) => `#mf-page [data-testid="${app}-app"]`,
  /** The root element of a micro-frontend's overlay in the modal mount point. */
  modalRoot: (app) => `[data-testid="${app}-modal"]`,
};

// 404s the shell tests accept: get-game answers 404 GAME NOT FOUND for a game
// that does not exist (the shell tests open /casino/games/book-of-gold). Any
// other API error fails a test.
export const PENDING_API = [/^404 [^ ]*\/api\/admin\/get-game\?/];

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
  ['/profile2/statistics', 'profile'],
  ['/profile2/my-history', 'cashier'],
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
  'contacts',
];

// SPEC section 2's demo-navigation addresses → where they lead and the app
// (or info page) found there.
export const ALIASES = [
  ['/vip', '/vip-club', 'profile'],
  ['/Wallet', '/profile2/balance', 'cashier'],
  ['/responsibility', '/responsible-gambling', ''],
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

// Runs in the page: every React root on the page with the mount point that
// holds its container. A React element's fiber is walked up to its HostRoot,
// whose stateNode.containerInfo is the element createRoot() was given — so a
// portal (overlays render into document.body) still reports the mount point
// of the app that rendered it.
function reactRoots() {
  const byContainer = new Map();
  for (const el of document.querySelectorAll('body *')) {
    const key = Object.keys(el).find((k) => k.startsWith('__reactFiber$'));
    if (!key) continue;
    let f = el[key];
    while (f.return) f = f.return;
    const c = f.stateNode?.containerInfo;
    if (!c) continue;
    if (!byContainer.has(c)) {
      byContainer.set(c, {
        mount: c.closest?.('#mf-page, #mf-modal, #mf-country-block')?.id ?? null,
        container: c.id || c.tagName.toLowerCase(),
        dialogs: 0,
        elements: 0,
      });
    }
    const r = byContainer.get(c);
    r.elements++;
    if (el.getAttribute('role') === 'dialog' && el.getClientRects().length) r.dialogs++;
  }
  return [...byContainer.values()];
}

/** Path prefixes of /mf/<name>/ scripts the page has fetched. */
async function fetchedRemotes(page) {
  return page.evaluate(() => [
    ...new Set(
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname.match(/^\/mf\/([^/]+)\//)?.[1])
        .filter(Boolean),
    ),
  ]);
}

/**
 * Waits until app is mounted in #mf-page: the server named it (data-app), its
 * remote was fetched, and a React root inside #mf-page rendered content (or
 * the app's data-testid root is visible, when the app provides one).
 */
export async function waitForApp(page, app, { timeout = 15_000 } = {}) {
  const main = page.locator(SEL.page);
  const deadline = Date.now() + timeout;
  // The server names the app of a page load; after a client-side navigation
  // (history.pushState) the root config renames it a moment after the URL
  // changed, so the name is awaited, not read once.
  // On a loaded two-core CI machine a page (four contexts at once, beside
  // another test file) can take seconds to parse after "load": the element
  // is awaited for the whole budget, and a miss says where the page was.
  const named = Date.now() + 5_000;
  const readName = () =>
    main.getAttribute('data-app', { timeout: Math.max(1_000, deadline - Date.now()) }).catch(async (err) => {
      const where = await page.evaluate(() => `${location.href} "${document.title}" ${document.body?.innerText.slice(0, 200) ?? ''}`).catch(() => page.url());
      throw new Error(`#mf-page not found at ${where}: ${err.message.split('\n')[0]}`);
    });
  let dataApp = await readName();
  while (dataApp !== app && Date.now() < named) {
    await page.waitForTimeout(50);
    dataApp = await readName();
  }
  if (dataApp !== app) throw new Error(`#mf-page has data-app="${dataApp}", expected "${app}" (server route table)`);
  let last = {};
  for (;;) {
    const testid = await page.locator(SEL.appRoot(app)).first().isVisible().catch(() => false);
    const roots = await page.evaluate(reactRoots).catch(() => []);
    const remotes = await fetchedRemotes(page).catch(() => []);
    const inPage = roots.filter((r) => r.mount === 'mf-page' && r.elements > 0);
    last = { roots, remotes };
    if (remotes.includes(app) && (testid || inPage.length > 0)) return;
    if (Date.now() > deadline) break;
    await page.waitForTimeout(50);
  }
  const html = (await main.innerHTML().catch(() => '')).slice(0, 600);
  throw new Error(
    `micro-frontend "${app}" did not mount in #mf-page within ${timeout} ms ` +
      `(remotes fetched: ${JSON.stringify(last.remotes)}; React roots: ${JSON.stringify(last.roots)}); #mf-page holds: ${html}`,
  );
}

/**
 * Waits until app's overlay is open: a visible role=dialog rendered by a React
 * root mounted in #mf-modal, with app's remote fetched (or app's data-testid
 * modal root visible).
 */
export async function waitForModal(page, app, { timeout = 15_000 } = {}) {
  const deadline = Date.now() + timeout;
  let last = {};
  for (;;) {
    const testid = await page.locator(SEL.modalRoot(app)).first().isVisible().catch(() => false);
    const roots = await page.evaluate(reactRoots).catch(() => []);
    const remotes = await fetchedRemotes(page).catch(() => []);
    last = { roots, remotes };
    if (remotes.includes(app) && (testid || roots.some((r) => r.mount === 'mf-modal' && r.dialogs > 0))) return;
    if (Date.now() > deadline) break;
    await page.waitForTimeout(50);
  }
  const html = (await page.locator(SEL.modal).evaluate((e) => e.outerHTML).catch(() => '')).slice(0, 400);
  throw new Error(
    `overlay of "${app}" did not open from #mf-modal within ${timeout} ms ` +
      `(remotes fetched: ${JSON.stringify(last.remotes)}; React roots: ${JSON.stringify(last.roots)}); #mf-modal: ${html}`,
  );
}

// Accounts (frontends/profile): the login and sign-up overlays, the one-click
// credentials screen and the profile page. Fields are found by their labels.
export const ACCOUNT_SEL = {
  dialog: '[role="dialog"]',
  userMenu: '#site-header .user-menu',
  userChip: '#site-header .user-menu summary',
  signupForm: '[data-testid="signup-form"]',
  signupError: '[data-testid="signup-error"]',
  signupDone: '[data-testid="signup-done"]',
  oneClickForm: '[data-testid="oneclick-form"]',
  credentials: '[data-testid="credentials"]',
  credentialsLogin: '[data-testid="credentials-login"]',
  credentialsPassword: '[data-testid="credentials-password"]',
  profileForm: '[data-testid="profile-form"]',
  profileSave: '[data-testid="profile-save"]',
  identityUnlock: '[data-testid="identity-unlock"]',
  kycResetNotice: '[data-testid="kyc-reset-notice"]',
  dobPicker: '[data-testid="dob-picker"]',
  profileCompletion: '[data-testid="profile-completion"]',
  passwordForm: '[data-testid="password-form"]',
  emailStatus: '[data-testid="email-status"]',
  emailVerifiedNotice: '[data-testid="email-verified-notice"]',
};

/**
 * Holds back app's remote entry (its first script) until the returned
 * function is called: the page shows the server's first screen with no app,
 * as on a slow phone network, for as long as a test needs.
 */
export async function holdRemote(page, app) {
  let release;
  const released = new Promise((r) => (release = r));
  await page.route(`**/mf/${app}/**/remoteEntry.js`, async (route) => {
    await released;
    await route.continue().catch(() => {}); // the page may be gone
  });
  return release;
}
