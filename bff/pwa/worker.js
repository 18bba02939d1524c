/* The casino's service worker (bff/pwa, docs/site.md "Installable app").
 * Rendered by the server with the current front-end releases: a new release
 * changes this file, so the browser installs the new worker, which precaches
 * the new files and deletes the old caches when it activates.
 *
 * Rules (route() below, mirrored by WorkerConfig.Route in Go):
 *  - bypass (/api/, /sandbox/, event streams, /backoffice, /logout, …): never
 *    touched, never cached;
 *  - static (/mf/, /shell/static/, /pwa/icons/): content-versioned files,
 *    cache-first;
 *  - navigations: network only (page HTML is personal and never cached); the
 *    precached offline page answers when the network fails;
 *  - anything else: untouched.
 */
const CONFIG = /*CONFIG*/{};
const PREFIX = 'casino-';
const SHELL_CACHE = `${PREFIX}shell-${CONFIG.version}`;
const releaseCache = (r) => `${PREFIX}mf-${r.name}-${r.version}`;
const CACHES = new Set([SHELL_CACHE, ...CONFIG.releases.map(releaseCache)]);

function matches(path, p) {
  return p.endsWith('/') ? path.startsWith(p) : path === p || path.startsWith(`${p}/`);
}

function route(url, request) {
  if (request.method !== 'GET' || url.origin !== self.location.origin) return 'network';
  if (CONFIG.bypass.some((p) => matches(url.pathname, p))) return 'bypass';
  if (CONFIG.static.some((p) => matches(url.pathname, p))) return 'static';
  if (request.mode === 'navigate') return 'page';
  return 'network';
}

/** Only a complete same-origin answer for a static path is ever stored. */
function storable(url, response) {
  return response.ok && response.status === 200 && response.type === 'basic' &&
    CONFIG.static.some((p) => matches(url.pathname, p)) &&
    !CONFIG.bypass.some((p) => matches(url.pathname, p)) &&
    !CONFIG.moneyPages.some((p) => matches(url.pathname, p)) &&
    !(response.headers.get('Content-Type') || '').startsWith('text/html');
}

/** The cache a static URL belongs to: its release's, or the shell's. */
function cacheFor(url) {
  const m = /^\/mf\/([^/]+)\/([^/]+)\//.exec(url.pathname);
  if (!m) return SHELL_CACHE;
  const r = CONFIG.releases.find((x) => x.name === m[1] && x.version === m[2]);
  return r ? releaseCache(r) : null; // an old or canary release: HTTP cache only
}

async function precache(name, urls, required) {
  const cache = await caches.open(name);
  const missing = [];
  for (const u of urls) if (!(await cache.match(u))) missing.push(u);
  if (required) return cache.addAll(missing.map((u) => new Request(u, { cache: 'no-cache' })));
  // A release file that fails is fetched again when a page asks for it.
  await Promise.all(missing.map((u) => cache.add(u).catch(() => undefined)));
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    await precache(SHELL_CACHE, [CONFIG.offline, ...CONFIG.shell], true);
    for (const r of CONFIG.releases) await precache(releaseCache(r), r.files, false);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && !CACHES.has(name)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function staticFirst(request, url) {
  const name = cacheFor(url);
  if (!name) return fetch(request);
  const cache = await caches.open(name);
  const hit = await cache.match(request, { ignoreVary: true, ignoreSearch: false });
  if (hit) return hit;
  const response = await fetch(request);
  if (storable(url, response)) await cache.put(request, response.clone());
  return response;
}

async function page(event) {
  try {
    return await fetch(event.request);
  } catch (err) {
    const offline = await (await caches.open(SHELL_CACHE)).match(CONFIG.offline);
    return offline || Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  switch (route(url, event.request)) {
    case 'static':
      event.respondWith(staticFirst(event.request, url));
      return;
    case 'page':
      event.respondWith(page(event));
      return;
    default:
      // bypass and network: no respondWith, the browser fetches as usual
      // (no navigation preload either: a bypassed navigation such as
      // /logout must reach the server exactly once).
      return;
  }
});

/** The page tells the worker its language: the offline page follows it. */
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type !== 'language' || typeof data.lang !== 'string' || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(data.lang)) return;
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL_CACHE);
    const current = await cache.match(CONFIG.offline);
    if (current && current.headers.get('Content-Language') === data.lang) return;
    const fresh = await fetch(`${CONFIG.offline}?lang=${encodeURIComponent(data.lang)}`, { cache: 'no-store' });
    if (fresh.ok) await cache.put(CONFIG.offline, fresh);
  })().catch(() => undefined));
});
