/**
 * Reads run again when their database connection was dropped under them (docs/operations.md,
 * "PostgreSQL unreachable"): a terminated backend, a restart, a failover. A restart or failover
 * ends every pooled connection at once, so one rerun may draw another connection that died with
 * the first before the pool has heard of it; a read therefore runs up to {@link READ_RERUNS} more
 * times while each failure is a drop. A database that cannot be reached at all (`unreachable` in
 * db-errors.ts) is not retried, so its 503 stays prompt. Only for work that reads, or writes
 * what is idempotent: the access guard's session lookup and the handlers of GET and HEAD.
 */
import pRetry from 'p-retry';
import { connectionFailure } from './db-errors.js';
import type { Logger } from './logger.js';

/** How many more times a read whose connection was dropped runs, at most. */
export const READ_RERUNS = 3;

/**
 * Called with the `error` of a first run of `read`: rethrows it unless it is a dropped connection
 * and `allowed()` (e.g. nothing sent yet); else logs a warning on `log` and runs `read` again,
 * up to READ_RERUNS times (a timer's turn between them) while each run fails with a drop and
 * `allowed()` holds. Resolves with the first run that succeeds; rejects with the last failure.
 * The first run stays with the caller, so a request that succeeds pays nothing for this.
 */
export async function rerunAfterDrop<T>(
  error: unknown,
  read: () => Promise<T>,
  { allowed = () => true, log }: { allowed?: () => boolean; log?: Logger } = {},
): Promise<T> {
  const rerun = (failure: unknown) => allowed() && connectionFailure(failure) === 'dropped';
  if (!rerun(error)) throw error;
  log?.warn({ err: error }, 'database connection dropped: running the read again');
  return pRetry(read, {
    retries: READ_RERUNS - 1,
    minTimeout: 0,
    shouldRetry: ({ error: again }) => rerun(again),
  });
}
