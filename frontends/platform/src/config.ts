import { DEFAULT_LANGUAGE } from './constants';

export interface PlatformConfig {
  /** Prefix for API paths; '' means same origin. */
  apiBase: string;
  /** Sent as X-System-Token when set. */
  systemToken: string | null;
  /** Interface language; defaults to `<html lang>`. */
  language: string;
  /** Translation catalogue version; defaults to `<html data-locale-version>`. */
  localeVersion: string;
}

let config: PlatformConfig | null = null;

function fromDocument(): PlatformConfig {
  const html = typeof document !== 'undefined' ? document.documentElement : null;
  return {
    apiBase: '',
    systemToken: html?.dataset.systemToken || null,
    language: (html?.lang || DEFAULT_LANGUAGE).trim() || DEFAULT_LANGUAGE,
    localeVersion: html?.dataset.localeVersion || '',
  };
}

export function getConfig(): PlatformConfig {
  if (!config) config = fromDocument();
  return config;
}

/** Overrides parts of the configuration (tests, local development). */
export function configurePlatform(patch: Partial<PlatformConfig>): PlatformConfig {
  config = { ...getConfig(), ...patch };
  return config;
}

export function getLanguage(): string {
  return getConfig().language;
}

/** Test helper. */
export function __resetConfigForTests(): void {
  config = null;
}
