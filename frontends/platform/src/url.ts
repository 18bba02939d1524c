/** Current path + query of the page (no origin, no hash). */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** Returns `path` with query parameters set (null removes the parameter). */
export function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(params)) {
    if (v == null) url.searchParams.delete(k);
    else url.searchParams.set(k, v);
  }
  return url.pathname + url.search + url.hash;
}

export type QueryValue = string | number | boolean | null | undefined;

/** Serialises a query object, skipping null/undefined values. */
export function toQueryString(query?: Record<string, QueryValue>): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v == null) continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}
