// Capacity figures of docs/capacity.md that no other bench measures (issue 19):
//  - database bytes per bet round (signed debit + credit through the seamless
//    wallet, as e2e/bench/wallet.mjs plays them), extrapolated to a million;
//  - how far the Litestream replica trails the database under that load: the
//    casino runs under `litestream replicate -exec` with the project's
//    litestream.yml; both are SIGKILLed mid-load (a lost machine), the replica
//    is restored, and the acknowledged money calls missing from it are counted
//    and turned into seconds at the measured rate.
// Prints JSON; docs/capacity.md quotes it by hand.
//
//   node e2e/bench/capacity.mjs   (needs bin/casino and bin/litestream: make go-build deps)
//   CAPACITY_SECONDS=20 CAPACITY_CONCURRENCY=64 CAPACITY_PLAYERS=200
import { execFile, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inspectDb } from '../lib/db.mjs';
import { CASINO, CONTENT, LITESTREAM, ROOT, requireBinary } from '../lib/paths.mjs';
import { E2E_LIMITS, freePort, freshDataDir, sleep, track, waitFor } from '../lib/server.mjs';
import { serverCPU } from './report.mjs';

const run = promisify(execFile);
const SECONDS = Number(process.env.CAPACITY_SECONDS || 20);
const CONC = Number(process.env.CAPACITY_CONCURRENCY || 64);
const PLAYERS = Number(process.env.CAPACITY_PLAYERS || 200);
const CONFIG = join(ROOT, 'litestream.yml');

requireBinary(CASINO);
requireBinary(LITESTREAM);
const tool = join(mkdtempSync(join(tmpdir(), 'capacity-')), 'walletbench');
await run('go', ['build', '-o', tool, './bff/wallet/cmd/walletbench'], { cwd: ROOT });
const bench = async (...args) => (await run(tool, args, { cwd: ROOT, maxBuffer: 1 << 20 })).stdout.trim();

const dirSize = (dir) => {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const f of readdirSync(dir, { recursive: true })) {
    const st = statSync(join(dir, String(f)));
    if (st.isFile()) n += st.size;
  }
  return n;
};

const DB_QUERY = `SELECT (SELECT page_count FROM pragma_page_count()) * (SELECT page_size FROM pragma_page_size()),
  (SELECT freelist_count FROM pragma_freelist_count()) * (SELECT page_size FROM pragma_page_size()),
  (SELECT count(*) FROM wallet_transactions), (SELECT count(*) FROM ledger_transactions), (SELECT count(*) FROM ledger_postings)`;
async function dbFigures(path) {
  const { rows } = await inspectDb(path, DB_QUERY);
  const [bytes, free, walletTx, ledgerTx, ledgerPostings] = rows[0];
  return { bytes: bytes - free, walletTx, ledgerTx, ledgerPostings };
}

const figures = { machine: `${cpus().length} cores (${cpus()[0]?.model?.trim()}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB`, loadStart: loadavg().map((l) => l.toFixed(2)).join(' ') };
const dir = await freshDataDir('casino-capacity-');
const secret = await bench('prepare', '--data', dir, '--players', String(PLAYERS));

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
const exited = new Promise((r) => ls.once('exit', r));
try {
  await waitFor(async () => (await fetch(`${url}/healthz`).catch(() => ({ ok: false }))).ok, { timeout: 20_000, what: 'casino under litestream' });
  await waitFor(() => dirSize(join(dir, 'replica')) > 0, { timeout: 10_000, what: 'the first replica file' });
  const child = readdirSync(`/proc/${ls.pid}/task`)
    .flatMap((t) => readFileSync(`/proc/${ls.pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean))
    .map(Number)[0];
  if (!child) throw new Error('litestream did not start the casino');
  const common = ['--url', url, '--secret', secret, '--players', String(PLAYERS), '--concurrency', String(CONC)];
  await bench('run', ...common, '--seconds', '1');

  // 1. Bytes per round.
  const before = await dbFigures(join(dir, 'casino.db'));
  const replicaBefore = dirSize(join(dir, 'replica'));
  const cpu0 = serverCPU(child);
  const r = JSON.parse(await bench('run', ...common, '--seconds', String(SECONDS)));
  const cpu = serverCPU(child) - cpu0;
  await sleep(1500); // the replica catches up
  const after = await dbFigures(join(dir, 'casino.db'));
  const replicaAfter = dirSize(join(dir, 'replica'));
  const rounds = r.rounds;
  figures.load = { ...r, serverCpuUsPerRound: Math.round((cpu * 1e6) / Math.max(rounds, 1)) };
  figures.perRound = {
    dbBytes: Math.round((after.bytes - before.bytes) / rounds),
    walletTx: (after.walletTx - before.walletTx) / rounds,
    ledgerTx: (after.ledgerTx - before.ledgerTx) / rounds,
    ledgerPostings: (after.ledgerPostings - before.ledgerPostings) / rounds,
    replicaBytes: Math.round((replicaAfter - replicaBefore) / rounds),
  };
  figures.perMillionRounds = {
    dbGB: +((figures.perRound.dbBytes * 1e6) / 1e9).toFixed(2),
    replicaGB: +((figures.perRound.replicaBytes * 1e6) / 1e9).toFixed(2),
  };
  console.log('capacity: size', JSON.stringify(figures.perRound), JSON.stringify(figures.perMillionRounds));

  // 2. Replica lag under load: lose the machine 5 s into a second load.
  const acked = join(dir, 'acked.txt');
  const t0 = Date.now();
  const second = bench('run', ...common, '--seconds', '10', '--acked', acked).catch((e) => e.stdout || '{}');
  await sleep(5000);
  const killAt = Date.now();
  process.kill(ls.pid, 'SIGKILL');
  process.kill(child, 'SIGKILL');
  const during = JSON.parse((await second) || '{}');
  await exited;
  await sleep(300);
  const ackedIds = readFileSync(acked, 'utf8').split('\n').filter(Boolean);
  const restored = join(dir, 'restored.db');
  await run(LITESTREAM, ['restore', '-config', CONFIG, '-o', restored, join(dir, 'casino.db')], { cwd: ROOT, env: { ...process.env, CASINO_DATA: dir } });
  const { integrity, rows } = await inspectDb(restored, `SELECT transaction_id FROM wallet_transactions WHERE provider = 'studio' AND status = 'ok'`);
  const have = new Set(rows.map((x) => x[0]));
  const lost = ackedIds.filter((id) => !have.has(id)).length;
  // Money calls acknowledged per second before the kill.
  const callsPerSecond = ackedIds.length / ((killAt - t0) / 1000);
  figures.replicaLagLoad = during;
  figures.replicaLag = {
    acknowledgedBeforeKill: ackedIds.length,
    lostAcknowledged: lost,
    callsPerSecondBeforeKill: Math.round(callsPerSecond),
    lagMsEstimate: Math.round((lost / Math.max(callsPerSecond, 1)) * 1000),
    restoredIntegrity: integrity,
    killAt: new Date(killAt).toISOString(),
  };
  console.log('capacity: replica lag', JSON.stringify(figures.replicaLag));
} finally {
  try {
    process.kill(ls.pid, 'SIGKILL');
  } catch {}
}
figures.loadEnd = loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(JSON.stringify(figures, null, 2));
