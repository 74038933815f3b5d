/**
 * The API as web tests see it: Mock Service Worker at the network edge, with handlers typed from
 * the contract's route table, so a test cannot be given an answer the server never gives.
 * `mockEndpoint(API.x.y, answer)` answers the endpoint's path and method; every answer is checked
 * against the endpoint before it is sent: its status must be one the endpoint declares, and its
 * body must parse with that status's schema (error answers with `errorResponseSchema`, which
 * requires a `code`). Requests nobody answers fail the test (`onUnhandledFrame: 'error'` in test/setup.ts).
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import {
  API,
  API_BASE_PATH,
  API_ERROR_CODES,
  API_ERRORS,
  errorResponseSchema,
  type ApiErrorKey,
  type Endpoint,
} from '@flockr/contract';
import { siteConfig } from './fixtures';

/** The mock server; started and reset by test/setup.ts. */
export const server = setupServer();

/** A request a handler received. */
export interface RecordedCall {
  method: string;
  url: URL;
  params: Record<string, string>;
  headers: Headers;
  body: unknown;
}

/** A status the endpoint declares (or a 5xx), and a body its schema for that status accepts. */
export interface Reply<E extends Endpoint> {
  readonly status: (keyof E['responses'] & number) | 500 | 502 | 503;
  readonly body: unknown;
}

/** The body a status of `E` carries: its declared schema's input, or an error body for a 5xx. */
type BodyFor<E extends Endpoint, S> = S extends keyof E['responses']
  ? E['responses'][S] extends z.ZodType
    ? z.input<E['responses'][S]>
    : undefined
  : { error: string; code: string };

/**
 * An answer with status `status`: one the endpoint declares, or a server failure (500, 502,
 * 503) that any endpoint can give; its body is checked against the schema for that status.
 */
export function reply<
  E extends Endpoint,
  S extends (keyof E['responses'] & number) | 500 | 502 | 503,
>(status: S, body: BodyFor<E, S>): Reply<E> {
  return { status, body };
}

/** The success body of `E` as a test may write it (before the schema's defaults). */
type SuccessBody<E extends Endpoint> = 200 extends keyof E['responses']
  ? E['responses'][200] extends z.ZodType
    ? z.input<E['responses'][200]>
    : undefined
  : 201 extends keyof E['responses']
    ? E['responses'][201] extends z.ZodType
      ? z.input<E['responses'][201]>
      : undefined
    : undefined;

/** What a handler gives: the success body, a {@link reply}, a raw Response, or a function of the call. */
export type Answer<E extends Endpoint> =
  | SuccessBody<E>
  | Reply<E>
  | Response
  | ((call: RecordedCall) => SuccessBody<E> | Reply<E> | Response | Promise<Reply<E> | Response>);

const recorded = new Map<Endpoint, RecordedCall[]>();

/** The calls `endpoint` received since the test started. */
export function callsTo(endpoint: Endpoint): RecordedCall[] {
  return recorded.get(endpoint) ?? [];
}

/** Forgets every recorded call (test/setup.ts, after each test). */
export function clearCalls(): void {
  recorded.clear();
}

/** The first success status the endpoint declares (200, 201, 202 or 204). */
function successStatus(endpoint: Endpoint): number {
  return Object.keys(endpoint.responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 300)
    .sort((a, b) => a - b)[0]!;
}

/** Checks `answer` against the endpoint and turns it into a Response. @throws on a lie. */
function toResponse(endpoint: Endpoint, answer: unknown): Response {
  if (answer instanceof Response) return answer;
  const isReply = !!answer && typeof answer === 'object' && 'status' in answer && 'body' in answer;
  const status = isReply ? (answer as Reply<Endpoint>).status : successStatus(endpoint);
  const body = isReply ? (answer as Reply<Endpoint>).body : answer;
  const name = `${endpoint.method} ${endpoint.path}`;
  // Any endpoint can fail on the server's side (500) or be unreachable behind the proxy (502, 503).
  const serverFailure = status >= 500;
  if (!(status in endpoint.responses) && !serverFailure)
    throw new Error(`${name} never answers ${status} (the route table says so)`);
  const schema = serverFailure ? errorResponseSchema : endpoint.responses[status];
  if (schema === null || status === 204) return new HttpResponse(null, { status });
  const parsed = schema!.safeParse(body);
  if (!parsed.success)
    throw new Error(`${name} would never answer ${status} with that body: ${parsed.error.message}`);
  return HttpResponse.json(body as never, { status });
}

/**
 * Answers `endpoint` with `answer` until the test ends (later calls for the same endpoint win).
 * Records every call for {@link callsTo}.
 */
export function mockEndpoint<E extends Endpoint>(endpoint: E, answer: Answer<E>): void {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  server.use(
    http[method](`*${API_BASE_PATH}${endpoint.path}`, async ({ request, params }) => {
      const text = request.method === 'GET' ? '' : await request.clone().text();
      let body: unknown = text;
      try {
        body = text ? (JSON.parse(text) as unknown) : undefined;
      } catch {
        // Multipart or other bodies stay as text.
      }
      const call: RecordedCall = {
        method: request.method,
        url: new URL(request.url),
        // The leading `*` of the handler's path is captured as param '0': leave it out.
        params: Object.fromEntries(
          Object.entries(params as Record<string, string>).filter(([key]) => key !== '0'),
        ),
        headers: request.headers,
        body,
      };
      recorded.set(endpoint, [...callsTo(endpoint), call]);
      const value =
        typeof answer === 'function'
          ? await (answer as (call: RecordedCall) => unknown)(call)
          : answer;
      return toResponse(endpoint, value);
    }),
  );
}

/** The error answer the server gives for catalogue entry `key`: `{ error, code }`. */
export function apiError(key: ApiErrorKey, message?: string): { error: string; code: string } {
  return { error: message ?? API_ERRORS[key], code: API_ERROR_CODES[key] };
}

/** Answers that every screen may ask for: the public site configuration. */
export function mockDefaults(): void {
  mockEndpoint(API.site.config, siteConfig);
}
