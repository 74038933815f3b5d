/**
 * The headers every answer starts with, set in one `onRequest` hook before anything else runs:
 * the security headers (security-headers.ts: the API's short set under `/api`, the pages' full
 * set elsewhere, and HSTS when the request came over TLS), the request's id in `X-Request-Id`
 * (request-id.ts), on API answers the default `Cache-Control: no-store` (cache-control.ts), and
 * `Connection: close` once the instance drains (readiness.ts; docs/operations.md).
 * Each rule stays with its module; this file only applies them, in one hook rather than three on
 * every request (two of them on the send path), which bench/throughput.mjs measures. Routes and
 * later hooks overwrite what they own (a download's `private, no-store`, a public catalog
 * answer's `public, no-cache`).
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { API_CACHE_CONTROL } from './cache-control.js';
import { isApiPath } from './errors.js';
import type { Readiness } from './readiness.js';
import { REQUEST_ID_HEADER } from './request-id.js';
import {
  API_HELMET_OPTIONS,
  HSTS_HEADER,
  STRICT_TRANSPORT_SECURITY,
  securityHeaders,
} from './security-headers.js';

/** The headers an API answer starts with: the API's security headers and the default Cache-Control. */
export const API_ANSWER_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...securityHeaders(API_HELMET_OPTIONS),
  'cache-control': API_CACHE_CONTROL,
});

/**
 * Adds the answer headers to every request of `app`, those that match no route included, HSTS
 * where `overTls` (security-headers.ts `tlsRequestCheck`) says the request came over TLS. Register
 * it before any other hook, so a guard or a limit that answers early sends them too.
 *
 * From the moment `readiness` drains (server.ts on SIGTERM; docs/operations.md "The SIGTERM
 * sequence"), every answer carries `Connection: close` (RFC 9112 §9.6): Node closes the
 * connection once that answer is sent, and the client opens a new one for its next request. So
 * when the grace period ends and Fastify's `close()` closes the idle connections, no client is
 * still sending on one of them: a keep-alive connection is never cut under a request it just sent.
 */
export function registerAnswerHeaders(
  app: FastifyInstance,
  overTls: (request: IncomingMessage) => boolean,
  readiness: Pick<Readiness, 'draining'>,
): void {
  const pages = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? API_ANSWER_HEADERS : pages);
    reply.header(REQUEST_ID_HEADER, request.id);
    if (overTls(request.raw)) reply.header(HSTS_HEADER, STRICT_TRANSPORT_SECURITY);
    if (readiness.draining) reply.header('connection', 'close');
    done();
  });
}
