/**
 * The one HTTP client of the web app, typed from the contract's route table (requirements §7):
 * `call('GET /auth/me', { params, query, body })` names the endpoint by its key (method and path,
 * contract `EndpointKey`), builds the URL, sends the bearer token and the tunnel-warning header,
 * gives up after 10 s, parses the answer with the endpoint's own schema, and fails with an
 * {@link ApiError} carrying the status, the stable `code` and the text chosen by the spec's
 * precedence (section 8). Any 401 ends the session, except where the caller opts out (the login
 * call, where 401 only means wrong credentials). `upload` sends a multipart form the same way,
 * with progress.
 *
 * The schemas (and zod) are not part of the first chunk of any page: the key alone is enough to
 * send the request, and the route table with the answer's schema is loaded on the first call, in
 * parallel with the request (lib/route-table.ts).
 */
import type { z } from 'zod';
import {
  API_BASE_PATH,
  API_TIMEOUT_MS,
  CLIENT_ERRORS,
  TUNNEL_WARNING_HEADER,
  buildPath,
  errorText,
  parseEndpointKey,
  type Endpoint,
  type EndpointAt,
  type EndpointKey,
  type SuccessOf,
} from '@flockr/contract';
import { expireSession, readStoredToken } from './auth-storage';
import type * as RouteTable from './route-table';

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
export type EndpointInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: z.input<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType
    ? { query?: Partial<z.input<E['query']>> }
    : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: undefined });

/** The inputs of the endpoint whose key is `K` (see {@link EndpointInput}). */
export type CallInput<K extends EndpointKey> = EndpointInput<EndpointAt<K>>;

/** The success answer of the endpoint whose key is `K`, as {@link call} resolves with it. */
export type AnswerOf<K extends EndpointKey> = SuccessOf<EndpointAt<K>>;

/** Options of one call. */
export interface CallOptions {
  /** Default error text of this operation (requirements §8), used when nothing better exists. */
  fallback?: string;
  /** Caller's signal (TanStack Query passes one to cancel stale requests). */
  signal?: AbortSignal;
  /** When false, a 401 does not end the session (the login call). Default true. */
  expireSessionOn401?: boolean;
  /** Timeout in milliseconds; default {@link API_TIMEOUT_MS} (requirements §9). */
  timeoutMs?: number;
}

/** Sends one request: the global `fetch`, unless the server that renders pages set its own. */
let transport: typeof fetch = (input, init) => fetch(input, init);

/**
 * Replaces how requests are sent. The server calls it once when it loads the page renderer
 * (entry-server.tsx), so the calls made while rendering a page reach its own handlers in process
 * instead of the network. Browsers never call it.
 */
export function setApiTransport(send: typeof fetch): void {
  transport = send;
}

/** Base URL of every call: `VITE_API_ORIGIN` + `/api/v1`, or same-origin `/api/v1`. */
function apiBaseUrl(): string {
  const origin = (import.meta.env.VITE_API_ORIGIN ?? '').replace(/\/+$/, '');
  return `${origin}${API_BASE_PATH}`;
}

/**
 * The full URL of the endpoint at `key` with its params filled in and the query values that have
 * a value.
 */
export function endpointUrl<K extends EndpointKey>(key: K, input: CallInput<K>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const qs = params.toString();
  const path = buildPath(
    parseEndpointKey(key).path,
    (input.params ?? {}) as Record<string, string>,
  );
  return `${apiBaseUrl()}${path}${qs ? `?${qs}` : ''}`;
}

/** The route table module (lib/route-table.ts) once its load has started. */
let routeTable: Promise<typeof RouteTable> | undefined;

/**
 * Loads the route table with every answer's schema, once (later calls share the load). A failed
 * load is forgotten, so the next call tries again.
 */
function loadRouteTable(): Promise<typeof RouteTable> {
  routeTable ??= import('./route-table').catch((error: unknown) => {
    routeTable = undefined;
    throw error;
  });
  return routeTable;
}

/**
 * The endpoint at `key` from the route table, loaded if need be. A table that cannot be loaded (the
 * network went away) fails as a network error with the operation's `fallback` text.
 */
async function endpointFor(key: string, fallback: string): Promise<Endpoint> {
  let table: typeof RouteTable;
  try {
    table = await loadRouteTable();
  } catch {
    throw new ApiError(fallback, { kind: 'network' });
  }
  return table.endpointAt(key as EndpointKey);
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
 * Throws the {@link ApiError} of an error answer (any status outside 2xx), by the spec's
 * precedence (the answer's `error`, then `message`, then `fallback`); a 401 ends the session
 * unless `expireSessionOn401` is false. Returns for a success status.
 */
function throwIfError(status: number, data: unknown, options: CallOptions): void {
  if (status >= 200 && status < 300) return;
  if (status === 401 && options.expireSessionOn401 !== false) expireSession();
  const code =
    data && typeof data === 'object' && typeof (data as { code?: unknown }).code === 'string'
      ? (data as { code: string }).code
      : undefined;
  throw new ApiError(errorText(data, null, options.fallback ?? 'Request failed'), {
    status,
    code,
    kind: 'http',
  });
}

/**
 * Turns an answer of the endpoint at `key` into its success value or an {@link ApiError}: error
 * statuses by {@link throwIfError}; a success answer is parsed with the endpoint's schema (from
 * the route table, loaded if need be), and one that does not match is 'Invalid response format'
 * (requirements §5). A 204 needs no schema.
 */
async function settle(
  key: string,
  status: number,
  data: unknown,
  options: CallOptions,
): Promise<unknown> {
  throwIfError(status, data, options);
  if (status === 204) return undefined;
  const schema = successSchema(await endpointFor(key, options.fallback ?? 'Request failed'));
  if (!schema) return undefined;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(CLIENT_ERRORS.invalidResponseFormat, { status, kind: 'invalid-answer' });
  }
  return parsed.data;
}

/**
 * Calls the endpoint at `key` (e.g. `'GET /auth/me'`) and resolves with its parsed success answer
 * (undefined for 204). Rejects with {@link ApiError}; the caller's own abort is re-thrown
 * unchanged. The route table, which holds the answer's schema, loads alongside the first request.
 */
export function call<K extends EndpointKey>(
  key: K,
  input?: CallInput<K>,
  options?: CallOptions,
): Promise<AnswerOf<K>>;
export async function call(
  key: string,
  input: { params?: object; query?: object; body?: unknown } = {},
  options: CallOptions = {},
): Promise<unknown> {
  const { signal, timeoutMs = API_TIMEOUT_MS, fallback = 'Request failed' } = options;
  // Headers are built before the first await so a call made just before logout still carries
  // the token (the logout call relies on this).
  const headers = defaultHeaders();
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';

  // Start loading the answer's schema now, so it is usually there when the answer is.
  void loadRouteTable().catch(() => {});
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
    response = await transport(endpointUrl(key as EndpointKey, input as CallInput<EndpointKey>), {
      method: parseEndpointKey(key).method,
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
  return settle(key, response.status, data, options);
}

/** Progress of an upload: bytes sent and the total (when the browser knows it). */
export interface UploadProgress {
  loaded: number;
  total: number | undefined;
}

/**
 * Sends `form` to the multipart endpoint at `key` (e.g. the admin's release upload) with the same
 * headers and error handling as {@link call}, reporting progress. `params` fills the path's
 * parameters (`/admin/releases/:id/artifacts`). No timeout: a 2 GiB file takes what it takes;
 * `signal` cancels it.
 */
export function upload<K extends EndpointKey>(
  key: K,
  form: FormData,
  options: Omit<CallOptions, 'timeoutMs'> & {
    onProgress?: (progress: UploadProgress) => void;
    params?: Record<string, string>;
  },
): Promise<AnswerOf<K>> {
  const headers = defaultHeaders();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(
      parseEndpointKey(key).method,
      endpointUrl(key, { params: options.params } as CallInput<K>),
    );
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      options.onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : undefined,
      });
    xhr.onload = () => {
      settle(key, xhr.status, parseBody(xhr.responseText), options).then(
        (answer) => resolve(answer as AnswerOf<K>),
        reject,
      );
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
 * Fetches a file answer of the endpoint at `key` (e.g. an admin CSV export, which the server
 * streams) with the same headers and error handling as {@link call}. No timeout: an export of
 * every row takes what it takes; `signal` cancels it.
 */
export async function fetchFile<K extends EndpointKey>(
  key: K,
  input: CallInput<K>,
  options: Omit<CallOptions, 'timeoutMs'> = {},
): Promise<FileAnswer> {
  const fallback = options.fallback ?? 'Request failed';
  const headers = defaultHeaders();
  // The route table says which media type to ask for (`produces`).
  const endpoint = await endpointFor(key, fallback);
  headers.Accept = endpoint.produces ?? '*/*';
  let response: Response;
  try {
    response = await transport(endpointUrl(key, input), {
      method: endpoint.method,
      headers,
      signal: options.signal,
    });
  } catch (thrown) {
    if (options.signal?.aborted) throw thrown;
    throw new ApiError(errorText(undefined, thrown as { message?: string }, fallback), {
      kind: 'network',
    });
  }
  if (!response.ok) throwIfError(response.status, parseBody(await response.text()), options);
  const disposition = response.headers.get('content-disposition') ?? '';
  return {
    blob: await response.blob(),
    filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
  };
}
