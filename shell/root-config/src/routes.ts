/** The micro-frontends the shell composes (keys of the remotes map). */
export type AppName = 'lobby' | 'cashier' | 'profile' | 'calendar' | 'country-block' | 'backoffice';

/** Module Federation container name of each micro-frontend. */
export const CONTAINER: Readonly<Record<AppName, string>> = {
  lobby: 'lobby',
  cashier: 'cashier',
  profile: 'profile',
  calendar: 'calendar',
  'country-block': 'countryBlock',
  backoffice: 'backoffice',
};

/** Page apps whose routes the shell owns (docs/architecture.md "Route → app"). */
export type PageApp = Exclude<AppName, 'country-block'>;

const EXACT: Readonly<Record<string, PageApp>> = {
  '/': 'lobby',
  '/casino': 'lobby',
  '/promotions': 'lobby',
  '/promotion': 'lobby',
  '/freemoney': 'lobby',
  '/profile/favorites': 'lobby',
  '/providers': 'lobby',
  '/tournaments': 'lobby',
  '/deposit': 'cashier',
  '/withdraw': 'cashier',
  '/profile/transactions': 'cashier',
  '/profile2/balance': 'cashier',
  '/profile2/my-history': 'cashier',
  '/profile': 'profile',
  '/vip-club': 'profile',
  '/account': 'profile',
  '/profile/edit-profile': 'profile',
  '/profile/verify': 'profile',
  '/bonuses': 'profile',
  '/cashback': 'calendar',
  '/backoffice': 'backoffice',
};

const PREFIX: ReadonlyArray<[string, PageApp]> = [
  ['/casino/', 'lobby'],
  ['/profile2/', 'profile'],
  ['/account/', 'profile'],
  ['/backoffice/', 'backoffice'],
];

/** The page app of a path, or null when the server renders the page alone. */
export function appForPath(pathname: string): PageApp | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = EXACT[path];
  if (exact) return exact;
  for (const [prefix, app] of PREFIX) {
    if (path.startsWith(prefix) && path.length > prefix.length) return app;
  }
  return null;
}

const MODALS: Readonly<Record<string, PageApp>> = {
  login: 'profile',
  signup: 'profile',
  'linked-signup': 'profile',
  'verify-email-expired': 'profile',
  'session-ended': 'profile',
  'reality-check': 'profile',
  'deposit-3ds-success': 'cashier',
  'deposit-success': 'cashier',
  'deposit-failed': 'cashier',
  'deposit-return': 'cashier',
  'deposit-decline': 'cashier',
  'deposit-cancel': 'cashier',
  'deposit-pending': 'cashier',
  calendar: 'calendar',
  rakeback: 'calendar',
};

/** The app that owns a `?modal=` value, or null. */
export function appForModal(modal: string | null | undefined): PageApp | null {
  return (modal && MODALS[modal]) || null;
}

export function modalOf(search: string): string | null {
  return new URLSearchParams(search).get('modal');
}
