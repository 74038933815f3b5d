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
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let worked!: () => void;
  const done = new Promise<void>((resolve) => (worked = resolve));
  const committed = db.transaction(async (tx) => {
    await work(tx);
    worked();
    await held;
  });
  // Whichever comes first: the work done, or the transaction failed.
  await Promise.race([done, committed]);
  return {
    commit: async () => {
      release();
      await committed;
    },
  };
}
