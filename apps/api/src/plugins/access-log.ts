/**
 * One access-log line per request (docs/observability.md "Logs"), through Fastify's
 * `LogController`: `request completed` at `info` names the request itself (id, method, URL with
 * its tokens redacted by the logger's `req` serializer), the status and the time taken, like a
 * line of nginx's access log; `incoming request` moves to `debug` (`LOG_LEVEL=debug` shows both,
 * for a request that never completes). Fastify's default writes both at `info`, and at the sizes
 * of a kept answer the second line cost about a fifth of the requests a second
 * (docs/benchmarks.md "Throughput"). Errors stay at `error` (`request errored`). The front lane
 * (front-answers.ts) writes the same lines for the answers it sends.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Message of the one `info` line per request. */
export const REQUEST_COMPLETED = 'request completed';

/** Message of the `debug` line when a request starts. */
export const INCOMING_REQUEST = 'incoming request';

/** Fastify's request lines, one at `info` per request (see the module comment). */
export class AccessLog extends LogController {
  /** Writes `incoming request` at `debug`. */
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, INCOMING_REQUEST);
  }

  /** Writes `request completed` at `info` with the request, or `request errored` at `error`. */
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, REQUEST_COMPLETED);
  }
}
