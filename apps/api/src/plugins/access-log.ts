/**
 * The access log (docs/observability.md "Logs"; docs/decisions/017-access-log-of-what-matters.md),
 * through Fastify's `LogController`: `request completed` names the request itself (id, method,
 * URL with its tokens redacted by the logger's `req` serializer), the status and the time taken,
 * like a line of nginx's access log. Which level it goes at is {@link accessLevel}'s rule: at
 * `info` every request that changes something, fails or is slow; a read answered well and fast
 * at `debug`, unless `ACCESS_LOG=all`. `incoming request` goes at `debug` (`LOG_LEVEL=debug`
 * shows both, for a request that never completes). Errors stay at `error` (`request errored`).
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';

/** Message of the line when a request has been answered. */
export const REQUEST_COMPLETED = 'request completed';

/** Message of the `debug` line when a request starts. */
export const INCOMING_REQUEST = 'incoming request';

/** Which answers the access log writes at `info` (config ACCESS_LOG). */
export type AccessLogMode = AppConfig['accessLog'];

/** Milliseconds from which an answer counts as slow and is written at `info` whatever it was. */
export const SLOW_REQUEST_MS = 1_000;

/** Methods that only read (RFC 9110 §9.2.1 "safe"). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The level of a request's `request completed` line: `info` for every answer with `mode` `all`;
 * with `notable`, `info` for a request that may change something (not a safe method), an answer
 * of 400 or more, or one that took {@link SLOW_REQUEST_MS} or longer (`elapsedMs`), and `debug`
 * for the rest: reads answered well and fast, which the request histogram counts already
 * (docs/observability.md "HTTP") and whose line costs as much CPU as a small answer itself.
 */
export function accessLevel(
  mode: AccessLogMode,
  method: string,
  statusCode: number,
  elapsedMs: number,
): 'info' | 'debug' {
  if (mode === 'all' || !READS.has(method) || statusCode >= 400 || elapsedMs >= SLOW_REQUEST_MS) {
    return 'info';
  }
  return 'debug';
}

/** Fastify's request lines by {@link accessLevel}'s rule (see the module comment). */
export class AccessLog extends LogController {
  /** `mode`: config ACCESS_LOG. */
  constructor(private readonly mode: AccessLogMode) {
    super();
  }

  /** Writes `incoming request` at `debug`. */
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, INCOMING_REQUEST);
  }

  /** Writes `request completed` at {@link accessLevel}'s level, or `request errored` at `error`. */
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const responseTime = reply.elapsedTime;
    const line = { req: request, res: reply, responseTime };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    const level = accessLevel(this.mode, request.method, reply.statusCode, responseTime);
    reply.log[level](line, REQUEST_COMPLETED);
  }
}
