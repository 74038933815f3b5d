/**
 * Request ids (docs/observability.md): every request gets one, Fastify's child logger puts it on
 * each log line of the request (`reqId`), and the answer carries it in `X-Request-Id` (set by
 * plugins/answer-headers.ts).
 *
 * An incoming `X-Request-Id` is kept only when the request's immediate peer is a trusted proxy
 * (config `trustProxy`, the same rule Fastify applies to X-Forwarded-For) and the value is at
 * most 128 characters of `[A-Za-z0-9._:-]`; otherwise a random UUID is made. So behind nginx or
 * a load balancer one id follows a request through every hop, while a client talking to the app
 * directly cannot write into the logs. Fastify's own `requestIdHeader` option would take the
 * header from anyone, unchecked; it stays `false` (its default in Fastify 5) and `genReqId`
 * below decides.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';
import { REQUEST_ID_LOG_FIELD, requestIds } from '../lib/request-context.js';
import { trustedPeer } from './trusted-peer.js';

/** The header a request id is read from (behind a trusted proxy) and sent back in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming request id may be: 1 to 128 characters of letters, digits and `._:-`. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId` for `trustProxy`: the incoming `X-Request-Id` when the peer is trusted
 * and the value matches {@link REQUEST_ID_PATTERN}, else a new random UUID (RFC 9562 v4).
 */
export function requestIdGenerator(trustProxy: boolean | string): (req: IncomingMessage) => string {
  const trusted = trustedPeer(trustProxy);
  return (req) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    if (typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) && trusted(req)) {
      return incoming;
    }
    return randomUUID();
  };
}

/**
 * Fastify's `childLoggerFactory` (called once per request, before its hooks): makes the
 * request's id the current one of lib/request-context.ts for the rest of the request, so every
 * log line written while handling it carries the id (docs/observability.md, "Request ids"), and
 * gives the request the app's own logger instead of a pino child made per request: the logger's
 * `mixin` writes the same `reqId` field a child would bind, only on lines actually written,
 * whereas a child costs its allocation on every request even when nothing is logged. A route
 * with log options of its own (level, serializers) still gets a child.
 *
 * The id stays current for the rest of the socket event that carried the request's head and in
 * everything started from it: the hooks and handler, their promises and timers; Node restores
 * the context when that event's callback returns, so nothing after it inherits the id. Fastify's
 * body parser keeps the context of the request it reads for (an `AsyncResource` made in it), so
 * a body arriving in later socket events changes nothing.
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  requestIds.enterWith(String(bindings[REQUEST_ID_LOG_FIELD]));
  for (const _ in options) return logger.child(bindings, options);
  return logger;
}
