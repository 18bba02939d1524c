import * as React from 'react';
import type { ComponentType, ErrorInfo } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { FormattedMessage } from 'react-intl';
import { platformMessages } from './messages';
import singleSpaReact from 'single-spa-react';
import type { DefaultTheme } from 'styled-components';
import { initPlatform } from './init';
import { PlatformProvider } from './PlatformProvider';

export interface MicroFrontendProps {
  name: string;
  /** Element the shell mounts the application in (#mf-page child, #mf-modal, …). */
  domElement?: HTMLElement;
}

export interface LifecycleOptions {
  /** Application name, for logs and the error boundary. */
  name: string;
  theme: DefaultTheme;
  Root: ComponentType<MicroFrontendProps>;
  /** Providers inside PlatformProvider (toasts, app context). */
  Wrapper?: ComponentType<{ children: React.ReactNode }>;
  /**
   * The id prefix of this app's texts, whose catalogue it downloads
   * (bff/i18n scope); by default the name without "-modal", camel-cased:
   * "country-block-modal" → "countryBlock".
   */
  messageScope?: string;
}

/** The id prefix of an app's texts from its name. */
export function scopeOf(name: string): string {
  return name.replace(/-modal$/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

function Crash({ theme, scope }: { theme: DefaultTheme; scope: string }) {
  return (
    <PlatformProvider theme={theme} scope={scope}>
      <div role="alert" style={{ padding: 32, textAlign: 'center' }}>
        <strong>
          <FormattedMessage {...platformMessages.crash} />
        </strong>
        <p>
          <FormattedMessage {...platformMessages.crashHint} />
        </p>
      </div>
    </PlatformProvider>
  );
}

/**
 * single-spa lifecycles of a micro-frontend: React 19 createRoot through
 * ReactDOMClient, an error boundary, the platform started and PlatformProvider
 * (i18n + theme) around the app.
 */
export function createLifecycles({ name, theme, Root, Wrapper, messageScope = scopeOf(name) }: LifecycleOptions) {
  function App(props: MicroFrontendProps) {
    const inner = <Root {...props} />;
    return (
      <PlatformProvider theme={theme} scope={messageScope}>
        {Wrapper ? <Wrapper>{inner}</Wrapper> : inner}
      </PlatformProvider>
    );
  }
  const lifecycles = singleSpaReact<MicroFrontendProps>({
    React,
    ReactDOMClient,
    rootComponent: App,
    errorBoundary(err: Error, info: ErrorInfo) {
      console.error(`[${name}] render failed`, err, info?.componentStack);
      return <Crash theme={theme} scope={messageScope} />;
    },
  });
  return {
    bootstrap: [
      async () => {
        initPlatform();
      },
      lifecycles.bootstrap,
    ],
    mount: lifecycles.mount,
    unmount: lifecycles.unmount,
  };
}
