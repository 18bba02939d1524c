// A real casino BFF for a test file: fresh temporary data directory, demo
// seed, every built front-end published through the binary, a free loopback
// port, /healthz waited for, and a clean stop at the end.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BUILDS, CASINO, CONTENT, ROOT, SEED, builds, requireBinary } from './paths.mjs';

const run = promisify(execFile);

// Every child process we start, so a crashed test run does not leave servers behind.
const children = new Set();
process.on('exit', () => {
  for (const c of children) {
    try {
      c.kill('SIGKILL');
    } catch {}
  }
});

export function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** A free TCP port on 127.0.0.1 (the kernel picks it; we release it at once). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Runs the casino binary with args; resolves with stdout, rejects with its stderr in the message. */
export async function casino(args, { env = {}, cwd = ROOT } = {}) {
  requireBinary();
  try {
    const { stdout } = await run(CASINO, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 16 << 20 });
    return stdout;
  } catch (err) {
    throw new Error(`casino ${args.join(' ')} failed (exit ${err.code}):\n${err.stderr || err.message}`);
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls until fn() returns a truthy value (returned) or the timeout passes.
 * This is the one polling primitive of the suite: use it instead of sleeps.
 */
export async function waitFor(fn, { timeout = 10_000, interval = 25, what = 'condition' } = {}) {
  const deadline = Date.now() + timeout;
  let lastErr;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (err) {
      lastErr = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeout} ms waiting for ${what}${lastErr ? `: ${lastErr.message}` : ''}`);
    }
    await sleep(interval);
  }
}

/**
 * Makes a fresh data directory: migrated, seeded with data/seed, the
 * onboarding tour off unless {tour: true} (its modal dialog would stand in
 * front of every other test's first page as a logged-in player).
 */
export async function freshDataDir(prefix = 'casino-e2e-', { tour = false } = {}) {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await casino(['seed', '--data', dir, '--seed', SEED]);
  if (!tour) await casino(['settings', '--data', dir, 'patch', JSON.stringify({ features: { onboardingTour: false } })]);
  return dir;
}

/** Publishes the built front-ends into dir; returns {published: [...], missing: [...]}. */
export async function publishBuilds(dir, names) {
  const { present, missing } = builds();
  const wanted = names ?? Object.keys(BUILDS);
  const published = [];
  for (const name of wanted) {
    if (!present.includes(name)) continue;
    await casino(['frontends', '--data', dir, 'publish', name, BUILDS[name]]);
    published.push(name);
  }
  return { published, missing: missing.filter((n) => wanted.includes(n)) };
}

/**
 * Starts `casino serve` on a free loopback port. Options:
 *   publish: true (all built front-ends, default) | false | ['lobby', …]
 *   dataDir: reuse a directory (not removed on stop)
 *   env:     extra environment
 *   tour:    a fresh data directory keeps the onboarding tour on (freshDataDir)
 * Returns {url, port, dataDir, deployToken, published, missing, stop(), log()}.
 */
/**
 * Browser tests and the restore drill send far more anonymous writes, and open
 * far more event streams, from one address than players do: servers they
 * start raise the per-address limits unless a test sets them.
 */
export const E2E_LIMITS = { CASINO_WRITE_RATE: '5000,10000', CASINO_WRITE_RATE_TOTAL: '10000', CASINO_MAX_STREAMS: '500,10000' };

export async function startServer({ publish = true, dataDir, env = {}, content = CONTENT, tour = false } = {}) {
  requireBinary();
  const ownDir = !dataDir;
  const dir = dataDir ?? (await freshDataDir(undefined, { tour }));
  let published = [];
  let missing = [];
  if (publish) {
    ({ published, missing } = await publishBuilds(dir, Array.isArray(publish) ? publish : undefined));
  }
  const deployToken = env.CASINO_DEPLOY_TOKEN ?? randomBytes(16).toString('hex');
  const logPath = join(dir, 'server.log');

  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const log = createWriteStream(logPath, { flags: 'a' });
    const child = track(
      spawn(CASINO, ['serve', '--addr', `127.0.0.1:${port}`, '--data', dir, '--content', content], {
        cwd: ROOT,
        env: { ...process.env, CASINO_DEPLOY_TOKEN: deployToken, ...E2E_LIMITS, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let tail = '';
    const keep = (chunk) => {
      tail = (tail + chunk).slice(-8000);
    };
    child.stdout.on('data', keep).pipe(log);
    child.stderr.on('data', keep).pipe(log);
    let exited = null;
    const exitP = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exited = { code, signal }))));
    const readLog = () => readFile(logPath, 'utf8').catch(() => tail);
    let failure = null;
    const deadline = Date.now() + 15_000;
    while (!failure) {
      if (exited) failure = `exited with ${exited.signal ?? `code ${exited.code}`}`;
      else if (Date.now() > deadline) failure = 'no answer from /healthz within 15 s';
      else if (await fetch(url + '/healthz').then((r) => r.ok, () => false)) break;
      else await sleep(20);
    }
    if (failure) {
      child.kill('SIGKILL');
      await exitP;
      if (/address already in use/.test(tail) && attempt < 5) continue; // lost the port race: try another
      if (ownDir && !process.env.E2E_KEEP_DATA) await rm(dir, { recursive: true, force: true });
      throw new Error(`casino serve did not start (${failure}). Its output:\n${tail.trim().slice(-4000)}`);
    }
    return {
      url,
      port,
      dataDir: dir,
      deployToken,
      published,
      missing,
      process: child,
      log: readLog,
      async stop() {
        if (!exited) {
          child.kill('SIGTERM');
          const t = setTimeout(() => child.kill('SIGKILL'), 5_000);
          await exitP;
          clearTimeout(t);
        }
        log.end();
        if (ownDir && !process.env.E2E_KEEP_DATA) await rm(dir, { recursive: true, force: true });
      },
    };
  }
}

/** Fails with a clear message when a front-end build the test needs was not built. */
export function requireBuilds(server, names) {
  const lacking = names.filter((n) => !server.published.includes(n));
  if (lacking.length) {
    throw new Error(
      `front-end build(s) missing: ${lacking.map((n) => BUILDS[n]).join(', ')} — run \`make build\` (npm run build) first`,
    );
  }
}
