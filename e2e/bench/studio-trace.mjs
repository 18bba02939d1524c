#!/usr/bin/env node
// A Chrome performance trace of the studio's animations under the phone
// profile of studio-fps.mjs (375 × 812, DPR 2, CPU slowed 4 ×): one slot
// spin of each slot and one roulette wheel spin. Prints, per case, where
// the renderer's main thread spent its time (style, layout, paint, script,
// forced reflows), the frames the compositor produced, and the longest
// main-thread tasks with what was inside them. The raw traces go to
// e2e/artifacts/trace-<case>.json (open them in DevTools' Performance panel).
//   node e2e/bench/studio-trace.mjs [jungle-ways fruit-fiesta wheel]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../lib/browser.mjs';
import { ARTIFACTS } from '../lib/paths.mjs';
import { startServer } from '../lib/server.mjs';

const SLOWDOWN = 4;
const CATEGORIES = [
  '-*', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing', 'cc', 'viz', 'benchmark', 'toplevel', 'blink',
].join(',');

async function open(browser, url) {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await page.goto(url);
  await page.locator('body[data-ready="1"]').waitFor({ timeout: 30_000 });
  return page;
}

/** Traces fn() and answers the parsed trace events. */
async function traced(browser, page, fn) {
  await browser.startTracing(page, { categories: CATEGORIES.split(',') });
  await page.evaluate(() => performance.mark('bench-start'));
  await fn();
  await page.evaluate(() => performance.mark('bench-end'));
  const buf = await browser.stopTracing();
  return JSON.parse(buf.toString()).traceEvents ?? JSON.parse(buf.toString());
}

async function slotCase(browser, url, game) {
  const page = await open(browser, `${url}/play/studio/${game}?mode=demo`);
  const events = await traced(browser, page, async () => {
    for (let i = 0; i < 2; i++) {
      const answer = page.waitForResponse((r) => r.url().includes('/spin') && r.request().method() === 'POST');
      await page.keyboard.press('Space');
      await answer;
      await page.locator('#stage[data-stopped]').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(800);
    }
  });
  await page.close();
  return events;
}

async function wheelCase(browser, url) {
  const page = await open(browser, `${url}/play/studio/european-roulette?mode=demo`);
  await page.waitForFunction(() => document.body.dataset.phase === 'betting', null, { timeout: 30_000 });
  const events = await traced(browser, page, async () => {
    await page.waitForFunction(() => document.body.dataset.phase === 'spinning', null, { timeout: 30_000, polling: 20 });
    await page.waitForFunction(() => document.body.dataset.phase === 'result', null, { timeout: 30_000, polling: 50 });
  });
  await page.close();
  return events;
}

const WATCH = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'Commit', 'FunctionCall', 'FireAnimationFrame', 'TimerFire',
  'EventDispatch', 'ParseHTML', 'HitTest', 'EvaluateScript', 'v8.run', 'RasterTask', 'ImageDecodeTask', 'PaintImage', 'Decode Image',
  'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'BlinkGC.AtomicPhase'];

export function analyse(events, label) {
  const names = new Map(); // tid -> name
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const marks = events.filter((e) => e.name === 'bench-start' || e.name === 'bench-end');
  const t0 = Math.min(...marks.filter((e) => e.name === 'bench-start').map((e) => e.ts));
  const t1 = Math.max(...marks.filter((e) => e.name === 'bench-end').map((e) => e.ts));
  const main = marks[0] ? `${marks[0].pid}:${marks[0].tid}` : '';
  const inWin = (e) => e.ts >= t0 && e.ts <= t1;
  const thread = (e) => names.get(`${e.pid}:${e.tid}`) ?? '?';
  const totals = {};
  const forced = [];
  for (const e of events) {
    if (e.ph !== 'X' || !inWin(e) || !WATCH.includes(e.name)) continue;
    const k = `${e.name}@${`${e.pid}:${e.tid}` === main ? 'main' : thread(e)}`;
    // Thread time (tdur: CPU time of the thread, which the machine's load
    // and the CPU throttling's pauses do not inflate) where the trace has it.
    totals[k] = (totals[k] ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000;
    if (e.name === 'Layout' && `${e.pid}:${e.tid}` === main && e.args?.beginData?.stackTrace) forced.push(e.args.beginData.stackTrace[0]);
  }
  // Frames: the compositor's DrawFrame events and the main thread's BeginMainThreadFrame.
  const count = (n, pred = () => true) => events.filter((e) => e.name === n && inWin(e) && pred(e)).length;
  const secs = (t1 - t0) / 1e6;
  const frames = {
    seconds: secs.toFixed(2),
    DrawFrame: count('DrawFrame'),
    BeginFrame: count('BeginFrame'),
    DroppedFrame: count('DroppedFrame'),
    BeginMainThreadFrame: count('BeginMainThreadFrame'),
    'ActivateLayerTree': count('ActivateLayerTree'),
  };
  // The longest main-thread tasks and what they held.
  const tasks = events.filter((e) => e.ph === 'X' && inWin(e) && `${e.pid}:${e.tid}` === main && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'))
    .sort((a, b) => b.dur - a.dur).slice(0, 8);
  const inside = (task) => {
    const out = {};
    for (const e of events) {
      if (e.ph !== 'X' || `${e.pid}:${e.tid}` !== main || e.ts < task.ts || e.ts + (e.dur ?? 0) > task.ts + task.dur || !WATCH.includes(e.name)) continue;
      out[e.name] = (out[e.name] ?? 0) + e.dur / 1000;
    }
    return Object.entries(out).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, ms]) => `${n} ${ms.toFixed(1)}`).join(', ');
  };
  // The main thread's busy CPU time: its top-level tasks' thread time.
  const busy = events.filter((e) => e.ph === 'X' && inWin(e) && `${e.pid}:${e.tid}` === main && e.name === 'ThreadControllerImpl::RunTask')
    .reduce((n, e) => n + (e.tdur ?? e.dur ?? 0) / 1000, 0);
  console.log(`\n== ${label} (${secs.toFixed(2)} s traced; main thread busy ${busy.toFixed(0)} ms of CPU time)`);
  console.log('frames:', JSON.stringify(frames), `→ compositor ${(frames.DrawFrame / secs).toFixed(1)} fps, main ${(frames.BeginMainThreadFrame / secs).toFixed(1)} fps`);
  for (const [k, ms] of Object.entries(totals).sort((a, b) => b[1] - a[1]).slice(0, 18)) console.log(`  ${k.padEnd(34)} ${ms.toFixed(1).padStart(8)} ms`);
  if (forced.length) console.log(`  forced layouts: ${forced.length}`, forced.slice(0, 5).map((f) => `${f.functionName}@${f.url?.split('/').pop()}:${f.lineNumber}`).join(' '));
  console.log('  longest main-thread tasks:');
  for (const t of tasks) console.log(`   ${(t.dur / 1000).toFixed(1).padStart(7)} ms  ${inside(t)}`);
  return { frames, totals, busy };
}

const args = process.argv.slice(2);
const files = args.includes('--files'); // analyse the saved traces again
const which = args.filter((a) => a !== '--files').length ? args.filter((a) => a !== '--files') : ['jungle-ways', 'fruit-fiesta', 'wheel'];
if (files) {
  const { readFileSync } = await import('node:fs');
  for (const w of which) analyse(JSON.parse(readFileSync(join(ARTIFACTS, `trace-${w}.json`), 'utf8')).traceEvents, w);
  process.exit(0);
}
const server = await startServer({ publish: false, env: { CASINO_ROULETTE_TIMES: '4s,3s,3s' } });
const browser = await launchBrowser();
mkdirSync(ARTIFACTS, { recursive: true });
try {
  for (const w of which) {
    const events = w === 'wheel' ? await wheelCase(browser, server.url) : await slotCase(browser, server.url, w);
    writeFileSync(join(ARTIFACTS, `trace-${w}.json`), JSON.stringify({ traceEvents: events }));
    analyse(events, w);
  }
} finally {
  await browser.close();
  await server.stop();
}
