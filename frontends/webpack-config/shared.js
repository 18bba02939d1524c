'use strict';

/**
 * Module Federation shared singletons of every casino micro-frontend (the team
 * contract in docs/architecture.md). None is eager: each remote's entry only
 * does `import('./bootstrap')`, so the share scope is negotiated before React
 * is evaluated and one copy of each library runs on the page.
 */
const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'styled-components',
  'react-intl',
  '@casino/platform',
  '@casino/ui',
];

/** The package a (possibly deep) import belongs to: 'react-dom/client' → 'react-dom'. */
function packageOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Shared config for a remote whose package.json is `pkg`: singleton, not eager,
 * requiredVersion from the remote's own dependency range.
 */
function sharedConfig(pkg) {
  const deps = { ...(pkg.devDependencies || {}), ...(pkg.dependencies || {}) };
  const shared = {};
  for (const request of SHARED_SINGLETONS) {
    const range = deps[packageOf(request)];
    if (!range) throw new Error(`${pkg.name}: shared singleton ${request} is not a dependency in package.json`);
    shared[request] = { singleton: true, eager: false, requiredVersion: range, strictVersion: false };
  }
  return shared;
}

module.exports = { SHARED_SINGLETONS, sharedConfig, packageOf };
