import { get } from './api';

export type Scope = 'guest' | 'user' | 'any';

export interface NavItem {
  id: string;
  label: string;
  href: string;
  scope: Scope;
  icon?: string;
}

/** Site settings (GET /api/core/casino/settings2); fields the front ends use. */
export interface SiteSettings {
  brandName: string;
  theme: {
    name: string;
    primaryColor: string;
    accentColor: string;
    backgroundColor: string;
    surfaceColor: string;
    textColor: string;
    logoUrl: string;
  };
  navigationSystem: string;
  pageUrls: Record<string, string>;
  navigation: NavItem[];
  headerMenu: NavItem[];
  features: Record<string, boolean>;
  referAFriendPercent: number;
  apiVersion: string;
  affiliateKeyParameter: string;
  defaultLanguage: string;
  languages: string[];
  defaultCurrency: string;
  preciseAmounts: boolean;
  password: { minLength: number; requireNumber: boolean; requireUppercase: boolean; requireSpecial: boolean };
  supportEmail: string;
  fakeEmptyEmailDomain: string;
}

/** Page addresses of SPEC section 2, used when settings do not say otherwise. */
export const DEFAULT_PAGE_URLS: Readonly<Record<string, string>> = {
  root: '/',
  profile: '/profile',
  account: '/account',
  'edit-profile': '/profile/edit-profile',
  transactions: '/profile/transactions',
  verification: '/profile/verify',
  verification2: '/account/verification',
  favorites: '/profile/favorites',
  promotions: '/promotions',
  bonus_history: '/bonuses',
  deposit: '/deposit',
  withdraw: '/withdraw',
  casino: '/casino',
  providers: '/providers',
  tournaments: '/tournaments',
  cashback: '/cashback',
};

let settingsPromise: Promise<SiteSettings> | null = null;
let current: SiteSettings | null = null;

/** Settings inlined by the shell in `<script id="casino-settings" type="application/json">`. */
export function readInlineSettings(): SiteSettings | null {
  const el = document.getElementById('casino-settings');
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as SiteSettings;
  } catch (e) {
    console.warn('[platform] inline settings are not valid JSON', e);
    return null;
  }
}

/** Synchronously available settings (inline or already fetched), else null. */
export function peekSettings(): SiteSettings | null {
  if (!current) current = readInlineSettings();
  return current;
}

/** Settings: inline when the shell provided them, else GET /api/core/casino/settings2 (once). */
export function loadSettings(): Promise<SiteSettings> {
  const inline = peekSettings();
  if (inline) return Promise.resolve(inline);
  if (!settingsPromise) {
    settingsPromise = get<SiteSettings>('/api/core/casino/settings2', { handleForbidden: false }).then(
      (s) => {
        current = s;
        return s;
      },
      (e) => {
        settingsPromise = null;
        throw e;
      },
    );
  }
  return settingsPromise;
}

/** A configured page address ("deposit", "edit-profile", …) with the SPEC default. */
export function pageUrl(settings: SiteSettings | null, key: string): string {
  return settings?.pageUrls?.[key] || DEFAULT_PAGE_URLS[key] || '/';
}

/**
 * SPEC section 2: edit-profile "becomes account in panel navigation". Inside
 * the profile panel (the profile and account addresses and /profile2/…) the
 * link leads to the account's edit page, elsewhere to the edit-profile address.
 */
export function editProfileUrl(settings: SiteSettings | null, pathname: string): string {
  const panels = [pageUrl(settings, 'profile'), pageUrl(settings, 'account')];
  const inPanel = panels.some((base) => base !== '/' && (pathname === base || pathname.startsWith(base)));
  return inPanel ? `${pageUrl(settings, 'account').replace(/\/$/, '')}/edit-profile` : pageUrl(settings, 'edit-profile');
}

/** Test helper. */
export function __resetSettingsForTests(): void {
  settingsPromise = null;
  current = null;
}
