#!/usr/bin/env node
// `make bench-rng`: statistical test batteries on the studio's random
// numbers. Writes output files with bff/studio/cmd/rngdump (the production
// CSPRNG source, the provably fair HMAC-SHA256 stream and the bias-free
// range mapping rng.Intn(256)), runs Debian's `ent` on each and a set of
// `dieharder` tests on the CSPRNG and provably fair files, and records the
// results in docs/benchmarks.md between <!-- rng --> markers inside the
// notes block (which `make bench` keeps). Installs ent and dieharder with
// apt-get when missing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../lib/paths.mjs';

const DOC = join(ROOT, 'docs', 'benchmarks.md');
const MB = Number(process.env.RNG_MB || 64);
const log = (...a) => console.log('bench-rng:', ...a);
const sh = (cmd, opts = {}) => spawnSync('sh', ['-c', cmd], { encoding: 'utf8', maxBuffer: 64 << 20, ...opts });

function ensureTools() {
  if (sh('command -v ent && command -v dieharder').status === 0) return;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let r = sh(`${sudo}apt-get install -y -qq ent dieharder`, { stdio: 'inherit', env });
  if (r.status !== 0) {
    sh(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
    r = sh(`${sudo}apt-get install -y -qq ent dieharder`, { stdio: 'inherit', env });
  }
  if (r.status !== 0) throw new Error('cannot install ent and dieharder');
}

// dieharder tests that read a modest amount of data each (so a 64 MB file
// is not rewound into itself; a rewind is reported): birthdays, 32x32 and 6x8 binary rank, count
// the 1s (stream), runs, STS monobit, runs and serial.
const DIEHARDER = [[0, 30], [2, 10], [3, 30], [8, 30], [15, 30], [100, 30], [101, 30], [102, 30]]; // [test, psamples]

function parseEnt(out) {
  const pick = (re) => (out.match(re) || [])[1];
  return {
    entropy: pick(/Entropy = ([\d.]+) bits per byte/),
    chi: pick(/Chi square distribution for \d+ samples is ([\d.]+)/),
    chiP: pick(/would exceed this value ([\d.<> ]+?) percent/),
    mean: pick(/Arithmetic mean value of data bytes is ([\d.]+)/),
    pi: pick(/Monte Carlo value for Pi is ([\d.]+) \(error ([\d.]+)/),
    piErr: pick(/error ([\d.]+) percent/),
    serial: pick(/Serial correlation coefficient is (-?[\d.]+)/),
  };
}

function main() {
  ensureTools();
  const dir = mkdtempSync(join(tmpdir(), 'rng-'));
  try {
    const bin = join(dir, 'rngdump');
    let r = sh(`go build -o ${bin} ./bff/studio/cmd/rngdump`, { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('build rngdump failed');
    const rows = [];
    const die = [];
    const rewound = [];
    for (const source of ['crypto', 'fair', 'intn256']) {
      const file = join(dir, `${source}.bin`);
      const t0 = Date.now();
      r = sh(`${bin} -source ${source} -bytes ${MB * 1048576} -out ${file}`);
      if (r.status !== 0) throw new Error(r.stderr);
      const genSec = (Date.now() - t0) / 1000;
      const e = parseEnt(sh(`ent ${file}`).stdout);
      rows.push({ source, genSec, ...e });
      log(source, JSON.stringify(e));
      if (source === 'intn256') continue;
      for (const [d, p] of DIEHARDER) {
        const out = sh(`dieharder -g 201 -f ${file} -d ${d} -p ${p}`, { timeout: 600_000 }).stdout || '';
        if (/rewound/.test(out)) rewound.push(`${source} -d ${d}`);
        for (const line of out.split('\n')) {
          const m = line.match(/^\s*(\S+)\|\s*(\d+)\|\s*(\d+)\|\s*(\d+)\|([\d.]+)\|\s*(\w+)/);
          if (m) die.push({ source, test: m[1], ntup: m[2], p: m[5], verdict: m[6] });
        }
      }
    }
    const ts = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const passed = die.filter((d) => d.verdict === 'PASSED').length;
    const weak = die.filter((d) => d.verdict === 'WEAK').length;
    const failed = die.filter((d) => d.verdict === 'FAILED').length;
    const section = [
      '<!-- rng -->',
      `### Studio RNG: ent and dieharder (\`make bench-rng\`, ${ts}, ${MB} MiB per file)`,
      '',
      'Files written by `bff/studio/cmd/rngdump`: `crypto` is the production source (`rng.Crypto`, getrandom), `fair` the provably fair',
      'HMAC-SHA256 stream (consecutive nonces of one seed pair, 64 words each), `intn256` the bias-free mapping `rng.Intn(crypto, 256)`.',
      'ent: ideal entropy 8 bits/byte, chi-square p between 10% and 90% is unremarkable (below 1% or above 99% would be suspect), mean 127.5, π 3.14159, serial correlation 0.',
      '',
      '| source | generate | entropy (bits/byte) | chi-square | p (%) | mean | Monte Carlo π (error %) | serial correlation |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map((x) => `| ${x.source} | ${x.genSec.toFixed(1)} s | ${x.entropy} | ${x.chi} | ${x.chiP} | ${x.mean} | ${x.pi} (${x.piErr}) | ${x.serial} |`),
      '',
      `dieharder (\`-g 201 -f FILE -d N -p P\`, tests ${DIEHARDER.map(([d, p]) => `${d} (p ${p})`).join(', ')}): ${passed} PASSED, ${weak} WEAK, ${failed} FAILED of ${die.length} p-values;`,
      rewound.length ? `file rewound (results of these are not independent): ${rewound.join(', ')}.` : 'no test had to rewind its file.',
      '(WEAK means p < 0.5% or > 99.5%, expected about once in 100 results of a good generator).',
      '',
      '| source | test | ntup | p-value | verdict |',
      '|---|---|---:|---:|---|',
      ...die.map((d) => `| ${d.source} | ${d.test} | ${d.ntup} | ${d.p} | ${d.verdict} |`),
      '<!-- /rng -->',
    ].join('\n');
    let doc = readFileSync(DOC, 'utf8');
    if (doc.includes('<!-- rng -->')) {
      doc = doc.replace(/<!-- rng -->[\s\S]*?<!-- \/rng -->/, section);
    } else if (doc.includes('<!-- /notes -->')) {
      doc = doc.replace('<!-- /notes -->', `\n${section}\n<!-- /notes -->`);
    } else {
      doc += `\n${section}\n`;
    }
    writeFileSync(DOC, doc);
    log(`wrote ${DOC}: ${passed} passed, ${weak} weak, ${failed} failed`);
    if (failed > 0) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
