// The Litestream restore drill of the README: run the casino under
// `litestream replicate -exec` with the project's litestream.yml, write
// continuously, SIGKILL mid-writes, restore from the replica, check the
// restored database's integrity and that every write acknowledged more than
// the sync interval (1 s) before the kill is in it. Reports the loss window.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { inspectDb } from './lib/db.mjs';
import { ARTIFACTS, CASINO, CONTENT, LITESTREAM, ROOT, requireBinary } from './lib/paths.mjs';
import { E2E_LIMITS, freePort, freshDataDir, startServer, track, waitFor } from './lib/server.mjs';

const run = promisify(execFile);
const CONFIG = join(ROOT, 'litestream.yml');
const GUARANTEE_MS = 1000; // the README's promise: at most ~1 s of writes lost
const EVENT = 'RESTORE_DRILL';

/** PIDs of the direct children of pid (all threads), from /proc. */
function childrenOf(pid) {
  const out = new Set();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    for (const c of text.split(/\s+/).filter(Boolean)) out.add(Number(c));
  }
  return [...out];
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Starts litestream replicate -exec "casino serve" on dir; resolves when /healthz answers. */
async function startReplicated(dir) {
  requireBinary(CASINO);
  requireBinary(LITESTREAM);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(join(dir, 'litestream.log'));
  const ls = track(
    spawn(LITESTREAM, ['replicate', '-config', CONFIG, '-exec', `${CASINO} serve --addr 127.0.0.1:${port} --data ${dir} --content ${CONTENT}`], {
      cwd: ROOT,
      env: { ...process.env, ...E2E_LIMITS, CASINO_DATA: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  ls.stdout.pipe(log);
  ls.stderr.pipe(log);
  let exited = false;
  const exit = new Promise((r) => ls.once('exit', (code, signal) => r((exited = { code, signal }))));
  try {
    await waitFor(async () => {
      if (exited) throw new Error(`litestream exited ${JSON.stringify(exited)}`);
      return (await fetch(`${url}/healthz`)).ok;
    }, { timeout: 20_000, what: 'casino under litestream to answer /healthz' });
    // The first snapshot must be in the replica before the drill starts.
    await waitFor(() => existsSync(join(dir, 'replica')) && readdirSync(join(dir, 'replica'), { recursive: true }).some((f) => /\.ltx$/.test(f)),
      { timeout: 10_000, what: 'the first LTX file in the replica' });
  } catch (err) {
    ls.kill('SIGKILL');
    await exit;
    throw new Error(`${err.message}\nlitestream log:\n${(await readFile(join(dir, 'litestream.log'), 'utf8')).slice(-3000)}`);
  }
  const [child] = childrenOf(ls.pid);
  assert.ok(child, 'litestream started the casino as its child');
  return { url, ls, child, exit };
}

/**
 * Writes events from `workers` concurrent loops until stop() is called.
 * Every acknowledged write is recorded as {seq, ackAt} (performance.now()).
 */
function writeContinuously(url, { workers = 4 } = {}) {
  let seq = 0;
  let stopped = false;
  const acked = [];
  const errors = [];
  const agentless = async () => {
    while (!stopped) {
      const n = ++seq;
      try {
        const res = await fetch(`${url}/api/user/log-event`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ event: EVENT, data: { seq: n } }),
        });
        if (res.ok) acked.push({ seq: n, ackAt: performance.now() });
        else errors.push(`seq ${n}: HTTP ${res.status}`);
        await res.arrayBuffer();
      } catch (err) {
        if (!stopped) errors.push(`seq ${n}: ${err.cause?.code ?? err.message}`);
      }
    }
  };
  const loops = Array.from({ length: workers }, agentless);
  return {
    acked,
    errors,
    get attempted() {
      return seq;
    },
    stop() {
      stopped = true;
      return Promise.all(loops);
    },
  };
}

async function restore(dir, out) {
  try {
    const { stdout, stderr } = await run(LITESTREAM, ['restore', '-config', CONFIG, '-integrity-check', 'full', '-o', out, join(dir, 'casino.db')], {
      cwd: ROOT,
      env: { ...process.env, ...E2E_LIMITS, CASINO_DATA: dir },
    });
    return stdout + stderr;
  } catch (err) {
    throw new Error(`litestream restore failed: ${err.stderr || err.message}`);
  }
}

async function restoredSeqs(path) {
  const db = await inspectDb(path, `SELECT json_extract(data, '$.seq') FROM event_log WHERE event = '${EVENT}' ORDER BY 1`);
  return { integrity: db.integrity, seqs: new Set(db.rows.map((r) => r[0])) };
}

/** A restored database must also serve: start the casino on a copy of it. */
async function serveRestored(restoredDb) {
  const dir = await mkdtemp(join(tmpdir(), 'casino-restored-'));
  await copyFile(restoredDb, join(dir, 'casino.db'));
  const server = await startServer({ dataDir: dir, publish: false });
  try {
    const res = await fetch(`${server.url}/api/core/casino/settings2`);
    assert.equal(res.status, 200, 'restored casino serves settings2');
    assert.equal((await res.json()).data.apiVersion, '1.0');
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

function report(name, data) {
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, `${name}.json`), JSON.stringify(data, null, 2) + '\n');
  console.log(`# ${name}: ${JSON.stringify(data)}`);
}

describe('Litestream restore drill', { timeout: 180_000 }, () => {
  test('SIGKILL of litestream and the casino mid-writes: restore is intact and loses < 1 s of acknowledged writes', async (t) => {
    const dir = await freshDataDir('casino-drill-');
    try {
      const { url, ls, child, exit } = await startReplicated(dir);
      const w = writeContinuously(url);
      // Write until a few seconds' worth of acknowledged writes exist.
      await waitFor(() => w.acked.length >= 200 && w.acked[0].ackAt < performance.now() - 2500, {
        timeout: 30_000,
        interval: 50,
        what: '2.5 s of acknowledged writes',
      });
      // The crash: both processes at once, while writes are in flight.
      const killAt = performance.now();
      process.kill(ls.pid, 'SIGKILL');
      process.kill(child, 'SIGKILL');
      await w.stop();
      await exit;
      await waitFor(() => !alive(child), { timeout: 5_000, what: 'the casino process to die' });

      const restoredPath = join(dir, 'restored.db');
      await restore(dir, restoredPath);
      const { integrity, seqs } = await restoredSeqs(restoredPath);
      assert.equal(integrity, 'ok', 'PRAGMA integrity_check of the restored database');

      const before = w.acked.filter((a) => a.ackAt <= killAt);
      const lost = before.filter((a) => !seqs.has(a.seq));
      const mustHave = before.filter((a) => a.ackAt <= killAt - GUARANTEE_MS);
      const missing = mustHave.filter((a) => !seqs.has(a.seq));
      const phantom = [...seqs].filter((s) => s > w.attempted);
      const oldestLost = lost.length ? Math.min(...lost.map((a) => a.ackAt)) : killAt;
      const newestKept = Math.max(...before.filter((a) => seqs.has(a.seq)).map((a) => a.ackAt));
      const figures = {
        acknowledgedBeforeKill: before.length,
        restored: seqs.size,
        lostAcknowledged: lost.length,
        lossWindowMs: Math.round(killAt - oldestLost),
        newestRestoredAckAgeMs: Math.round(killAt - newestKept),
        writesPerSecond: Math.round(before.length / ((killAt - before[0].ackAt) / 1000)),
        writeErrorsBeforeKill: w.errors.length,
      };
      report('restore-drill-crash', figures);
      t.diagnostic(`loss window ${figures.lossWindowMs} ms, ${figures.lostAcknowledged} of ${figures.acknowledgedBeforeKill} acknowledged writes lost`);
      assert.deepEqual(phantom, [], 'no write that was never sent');
      assert.equal(missing.length, 0,
        `${missing.length} writes acknowledged more than ${GUARANTEE_MS} ms before the kill are missing (e.g. seq ${missing.slice(0, 5).map((a) => a.seq)})`);
      assert.ok(figures.lossWindowMs <= GUARANTEE_MS, `loss window ${figures.lossWindowMs} ms`);

      await serveRestored(restoredPath);
    } finally {
      if (!process.env.E2E_KEEP_DATA) await rm(dir, { recursive: true, force: true });
    }
  });

  test('SIGKILL of the casino only: litestream flushes on exit and nothing acknowledged is lost', async () => {
    const dir = await freshDataDir('casino-drill-child-');
    try {
      const { url, ls, child, exit } = await startReplicated(dir);
      const w = writeContinuously(url);
      await waitFor(() => w.acked.length >= 200, { timeout: 30_000, interval: 50, what: '200 acknowledged writes' });
      process.kill(child, 'SIGKILL');
      await w.stop();
      const { code, signal } = await exit; // litestream stops when its child exits, after a last sync
      assert.notEqual(signal, 'SIGKILL');
      void code;
      const restoredPath = join(dir, 'restored.db');
      await restore(dir, restoredPath);
      const { integrity, seqs } = await restoredSeqs(restoredPath);
      assert.equal(integrity, 'ok');
      const lost = w.acked.filter((a) => !seqs.has(a.seq));
      report('restore-drill-child-only', { acknowledged: w.acked.length, restored: seqs.size, lostAcknowledged: lost.length });
      assert.equal(lost.length, 0, `${lost.length} acknowledged writes lost (e.g. seq ${lost.slice(0, 5).map((a) => a.seq)})`);
    } finally {
      if (!process.env.E2E_KEEP_DATA) await rm(dir, { recursive: true, force: true });
    }
  });
});
