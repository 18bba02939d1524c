// Where things are, relative to the repository root (this file is e2e/lib/).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'bin');
export const CASINO = process.env.CASINO_BIN || join(BIN, 'casino');
export const LITESTREAM = process.env.LITESTREAM_BIN || join(BIN, 'litestream');
export const CONTENT = process.env.E2E_CONTENT || join(ROOT, 'content');
export const SEED = join(ROOT, 'data', 'seed');
export const ARTIFACTS = join(ROOT, 'e2e', 'artifacts');

// The micro-frontends the shell composes, with the directory of each build.
// "root" is the shell's single-spa root config (entry main.js).
export const REMOTES = ['lobby', 'cashier', 'profile', 'calendar', 'country-block', 'backoffice'];
export const BUILDS = Object.fromEntries([
  ['root', join(ROOT, 'shell', 'root-config', 'dist')],
  ...REMOTES.map((n) => [n, join(ROOT, 'frontends', n, 'dist')]),
]);
export const entryFile = (name) => (name === 'root' ? 'main.js' : 'remoteEntry.js');

// Builds that exist on disk (have their entry file) and those that don't.
export function builds() {
  const present = [];
  const missing = [];
  for (const [name, dir] of Object.entries(BUILDS)) {
    (existsSync(join(dir, entryFile(name))) ? present : missing).push(name);
  }
  return { present, missing };
}

export function requireBinary(path = CASINO) {
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: run \`make build\` (or \`make go-build\`) before the end-to-end tests`);
  }
  return path;
}
