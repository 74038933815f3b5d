/**
 * The one HTTP client of the web app, typed from the contract's route table (spec section 7):
 * `call(API.x.y, { params, query, body })` builds the URL from the endpoint, sends the bearer
 * token and the tunnel-warning header, gives up after 10 s, parses the answer with the endpoint's
 * own schema, and fails with an {@link ApiError} carrying the status, the stable `code` and the
 * text chosen by the spec's precedence (section 8). Any 401 ends the session, except where the
 * caller opts out (the login call, where 401 only means wrong credentials). `upload` sends a
 * multipart form the same way, with progress.
 */
import type { z } from 'zod';
import {
  API_BASE_PATH,
  API_TIMEOUT_MS,
  CLIENT_ERRORS,
  TUNNEL_WARNING_HEADER,
  buildPath,
  errorText,
  type Endpoint,
  type SuccessOf,
} from '@flockr/contract';
import { expireSession, readStoredToken } from './auth-storage';

/** How a call failed: an HTTP error answer, no answer at all, our own timeout, or a bad answer. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-answer';

/**
 * Thrown by {@link call} and {@link upload}. `status` is the HTTP status (undefined when no answer
 * came), `code` the error answer's stable code (docs/errors.md), `message` the text to show.
 */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly kind: ApiErrorKind;

  constructor(message: string, init: { status?: number; code?: string; kind: ApiErrorKind }) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.kind = init.kind;
  }
}

/** Text of a request abandoned after {@link API_TIMEOUT_MS} (ours; the spec gives none). */
export const REQUEST_TIMEOUT_TEXT = 'The server took too long to answer. Please try again';

/** Query parameter values; undefined, null and '' are left out of the URL. */
type QueryValue = string | number | boolean | undefined | null;

/** The inputs of endpoint `E`: its path params and body when it has them, its query if any. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: z.input<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType
    ? { query?: Partial<z.input<E['query']>> }
    : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: undefined });

/** Options of one call. */
export interface CallOptions {
  /** Default error text of this operation (spec section 8), used when nothing better exists. */
  fallback?: string;
  /** Caller's signal (TanStack Query passes one to cancel stale requests). */
  signal?: AbortSignal;
  /** When false, a 401 does not end the session (the login call). Default true. */
  expireSessionOn401?: boolean;
  /** Timeout in milliseconds; default {@link API_TIMEOUT_MS} (spec section 9). */
  timeoutMs?: number;
}

/** Base URL of every call: `VITE_API_ORIGIN` + `/api/v1`, or same-origin `/api/v1`. */
function apiBaseUrl(): string {
  const origin = (import.meta.env.VITE_API_ORIGIN ?? '').replace(/\/+$/, '');
  return `${origin}${API_BASE_PATH}`;
}

/** The full URL of `endpoint` with its params filled in and the query values that have a value. */
export function endpointUrl<E extends Endpoint>(endpoint: E, input: CallInput<E>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  const path = buildPath(endpoint.path, (input.params ?? {}) as Record<string, string>);
  return `${apiBaseUrl()}${path}${qs ? `?${qs}` : ''}`;
}

/** Headers every request carries: the tunnel-warning header and the bearer token when stored. */
function defaultHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [TUNNEL_WARNING_HEADER.name]: TUNNEL_WARNING_HEADER.value,
  };
  const token = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Parses a body as JSON when possible, else keeps the text; empty bodies give undefined. */
function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The schema of the endpoint's success answer (200, 201 or 202), or null (204, files). */
function successSchema(endpoint: Endpoint): z.ZodType | null {
  for (const status of [200, 201, 202]) {
    const schema = endpoint.responses[status];
    if (schema !== undefined) return schema;
  }
  return null;
}

/**
 * Turns an answer into the endpoint's success value or an {@link ApiError}: error statuses by the
 * spec's precedence (the answer's `error`, then `message`, then `fallback`), a 401 ending the
 * session unless `expireSessionOn401` is false, and a success answer that does not match the
 * endpoint's schema as 'Invalid response format' (spec section 5).
 */
function settle<E extends Endpoint>(
  endpoint: E,
  status: number,
  data: unknown,
  options: CallOptions,
): SuccessOf<E> {
  const fallback = options.fallback ?? 'Request failed';
  if (status < 200 || status >= 300) {
    if (status === 401 && options.expireSessionOn401 !== false) expireSession();
    const code =
      data && typeof data === 'object' && typeof (data as { code?: unknown }).code === 'string'
        ? (data as { code: string }).code
        : undefined;
    throw new ApiError(errorText(data, null, fallback), { status, code, kind: 'http' });
  }
  const schema = successSchema(endpoint);
  if (!schema) return undefined as SuccessOf<E>;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(CLIENT_ERRORS.invalidResponseFormat, { status, kind: 'invalid-answer' });
  }
  return parsed.data as SuccessOf<E>;
}

/**
 * Calls `endpoint` and resolves with its parsed success answer (undefined for 204). Rejects with
 * {@link ApiError}; the caller's own abort is re-thrown unchanged.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E> = {} as CallInput<E>,
  options: CallOptions = {},
): Promise<SuccessOf<E>> {
  const { signal, timeoutMs = API_TIMEOUT_MS, fallback = 'Request failed' } = options;
  // Headers are built before the first await so a call made just before logout still carries
  // the token (the logout call relies on this).
  const headers = defaultHeaders();
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';

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
    response = await fetch(endpointUrl(endpoint, input), {
      method: endpoint.method,
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
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
  const data = response.status === 204 ? undefined : parseBody(await response.text());
  return settle(endpoint, response.status, data, options);
}

/** Progress of an upload: bytes sent and the total (when the browser knows it). */
export interface UploadProgress {
  loaded: number;
  total: number | undefined;
}

/**
 * Sends `form` to a multipart `endpoint` (e.g. the admin's release upload) with the same headers
 * and error handling as {@link call}, reporting progress. No timeout: a 2 GiB file takes what it
 * takes; `signal` cancels it.
 */
export function upload<E extends Endpoint>(
  endpoint: E,
  form: FormData,
  options: Omit<CallOptions, 'timeoutMs'> & { onProgress?: (progress: UploadProgress) => void },
): Promise<SuccessOf<E>> {
  const headers = defaultHeaders();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, endpointUrl(endpoint, {} as CallInput<E>));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      options.onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : undefined,
      });
    xhr.onload = () => {
      try {
        resolve(settle(endpoint, xhr.status, parseBody(xhr.responseText), options));
      } catch (error) {
        reject(error as Error);
      }
    };
    xhr.onerror = () =>
      reject(
        new ApiError(options.fallback ?? CLIENT_ERRORS.download.noResponse, { kind: 'network' }),
      );
    const cancel = () => xhr.abort();
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.onloadend = () => options.signal?.removeEventListener('abort', cancel);
    options.signal?.addEventListener('abort', cancel, { once: true });
    xhr.send(form);
  });
}

/** A file answer: its bytes and the name the server gave it (Content-Disposition), if any. */
export interface FileAnswer {
  blob: Blob;
  filename: string | null;
}

/**
 * Fetches a file answer of `endpoint` (e.g. an admin CSV export, which the server streams) with
 * the same headers and error handling as {@link call}. No timeout: an export of every row takes
 * what it takes; `signal` cancels it.
 */
export async function fetchFile<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  options: Omit<CallOptions, 'timeoutMs'> = {},
): Promise<FileAnswer> {
  const headers = { ...defaultHeaders(), Accept: endpoint.produces ?? '*/*' };
  let response: Response;
  try {
    response = await fetch(endpointUrl(endpoint, input), {
      method: endpoint.method,
      headers,
      signal: options.signal,
    });
  } catch (thrown) {
    if (options.signal?.aborted) throw thrown;
    throw new ApiError(
      errorText(undefined, thrown as { message?: string }, options.fallback ?? 'Request failed'),
      { kind: 'network' },
    );
  }
  if (!response.ok) settle(endpoint, response.status, parseBody(await response.text()), options);
  const disposition = response.headers.get('content-disposition') ?? '';
  return {
    blob: await response.blob(),
    filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
  };
}
