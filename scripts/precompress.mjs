// Writes file.br (Brotli, quality 11) beside every compressible file of a
// build, once, when it is built: `casino frontends publish` and the deploy
// upload keep a .br that decodes to its file (bff/precompress) instead of
// compressing the build again at quality 11, which takes a few seconds per
// build in Go (and every e2e file publishes all seven).
// Usage: node scripts/precompress.mjs DIR …
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, extname } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';

// The extensions bff/frontends compresses at publish (compressible).
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.svg', '.map', '.txt', '.html']);

/** Brotli at quality 11, as the BFF writes it. */
export function brotli(buf) {
  return brotliCompressSync(buf, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
    },
  });
}

/** Writes the .br files under dir; returns their count. */
export function precompressDir(dir) {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name).toLowerCase())) continue;
    const file = join(entry.parentPath ?? entry.path, entry.name);
    writeFileSync(`${file}.br`, brotli(readFileSync(file)));
    n++;
  }
  return n;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const dir of process.argv.slice(2)) console.log(`${dir}: ${precompressDir(dir)} files`);
}
