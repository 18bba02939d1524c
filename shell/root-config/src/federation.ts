import * as runtimeCore from '@module-federation/runtime-core';
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

type FederationGlobal = typeof globalThis & {
  _FEDERATION_RUNTIME_CORE?: unknown;
  _FEDERATION_RUNTIME_CORE_FROM?: { name: string; version: string };
};

/**
 * Starts the page's one Module Federation runtime: provides the runtime core
 * to the remotes (they are built with experiments.externalRuntime and read
 * `_FEDERATION_RUNTIME_CORE`), creates the host instance "root" and registers
 * the remotes of the current releases. Remote entries are only fetched by
 * loadRemote, i.e. when single-spa activates an application.
 */
export function startFederation(remotes: { name: string; entry: string }[]): void {
  const g = globalThis as FederationGlobal;
  if (!g._FEDERATION_RUNTIME_CORE) {
    g._FEDERATION_RUNTIME_CORE = runtimeCore;
    g._FEDERATION_RUNTIME_CORE_FROM = { name: 'root', version: '2.9.2' };
  }
  init({ name: 'root', remotes: [], shared: {} });
  registerRemotes(remotes);
}

export { loadRemote };
