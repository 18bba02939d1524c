// What the load scripts (wallet.mjs, social.mjs) share: the server's CPU
// time and their own section of docs/benchmarks.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
