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
}

function Crash({ theme }: { theme: DefaultTheme }) {
  return (
    <PlatformProvider theme={theme}>
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
export function createLifecycles({ name, theme, Root, Wrapper }: LifecycleOptions) {
  function App(props: MicroFrontendProps) {
    const inner = <Root {...props} />;
    return <PlatformProvider theme={theme}>{Wrapper ? <Wrapper>{inner}</Wrapper> : inner}</PlatformProvider>;
  }
  const lifecycles = singleSpaReact<MicroFrontendProps>({
    React,
    ReactDOMClient,
    rootComponent: App,
    errorBoundary(err: Error, info: ErrorInfo) {
      console.error(`[${name}] render failed`, err, info?.componentStack);
      return <Crash theme={theme} />;
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
