import { getConfig } from './config';
import { REQUEST_TIMEOUT_MS, SESSION_ENDED_EVENT } from './constants';
import { ApiError, CLIENT_ERROR } from './errors';
import { clearSession, getToken } from './session';
import { currentPath, toQueryString, withQuery, type QueryValue } from './url';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Caller's own abort signal (component unmounted, …). */
  signal?: AbortSignal;
  /** Time-out for GET-type calls; defaults to 15 s. Ignored for other methods. */
  timeoutMs?: number;
  /** When false a 403 only throws: no session clearing, no redirect (tracking calls). */
  handleForbidden?: boolean;
  /** When false the whole JSON body is returned instead of `body.data` (bare documents such as catalogues). */
  unwrap?: boolean;
}

const GET_TYPE: ReadonlySet<Method> = new Set(['GET', 'HEAD']);

/** Headers every call carries: both token headers, the system token, the language. */
export function buildHeaders(extra?: Record<string, string>, hasBody = false): Record<string, string> {
  const cfg = getConfig();
  const headers: Record<string, string> = { Accept: 'application/json', Language: cfg.language };
  const token = getToken();
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers['X-Access-Token'] = token;
  }
  if (cfg.systemToken) headers['X-System-Token'] = cfg.systemToken;
  if (hasBody) headers['Content-Type'] = 'application/json';
  return { ...headers, ...extra };
}

/** Where a 403 sends the player: the current path with modal=login. */
export function loginRedirectTarget(): string {
  return withQuery(currentPath(), { modal: 'login', met: null });
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls the API. 200 → `body.data`; 403 → clears the session and redirects to
 * the current page with `modal=login`; anything else throws an ApiError carrying
 * the server's `{error:{code,message,fields}}`. GET-type calls abort after 15 s.
 */
export async function request<T = unknown>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
  const cfg = getConfig();
  const url = cfg.apiBase + path + toQueryString(opts.query);
  const hasBody = opts.body !== undefined && !GET_TYPE.has(method);
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (GET_TYPE.has(method)) {
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  }
  const onCallerAbort = () => controller.abort();
  if (opts.signal) {
    if (opts.signal.aborted) controller.abort();
    else opts.signal.addEventListener('abort', onCallerAbort, { once: true });
  }

  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: buildHeaders(opts.headers, hasBody),
      body: hasBody ? JSON.stringify(opts.body) : undefined,
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (e) {
    if (timedOut) throw new ApiError(0, CLIENT_ERROR.TIMEOUT, 'Try again later');
    if (controller.signal.aborted) throw new ApiError(0, CLIENT_ERROR.ABORTED, 'Aborted');
    throw new ApiError(0, CLIENT_ERROR.NETWORK, e instanceof Error ? e.message : 'Network error');
  } finally {
    if (timer) clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }

  const body = await readBody(res);
  if (res.status === 200) {
    if (opts.unwrap === false) return body as T;
    return (body as { data?: T } | undefined)?.data as T;
  }
  if (res.status === 401 && (body as { error?: { code?: string } } | undefined)?.error?.code === 'SESSION_LIMIT_REACHED') {
    // The session time limit ended the session: the page says why (protection.ts).
    window.dispatchEvent(new CustomEvent(SESSION_ENDED_EVENT, { detail: { reason: 'sessionLimit' } }));
  }
  if (res.status === 403 && opts.handleForbidden !== false) {
    clearSession();
    window.location.assign(loginRedirectTarget());
  }
  throw ApiError.fromBody(res.status, body);
}

export const get = <T = unknown>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts);
export const post = <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) =>
  request<T>('POST', path, { ...opts, body });
export const put = <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) =>
  request<T>('PUT', path, { ...opts, body });
export const del = <T = unknown>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts);

export const api = { request, get, post, put, del };
