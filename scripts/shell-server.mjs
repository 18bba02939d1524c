// A stand-in for the BFF's shell page, for measuring and smoke-testing the
// production builds without Go: serves the shell HTML (mount points, inline
// mf-remotes map and settings), the built remotes under /mf/{name}/{version}/
// and answers /api/* like the BFF does for paths it does not know (404 JSON).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DIST = {
  root: 'shell/root-config/dist',
  lobby: 'frontends/lobby/dist',
  cashier: 'frontends/cashier/dist',
  profile: 'frontends/profile/dist',
  calendar: 'frontends/calendar/dist',
  'country-block': 'frontends/country-block/dist',
};
const VERSION = 'local';
const TYPES = { '.js': 'text/javascript', '.json': 'application/json', '.txt': 'text/plain' };

function remotes() {
  return Object.fromEntries(Object.keys(DIST).filter((n) => n !== 'root').map((n) => [n, `/mf/${n}/${VERSION}/remoteEntry.js`]));
}

/**
 * The lobby's first screen as the BFF embeds it on /, /casino and
 * /casino/{category} (bff/games/firstscreen.go, issue 19): twenty games, so
 * the lobby adopts it and fetches no list, as on the real site.
 */
export function firstScreen(path) {
  const m = /^\/(?:casino(?:\/([a-z0-9-]+))?)?$/.exec(path);
  if (!m || m[1] === 'games') return null;
  const categories = ['popular', 'slots', 'live-casino'].map((slug, i) => ({ id: slug, slug, name: slug.replace('-', ' '), icon: '', position: i + 1, gameCount: 20 }));
  const rows = Array.from({ length: 20 }, (_, i) => ({ id: `game-${i}`, slug: `game-${i}`, name: `Game ${i}`, provider: 'Studio', thumbnailUrl: '', categories: ['slots'] }));
  return { locale: 'en', category: m[1] ?? '', sort: 'sort', pageNo: 1, limit: 20, categories: { count: categories.length, rows: categories }, games: { count: 40, rows } };
}

export function shellHtml({ path, countryBlocked = false, settings = {} }) {
  const json = (v) => JSON.stringify(v).replace(/</g, '\\u003c');
  const first = firstScreen(path);
  const block = countryBlocked
    ? `<script id="country-block-data" type="application/json">${json({ country: 'US', countryName: 'United States', ip: '203.0.113.9', date: '2026-11-23T09:00:00Z' })}</script>`
    : '';
  return `<!DOCTYPE html><html lang="en" data-locale-version="local"><head><meta charset="utf-8"><title>shell</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/shell/static/shell.css"></head>
<body${countryBlocked ? ' data-country-blocked="1"' : ''}><div id="site"${countryBlocked ? ' inert' : ''}><header id="site-header">header</header>
<main id="mf-page" data-app=""><div class="skeleton">loading ${path}</div></main></div>
<div id="mf-modal"></div><div id="mf-country-block"></div>${block}${first ? `<script id="lobby-first-screen" type="application/json">${json(first)}</script>` : ''}
<script id="mf-remotes" type="application/json">${json(remotes())}</script>
<script id="casino-settings" type="application/json">${json({ brandName: 'Aurum Casino', pageUrls: {}, supportEmail: 'support@example.test', ...settings })}</script>
<script src="/mf/root/${VERSION}/main.js"></script></body></html>`;
}

export function startShellServer({ port = 0, countryBlocked = false } = {}) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const mf = /^\/mf\/([^/]+)\/[^/]+\/(.+)$/.exec(url.pathname);
    if (mf && DIST[mf[1]]) {
      const file = normalize(join(ROOT, DIST[mf[1]], mf[2]));
      if (!file.startsWith(join(ROOT, DIST[mf[1]]))) return void res.writeHead(400).end();
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
      } catch {
        res.writeHead(404).end('not found');
      }
      return;
    }
    if (url.pathname === '/shell/static/shell.css') {
      return void res.writeHead(200, { 'Content-Type': 'text/css' }).end(await readFile(join(ROOT, 'shell/static/shell.css')));
    }
    if (url.pathname.startsWith('/api/core/casino/locales/')) return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    if (url.pathname.startsWith('/api/')) {
      return void res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }));
    }
    // Public realtime topics (a race's leaderboard, the feed of rewards claims) are served outside
    // /api/ by the BFF: an empty stream that asks the page not to reconnect for a day.
    if (url.pathname.endsWith('/events')) return void res.writeHead(200, { 'Content-Type': 'text/event-stream' }).end('retry: 86400000\n\n');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(shellHtml({ path: url.pathname, countryBlocked }));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
