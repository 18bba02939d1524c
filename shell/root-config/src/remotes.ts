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
