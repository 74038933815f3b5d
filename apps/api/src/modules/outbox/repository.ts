/**
 * Data access for the e-mail outbox (db/schema.ts `outboxMessages`; docs/jobs-and-email.md).
 * Every function takes a database or a transaction explicitly; instants are UTC `Date`s.
 */
import { and, asc, count, desc, eq, inArray, lt, lte, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { outboxMessages, type OutboxMessageRow } from '../../db/schema.js';
import { countRows } from '../../db/list-order.js';

/** What a new outbox row holds. */
export interface NewOutboxRow {
  dedupeKey: string;
  kind: string;
  category: 'transactional' | 'marketing';
  to: string;
  subject: string;
  text: string;
  html: string;
  /** When the first attempt is due (the caller's clock, UTC). */
  nextAttemptAt: Date;
}

/**
 * Inserts `row` unless a row with its dedupe key exists. Returns the new row's id, or undefined
 * when the key was taken (the cause already wrote its message).
 */
export async function insertOutboxRow(
  db: Executor,
  row: NewOutboxRow,
): Promise<string | undefined> {
  const [inserted] = await db
    .insert(outboxMessages)
    .values(row)
    .onConflictDoNothing({ target: outboxMessages.dedupeKey })
    .returning({ id: outboxMessages.id });
  return inserted?.id;
}

/**
 * Inserts `rows` in one statement, each unless a row with its dedupe key exists. Returns how many
 * were written.
 */
export async function insertOutboxRows(db: Executor, rows: NewOutboxRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(outboxMessages)
    .values(rows)
    .onConflictDoNothing({ target: outboxMessages.dedupeKey })
    .returning({ id: outboxMessages.id });
  return inserted.length;
}

/**
 * Claims up to `limit` due pending rows (all of `ids` when given, else the oldest due) in one
 * statement: each claimed row's attempt count goes up by one and its next attempt moves to
 * `leaseUntil`, so no other sender takes it meanwhile; rows another transaction holds locked are
 * skipped (`FOR UPDATE SKIP LOCKED`), and a row committed by a concurrent claim is no longer due.
 * Returns the claimed rows as they are after the claim.
 */
export async function claimDueOutboxRows(
  db: Executor,
  options: { now: Date; leaseUntil: Date; limit: number; ids?: string[] },
): Promise<OutboxMessageRow[]> {
  if (options.ids && options.ids.length === 0) return [];
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'pending'),
        lte(outboxMessages.nextAttemptAt, options.now),
        options.ids ? inArray(outboxMessages.id, options.ids) : undefined,
      ),
    )
    .orderBy(asc(outboxMessages.nextAttemptAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({
      attempts: sql`${outboxMessages.attempts} + 1`,
      nextAttemptAt: options.leaseUntil,
      updatedAt: options.now,
    })
    .where(inArray(outboxMessages.id, due))
    .returning();
}

/**
 * The row `id` as its sender claimed it: still pending at attempt `attempt`. A row whose lease
 * ran out and that another sender claimed again (one more attempt) is that sender's to settle.
 */
const stillClaimed = (id: string, attempt: number) =>
  and(
    eq(outboxMessages.id, id),
    eq(outboxMessages.status, 'pending'),
    eq(outboxMessages.attempts, attempt),
  );

/**
 * Marks a claimed row sent at `now` and erases its body (it may carry a single-use link). Only a
 * row still pending at attempt `attempt` changes (a row whose lease ran out and that another
 * sender claimed again is that sender's to settle). Returns whether it changed.
 */
export async function markOutboxSent(
  db: Executor,
  id: string,
  attempt: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: now, updatedAt: now, text: '', html: '', lastError: null })
    .where(stillClaimed(id, attempt))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/**
 * Records a failed attempt `attempt` of row `id`: `dead` when `nextAttemptAt` is null (the last
 * attempt), else pending again from `nextAttemptAt`. Same guard as {@link markOutboxSent}.
 */
export async function markOutboxFailed(
  db: Executor,
  id: string,
  attempt: number,
  failure: { error: string; nextAttemptAt: Date | null; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({
      status: failure.nextAttemptAt ? 'pending' : 'dead',
      lastError: failure.error,
      nextAttemptAt: failure.nextAttemptAt ?? failure.now,
      updatedAt: failure.now,
    })
    .where(stillClaimed(id, attempt))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/** The row `id` locked for update in the caller's transaction, or undefined. */
export async function lockOutboxRow(
  tx: Executor,
  id: string,
): Promise<OutboxMessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.id, id))
    .for('update');
  return row;
}

/** The row `id`, or undefined. */
export async function findOutboxRow(
  db: Executor,
  id: string,
): Promise<OutboxMessageRow | undefined> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
}

/** Puts row `id` back to pending, due at `now`, with a fresh attempt count. */
export async function requeueOutboxRow(
  tx: Executor,
  id: string,
  now: Date,
): Promise<OutboxMessageRow> {
  const [row] = await tx
    .update(outboxMessages)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now })
    .where(eq(outboxMessages.id, id))
    .returning();
  return row!;
}

/** The rows with `status` (all when undefined). */
const outboxWhere = (status: OutboxMessageRow['status'] | undefined) =>
  status ? eq(outboxMessages.status, status) : undefined;

/**
 * The query of one page of rows with `status` (all when undefined), newest first (id breaking
 * ties): read in order from `outbox_messages_status_created_idx`, or `outbox_messages_created_idx`
 * for every status (migration 0020). Exported so a test can EXPLAIN it.
 */
export function outboxPageQuery(
  db: Executor,
  filter: { status?: OutboxMessageRow['status']; offset: number; limit: number },
) {
  return db
    .select()
    .from(outboxMessages)
    .where(outboxWhere(filter.status))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

/**
 * One page of rows with `status` (all when undefined), newest first ({@link outboxPageQuery}),
 * and the total: exact up to EXACT_COUNT_LIMIT, the planner's estimate beyond, flagged
 * `estimate` (`countRows`, db/list-order.ts), as the other admin lists: sent rows are kept 90
 * days, so at a real business's size a count of every row would grow with the mail sent.
 */
export async function listOutboxRows(
  db: Executor,
  filter: { status?: OutboxMessageRow['status']; offset: number; limit: number },
): Promise<{ rows: OutboxMessageRow[]; total: number; estimate: boolean }> {
  const rows = await outboxPageQuery(db, filter);
  const { total, estimate } = await countRows(db, () =>
    db.select({ id: outboxMessages.id }).from(outboxMessages).where(outboxWhere(filter.status)),
  );
  return { rows, total, estimate };
}

/** How many rows are pending and when the oldest of them was written (for the gauges). */
export async function outboxBacklog(
  db: Executor,
): Promise<{ pending: number; dead: number; oldestPendingAt: Date | null }> {
  const [pending] = await db
    .select({ n: count(), oldest: min(outboxMessages.createdAt) })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'pending'));
  const [dead] = await db
    .select({ n: count() })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'dead'));
  const oldest = pending?.oldest ?? null;
  return {
    pending: Number(pending?.n ?? 0),
    dead: Number(dead?.n ?? 0),
    oldestPendingAt: oldest === null ? null : new Date(oldest),
  };
}

/**
 * Deletes at most `limit` sent rows written before `before` (UTC), oldest first, through the
 * (status, created_at, id) index. Returns how many were deleted. Dead and pending rows are never
 * deleted here.
 */
export async function deleteSentOutboxRows(
  db: Executor,
  before: Date,
  limit: number,
): Promise<number> {
  const oldest = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, 'sent'), lt(outboxMessages.createdAt, before)))
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id))
    .limit(limit);
  const rows = await db
    .delete(outboxMessages)
    .where(inArray(outboxMessages.id, oldest))
    .returning({ id: outboxMessages.id });
  return rows.length;
}
