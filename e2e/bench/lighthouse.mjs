// Lighthouse on the visitor pages (issue 19, "Measured, not asserted"): starts
// `casino serve` with the seeded demo data and every built front end published
// (as the other benches do), then runs Lighthouse (the npm package, pinned in
// e2e/package.json; default config = mobile form factor, simulated throttling)
// against Debian's Chromium RUNS times per page and reports the median run
// (by performance score) of each page. Writes its section of
// docs/benchmarks.md between the lighthouse-bench markers. Not part of make
// test or CI: the figures depend on the machine's load.
//
//   node e2e/bench/lighthouse.mjs        (needs bin/casino and the dists: make build)
//   LIGHTHOUSE_RUNS=3 LIGHTHOUSE_WRITE=0 (print only) LIGHTHOUSE_PAGES=/casino,/deposit CHROMIUM_PATH=/usr/bin/chromium
import { cpus, loadavg, totalmem } from 'node:os';
import { spawnSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '../lib/browser.mjs';
import { ROOT } from '../lib/paths.mjs';
import { startServer } from '../lib/server.mjs';
import { writeSection } from './report.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const WRITE = process.env.LIGHTHOUSE_WRITE !== '0';
const START = '<!-- lighthouse-bench:start -->';
const END = '<!-- lighthouse-bench:end -->';
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/casino', '/promotions', '/casino/games/fruit-fiesta', '/deposit'];
const GOAL = { score: 95, lcpMs: 2000, tbtMs: 150, cls: 0.02 };

const log = (...a) => console.log('lighthouse:', ...a);
const loadNow = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/** The figures of one Lighthouse result. */
function figures(lhr) {
  const a = lhr.audits;
  const items = a['network-requests']?.details?.items ?? [];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: a['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: a['total-blocking-time']?.numericValue ?? NaN,
    cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
    fcpMs: a['first-contentful-paint']?.numericValue ?? NaN,
    jsBytes: scripts.reduce((s, i) => s + (i.transferSize ?? 0), 0),
    jsFiles: scripts.length,
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
    warnings: lhr.runWarnings ?? [],
    error: lhr.runtimeError?.message,
  };
}

/** Median run by performance score (ties: by LCP), so all figures of a row come from one run. */
function medianRun(runs) {
  const sorted = [...runs].sort((x, y) => x.score - y.score || x.lcpMs - y.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const s = (ms) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : 'n/a');
const ms0 = (ms) => (Number.isFinite(ms) ? ms.toFixed(0) : 'n/a');
const kb = (n) => (n / 1024).toFixed(1);
const mark = (v, good) => `${v} ${good ? '✅' : '❌'}`;

function commit() {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : 'unknown';
}

const startLoad = loadNow();
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  logLevel: 'silent',
});
const results = [];
try {
  if (server.missing.length) log(`front-end builds missing (not published): ${server.missing.join(', ')}`);
  // One throwaway run warms the server's caches and the disk, not counted.
  await lighthouse(server.url + PAGES[0], { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  for (const path of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      // Lighthouse clears the origin's storage and cache before each run
      // (a first visit as a visitor: no session cookie).
      const res = await lighthouse(server.url + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const f = figures(res.lhr);
      f.load = loadavg()[0];
      runs.push(f);
      log(`${path} #${i + 1}: score ${f.score}, LCP ${s(f.lcpMs)} s, TBT ${ms0(f.tbtMs)} ms, CLS ${f.cls.toFixed(3)}, JS ${kb(f.jsBytes)} KB in ${f.jsFiles} (load ${f.load.toFixed(2)})${f.error ? ` ERROR ${f.error}` : ''}`);
    }
    results.push({ path, runs, median: medianRun(runs) });
  }
} finally {
  chrome.kill();
  await server.stop();
}
const endLoad = loadNow();

const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const c = cpus();
const version = (await import('lighthouse/package.json', { with: { type: 'json' } }).catch(() => null))?.default?.version ?? '?';
const chromeVersion = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout?.trim() || CHROMIUM;
const rows = results.map(({ path, runs, median: m }) => {
  const spread = (k, fmt) => runs.map((r) => fmt(r[k])).join(' / ');
  return {
    main: `| \`${path}\` | ${mark(m.score, m.score >= GOAL.score)} | ${mark(`${s(m.lcpMs)} s`, m.lcpMs <= GOAL.lcpMs)} | ${mark(`${ms0(m.tbtMs)} ms`, m.tbtMs <= GOAL.tbtMs)} | ${mark(m.cls.toFixed(3), m.cls <= GOAL.cls)} | ${s(m.fcpMs)} s | ${kb(m.jsBytes)} KB in ${m.jsFiles} |`,
    spread: `| \`${path}\` | ${spread('score', String)} | ${spread('lcpMs', s)} | ${spread('tbtMs', ms0)} | ${spread('cls', (v) => v.toFixed(3))} | ${spread('load', (v) => v.toFixed(2))} |`,
    errors: runs.filter((r) => r.error || r.warnings.length).map((r) => `- \`${path}\`: ${[r.error, ...r.warnings].filter(Boolean).join('; ')}`),
  };
});
const section = `${START}
## Lighthouse (visitor, mobile)

Written by \`node e2e/bench/lighthouse.mjs\` (part of \`make bench\`, not of \`make test\` or CI). Lighthouse ${version}
(npm, pinned in \`e2e/package.json\`; 12.2.3: Lighthouse 13 wants Node 22 and a lock
made with 12.3 to 13.4 fails \`npm ci\` here) with its default
configuration — mobile form factor and screen, simulated throttling (slow 4G, 4× CPU slowdown) — driving
${chromeVersion} headless, performance category only. Each page is loaded ${RUNS} times as a visitor (no session,
storage cleared by Lighthouse before each run) after one unrecorded warm-up run; the row is the median run by score,
so all its figures come from one run. JS is the transfer size (gzip, with headers) of every script request
Lighthouse recorded.

- Date: ${date}, commit ${commit()}; machine: ${c.length} cores (${c[0]?.model?.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB
- Load average (1, 5, 15 min): ${startLoad} at the start, ${endLoad} at the end. The simulated metrics (LCP, TBT)
  are computed from the CPU time the real load took, so a busy shared machine makes them worse; on this shared 2-core
  machine the score of one page moved by up to 40 points and CLS between 0 and 0.49 across three runs minutes
  apart, so one run's figures are a loose upper bound on the pages' cost, not a verdict. Compare runs made at a
  similar load (ideally below 1).

| page | performance (≥ ${GOAL.score}) | LCP (≤ ${s(GOAL.lcpMs)} s) | TBT (≤ ${GOAL.tbtMs} ms) | CLS (≤ ${GOAL.cls}) | FCP | first-visit JS |
|---|---:|---:|---:|---:|---:|---:|
${rows.map((r) => r.main).join('\n')}

Every run (score, LCP s, TBT ms, CLS, 1-min load average after the run):

| page | score | LCP | TBT | CLS | load |
|---|---|---|---|---|---|
${rows.map((r) => r.spread).join('\n')}
${rows.flatMap((r) => r.errors).length ? `\nLighthouse warnings:\n\n${rows.flatMap((r) => r.errors).join('\n')}\n` : ''}${END}`;

console.log(section);
if (WRITE) writeSection(START, END, section);
