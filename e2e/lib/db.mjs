// Reads a casino database from a test through e2e/tools/dbcheck (Go, same
// SQLite driver as the server; no sqlite3 CLI needed on the machine).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './paths.mjs';

const run = promisify(execFile);
let built;

/** Builds the helper once per process (go's build cache makes it ~1 s). */
export function dbcheckBinary() {
  built ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'casino-dbcheck-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const out = join(dir, 'dbcheck');
    try {
      await run('go', ['build', '-o', out, './e2e/tools/dbcheck'], { cwd: ROOT });
    } catch (err) {
      throw new Error(`go build ./e2e/tools/dbcheck failed: ${err.stderr || err.message}`);
    }
    return out;
  })();
  return built;
}

/** Opens path read-only: {integrity: 'ok' | problems, rows: [[…], …]}. */
export async function inspectDb(path, query = '') {
  const bin = await dbcheckBinary();
  try {
    const { stdout } = await run(bin, ['-db', path, ...(query ? ['-query', query] : [])], { maxBuffer: 64 << 20 });
    return JSON.parse(stdout);
  } catch (err) {
    throw new Error(`dbcheck ${path} failed: ${err.stderr || err.message}`);
  }
}
