// Seamless-wallet benchmark (issue 5): full bet rounds — a signed debit, then a
// signed credit closing the round — driven concurrently over HTTP on loopback
// against one `casino serve`, as a game provider would. Reports rounds/s and
// p99, then SIGKILLs the server in the middle of a second load and checks that
// every acknowledged transaction survived and the ledger's invariants hold.
// Writes its section of docs/benchmarks.md (between the wallet-bench markers).
//
//   node e2e/bench/wallet.mjs            (needs bin/casino: make go-build)
//   WALLET_BENCH_SECONDS=10 WALLET_BENCH_CONCURRENCY=64,128 WALLET_BENCH_PLAYERS=200
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../lib/paths.mjs';
import { pprofEnv, profile, serverCPU, writeSection } from './report.mjs';
import { casino, freshDataDir, sleep, startServer } from '../lib/server.mjs';

const run = promisify(execFile);

const SECONDS = Number(process.env.WALLET_BENCH_SECONDS || 10);
const CONCS = (process.env.WALLET_BENCH_CONCURRENCY || '64,128').split(',').map(Number);
const PLAYERS = Number(process.env.WALLET_BENCH_PLAYERS || 200);
const TARGET = 2000;
const START = '<!-- wallet-bench:start -->';
const END = '<!-- wallet-bench:end -->';

const tool = join(mkdtempSync(join(tmpdir(), 'walletbench-')), 'walletbench');
await run('go', ['build', '-o', tool, './bff/wallet/cmd/walletbench'], { cwd: ROOT });
const bench = async (...args) => (await run(tool, args, { cwd: ROOT, maxBuffer: 1 << 20 })).stdout.trim();

const load = loadavg().map((l) => l.toFixed(2)).join(' ');
const dataDir = await freshDataDir('casino-walletbench-');
const secret = await bench('prepare', '--data', dataDir, '--players', String(PLAYERS));
let server = await startServer({ publish: false, dataDir, env: pprofEnv() });
const acked = join(dataDir, 'acked.txt');
const results = [];
let crash;
try {
  const common = (c) => ['--url', server.url, '--secret', secret, '--players', String(PLAYERS), '--concurrency', String(c)];
  await bench('run', ...common(CONCS[0]), '--seconds', '1'); // warm-up: connections, statements, page cache
  for (const c of CONCS) {
    const cpu0 = serverCPU(server.process.pid);
    const prof = profile(Math.max(1, SECONDS - 2));
    const r = JSON.parse(await bench('run', ...common(c), '--seconds', String(SECONDS), '--acked', acked));
    await prof;
    // The server's own CPU per round: on a shared machine this, not the wall
    // clock, tells what the server would do with the cores to itself.
    r.serverCpuUsPerRound = Math.round(((serverCPU(server.process.pid) - cpu0) * 1e6) / Math.max(r.rounds, 1));
    console.log('load:', r);
    results.push(r);
  }
  const CONC = CONCS[0];
  const common0 = common(CONC);

  // Crash test: SIGKILL the server 1.5 s into a second load.
  const second = bench('run', ...common0, '--seconds', '4', '--acked', acked).catch((e) => e.stdout || '{}');
  await sleep(1500);
  server.process.kill('SIGKILL');
  const during = JSON.parse((await second) || '{}');
  await sleep(200);
  crash = JSON.parse(await bench('verify', '--data', dataDir, '--acked', acked));
  crash.roundsBeforeKill = during.rounds;
  console.log('after SIGKILL:', crash);
  await casino(['ledger', '--data', dataDir, 'check']);
} finally {
  await server.stop().catch(() => {});
}

const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const commit = (await run('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT })).stdout.trim();
const ok = (v, good) => `${v} ${good ? '✅' : '❌'}`;
const section = `${START}
## Seamless wallet: full bet rounds over HTTP (\`node e2e/bench/wallet.mjs\`)

- Date: ${date}, commit ${commit}; ${cpus().length} cores; load average at the start: ${load} (other work on the machine lowers the figures)
- ${PLAYERS} players, ${SECONDS} s per load level; a round = signed debit 0.10 EUR + signed credit (0.30 every 4th round) closing the round, each an HTTP POST to \`/api/wallet/v1/\` on loopback (the load tool shares the cores with the server); each money call is one ledger post, the wallet records and the round update, committed together by the ledger's group commit

| rounds in flight | rounds/s (target ≥ ${TARGET.toLocaleString('en')}) | round latency p50 / p99 | server CPU per round (user + system) |
|---:|---|---|---|
${results.map((r) => `| ${r.concurrency} | ${ok(Math.round(r.roundsPerSecond).toLocaleString('en'), r.roundsPerSecond >= TARGET)} | ${r.p50Ms} ms / ${r.p99Ms} ms | ${r.serverCpuUsPerRound} µs (${Math.round((cpus().length * 1e6) / Math.max(r.serverCpuUsPerRound, 1)).toLocaleString('en')} rounds/s if the server had the ${cpus().length} cores to itself) |`).join('\n')}

| check | result | target |
|---|---|---|
| errors | ${results.reduce((n, r) => n + r.errors, 0)}${results.find((r) => r.firstError) ? ` (${results.find((r) => r.firstError).firstError})` : ''} | 0 |
| acknowledged transactions missing after SIGKILL mid-load | ${ok(crash.missing, crash.missing === 0)} of ${crash.acknowledged} | 0 |
| ledger invariants after the crash (\`casino ledger check\`) | ${crash.ledgerCheck} | ok |

Go benchmark of the same rounds in one process: \`go test ./bff/wallet -run '^$' -bench Rounds\`
(reports rounds/s, p99, CPU µs per round and mean posts per commit).
${END}`;

writeSection(START, END, section);
