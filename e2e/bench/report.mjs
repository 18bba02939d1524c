// What the load scripts (wallet.mjs, social.mjs) share: the server's CPU
// time and their own section of docs/benchmarks.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../lib/paths.mjs';

export const BENCHMARKS_DOC = join(ROOT, 'docs', 'benchmarks.md');

/** User + system CPU seconds of a process so far (Linux /proc; 100 ticks/s). */
export function serverCPU(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Puts section (which starts with start and ends with end, two HTML comment
 * markers) into docs/benchmarks.md: in place of the last run's, else before
 * "## History", else at the end.
 */
export function writeSection(start, end, section) {
  let doc = existsSync(BENCHMARKS_DOC) ? readFileSync(BENCHMARKS_DOC, 'utf8') : '# Benchmarks\n';
  if (doc.includes(start) && doc.includes(end)) {
    doc = doc.slice(0, doc.indexOf(start)) + section + doc.slice(doc.indexOf(end) + end.length);
  } else if (doc.includes('\n## History')) {
    doc = doc.replace('\n## History', () => `\n${section}\n\n## History`);
  } else {
    doc += `\n${section}\n`;
  }
  writeFileSync(BENCHMARKS_DOC, doc);
  console.log(`wrote ${BENCHMARKS_DOC}`);
}

/**
 * BENCH_CPUPROFILE=path: the server under load serves Go's profiler on a
 * loopback port (CASINO_PPROF), and profile(seconds) saves a CPU profile of
 * it to path (read it with `go tool pprof -top bin/casino path`).
 */
const PROFILE = process.env.BENCH_CPUPROFILE;
const PPROF_ADDR = `127.0.0.1:${16000 + (process.pid % 4000)}`;
export const pprofEnv = () => (PROFILE ? { CASINO_PPROF: PPROF_ADDR } : {});
let profiled = false;
export function profile(seconds) {
  if (!PROFILE || profiled) return Promise.resolve();
  profiled = true;
  return fetch(`http://${PPROF_ADDR}/debug/pprof/profile?seconds=${seconds}`)
    .then(async (r) => {
      writeFileSync(PROFILE, Buffer.from(await r.arrayBuffer()));
      console.log(`cpu profile: ${PROFILE}`);
    })
    .catch((e) => console.error('cpu profile:', e.message));
}

const haveWrk = () => spawnSync('sh', ['-c', 'command -v wrk']).status === 0;

/** Installs Debian's wrk when missing (root or sudo); whether wrk is there. */
export function ensureWrk(log = console.log) {
  if (haveWrk()) return true;
  log('wrk missing: apt-get install -y wrk');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let r = spawnSync('sh', ['-c', `${sudo}apt-get install -y -qq wrk`], { stdio: 'inherit', env });
  if (r.status !== 0) {
    spawnSync('sh', ['-c', `${sudo}apt-get update -qq`], { stdio: 'inherit', env });
    r = spawnSync('sh', ['-c', `${sudo}apt-get install -y -qq wrk`], { stdio: 'inherit', env });
  }
  return haveWrk();
}
