/**
 * The one HTTP client of the web app (spec section 7): base `/api/v1`, bearer token from storage,
 * the tunnel-warning header, a 10 s timeout, and errors as {@link ApiError} whose message follows
 * the catalogue's precedence (spec section 8). Any 401 ends the session, except where the caller
 * opts out (the login call, where 401 only means wrong credentials).
 */
import { API_BASE_PATH, API_TIMEOUT_MS, TUNNEL_WARNING_HEADER, errorText } from '@flockr/contract';
import { expireSession, readStoredToken } from './auth-storage';

/** How a call failed: an HTTP error answer, no answer at all, or our own timeout. */
export type ApiErrorKind = 'http' | 'network' | 'timeout';

/**
 * Thrown by {@link apiRequest}. `status` is the HTTP status (undefined when no answer came),
 * `message` the text to show, `body` the parsed error answer.
 */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly kind: ApiErrorKind;
  readonly body: unknown;

  constructor(message: string, init: { status?: number; kind: ApiErrorKind; body?: unknown }) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.kind = init.kind;
    this.body = init.body;
  }
}

/** Text of a request abandoned after {@link API_TIMEOUT_MS} (ours; the spec gives none). */
export const REQUEST_TIMEOUT_TEXT = 'The server took too long to answer. Please try again';

/** Query parameter values; undefined and null are left out of the URL. */
export type QueryValue = string | number | boolean | undefined | null;

/** Options of {@link apiRequest}. */
export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON payload. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Default error text of this operation (spec section 8), used when nothing better exists. */
  fallback?: string;
  /** Caller's signal (TanStack Query passes one to cancel stale requests). */
  signal?: AbortSignal;
  /** When false, a 401 does not end the session (the login call). Default true. */
  expireSessionOn401?: boolean;
  /** Timeout in milliseconds; default {@link API_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/** Base URL of every call: `VITE_API_ORIGIN` + `/api/v1`, or same-origin `/api/v1`. */
export function apiBaseUrl(): string {
  const origin = (import.meta.env.VITE_API_ORIGIN ?? '').replace(/\/+$/, '');
  return `${origin}${API_BASE_PATH}`;
}

/** Builds the full URL of `path` (e.g. `/plans`) with the query parameters that have a value. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${apiBaseUrl()}${path}${qs ? `?${qs}` : ''}`;
}

/** Headers every request carries: the tunnel-warning header and the bearer token when stored. */
export function defaultHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [TUNNEL_WARNING_HEADER.name]: TUNNEL_WARNING_HEADER.value,
  };
  const token = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Reads a response body as JSON when possible, else as text; empty bodies give undefined. */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Calls the API and resolves with the parsed answer typed as `T` (the contract's answer type).
 * Rejects with {@link ApiError}; the caller's own abort is re-thrown unchanged.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const {
    method = 'GET',
    body,
    query,
    fallback = 'Request failed',
    signal,
    expireSessionOn401 = true,
    timeoutMs = API_TIMEOUT_MS,
  } = options;

  // Headers are built before the first await so a call made just before logout still carries
  // the token (the logout call relies on this).
  const headers = defaultHeaders();
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const timeout = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    timeout.abort();
  }, timeoutMs);
  const onCallerAbort = () => timeout.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: timeout.signal,
    });
  } catch (thrown) {
    if (signal?.aborted && !timedOut) throw thrown;
    if (timedOut) {
      throw new ApiError(errorText(undefined, { message: REQUEST_TIMEOUT_TEXT }, fallback), {
        kind: 'timeout',
      });
    }
    throw new ApiError(errorText(undefined, thrown as { message?: string }, fallback), {
      kind: 'network',
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }

  const data = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && expireSessionOn401) expireSession();
    throw new ApiError(errorText(data, null, fallback), {
      status: response.status,
      kind: 'http',
      body: data,
    });
  }
  return data as T;
}

/** Shorthands for {@link apiRequest} by method. */
export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
