// Page throughput of a guest and of a logged-in player (issue 19): wrk on
// /casino against one `casino serve` with every built front end published,
// once as a guest and once with a depositor's session cookie, each REPEAT
// times (the machine is shared: the median is reported with the spread).
// Writes its section of docs/benchmarks.md (between the pages-bench markers).
//
//   node e2e/bench/pages.mjs            (needs bin/casino and the dists: make build)
//   PAGES_BENCH_SECONDS=10 PAGES_BENCH_REPEAT=3 PAGES_BENCH_CONNECTIONS=64 PAGES_BENCH_WRITE=0 (print only)
import { execFile, spawnSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { promisify } from 'node:util';
import { ROOT } from '../lib/paths.mjs';
import { api, newPlayer } from '../lib/players.mjs';
import { startServer } from '../lib/server.mjs';
import { ensureWrk, pprofEnv, profile, serverCPU, writeSection } from './report.mjs';

const run = promisify(execFile);
const SECONDS = Number(process.env.PAGES_BENCH_SECONDS || 10);
const REPEAT = Number(process.env.PAGES_BENCH_REPEAT || 3);
const CONNECTIONS = Number(process.env.PAGES_BENCH_CONNECTIONS || 64);
const WRITE = process.env.PAGES_BENCH_WRITE !== '0';
const START = '<!-- pages-bench:start -->';
const END = '<!-- pages-bench:end -->';
const TARGET_PLAYER = 15_000;

if (!ensureWrk((...a) => console.log('pages bench:', ...a))) {
  console.error('pages bench: wrk is required and could not be installed (apt-get install wrk)');
  process.exit(1);
}

const toMs = (v, unit) => Number(v) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? 1);
function parseWrk(out) {
  const pct = (p) => {
    const m = out.match(new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm'));
    return m ? toMs(m[1], m[2]) : NaN;
  };
  return {
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]),
    p50Ms: pct(50),
    p99Ms: pct(99),
    requests: Number(out.match(/(\d+) requests in/)?.[1]),
    errors: Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0) + (/Socket errors/.test(out) ? 1 : 0),
  };
}

async function wrk(url, headers, pid) {
  const args = ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', '--timeout', '5s'];
  for (const h of headers) args.push('-H', h);
  const cpu0 = serverCPU(pid);
  const { stdout } = await run('wrk', [...args, url], { maxBuffer: 1 << 20 });
  const r = parseWrk(stdout);
  r.cpuUs = ((serverCPU(pid) - cpu0) * 1e6) / Math.max(r.requests, 1);
  r.load = loadavg()[0];
  return r;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const f = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');

const startLoad = loadavg().map((l) => l.toFixed(2)).join(' ');
const server = await startServer({ env: pprofEnv() });
const site = { server };
const kinds = {};
try {
  const player = await newPlayer(site, { prefix: 'pagebench', deposit: '20.00' });
  // A returning player: the onboarding tour is behind them (404: a build without the tour).
  const tour = await api(site, 'POST', '/api/user/onboarding-tour', { outcome: 'skipped' }, player.token);
  if (tour.status !== 200 && tour.status !== 404) throw new Error(`onboarding tour: ${JSON.stringify(tour.json)}`);
  const url = `${server.url}/casino`;
  const cookie = `Cookie: casino_session=${player.token}`;
  const check = await fetch(url, { headers: { Cookie: `casino_session=${player.token}` } });
  const body = await check.text();
  if (check.status !== 200 || !body.includes('user-chip')) throw new Error(`logged-in /casino did not show the player (HTTP ${check.status})`);
  const runs = [
    ['guest', []],
    ['guest-gzip', ['Accept-Encoding: gzip']],
    ['player', [cookie]],
    ['player-gzip', [cookie, 'Accept-Encoding: gzip']],
  ];
  for (const [, h] of runs) for (let i = 0; i < 300; i++) await (await fetch(url, { headers: Object.fromEntries(h.map((x) => x.split(': '))) })).arrayBuffer();
  for (let i = 0; i < REPEAT; i++) {
    // Interleaved, so a neighbour's burst of work lands on every kind alike.
    for (const [name, h] of runs) {
      const prof = name === (process.env.PAGES_BENCH_PROFILE_KIND || 'player') ? profile(Math.max(1, SECONDS - 2)) : null;
      const r = await wrk(url, h, server.process.pid);
      await prof;
      (kinds[name] ??= []).push(r);
      console.log(`pages: ${name} run ${i + 1}: ${f(r.rps)} pages/s, p50 ${f(r.p50Ms, 2)} ms, p99 ${f(r.p99Ms, 2)} ms, server CPU ${f(r.cpuUs, 1)} µs/page, load ${r.load.toFixed(2)}, errors ${r.errors}`);
    }
  }
} finally {
  await server.stop();
}

const endLoad = loadavg().map((l) => l.toFixed(2)).join(' ');
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const rows = Object.entries(kinds).map(([name, rs]) => {
  const rps = rs.map((r) => r.rps);
  const target = name.startsWith('player') ? ` (target ≥ ${TARGET_PLAYER.toLocaleString('en')}, p99 < 20 ms)` : '';
  return `| ${name}${target} | ${f(median(rps))} (${f(Math.min(...rps))}–${f(Math.max(...rps))}) | ${f(median(rs.map((r) => r.p50Ms)), 2)} ms | ${f(median(rs.map((r) => r.p99Ms)), 2)} ms | ${f(median(rs.map((r) => r.cpuUs)), 1)} µs | ${rs.reduce((n, r) => n + r.errors, 0)} |`;
});
const section = `${START}
## Pages: guest and logged-in (\`node e2e/bench/pages.mjs\`)

- Date: ${date}, commit ${commit}; ${cpus().length} cores (${cpus()[0]?.model?.trim()}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB; load average at the start: ${startLoad}, at the end: ${endLoad}
- wrk -t2 -c${CONNECTIONS} -d${SECONDS}s on \`/casino\` (loopback; wrk shares the cores with the server), every built front end published;
  "player" sends a depositor's session cookie. Each kind ran ${REPEAT} times, interleaved; the median, and the range in brackets.

| page | pages/s, median (range) | p50 | p99 | server CPU per page | errors |
|---|---|---:|---:|---:|---:|
${rows.join('\n')}
${END}`;
console.log(section);
if (WRITE) writeSection(START, END, section);
