/** Parameters captured by a route pattern such as `/casino/games/:game`. */
export type RouteParams = Record<string, string>;

/**
 * Matches a pathname against a pattern: `:name` captures one segment, a
 * trailing `*` matches the rest. Trailing slashes are ignored.
 */
export function matchPath(pattern: string, pathname: string): RouteParams | null {
  const clean = (p: string) => p.replace(/\/+$/, '') || '/';
  const pat = clean(pattern).split('/');
  const path = clean(pathname).split('/');
  const params: RouteParams = {};
  for (let i = 0; i < pat.length; i++) {
    const seg = pat[i];
    if (seg === '*') {
      params['*'] = path.slice(i).join('/');
      return params;
    }
    if (i >= path.length) return null;
    if (seg.startsWith(':')) {
      if (!path[i]) return null;
      params[seg.slice(1)] = decodeURIComponent(path[i]);
    } else if (seg !== path[i]) {
      return null;
    }
  }
  return pat.length === path.length ? params : null;
}

/** The first route whose pattern matches, with its parameters. */
export function matchRoutes<R extends { path: string }>(routes: readonly R[], pathname: string): { route: R; params: RouteParams } | null {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}
