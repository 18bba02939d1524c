import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, CLIENT_ERROR } from '../errors';

export interface QueryState<T> {
  data: T | undefined;
  error: ApiError | Error | null;
  loading: boolean;
  /** Runs the fetcher again (keeps showing the old data meanwhile). */
  refetch: () => void;
}

export interface QueryOptions {
  /** When false nothing is fetched (e.g. a user call while logged out). */
  enabled?: boolean;
  /** Re-fetch every N ms while mounted (rakeback days: 10 s). */
  refreshMs?: number;
}

/**
 * Small data hook: runs `fetcher(signal)` when `key` changes, aborts the
 * previous call, ignores results of superseded calls, optionally polls.
 */
export function useQuery<T>(
  key: string,
  fetcher: (signal: AbortSignal) => Promise<T>,
  { enabled = true, refreshMs }: QueryOptions = {},
): QueryState<T> {
  const [state, setState] = useState<{ data: T | undefined; error: ApiError | Error | null; loading: boolean }>({
    data: undefined,
    error: null,
    loading: enabled,
  });
  const [tick, setTick] = useState(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  useEffect(() => {
    if (!enabled) {
      setState({ data: undefined, error: null, loading: false });
      return undefined;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    fetcherRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.code === CLIENT_ERROR.ABORTED) return;
        setState((s) => ({ data: s.data, error: error instanceof Error ? error : new Error(String(error)), loading: false }));
      },
    );
    return () => controller.abort();
  }, [key, enabled, tick]);

  useEffect(() => {
    if (!enabled || !refreshMs) return undefined;
    const id = setInterval(() => setTick((t) => t + 1), refreshMs);
    return () => clearInterval(id);
  }, [enabled, refreshMs]);

  const refetch = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, refetch };
}
