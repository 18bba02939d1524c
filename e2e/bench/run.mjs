#!/usr/bin/env node
// `make bench`: starts the casino on loopback and measures
//  (a) shell-page throughput and latency of /casino under concurrent load (wrk),
//  (b) the gzip size of all JavaScript a first visit to /casino downloads (Chromium),
//  (c) the Go benchmarks (go test -bench),
// then writes docs/benchmarks.md. Bounded: each load run lasts BENCH_SECONDS (10).
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { launchBrowser, openPage } from '../lib/browser.mjs';
import { waitForApp } from '../lib/app.mjs';
import { ROOT } from '../lib/paths.mjs';
import { startServer } from '../lib/server.mjs';
import { ensureWrk } from './report.mjs';

const run = promisify(execFile);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 64);
const DOC = join(ROOT, 'docs', 'benchmarks.md');
const TARGET_RPS = 10_000;
const TARGET_JS_KB = 150;

const log = (...a) => console.log('bench:', ...a);

// --- load tool -----------------------------------------------------------------

const toMs = (v, unit) => Number(v) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? 1);

function parseWrk(out) {
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const pct = (p) => {
    const m = out.match(new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm'));
    return m ? toMs(m[1], m[2]) : NaN;
  };
  const requests = Number(out.match(/(\d+) requests in/)?.[1]);
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const socketErrors = out.match(/Socket errors:.*$/m)?.[0] ?? '';
  return { rps, p50Ms: pct(50), p99Ms: pct(99), requests, non2xx, socketErrors };
}

async function load(url, { headers = [] } = {}) {
  if (ensureWrk(log)) {
    const args = ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', '--timeout', '5s'];
    for (const h of headers) args.push('-H', h);
    const { stdout } = await run('wrk', [...args, url], { maxBuffer: 1 << 20 });
    return { tool: `wrk ${args.join(' ')}`, ...parseWrk(stdout), raw: stdout };
  }
  log('wrk unavailable: falling back to e2e/tools/load (Go)');
  const bin = join(mkdtempSync(join(tmpdir(), 'casino-load-')), 'load');
  await run('go', ['build', '-o', bin, './e2e/tools/load'], { cwd: ROOT });
  const { stdout } = await run(bin, ['-c', String(CONNECTIONS), '-d', `${SECONDS}s`, url]);
  const r = JSON.parse(stdout);
  return { tool: `e2e/tools/load -c ${CONNECTIONS} -d ${SECONDS}s`, rps: r.rps, p50Ms: r.p50Ms, p99Ms: r.p99Ms, requests: r.requests, non2xx: r.errors, raw: stdout };
}

// --- first visit JavaScript ------------------------------------------------------

async function firstVisitJS(baseURL) {
  const browser = await launchBrowser();
  try {
    const { context, page } = await openPage(browser, { baseURL });
    const responses = [];
    page.on('response', (r) => responses.push(r));
    await page.goto('/casino');
    let mounted = true;
    try {
      await waitForApp(page, 'lobby', { timeout: 20_000 });
    } catch (err) {
      mounted = false;
      log(`lobby did not mount (${err.message.split('\n')[0]}); measuring what was downloaded anyway`);
    }
    await page.waitForLoadState('networkidle');
    const files = [];
    for (const r of responses) {
      const type = r.headers()['content-type'] ?? '';
      if (!/javascript/.test(type) && !/\.m?js(\?|$)/.test(r.url())) continue;
      const sizes = await r.request().sizes();
      const body = await r.body().catch(() => Buffer.alloc(0));
      files.push({
        path: new URL(r.url()).pathname,
        encoding: r.headers()['content-encoding'] ?? 'identity',
        transferBytes: sizes.responseBodySize,
        decodedBytes: body.length,
      });
    }
    await context.close();
    const inline = await inlineScriptBytes(baseURL);
    return { mounted, files, inline };
  } finally {
    await browser.close();
  }
}

/** Inline <script> bytes of the shell HTML (counted separately: they come with the page). */
async function inlineScriptBytes(baseURL) {
  const html = await (await fetch(new URL('/casino', baseURL))).text();
  let bytes = 0;
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) bytes += Buffer.byteLength(m[1]);
  return bytes;
}

// --- Go benchmarks ---------------------------------------------------------------

async function goBenchmarks() {
  // A package that fails to build does not hide the others' results.
  let stdout = '';
  let failed = '';
  try {
    ({ stdout } = await run('go', ['test', '-bench', '.', '-run', '^$', '-benchmem', './...'], { cwd: ROOT, maxBuffer: 16 << 20, timeout: 600_000 }));
  } catch (err) {
    stdout = err.stdout ?? '';
    failed = (err.stderr || err.message).split('\n').filter((l) => l.trim()).slice(0, 5).join('\n');
  }
  const lines = [];
  let pkg = '';
  for (const line of stdout.split('\n')) {
    if (line.startsWith('pkg: ')) pkg = line.slice(5);
    if (/^Benchmark/.test(line)) lines.push(`${pkg.padEnd(24)} ${line.trim()}`);
    if (/^(FAIL|--- FAIL)/.test(line)) lines.push(line.trim());
    // The reason under a failed benchmark (t.Fatal output), so the report
    // says why and not only that it failed.
    else if (/^\s+\S+_test\.go:\d+: /.test(line) && /^--- FAIL/.test(lines.at(-1) ?? '')) lines.push(`    ${line.trim().slice(0, 300)}`);
  }
  if (failed) lines.push(`(go test reported failures: ${failed})`);
  return lines;
}

// --- report ------------------------------------------------------------------------

const kb = (n) => (n / 1024).toFixed(1);
const fmt = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');

function machine() {
  const c = cpus();
  return `${c.length} cores (${c[0]?.model?.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB`;
}

function commit() {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : 'unknown';
}

function history() {
  if (!existsSync(DOC)) return [];
  const text = readFileSync(DOC, 'utf8');
  const block = text.split('<!-- history -->')[1] ?? '';
  return block.split('\n').filter((l) => /^\| \d{4}-/.test(l));
}

/** The hand-written notes block of the current doc, kept across runs. */
function notes() {
  if (!existsSync(DOC)) return '';
  const m = readFileSync(DOC, 'utf8').match(/<!-- notes -->\n([\s\S]*?)<!-- \/notes -->/);
  return m ? m[1] : '';
}

/** Sections other scripts own (`<!-- NAME:start -->…<!-- NAME:end -->`, e.g. wallet.mjs), kept as they are. */
function foreignSections() {
  if (!existsSync(DOC)) return '';
  const found = readFileSync(DOC, 'utf8').match(/<!-- ([\w-]+):start -->[\s\S]*?<!-- \1:end -->/g) ?? [];
  return found.map((b) => `${b}\n\n`).join('');
}

function writeDoc(r) {
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const jsGzip = r.js.files.reduce((s, f) => s + f.transferBytes, 0);
  const jsRaw = r.js.files.reduce((s, f) => s + f.decodedBytes, 0);
  const ok = (v, good) => (good ? `${v} ✅` : `${v} ❌`);
  const row = `| ${date} | ${r.commit} | ${r.cores} | ${fmt(r.plain.rps, 0)} | ${fmt(r.plain.p50Ms)} | ${fmt(r.plain.p99Ms)} | ${fmt(r.gzip.rps, 0)} | ${kb(jsGzip)} | ${r.js.files.length} | ${r.load.split(' ')[0]} |`;
  const hist = [row, ...history()].slice(0, 30);
  const files = [...r.js.files].sort((a, b) => b.transferBytes - a.transferBytes);
  const doc = `# Benchmarks

Written by \`make bench\` (\`node e2e/bench/run.mjs\`): it builds nothing itself (\`make bench\` runs \`make build\`
first), starts \`bin/casino serve\` on a free loopback port with a fresh seeded data directory and every built
front-end published, then measures. Re-run it after a change that can move these figures; the history table keeps
the last 30 runs.

## Latest run

- Date: ${date}, commit ${r.commit}
- Machine: ${r.machine}; load average (1, 5, 15 min) when the run started: ${r.load}, after the load runs: ${r.loadAfter}
  (other work on the machine lowers the figures; with a load average above the core count they say more about the
  neighbours than about the casino)
- Load: ${r.plain.tool}, URL \`/casino\` (guest, loopback; the load tool shares the 2 cores with the server)

| figure | result | target |
|---|---|---|
| shell pages/s, \`/casino\` (no compression) | ${ok(fmt(r.plain.rps, 0), r.plain.rps >= TARGET_RPS)} | ≥ ${TARGET_RPS.toLocaleString('en')} |
| latency p50 / p99 (no compression) | ${fmt(r.plain.p50Ms)} ms / ${fmt(r.plain.p99Ms)} ms | |
| shell pages/s, \`Accept-Encoding: gzip\` | ${fmt(r.gzip.rps, 0)} | |
| page bytes, identity / gzip | ${r.sizes.plain} / ${r.sizes.gzip} | |
| latency p50 / p99 (gzip) | ${fmt(r.gzip.p50Ms)} ms / ${fmt(r.gzip.p99Ms)} ms | |
| errors (non-2xx, socket) | ${r.plain.non2xx + r.gzip.non2xx}${r.plain.socketErrors ? `; ${r.plain.socketErrors}` : ''} | 0 |
| first-visit JavaScript, gzip (transfer) | ${ok(`${kb(jsGzip)} KB`, jsGzip < TARGET_JS_KB * 1024 && r.js.mounted)} | < ${TARGET_JS_KB} KB |
| first-visit JavaScript, uncompressed | ${kb(jsRaw)} KB in ${r.js.files.length} files | |
| inline scripts in the shell HTML | ${kb(r.js.inline)} KB (part of the HTML document) | |
| lobby mounted during the measurement | ${r.js.mounted ? 'yes' : 'NO: the figure is incomplete'} | yes |
| front-end builds published | ${r.missing.length ? `missing: ${r.missing.join(', ')}` : 'all'} | all |

### JavaScript of a first visit to \`/casino\` (empty cache, 1280×800)

| file | encoding | transfer bytes | decoded bytes |
|---|---|---:|---:|
${files.map((f) => `| \`${f.path}\` | ${f.encoding} | ${f.transferBytes} | ${f.decodedBytes} |`).join('\n') || '| (none) | | | |'}

### Go benchmarks (\`go test -bench . -run '^$' -benchmem ./...\`)

\`\`\`
${r.goBench.join('\n') || '(no benchmarks found)'}
\`\`\`

## Notes

<!-- notes -->
${notes()}<!-- /notes -->

${foreignSections()}## History

| date | commit | cores | pages/s | p50 ms | p99 ms | pages/s gzip | first-load JS KB gzip | JS files | load (1 min) |
|---|---|---|---:|---:|---:|---:|---:|---:|---:|
<!-- history -->
${hist.join('\n')}
`;
  writeFileSync(DOC, doc);
  return { jsGzip, jsRaw };
}

// --- main ----------------------------------------------------------------------------

const startLoad = loadavg().map((l) => l.toFixed(2)).join(' ');
const server = await startServer();
try {
  if (server.missing.length) log(`front-end builds missing (not published): ${server.missing.join(', ')}`);
  const url = `${server.url}/casino`;
  const probe = await fetch(url);
  const html = await probe.text();
  if (probe.status !== 200 || !html.includes('id="mf-page"')) {
    throw new Error(`/casino did not answer the shell page (HTTP ${probe.status}): ${html.slice(0, 200)}`);
  }
  log(`shell page ${Buffer.byteLength(html)} bytes; warming up`);
  for (let i = 0; i < 200; i++) await (await fetch(url)).arrayBuffer();

  log(`load: /casino for ${SECONDS}s with ${CONNECTIONS} connections`);
  const plain = await load(url);
  log(`  ${fmt(plain.rps, 0)} req/s, p50 ${fmt(plain.p50Ms)} ms, p99 ${fmt(plain.p99Ms)} ms`);
  const gzip = await load(url, { headers: ['Accept-Encoding: gzip'] });
  log(`  gzip: ${fmt(gzip.rps, 0)} req/s, p50 ${fmt(gzip.p50Ms)} ms, p99 ${fmt(gzip.p99Ms)} ms`);
  const loadAfter = loadavg().map((l) => l.toFixed(2)).join(' ');
  const gzRes = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } });
  const sizes = { plain: Buffer.byteLength(html), gzip: `${gzRes.headers.get('content-length') ?? '?'} (${gzRes.headers.get('content-encoding') ?? 'identity'})` };
  await gzRes.arrayBuffer();

  log('first visit to /casino in Chromium');
  const js = await firstVisitJS(server.url);

  await server.stop();
  log('go test -bench . -run ^$ ./...');
  const goBench = await goBenchmarks();

  const r = { plain, gzip, js, goBench, sizes, loadAfter, missing: server.missing, load: startLoad, machine: machine(), cores: cpus().length, commit: commit() };
  const { jsGzip } = writeDoc(r);
  log(`first-visit JS: ${kb(jsGzip)} KB gzip in ${js.files.length} files${js.mounted ? '' : ' (lobby did not mount)'}`);
  for (const l of goBench) log(`  ${l}`);
  log(`wrote ${DOC}`);
} finally {
  await server.stop();
}
