import { CONTAINER, type AppName } from './routes';

export type RemotesMap = Partial<Record<AppName, string>>;

const KNOWN = Object.keys(CONTAINER) as AppName[];

/**
 * Reads `<script id="mf-remotes" type="application/json">` — the current
 * release of each micro-frontend, `{"lobby": "/mf/lobby/<v>/remoteEntry.js", …}`.
 * `countryBlock` is accepted for `country-block`; unknown names and
 * non-string entries are ignored.
 */
export function readRemotes(doc: Document = document): RemotesMap {
  const el = doc.getElementById('mf-remotes');
  if (!el?.textContent) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(el.textContent);
  } catch (e) {
    console.error('[root-config] mf-remotes is not valid JSON', e);
    return {};
  }
  if (!raw || typeof raw !== 'object') return {};
  const out: RemotesMap = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const name = (key === 'countryBlock' ? 'country-block' : key) as AppName;
    const entry = typeof value === 'string' ? value : (value as { entry?: unknown } | null)?.entry;
    if (KNOWN.includes(name) && typeof entry === 'string' && entry) out[name] = entry;
  }
  return out;
}

/** MF runtime remote definitions (container name + entry URL). */
export function toFederationRemotes(map: RemotesMap): { name: string; entry: string }[] {
  return (Object.entries(map) as [AppName, string][]).map(([app, entry]) => ({ name: CONTAINER[app], entry }));
}

/** localStorage key of the local-development overrides of the remotes map. */
export const DEV_OVERRIDES_KEY = 'casino.devRemotes';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Local development: `localStorage['casino.devRemotes'] = '{"lobby":"http://localhost:9101/remoteEntry.js"}'`
 * points one remote at its webpack dev server while the rest of the page uses
 * the published releases. Only loopback URLs are accepted, so a stored value
 * can never pull code from another host.
 */
export function applyDevOverrides(map: RemotesMap, storage: Pick<Storage, 'getItem'> | null = safeStorage()): RemotesMap {
  const raw = storage?.getItem(DEV_OVERRIDES_KEY);
  if (!raw) return map;
  let overrides: unknown;
  try {
    overrides = JSON.parse(raw);
  } catch {
    return map;
  }
  const out: RemotesMap = { ...map };
  for (const [key, value] of Object.entries((overrides as Record<string, unknown>) ?? {})) {
    const name = (key === 'countryBlock' ? 'country-block' : key) as AppName;
    if (!KNOWN.includes(name) || typeof value !== 'string') continue;
    try {
      const url = new URL(value);
      if (LOCAL_HOSTS.has(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) {
        out[name] = url.href;
        console.info(`[root-config] ${name} from ${url.href} (dev override)`);
      }
    } catch {
      /* not a URL */
    }
  }
  return out;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
