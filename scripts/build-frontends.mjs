// Production build of every micro-frontend and the shell root config.
// 2 cores: sequential by default; `--jobs 2` runs two webpack processes at once.
// Usage: node scripts/build-frontends.mjs [--jobs N] [name …]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { precompressDir } from './precompress.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const TARGETS = [
  { name: 'root', dir: 'shell/root-config' },
  { name: 'lobby', dir: 'frontends/lobby' },
  { name: 'cashier', dir: 'frontends/cashier' },
  { name: 'profile', dir: 'frontends/profile' },
  { name: 'calendar', dir: 'frontends/calendar' },
  { name: 'country-block', dir: 'frontends/country-block' },
  { name: 'backoffice', dir: 'frontends/backoffice' },
];

function parseArgs(argv) {
  let jobs = 1;
  const names = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--jobs') jobs = Math.max(1, Number(argv[++i]) || 1);
    else names.push(argv[i]);
  }
  return { jobs, names };
}

function build(target) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [`${ROOT}node_modules/webpack-cli/bin/cli.js`, '--mode', 'production'], {
      cwd: `${ROOT}${target.dir}`,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      // Brotli at quality 11 once per build, here, not at every publish.
      if (code === 0) precompressDir(`${ROOT}${target.dir}/dist`);
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      const lines = out.split('\n').filter((l) => l.trim() && !/Unknown user config|Manifest will use absolute path/.test(l));
      console.log(`${code === 0 ? '✓' : '✗'} ${target.name.padEnd(14)} ${secs}s  → ${target.dir}/dist`);
      if (code !== 0) console.log(lines.join('\n'));
      resolve({ target, code, secs });
    });
  });
}

async function main() {
  const { jobs, names } = parseArgs(process.argv.slice(2));
  const queue = TARGETS.filter((t) => names.length === 0 || names.includes(t.name));
  const started = Date.now();
  const results = [];
  await Promise.all(
    Array.from({ length: Math.min(jobs, queue.length) }, async () => {
      while (queue.length) results.push(await build(queue.shift()));
    }),
  );
  const failed = results.filter((r) => r.code !== 0);
  console.log(`${results.length - failed.length} built, ${failed.length} failed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  process.exit(failed.length ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
