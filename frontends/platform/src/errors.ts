/** Field-level validation messages keyed by field name, as sent by the server. */
export type FieldErrors = Record<string, string>;

/** The server's error body: `{"error": {"code", "message", "fields"}}`. */
export interface ServerErrorBody {
  error?: { code?: string; message?: string; fields?: FieldErrors };
}

/**
 * Thrown by the API client for every non-200 answer (and for time-outs and
 * network failures). Carries the server's error code, message and field errors.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldErrors;

  constructor(status: number, code: string, message: string, fields: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  /** Builds an ApiError from a parsed response body (which may be anything). */
  static fromBody(status: number, body: unknown): ApiError {
    const err = (body as ServerErrorBody | null)?.error;
    const code = typeof err?.code === 'string' && err.code ? err.code : `HTTP_${status}`;
    const message = typeof err?.message === 'string' && err.message ? err.message : 'Something went wrong';
    const fields = err?.fields && typeof err.fields === 'object' ? err.fields : {};
    return new ApiError(status, code, message, fields);
  }
}

/** Error codes the client produces itself (never sent by the server). */
export const CLIENT_ERROR = {
  TIMEOUT: 'TIMEOUT',
  NETWORK: 'NETWORK_ERROR',
  ABORTED: 'ABORTED',
} as const;

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
