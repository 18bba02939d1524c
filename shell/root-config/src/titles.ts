/**
 * Document titles after client-side route changes: the server renders the
 * route table's titles in the page's language (`<script id="page-titles">`,
 * bff/site layout.go), the same longest-match rule as the server's route
 * table picks one, and the title reads "Deposit · Aurum Casino".
 */
interface Titles {
  brand: string;
  routes: { path: string; prefix?: boolean; title: string }[];
}

let cached: Titles | null | undefined;

function read(doc: Document): Titles | null {
  if (cached !== undefined) return cached;
  try {
    const t = JSON.parse(doc.getElementById('page-titles')?.textContent || 'null') as Titles | null;
    cached = t && Array.isArray(t.routes) ? t : null;
  } catch {
    cached = null;
  }
  return cached;
}

/** The document title of path, or null when the route table does not know it. */
export function titleFor(path: string, doc: Document = document): string | null {
  const t = read(doc);
  if (!t) return null;
  let best: Titles['routes'][number] | null = null;
  for (const r of t.routes) {
    const hit = r.path === path || (r.prefix && (r.path === '/' || path.startsWith(`${r.path}/`)));
    if (!hit) continue;
    if (!best || r.path.length > best.path.length || (r.path.length === best.path.length && !r.prefix)) best = r;
  }
  if (!best) return null;
  return best.title ? `${best.title} · ${t.brand}` : t.brand;
}

/** Test hook: forget the parsed table. */
export function resetTitles(): void {
  cached = undefined;
}

export function followTitles(win: Window = window): void {
  win.addEventListener('single-spa:routing-event', () => {
    const t = titleFor(win.location.pathname, win.document);
    if (t && win.document.title !== t) win.document.title = t;
  });
}
