/**
 * A transaction held open on purpose, for tests of what another connection does meanwhile
 * (PostgreSQL only: two transactions at once need two connections, PGlite has one).
 */
import type { Executor } from '../db/client.js';

/** A transaction whose work is done and which has not committed yet. */
export interface HeldTransaction {
  /** Lets the transaction commit; resolves once it has (rejects if it failed). */
  commit(): Promise<void>;
}

/**
 * Runs `work` in a transaction of `db` and resolves once `work` is done, with the transaction
 * still open (its locks held, its rows not visible to others) until `commit()` is called.
 * Rejects if `work` fails.
 */
export async function holdTransaction(
  db: Executor,
  work: (tx: Executor) => Promise<unknown>,
): Promise<HeldTransaction> {
  const done = Promise.withResolvers<void>();
  const held = Promise.withResolvers<void>();
  const committed = db.transaction(async (tx) => {
    await work(tx);
    done.resolve();
    await held.promise;
  });
  committed.catch(done.reject);
  await done.promise;
  return {
    commit: async () => {
      held.resolve();
      await committed;
    },
  };
}
