// Social benchmarks (issue 16), against `casino serve` on loopback:
//  (a) fan-out: CLIENTS clients on a chat room's stream and CLIENTS on a race
//      leaderboard's stream while bet rounds move the leaderboard; chat
//      messages are posted and each client's receipt timed (post → receipt);
//  (b) races: the wallet's rounds/s with no race and with RACES running races
//      over every game (each round scores in all of them).
// Writes its section of docs/benchmarks.md (between the social-bench markers).
//
//   node e2e/bench/social.mjs             (needs bin/casino: make go-build)
//   SOCIAL_BENCH_CLIENTS=5000 SOCIAL_BENCH_MESSAGES=20 SOCIAL_BENCH_RACES=20 SOCIAL_BENCH_SECONDS=10
//   SOCIAL_BENCH_RUNS=3           runs of each part; the median run is reported
//   SOCIAL_BENCH_READER_PROCS=1   the reader's GOMAXPROCS (default 1: it takes at most one core of two)
//   SOCIAL_BENCH_FANOUT_ONLY=1    (a) only, docs not written
//   SOCIAL_BENCH_PPROF=DIR        the server's CPU profile during the messages, and its heap and
//                                 goroutines after, into DIR (CASINO_PPROF on loopback)
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../lib/paths.mjs';
import { serverCPU, writeSection } from './report.mjs';
import { casino, freePort, freshDataDir, sleep, startServer } from '../lib/server.mjs';
import { api, newPlayer } from '../lib/players.mjs';

const run = promisify(execFile);
const CLIENTS = Number(process.env.SOCIAL_BENCH_CLIENTS || 5000);
const MESSAGES = Number(process.env.SOCIAL_BENCH_MESSAGES || 20);
const RACES = Number(process.env.SOCIAL_BENCH_RACES || 20);
const SECONDS = Number(process.env.SOCIAL_BENCH_SECONDS || 10);
const READER_PROCS = Number(process.env.SOCIAL_BENCH_READER_PROCS || 1);
const PPROF = process.env.SOCIAL_BENCH_PPROF;
// Each part runs RUNS times (the race part interleaved: none, races, none, …) and reports the median run:
// one 10-second run on a shared 2-core machine moved by ±30 %.
const RUNS = Number(process.env.SOCIAL_BENCH_RUNS || 3);
const CONCURRENCY = 64;
const PLAYERS = 200;
const START = '<!-- social-bench:start -->';
const END = '<!-- social-bench:end -->';
// Streams beyond the per-address default (every client here is 127.0.0.1).
const LIMITS = { CASINO_MAX_STREAMS: `${4 * CLIENTS},${4 * CLIENTS}`, CASINO_MAX_CONNECTIONS: String(4 * CLIENTS + 1000) };

const tools = mkdtempSync(join(tmpdir(), 'socialbench-'));
const tool = join(tools, 'walletbench');
const streamTool = join(tools, 'streambench');
await run('go', ['build', '-o', tool, './bff/wallet/cmd/walletbench'], { cwd: ROOT });
await run('go', ['build', '-o', streamTool, './bff/realtime/cmd/streambench'], { cwd: ROOT });
const bench = async (...args) => (await run(tool, args, { cwd: ROOT, maxBuffer: 1 << 20 })).stdout.trim();

const pct = (xs, p) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const race = (id) => JSON.stringify({ id, name: `Bench race ${id}`, metric: 'stakes', startsAt: '-1m', endsAt: '+2h', prizes: [1000, 500], games: [] });

/** A data directory with the bench players (and races), and a server on it. */
async function site(races, env = {}) {
  const dataDir = await freshDataDir('casino-socialbench-');
  const secret = await bench('prepare', '--data', dataDir, '--players', String(PLAYERS));
  for (let i = 1; i <= races; i++) await casino(['races', '--data', dataDir, 'create', race(`bench-${i}`)]);
  const server = await startServer({ publish: false, dataDir, env: { ...LIMITS, ...env } });
  return { server, secret };
}

const rounds = async (s, conc, seconds) =>
  JSON.parse(await bench('run', '--url', s.server.url, '--secret', s.secret, '--players', String(PLAYERS), '--concurrency', String(conc), '--seconds', String(seconds)));

const load = loadavg().map((l) => l.toFixed(2)).join(' ');
const results = {};

// (a) fan-out -----------------------------------------------------------------
async function fanout(run) {
  // The server's runtime figures (goroutines, stacks, heap) come from its
  // pprof listener on loopback; the profiles are kept when SOCIAL_BENCH_PPROF names a directory.
  const pprofAddr = `127.0.0.1:${await freePort()}`;
  const s = await site(1, { CASINO_PPROF: pprofAddr });
  const pprof = async (path) => Buffer.from(await (await fetch(`http://${pprofAddr}/debug/pprof/${path}`)).arrayBuffer());
  const profile = async (name, query = '') => {
    if (PPROF) writeFileSync(join(PPROF, `${name}-${run}.pprof`), await pprof(`${name}${query}`));
  };
  /** Goroutines and the runtime's memory split while the streams are open. */
  const runtimeSplit = async () => {
    const goroutines = Number(String(await pprof('goroutine?debug=1')).match(/goroutine profile: total (\d+)/)[1]);
    // Stacks grown once (a stream's first SQLite read) shrink by half at each GC: three GCs first, so
    // the figures are the streams' steady state rather than the moment's.
    for (let i = 0; i < 3; i++) await pprof('heap?gc=1');
    const heap = String(await pprof('heap?debug=1'));
    const stat = (k) => Math.round(Number(heap.match(new RegExp(`# ${k} = (\\d+)`))[1]) / 1024 / 1024);
    return { goroutines, heapInuseMB: stat('HeapInuse'), stackInuseMB: stat('Stack'), sysMB: stat('Sys') };
  };
  let listener;
  try {
    await rounds(s, 8, 1); // warm-up
    const writers = [];
    for (let i = 0; i < 4; i++) writers.push(await newPlayer(s, { prefix: `benchchat${i}` }));
    // The streams are held by a Go client (bff/realtime/cmd/streambench):
    // one Node process could not read 10,000 streams without becoming
    // what is measured.
    listener = spawn(streamTool, ['--chat', `${s.server.url}/chat/en/events`, '--board', `${s.server.url}/races/bench-1/events`,
      '--clients', String(CLIENTS), '--seconds', '0', '--procs', String(READER_PROCS)], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    const ready = new Promise((resolve, reject) => {
      listener.stdout.on('data', (d) => {
        out += d;
        if (out.startsWith('ready\n')) resolve();
      });
      listener.on('exit', (code) => reject(new Error(`streambench exited ${code}: ${out}`)));
    });
    const finished = new Promise((resolve) => listener.on('exit', () => resolve(out)));
    await ready;
    const cpu0 = serverCPU(s.server.process.pid);
    const rss = () => Math.round(Number(readFileSync(`/proc/${s.server.process.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024);
    // Leaderboard moves from real rounds while the chat messages go out.
    const background = rounds(s, 16, MESSAGES * 0.5 + 2);
    const cpuProfile = profile('profile', `?seconds=${Math.floor(MESSAGES * 0.5)}`);
    let mid;
    for (let i = 0; i < MESSAGES; i++) {
      if (i === Math.floor(MESSAGES / 2)) {
        const rssMB = rss(); // while every stream is open
        mid = Promise.all([runtimeSplit().then((x) => ({ rssMB, ...x })), profile('heap'), profile('goroutine')]);
        mid.catch(() => {});
      }
      const res = await api(s, 'POST', '/api/user/chat/en/messages', { text: `bench message ${i} @${Date.now()}` }, writers[i % writers.length].token);
      if (res.status !== 200) throw new Error(`post: ${res.status} ${JSON.stringify(res.json)}`);
      await sleep(500);
    }
    const bg = await background;
    await cpuProfile;
    const [split] = await mid;
    await sleep(3000); // the last message's late receipts
    listener.stdin.end('stop\n'); // the streams stay open until all is measured
    const r = JSON.parse((await finished).split('\n')[1]);
    const f = { ...r, clients: CLIENTS, messages: MESSAGES, expected: MESSAGES * CLIENTS, roundsPerSecond: bg.roundsPerSecond,
      serverCpuSeconds: serverCPU(s.server.process.pid) - cpu0, ...split };
    console.log(`fan-out run ${run}:`, f);
    return f;
  } finally {
    listener?.kill();
    await s.server.stop().catch(() => {});
  }
}

/** The run whose key is the median (all figures of a row come from one run). */
const medianBy = (runs, key) => [...runs].sort((a, b) => a[key] - b[key])[Math.floor((runs.length - 1) / 2)];

if (!process.env.SOCIAL_BENCH_RACES_ONLY) {
  const runs = [];
  for (let i = 1; i <= RUNS; i++) runs.push(await fanout(i));
  results.fanout = { ...medianBy(runs, 'p99'), runs };
}

// (b) races and the wallet ------------------------------------------------------
if (!process.env.SOCIAL_BENCH_FANOUT_ONLY) {
  // Both sites at once, measured in turns, so a burst of other load falls on both kinds alike.
  const sites = { none: await site(0), races: await site(RACES) };
  const runs = { none: [], races: [] };
  try {
    for (const s of Object.values(sites)) await rounds(s, CONCURRENCY, 1);
    for (let i = 1; i <= RUNS; i++) {
      for (const [key, s] of Object.entries(sites)) {
        const cpu0 = serverCPU(s.server.process.pid);
        const r = await rounds(s, CONCURRENCY, SECONDS);
        r.serverCpuUsPerRound = Math.round(((serverCPU(s.server.process.pid) - cpu0) * 1e6) / Math.max(r.rounds, 1));
        await sleep(1500); // the last pass scores the last rounds
        if (key === 'races') {
          const board = await api(s, 'GET', '/api/core/casino/races');
          const list = board.json.data?.races ?? board.json.data ?? [];
          r.racesRunning = Array.isArray(list) ? list.filter((x) => String(x.id).startsWith('bench-')).length : 0;
        }
        runs[key].push(r);
        console.log(`races ${key} run ${i}:`, r);
      }
    }
  } finally {
    for (const s of Object.values(sites)) await s.server.stop().catch(() => {});
  }
  for (const key of ['none', 'races']) {
    results[key] = { ...medianBy(runs[key], 'roundsPerSecond'), runs: runs[key],
      cpuMedian: medianBy(runs[key], 'serverCpuUsPerRound').serverCpuUsPerRound };
  }
}

const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const commit = (await run('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT })).stdout.trim();
const ok = (v, good) => `${v} ${good ? '✅' : '❌'}`;
if (!results.fanout || !results.races) {
  console.log('a part only: docs not written');
  process.exit(0);
}
const f = results.fanout;
const drop = 100 * (1 - results.races.roundsPerSecond / results.none.roundsPerSecond);
const ms = (v) => `${Math.round(v)} ms`;
const cpuAdded = 100 * (results.races.cpuMedian / results.none.cpuMedian - 1);
const spread = (xs, key, fmt = (v) => Math.round(v).toLocaleString('en')) => xs.map((x) => fmt(x[key])).join(' / ');
const busy = Number(load.split(' ')[0]) > cpus().length;
const section = `${START}
## Chat and race leaderboards: fan-out and scoring cost (\`node e2e/bench/social.mjs\`)

- Date: ${date}, commit ${commit}; ${cpus().length} cores; load average at the start: ${load}. The streams are held
  by a Go client (\`bff/realtime/cmd/streambench\`, a goroutine per stream, GOMAXPROCS ${f.procs}, each stream
  keeping its own timings) on the same cores as the server, so latencies include the reader's own scheduling: it
  used ${f.readerCpuSeconds.toFixed(1)} s of CPU while listening, the server ${f.serverCpuSeconds.toFixed(1)} s.
- Fan-out: ${f.clients.toLocaleString('en')} clients on the chat room \`en\` (\`GET /chat/en/events\`) and
  ${f.clients.toLocaleString('en')} on a race leaderboard (\`GET /races/bench-1/events\`), ${f.streams.toLocaleString('en')}
  streams in all (opened in ${f.connectSeconds.toFixed(1)} s${f.failed ? `, ${f.failed} refused: ${f.firstError}` : ''}); ${f.messages} chat messages posted 0.5 s apart by 4
  players while 16 rounds in flight move the leaderboard (${Math.round(f.roundsPerSecond).toLocaleString('en')} rounds/s).
- Races: the wallet's full bet rounds (signed debit + credit, ${CONCURRENCY} in flight, ${SECONDS} s, as in the wallet
  section) on a site with no race and on one with ${RACES} running races over every game (every round scores in all
  of them), both up at once and measured in turns, ${RUNS} runs each; the fan-out ran ${RUNS} times on fresh sites.

| check | result | target |
|---|---|---|
| chat messages delivered | ${ok(`${f.chatReceived.toLocaleString('en')} of ${f.expected.toLocaleString('en')}`, f.chatReceived === f.expected)} | all |
| chat message post → receipt, p50 / p99 / max (median run by p99) | ${ok(`${ms(f.p50)} / ${ms(f.p99)} / ${ms(f.max)}`, f.p99 < 250)} | p99 < 250 ms |
| p99 of each run | ${spread(f.runs, 'p99', ms)} | |
| leaderboard events during the load; first → last client, p99 | ${f.boardEvents} events; ${ms(f.boardSpreadP99)} | |
| server memory with ${f.streams.toLocaleString('en')} open streams (RSS) | ${f.rssMB} MB (${Math.round((f.rssMB * 1024) / f.streams)} KB a stream) | |
| of which, after three GCs: goroutine stacks / Go heap in use | ${f.stackInuseMB} MB (${f.goroutines.toLocaleString('en')} goroutines) / ${f.heapInuseMB} MB | |
| wallet rounds/s, no race: median run (each run) | ${Math.round(results.none.roundsPerSecond).toLocaleString('en')}, p99 ${results.none.p99Ms} ms (${spread(results.none.runs, 'roundsPerSecond')}); median server CPU ${results.none.cpuMedian} µs a round | |
| wallet rounds/s, ${RACES} running races: median run (each run) | ${Math.round(results.races.roundsPerSecond).toLocaleString('en')}, p99 ${results.races.p99Ms} ms (${spread(results.races.runs, 'roundsPerSecond')}); median server CPU ${results.races.cpuMedian} µs a round | |
| rounds/s lost to ${RACES} races | ${ok(`${drop.toFixed(1)} %`, drop <= 10)} | ≤ 10 % |
| server CPU per round added by ${RACES} races | ${cpuAdded.toFixed(0)} % | (the steadier figure on a shared machine) |
${busy ? `
The machine was not idle when this run started (load average ${load} on ${cpus().length} cores), so
these latencies are upper bounds and rounds/s move between runs by ±30 %; CPU per round is the steadier figure.
` : ''}

Race scores are never computed from a player's history on a bet: the wallet only writes the round; a tailer
(\`bff/races\`, every second) reads the ledger transactions committed since its cursor, once for all races, and adds
the deltas to \`race_scores\` in one transaction. Chat and leaderboards are public topics of the realtime hub
(\`bff/realtime\`): an event is encoded once when published and linked into its topic's chain of events; one
channel closed per event wakes every follower (no channel send per stream, no lock on the readers' side), and each
stream's own goroutine writes what it has not yet written in one flush.
${END}`;

writeSection(START, END, section);
