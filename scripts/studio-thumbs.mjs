// Draws the studio's lobby thumbnails (content/games/thumbnails/<id>.svg,
// 300 × 400 with fixed width/height) from the game art of
// bff/studio/web/static/art.js: the theme's scene, emblem, best symbols and
// the name as its logo. Run after changing the art or adding a game:
//   node scripts/studio-thumbs.mjs
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';

const root = new URL('..', import.meta.url).pathname;
export function loadArt() {
  const ctx = { globalThis: {} };
  ctx.globalThis = ctx;
  vm.runInNewContext(readFileSync(join(root, 'bff/studio/web/static/art.js'), 'utf8'), ctx);
  return ctx.studioArt;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const art = loadArt();
  const dir = join(root, 'content/games/slots');
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const g = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    const svg = art.thumb({ id: g.id, name: g.name, symbols: g.symbols, pays: g.pays });
    writeFileSync(join(root, 'content/games/thumbnails', `${g.id}.svg`), svg);
    console.log(`${g.id}.svg ${svg.length} bytes`);
  }
}
