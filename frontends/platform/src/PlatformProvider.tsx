import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { ThemeProvider, type DefaultTheme } from 'styled-components';
import { getConfig } from './config';
import { cachedMessages, loadMessages, type Messages } from './i18n';

export interface PlatformProviderProps {
  theme: DefaultTheme;
  children: ReactNode;
  /** Shown while a non-English catalogue loads for the first time. */
  fallback?: ReactNode;
  /** Messages to use instead of loading them (tests, storybook-like pages). */
  messages?: Messages;
  locale?: string;
  /** Download only this app's texts (its id prefix) and the shared ones; none: every text. */
  scope?: string;
}

function ignoreMissingTranslations(err: { code?: string }): void {
  // Missing ids fall back to the English defaultMessage in the code.
  if (err.code === 'MISSING_TRANSLATION') return;
  console.error('[platform] i18n', err);
}

/**
 * Wraps a micro-frontend: react-intl IntlProvider with the shell's language
 * catalogue (cached one hour, English fallback) and the styled-components theme.
 */
export function PlatformProvider({ theme, children, fallback = null, messages: given, locale, scope }: PlatformProviderProps) {
  const cfg = getConfig();
  const lng = locale ?? cfg.language;
  const [messages, setMessages] = useState<Messages | null>(
    () => given ?? cachedMessages(lng, cfg.localeVersion, Date.now(), scope) ?? (lng === 'en' ? {} : null),
  );

  useEffect(() => {
    if (given) return undefined;
    let live = true;
    loadMessages(lng, cfg.localeVersion, scope).then((m) => live && setMessages(m));
    return () => {
      live = false;
    };
  }, [given, lng, cfg.localeVersion, scope]);

  return (
    <ThemeProvider theme={theme}>
      {messages ? (
        <IntlProvider locale={lng} defaultLocale="en" messages={messages} onError={ignoreMissingTranslations}>
          {children}
        </IntlProvider>
      ) : (
        fallback
      )}
    </ThemeProvider>
  );
}
