/** Helpers to read PostgreSQL errors the same way from node-postgres and PGlite. */

/** True when `error` is a unique violation (SQLSTATE 23505), optionally on `constraint`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint);
}

/**
 * True when PostgreSQL refused a value the client sent: SQLSTATE class 22 "data exception"
 * (a NUL or invalid byte sequence, text not valid for its type, a number out of range) or 54000
 * "program limit exceeded" (a value too large for an index). Such a request is the client's
 * fault and is answered 400, never 500 (PostgreSQL docs, Appendix A "Error Codes").
 */
export function isInvalidInputError(error: unknown): boolean {
  const code = findPgError(error)?.code;
  return !!code && (code.startsWith('22') || code === '54000');
}

function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return {
        code: e.code,
        constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
      };
    }
    current = e.cause;
  }
  return undefined;
}

/** Node error codes of a connection that could not be made. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Node error codes of an open connection that was lost. */
const DROPPED_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** Set on an error raised while a pooled database connection was being opened (db/client.ts). */
const WHILE_CONNECTING = Symbol('flockr.whileConnecting');

/**
 * Marks `error` (when it is an object) as raised while a database connection was being opened,
 * and returns it: the pool's client does this (db/client.ts), so {@link connectionFailure} can
 * tell SQLSTATE 55000 refused at connect from 55000 raised by a statement.
 */
export function markConnecting<T>(error: T): T {
  if (error && typeof error === 'object' && !Object.hasOwn(error, WHILE_CONNECTING))
    Object.defineProperty(error, WHILE_CONNECTING, { value: true });
  return error;
}

/** Whether {@link markConnecting} marked `error`. */
function whileConnecting(error: object): boolean {
  return (error as { [WHILE_CONNECTING]?: unknown })[WHILE_CONNECTING] === true;
}

/**
 * How the database (or the object store) failed to answer, or undefined when `error` (or an
 * error it wraps) is not a connection failure but a statement's own error:
 * - `dropped`: a connection that was open broke (ECONNRESET, EPIPE; SQLSTATE 57P01
 *   admin_shutdown and 57P02 crash_shutdown, what a terminated backend or a restart sends;
 *   node-postgres's "Connection terminated …" and "… not queryable"). A new connection may well
 *   work at once.
 * - `unreachable`: no connection could be made (ECONNREFUSED, ETIMEDOUT, …; SQLSTATE class 08
 *   connection exception, 57P03 cannot_connect_now, 53300 too_many_connections; 55000
 *   object_not_in_prerequisite_state raised while the connection was being opened, which is how
 *   PostgreSQL refuses a database with `ALLOW_CONNECTIONS false`; pg-pool's "timeout exceeded
 *   when trying to connect", node-postgres's "Connection terminated due to connection timeout"),
 *   or no answer before a deadline we set (a `TimeoutError`, e.g. the object store's
 *   S3_HEAD_DEADLINE_MS). A new connection is unlikely to work at once, so reads are not re-run
 *   (read-rerun.ts). 55000 raised by a statement on an open connection (`currval` before
 *   `nextval`, a missing extension setting) is the statement's own error, a bug: not a failure.
 * PostgreSQL docs, Appendix A "Error Codes"; docs/operations.md "PostgreSQL unreachable".
 */
export function connectionFailure(error: unknown): 'dropped' | 'unreachable' | undefined {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 10) {
    const current = pending.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const e = current as {
      name?: unknown;
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    const code = typeof e.code === 'string' ? e.code : '';
    // A deadline of ours passed (AbortSignal.timeout: the AWS SDK's AbortError carries it as its
    // cause): the other side accepted the connection but did not answer in time.
    if (e.name === 'TimeoutError') return 'unreachable';
    if (DROPPED_CODES.has(code) || code === '57P01' || code === '57P02') return 'dropped';
    if (
      UNREACHABLE_CODES.has(code) ||
      /^08[0-9A-Z]{3}$/.test(code) ||
      code === '57P03' ||
      code === '53300' ||
      (code === '55000' && whileConnecting(current))
    )
      return 'unreachable';
    const message = typeof e.message === 'string' ? e.message : '';
    // node-postgres's own connect timeout ("Connection terminated due to connection timeout").
    if (message.includes('connection timeout')) return 'unreachable';
    if (
      message.startsWith('Connection terminated') ||
      message === 'Client has encountered a connection error and is not queryable'
    )
      return 'dropped';
    if (message.startsWith('timeout exceeded when trying to connect')) return 'unreachable';
    pending.push(e.cause);
    // Node reports a refused connection to every address of a name (::1 and 127.0.0.1) as one
    // AggregateError listing each.
    if (Array.isArray(e.errors)) pending.push(...(e.errors as unknown[]));
  }
  return undefined;
}

/**
 * True when PostgreSQL cancelled a statement for running too long: SQLSTATE 57014
 * query_canceled (what `statement_timeout` raises, waits for locks included) or 55P03
 * lock_not_available (`lock_timeout`). The request may well succeed later, so it is answered 503
 * with Retry-After (plugins/errors.ts; docs/operations.md "A statement that runs too long").
 */
export function isStatementTimeout(error: unknown): boolean {
  const code = findPgError(error)?.code;
  return code === '57014' || code === '55P03';
}

/**
 * True when `error` says the database could not be reached or the connection broke, rather than
 * that the statement was wrong (`connectionFailure`). Such a request is answered 503 with
 * Retry-After (plugins/errors.ts, docs/operations.md).
 */
export function isConnectionError(error: unknown): boolean {
  return connectionFailure(error) !== undefined;
}
