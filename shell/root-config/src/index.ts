import { addErrorHandler, getAppStatus, LOAD_ERROR, navigateToUrl, registerApplication, setMountMaxTime, start, type AppError, type LifeCycles } from 'single-spa';
import { LOAD_TIMEOUT_MS, reportFailure, showFailure, withTimeout, type Phase, type Slot } from './fault';
import { loadRemote, startFederation } from './federation';
import { refreshHeader } from './header';
import { isClientRoutable, routableAnchor } from './links';
import { afterFirstScreen, clearServerContent, containerFor, removeContainer } from './mount';
import { replayFirstPresses } from './replay';
import { applyDevOverrides, readRemotes, toFederationRemotes, type RemotesMap } from './remotes';
import { followTitles } from './titles';
import { appForModal, appForPath, CONTAINER, modalOf, type AppName, type PageApp } from './routes';

type Lifecycle = (props: Record<string, unknown>) => Promise<unknown>;
type RemoteLifecycles = { bootstrap: Lifecycle | Lifecycle[]; mount: Lifecycle | Lifecycle[]; unmount: Lifecycle | Lifecycle[] };

const PAGE_APPS: PageApp[] = ['lobby', 'cashier', 'profile', 'calendar', 'backoffice'];
const list = (x: Lifecycle | Lifecycle[]) => (Array.isArray(x) ? x : [x]);

/**
 * Remote loads run one after the other. When two remote entries initialise
 * the share scope at the same time (a page app and a modal app on the first
 * load), the second registration replaces the first one's in-flight shared
 * modules and each remote ends up with its own React, styled-components,
 * react-intl and platform (measured: react-dom downloaded twice, two session
 * stores). Once the first remote's modules are loaded, the next one reuses them.
 */
let queue: Promise<unknown> = Promise.resolve();

/** Loads `<container>/<expose>` through the MF runtime (only when single-spa activates it). */
function load(app: AppName, expose: 'app' | 'modal', remotes: RemotesMap): Promise<RemoteLifecycles> {
  const next = queue.then(async () => {
    if (!remotes[app]) throw new Error(`[root-config] no release of "${app}" in mf-remotes`);
    const what = `${CONTAINER[app]}/${expose}`;
    const mod = await withTimeout(loadRemote<RemoteLifecycles>(what), LOAD_TIMEOUT_MS, what);
    if (!mod) throw new Error(`[root-config] ${CONTAINER[app]}/${expose} did not load`);
    return mod;
  });
  queue = next.catch(() => undefined);
  return next;
}

/** Wraps remote lifecycles with mount-point housekeeping. */
function withContainer(lc: RemoteLifecycles, rootId: 'mf-page' | 'mf-modal', app: string): LifeCycles {
  return {
    bootstrap: list(lc.bootstrap),
    mount: [
      async () => {
        if (rootId === 'mf-page') {
          clearServerContent(rootId, document, app);
          const page = document.getElementById('mf-page');
          if (page) page.dataset.app = app;
        }
      },
      ...list(lc.mount),
    ],
    unmount: [...list(lc.unmount), async () => removeContainer(rootId, app)],
  } as LifeCycles;
}

function registerApps(remotes: RemotesMap): void {
  for (const app of PAGE_APPS) {
    registerApplication({
      name: app,
      app: async () => withContainer(await load(app, 'app', remotes), 'mf-page', app),
      activeWhen: (loc) => appForPath(loc.pathname) === app,
      customProps: () => ({ domElement: containerFor('mf-page', app) }),
    });
    registerApplication({
      name: `${app}-modal`,
      app: async () => withContainer(await load(app, 'modal', remotes), 'mf-modal', app),
      activeWhen: (loc) => appForModal(modalOf(loc.search)) === app,
      customProps: () => ({ domElement: containerFor('mf-modal', app) }),
    });
  }
  registerApplication({
    name: 'country-block',
    app: async () => (await load('country-block', 'app', remotes)) as unknown as LifeCycles,
    activeWhen: () => document.body.dataset.countryBlocked === '1',
    customProps: () => ({ domElement: document.getElementById('mf-country-block') ?? document.body }),
  });
}

/** A failed app shows its notice in its slot and is reported; the rest of the page keeps working. */
function isolateFailures(remotes: RemotesMap): void {
  addErrorHandler((err: AppError) => {
    const name = err.appOrParcelName;
    const phase: Phase = (err as AppError & { phase?: Phase }).phase ?? (getAppStatus(name) === LOAD_ERROR ? 'load' : 'mount');
    console.warn(`[root-config] ${name} failed (${phase}):`, err.message);
    reportFailure(name, phase, err, remotes);
    // The server already rendered the country-block notice: it stays as it is.
    if (name === 'country-block') return;
    const slot: Slot = name.endsWith('-modal') ? 'mf-modal' : 'mf-page';
    showFailure(slot, name.replace(/-modal$/, ''));
  });
}

function interceptLinks(): void {
  document.addEventListener('click', (event) => {
    const anchor = routableAnchor(event);
    if (!anchor) return;
    const target = new URL(anchor.href, location.href);
    if (!isClientRoutable(target, location)) return;
    event.preventDefault();
    navigateToUrl(target.pathname + target.search + target.hash);
  });
}

/**
 * The onboarding tour: its chunk loads only when the server put a tour in the
 * header (a logged-in player who has not seen it), so guests never fetch it.
 */
function maybeTour(): void {
  if (!document.getElementById('onboarding-tour')) return;
  import(/* webpackChunkName: "tour" */ './tour')
    .then((m) => m.startTour())
    .catch((e) => console.warn('[root-config] onboarding tour failed', e));
}

function boot(): void {
  const remotes = applyDevOverrides(readRemotes());
  startFederation(toFederationRemotes(remotes));
  registerApps(remotes);
  isolateFailures(remotes);
  interceptLinks();
  followTitles();
  window.addEventListener('casino:auth-changed', () => void refreshHeader().then((ok) => ok && maybeTour()));
  window.addEventListener('single-spa:app-change', () => {
    // A remote that failed to load leaves the server skeleton in place.
    document.getElementById('mf-page')?.removeAttribute('aria-busy');
  });
  // An app's mount ends at its first commit, after its texts arrive: on a slow
  // phone network that can pass single-spa's 3 s default, which logs an error
  // for an app that is fine. The page's own limit is SPEC's 15 s request timeout.
  setMountMaxTime(LOAD_TIMEOUT_MS, false, LOAD_TIMEOUT_MS / 3);
  start({ urlRerouteOnly: true });
  maybeTour();
}

// From the first moment, before the apps start: a press on a server first
// screen's button is not lost (replay.ts).
replayFirstPresses();
void afterFirstScreen().then(boot);
