import type { MicroFrontendProps } from './microfrontend';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Lifecycle = (props: any) => Promise<unknown>;
interface Lifecycles {
  bootstrap: Lifecycle | Lifecycle[];
  mount: Lifecycle | Lifecycle[];
}

async function run(fns: Lifecycle | Lifecycle[], props: MicroFrontendProps): Promise<void> {
  for (const fn of Array.isArray(fns) ? fns : [fns]) await fn(props);
}

/**
 * Mounts a micro-frontend's page lifecycles without the shell (local
 * development): only when the page has #mf-page and single-spa is not loaded.
 */
export async function mountStandalone(name: string, load: () => Promise<Lifecycles>): Promise<void> {
  const el = document.getElementById('mf-page');
  if (!el || window.singleSpaNavigate) return;
  const lifecycles = await load();
  const props: MicroFrontendProps = { name, domElement: el };
  await run(lifecycles.bootstrap, props);
  await run(lifecycles.mount, props);
}
