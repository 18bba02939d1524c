import * as React from 'react';
import type { ComponentType, ErrorInfo, ReactNode } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { FormattedMessage } from 'react-intl';
import { platformMessages } from './messages';
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

/** Catches a render error of the app and shows `fallback` instead (the app's slot only). */
class Boundary extends React.Component<{ name: string; fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(err: Error, info: ErrorInfo) {
    console.error(`[${this.props.name}] render failed`, err, info?.componentStack);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Calls done after its first commit (mount finished) and after it leaves (unmount finished). */
function Committed({ mounted, unmounted, children }: { mounted: () => void; unmounted: () => void; children: ReactNode }) {
  React.useEffect(() => {
    setTimeout(mounted);
    return () => void setTimeout(unmounted);
  }, []);
  return children;
}

/**
 * single-spa lifecycles of a micro-frontend: React 19 createRoot through
 * ReactDOMClient, an error boundary, the platform started and PlatformProvider
 * (i18n + theme) around the app. What single-spa-react did for us, in the
 * part we use (no parcels, no update): ~2 KB gzip less on every page (issue 19).
 * mount resolves after the app's first commit, unmount once it is gone.
 */
export function createLifecycles({ name, theme, Root, Wrapper, messageScope = scopeOf(name) }: LifecycleOptions) {
  const roots = new Map<string, { root: ReactDOMClient.Root; unmounted: () => void }>();
  function App(props: MicroFrontendProps) {
    const inner = <Root {...props} />;
    return (
      <PlatformProvider theme={theme} scope={messageScope}>
        {Wrapper ? <Wrapper>{inner}</Wrapper> : inner}
      </PlatformProvider>
    );
  }
  function mount(props: MicroFrontendProps & Record<string, unknown>): Promise<void> {
    const key = props.name ?? name;
    return new Promise<void>((resolve) => {
      const el = props.domElement ?? containerOf(key);
      const root = ReactDOMClient.createRoot(el);
      const entry = { root, unmounted: () => {} };
      roots.set(key, entry);
      root.render(
        <Committed mounted={resolve} unmounted={() => entry.unmounted()}>
          <Boundary name={name} fallback={<Crash theme={theme} scope={messageScope} />}>
            <App {...props} />
          </Boundary>
        </Committed>,
      );
    });
  }
  function unmount(props: MicroFrontendProps & Record<string, unknown>): Promise<void> {
    const key = props.name ?? name;
    const entry = roots.get(key);
    if (!entry) return Promise.resolve();
    roots.delete(key);
    return new Promise<void>((resolve) => {
      entry.unmounted = resolve;
      entry.root.unmount();
    });
  }
  return {
    bootstrap: [
      async () => {
        initPlatform();
      },
    ],
    mount,
    unmount,
  };
}

/** A container of its own for an app mounted without a domElement (as single-spa-react did). */
function containerOf(name: string): HTMLElement {
  const id = `single-spa-application:${name}`;
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement('div');
    el.id = id;
    document.body.appendChild(el);
  }
  return el;
}
