// Draws the studio's lobby thumbnails (content/games/thumbnails/<id>.svg,
// 300 × 400 with fixed width/height) from the game art of
// bff/studio/web/static/art.js: the theme's scene, emblem, best symbols and
// the name as its logo; then every SVG there (the live table's too, which
// slotgen draws) as WebP at the widths pages offer in srcset
// (<id>-160.webp …, bff/studio/thumbnail), drawn by Chromium. Run after
// changing the art or adding a game (`make chromium` first):
//   node scripts/studio-thumbs.mjs
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { chromium } from 'playwright-core';

// bff/studio/thumbnail.Widths; WebP quality 0.7 keeps the art's gradients
// clean at about 4–10 KB a file.
const WIDTHS = [160, 240, 320];
const QUALITY = 0.7;

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
  await rasterize(join(root, 'content/games/thumbnails'));
}

/** Writes <name>-<width>.webp beside every <name>.svg in dir. */
async function rasterize(dir) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.svg')).sort()) {
      const svg = readFileSync(join(dir, f), 'utf8');
      for (const width of WIDTHS) {
        const webp = await page.evaluate(
          async ({ svg, width, quality }) => {
            const img = new Image();
            img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
            await img.decode();
            const canvas = document.createElement('canvas');
            canvas.width = width;
            canvas.height = Math.round((width * 4) / 3);
            const g = canvas.getContext('2d');
            g.imageSmoothingQuality = 'high';
            g.drawImage(img, 0, 0, canvas.width, canvas.height);
            return canvas.toDataURL('image/webp', quality).slice('data:image/webp;base64,'.length);
          },
          { svg, width, quality: QUALITY },
        );
        const out = f.replace(/\.svg$/, `-${width}.webp`);
        writeFileSync(join(dir, out), Buffer.from(webp, 'base64'));
        console.log(`${out} ${Math.round(Buffer.byteLength(webp, 'base64') / 102.4) / 10} KB`);
      }
    }
  } finally {
    await browser.close();
  }
}
