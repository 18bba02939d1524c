// @vitest-environment node
// Build-time guarantees of the Module Federation setup (docs/architecture.md):
// one React, one styled-components, one react-intl, one platform per page.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const { SHARED_SINGLETONS } = require('../shared.js');

const REMOTES = [
  { dir: 'frontends/lobby', name: 'lobby' },
  { dir: 'frontends/cashier', name: 'cashier' },
  { dir: 'frontends/profile', name: 'profile' },
  { dir: 'frontends/calendar', name: 'calendar' },
  { dir: 'frontends/country-block', name: 'countryBlock' },
  { dir: 'frontends/backoffice', name: 'backoffice' },
];

function configOf(dir) {
  return require(join(ROOT, dir, 'webpack.config.js'))({}, { mode: 'production' });
}

function federationPlugin(config) {
  return config.plugins.find((p) => p?.name === 'ModuleFederationPlugin' || p?.constructor?.name === 'ModuleFederationPlugin');
}

describe.each(REMOTES)('remote $name', ({ dir, name }) => {
  const config = configOf(dir);
  const mf = federationPlugin(config);
  const options = mf._options;
  const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));

  it('is the contract container: name, remoteEntry.js, ./app and ./modal', () => {
    expect(options.name).toBe(name);
    expect(options.filename).toBe('remoteEntry.js');
    expect(Object.keys(options.exposes).sort()).toEqual(['./app', './modal']);
    expect(config.output.publicPath).toBe('auto');
    expect(config.output.chunkFilename).toMatch(/\[contenthash(:\d+)?\]/);
  });

  it('has an entry named differently from the container that only imports ./bootstrap', () => {
    const entries = Object.keys(config.entry);
    expect(entries).toHaveLength(1);
    expect(entries[0]).not.toBe(name);
    const source = readFileSync(join(ROOT, dir, config.entry[entries[0]]), 'utf8').replace(/\/\/.*$/gm, '').trim();
    expect(source).toBe("import('./bootstrap');");
  });

  it('shares every singleton, none eager, with the range of its own package.json', () => {
    expect(Object.keys(options.shared).sort()).toEqual([...SHARED_SINGLETONS].sort());
    for (const [request, cfg] of Object.entries(options.shared)) {
      expect(cfg, request).toMatchObject({ singleton: true, eager: false });
      const base = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
      expect(cfg.requiredVersion, request).toBe(pkg.dependencies[base]);
    }
    expect(options.shareStrategy).toBe('loaded-first');
  });

  it('takes the MF runtime core from the shell host', () => {
    expect(options.experiments.externalRuntime).toBe(true);
  });
});

describe('all remotes', () => {
  it('pin the same versions of the shared libraries', () => {
    const ranges = REMOTES.map(({ dir }) => {
      const deps = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')).dependencies;
      return ['react', 'react-dom', 'styled-components', 'react-intl'].map((d) => `${d}@${deps[d]}`).join(' ');
    });
    expect(new Set(ranges).size).toBe(1);
  });

  it('resolve to one installed copy of each shared library', () => {
    const paths = new Set();
    for (const { dir } of REMOTES) {
      for (const lib of ['react', 'react-dom', 'styled-components', 'react-intl']) {
        paths.add(`${lib}:${require.resolve(lib, { paths: [join(ROOT, dir)] })}`);
      }
    }
    expect(paths.size).toBe(4);
  });
});

describe('shell host', () => {
  it('bundles no webpack federation runtime of its own (one MF runtime per page)', () => {
    const config = configOf('shell/root-config');
    expect(federationPlugin(config)).toBeUndefined();
    expect(Object.keys(config.entry)).toEqual(['main']);
    expect(config.output.filename).toBe('[name].js');
  });
});

// When the remotes are built (npm run build), check the output too.
const built = REMOTES.filter(({ dir }) => existsSync(join(ROOT, dir, 'dist/mf-manifest.json')));
describe.skipIf(built.length === 0)('built remotes', () => {
  it.each(built)('$name: react-dom only in the shared chunk its manifest declares', ({ dir }) => {
    const dist = join(ROOT, dir, 'dist');
    const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8'));
    const shared = Object.fromEntries(manifest.shared.map((s) => [s.name, s]));
    for (const lib of SHARED_SINGLETONS) expect(shared[lib]?.singleton, lib).toBe(true);
    const declared = new Set(shared['react-dom/client'].assets.js.sync);
    const withReactDom = readdirSync(dist).filter((f) => f.endsWith('.js') && readFileSync(join(dist, f), 'utf8').includes('react-dom-client.production'));
    // Minified code has no file names: look for React DOM's own error-decoder URL instead.
    const withDecoder = readdirSync(dist).filter((f) => f.endsWith('.js') && /Minified React error #/.test(readFileSync(join(dist, f), 'utf8')) && readFileSync(join(dist, f), 'utf8').includes('createRoot'));
    expect(withReactDom.length + withDecoder.length).toBeGreaterThan(0);
    for (const f of [...withReactDom, ...withDecoder]) expect(declared.has(f), f).toBe(true);
  });
});
