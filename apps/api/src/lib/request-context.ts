/**
 * The request a piece of code runs for, so every log line written while handling a request
 * carries its id (docs/observability.md, "Request ids"), whoever writes it: `request.log` (the
 * app's logger itself, plugins/request-id.ts `requestLogger`) or the app's logger that services
 * use (`ctx.log`, bound to no request).
 *
 * One AsyncLocalStorage holds the id: `plugins/request-id.ts` enters it once per request (Fastify's
 * `childLoggerFactory`, which also hands the request the app's logger rather than a child); pino's
 * `mixin` ({@link logMixin}) reads it for each line actually written.
 * Code that runs for no request (jobs, start-up) has no id and its lines get none.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { symbols } from 'pino';

/** The id of the request being handled, if any. */
export const requestIds = new AsyncLocalStorage<string>();

/** The log field the id is written in: Fastify's `requestIdLogLabel` default, so lines join. */
export const REQUEST_ID_LOG_FIELD = 'reqId';

/** How a bound logger's serialised bindings mark the id (pino keeps them as a JSON fragment). */
const BOUND_ID = `"${REQUEST_ID_LOG_FIELD}":`;

/** Adds fields of the active trace to a log line; set by lib/tracing.ts when tracing is on. */
let traceFields: ((fields: Record<string, unknown>) => void) | undefined;

/**
 * Makes every log line also carry what `add` puts in its fields (lib/tracing.ts: the active
 * span's `trace_id` and `span_id`); undefined stops it.
 */
export function setTraceLogFields(add: ((fields: Record<string, unknown>) => void) | undefined) {
  traceFields = add;
}

/**
 * pino's `mixin` (called only for lines at an enabled level): `{ reqId }` from
 * {@link requestIds} when a request is being handled and the logger does not bind one already
 * (a child made for a route with log options of its own does), plus the trace fields when
 * tracing is on; `{}` otherwise.
 * Returns a new object each time: pino's default merge strategy writes into it.
 */
export function logMixin(
  _mergeObject: object,
  _level: number,
  logger: object,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const id = requestIds.getStore();
  if (id !== undefined && !boundBindings(logger).includes(BOUND_ID)) {
    fields[REQUEST_ID_LOG_FIELD] = id;
  }
  traceFields?.(fields);
  return fields;
}

/** A pino logger's bindings as pino keeps them: a JSON fragment (`,"pid":1,"reqId":"…"`). */
function boundBindings(logger: object): string {
  const bindings = (logger as Record<symbol, unknown>)[symbols.chindingsSym];
  return typeof bindings === 'string' ? bindings : '';
}
