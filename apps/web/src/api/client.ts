import type { ErrorCode } from '@klaimor/contracts';

/** Codes the server may send, plus what the client itself can observe. */
export type ApiErrorCode = ErrorCode | 'network_error' | 'unknown_error';

/** Any non-2xx reply (or a failed request), with the server's error shape parsed. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** Per-field reason codes (see `reasons` in contracts), when the server sent them. */
  readonly fields: Record<string, string>;
  /** Seconds to wait, from the Retry-After header, when the server sent one. */
  readonly retryAfterSec: number | null;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    fields: Record<string, string> = {},
    retryAfterSec: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterSec = retryAfterSec;
  }
}

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

const baseUrl = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');

function parseRetryAfter(header: string | null): number | null {
  if (header === null) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

async function toApiError(res: Response): Promise<ApiError> {
  const retryAfterSec = parseRetryAfter(res.headers.get('Retry-After'));
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: keep the status only
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
  if (error && typeof error.code === 'string') {
    const fields =
      error.fields && typeof error.fields === 'object' ? (error.fields as Record<string, string>) : undefined;
    return new ApiError(
      res.status,
      error.code as ErrorCode,
      typeof error.message === 'string' ? error.message : res.statusText,
      fields,
      retryAfterSec,
    );
  }
  return new ApiError(res.status, 'unknown_error', res.statusText || `HTTP ${res.status}`, {}, retryAfterSec);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON; a FormData (photos) is sent as the browser makes it, multipart with its own boundary. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
}

/** Sends a request to the API and returns the parsed JSON body (undefined for 204). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, headers } = options;
  const form = body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${path}`, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Every success body is `{ data: [...] }`: the list. */
export async function apiList<T>(path: string, options?: RequestOptions): Promise<T[]> {
  const body = await apiRequest<{ data: T[] }>(path, options);
  return body.data;
}

/** The first element of `{ data: [...] }`, for calls that answer with one item. */
export async function apiOne<T>(path: string, options?: RequestOptions): Promise<T> {
  const [first] = await apiList<T>(path, options);
  if (first === undefined) throw new ApiError(200, 'unknown_error', 'Empty reply');
  return first;
}
