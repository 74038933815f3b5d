/**
 * Recording update checks for the adoption charts (docs/updates.md "Adoption"). A feed request
 * notes who checked (user, platform, architecture, reported version, channel, format) in memory;
 * every FLUSH_INTERVAL_MS the instance writes what it noted in one upsert, one row per user,
 * platform, architecture and UTC day. The feed's answer never waits for the write and never
 * depends on it, so a feed stays a read; a crash loses at most the last interval's counts.
 */
import type { AppContext } from '../../context.js';
import { upsertUpdateChecks, type CheckNote, type UpdateCheck } from './repository.js';

/** How often the noted checks are written, in milliseconds. */
export const FLUSH_INTERVAL_MS = 2_000;
/** Noted rows past which a flush starts at once (bounds memory under a flood of checks). */
const FLUSH_AT_ROWS = 5_000;

/** One feed request's check (repository.ts). */
export type { CheckNote };

/** Notes update checks in memory and writes them in batches. */
export interface CheckRecorder {
  /** Notes one check at `ctx.now()`. Never throws, never waits. */
  note(check: CheckNote): void;
  /** Writes everything noted so far (tests, and the app's onClose). */
  flush(): Promise<void>;
  /** Stops the timer after a last flush. */
  close(): Promise<void>;
}

/** A recorder writing through `ctx.db`; failures are logged and the rows dropped. */
export function createCheckRecorder(ctx: AppContext): CheckRecorder {
  let pending = new Map<string, UpdateCheck>();
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (pending.size === 0) return writing;
    const rows = [...pending.values()];
    pending = new Map();
    writing = writing
      .then(() => upsertUpdateChecks(ctx.db, rows))
      .catch((err: unknown) =>
        ctx.log.warn({ err, rows: rows.length }, 'update checks not recorded'),
      );
    return writing;
  };
  const timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
  timer.unref();

  return {
    note(check) {
      const now = ctx.now();
      const day = now.toISOString().slice(0, 10);
      const key = `${day}|${check.userId}|${check.platform}|${check.arch}`;
      const found = pending.get(key);
      pending.set(key, {
        day,
        ...check,
        currentVersion: check.currentVersion ?? found?.currentVersion ?? null,
        checks: (found?.checks ?? 0) + 1,
        lastCheckedAt: now,
      });
      if (pending.size >= FLUSH_AT_ROWS) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
