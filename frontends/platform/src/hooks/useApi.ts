import { get } from '../api';
import type { QueryValue } from '../url';
import { useQuery, type QueryOptions, type QueryState } from './useQuery';
import { useSession } from './useSession';

export interface ApiQueryOptions extends QueryOptions {
  query?: Record<string, QueryValue>;
  /** The call needs an access token: it is not made for visitors. */
  auth?: boolean;
}

/** GET `path` through the platform client, keyed by path + query. */
export function useApi<T>(path: string, { query, auth = false, enabled = true, refreshMs }: ApiQueryOptions = {}): QueryState<T> {
  const { authenticated } = useSession();
  const key = `${path}?${JSON.stringify(query ?? {})}`;
  return useQuery<T>(key, (signal) => get<T>(path, { query, signal }), {
    enabled: enabled && (!auth || authenticated),
    refreshMs,
  });
}
