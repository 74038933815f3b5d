/**
 * The e-mail outbox (docs/jobs-and-email.md). A feature never sends mail itself: it writes the
 * message with {@link enqueueMail} in the same transaction as its cause, under a dedupe key that
 * names the cause, so a rolled-back cause leaves no message and a cause applied twice leaves one.
 * After the commit it calls {@link deliverOutbox} with the new ids, which sends them at once
 * (e-mail stays prompt); {@link drainOutbox}, run every minute by the job runner (jobs/runner.ts), sends
 * whatever is still due: retries after backoff, and messages whose sender died mid-way.
 *
 * Delivery is at least once: a message is marked sent right after the transport accepted it, so
 * a crash between the two (or a transport that accepted after our timeout) sends it again when its
 * lease runs out. It is never lost: the row is committed before any attempt.
 */
import {
  paginate,
  type AdminOutboxMessage,
  type AdminOutboxResponse,
  type OutboxStatus,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { OutboxMessageRow, UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/http-error.js';
import type { Rendered } from '../../mail/templates.js';
import { recordAudit } from '../audit/service.js';
import {
  claimDueOutboxRows,
  deleteSentOutboxRows,
  findOutboxRow,
  insertOutboxRow,
  insertOutboxRows,
  listOutboxRows,
  lockOutboxRow,
  markOutboxFailed,
  markOutboxSent,
  outboxBacklog,
  requeueOutboxRow,
} from './repository.js';

/** Attempts before a message is dead (docs/jobs-and-email.md, "Retries"). */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** Delay after the first failed attempt, in ms; doubled after each further one. */
export const OUTBOX_FIRST_RETRY_MS = 30_000;
/** Longest delay between two attempts, in ms (1 hour). */
export const OUTBOX_MAX_RETRY_MS = 60 * 60_000;
/**
 * How long a claimed message is left to its sender, in ms (10 minutes): after that another sender
 * may take it, so a sender that died mid-way does not hold the message for ever. Longer than
 * {@link OUTBOX_SEND_TIMEOUT_MS}.
 */
export const OUTBOX_LEASE_MS = 10 * 60_000;
/** How long one send may take before it counts as failed, in ms (2 minutes). */
export const OUTBOX_SEND_TIMEOUT_MS = 2 * 60_000;
/** Messages one drain claims at a time. */
const DRAIN_BATCH = 50;
/**
 * How long a sent message's row is kept, in days (90): its dedupe key keeps a cause retried in
 * that time from sending twice, and admins can look back that far. Its body is erased at once.
 */
export const OUTBOX_SENT_RETENTION_DAYS = 90;
/** Sent rows past retention deleted per drain (one drain a minute: 1.4 million a day at most). */
const PRUNE_BATCH = 1_000;

/**
 * The delay before attempt `attempt + 1` after attempt `attempt` (1-based) failed, in ms:
 * 30 s, 1, 2, 4, 8, 16, 32 minutes, never more than an hour; null after the last attempt
 * ({@link OUTBOX_MAX_ATTEMPTS}), when the message is dead.
 */
export function outboxRetryDelayMs(attempt: number): number | null {
  if (attempt >= OUTBOX_MAX_ATTEMPTS) return null;
  return Math.min(OUTBOX_FIRST_RETRY_MS * 2 ** (attempt - 1), OUTBOX_MAX_RETRY_MS);
}

/** A message to write to the outbox. */
export interface OutboxMail extends Rendered {
  to: string;
  /** What caused it (e.g. 'receipt'); admins see and filter by it. */
  kind: string;
  /**
   * Names the cause, unique across all messages (e.g. `receipt:<order id>`): a second message
   * with the same key is not written.
   */
  dedupeKey: string;
  /** 'transactional' (the default) or 'marketing' (only to users who opted in). */
  category?: 'transactional' | 'marketing';
}

/**
 * Writes `mail` to the outbox with `tx`, the transaction of its cause, due at `now` (UTC).
 * Returns the new message's id, or undefined when its dedupe key was written before (the cause
 * ran twice); pass the ids to {@link deliverOutbox} after the commit.
 */
export async function enqueueMail(
  tx: Executor,
  now: Date,
  mail: OutboxMail,
): Promise<string | undefined> {
  return insertOutboxRow(tx, outboxRow(mail, now));
}

/** The outbox row of `mail`, due at `now`. Pure. */
function outboxRow(mail: OutboxMail, now: Date) {
  return {
    dedupeKey: mail.dedupeKey,
    kind: mail.kind,
    category: mail.category ?? 'transactional',
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    nextAttemptAt: now,
  };
}

/**
 * {@link enqueueMail} for many messages of one cause at once (one statement), with `tx`, due at
 * `now`: a mail to every subscriber, written a batch at a time. Each is skipped when its dedupe
 * key was written before. Returns how many were written; {@link drainOutbox} sends them.
 */
export async function enqueueMails(tx: Executor, now: Date, mails: OutboxMail[]): Promise<number> {
  return insertOutboxRows(
    tx,
    mails.map((mail) => outboxRow(mail, now)),
  );
}

/** What one send round did. */
export interface DeliveryResult {
  sent: number;
  /** Failed attempts that will be tried again later. */
  retrying: number;
  /** Messages that failed their last attempt and are now dead. */
  dead: number;
}

/** Rejects after `ms` (with "no answer from `what` within … ms") unless `work` settles first. */
async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from ${what} within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends the claimed `rows` through ctx.mailer, one at a time, and records each outcome. */
async function sendClaimed(ctx: AppContext, rows: OutboxMessageRow[]): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, retrying: 0, dead: 0 };
  for (const row of rows) {
    // Closing: the rest stay claimed until their lease ends, then go out with the next run.
    if (ctx.stopping.aborted) break;
    try {
      await withTimeout(
        ctx.mailer.send({
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          kind: row.category === 'marketing' ? 'marketing' : 'transactional',
        }),
        OUTBOX_SEND_TIMEOUT_MS,
        'the mail transport',
      );
    } catch (error) {
      const now = ctx.now();
      const delay = outboxRetryDelayMs(row.attempts);
      const message = error instanceof Error ? error.message : String(error);
      await markOutboxFailed(ctx.db, row.id, row.attempts, {
        error: message.slice(0, 1000),
        nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay),
        now,
      });
      if (delay === null) {
        result.dead += 1;
        ctx.log.error(
          { err: error, outboxId: row.id, kind: row.kind, attempts: row.attempts },
          'e-mail dead after its last attempt',
        );
      } else {
        result.retrying += 1;
        ctx.log.warn(
          {
            err: error,
            outboxId: row.id,
            kind: row.kind,
            attempts: row.attempts,
            retryInMs: delay,
          },
          'e-mail delivery failed; will retry',
        );
      }
      continue;
    }
    // The transport accepted it: mark it sent at once (a crash right here sends it again later).
    await markOutboxSent(ctx.db, row.id, row.attempts, ctx.now());
    result.sent += 1;
  }
  return result;
}

const empty = (): DeliveryResult => ({ sent: 0, retrying: 0, dead: 0 });

/**
 * Sends the outbox messages `ids` now (the ones a request just committed), when they are still
 * pending and no other sender holds them. The caller waits for the send at most
 * `ctx.config.mailPromptWaitMs` milliseconds: a slow or silent mail server then delays no answer
 * (a sign-up, a payment webhook) beyond that, and the send goes on in the background under its
 * claim, bounded by {@link OUTBOX_SEND_TIMEOUT_MS} (docs/jobs-and-email.md, "Sending").
 * Never throws: a failure is recorded on the message and retried by {@link drainOutbox}; a
 * database error is logged. Undefined ids (a dedupe key written before) are skipped.
 * @returns the counts once the send has ended, or undefined when it was still going on after
 *   the wait.
 */
export async function deliverOutbox(
  ctx: AppContext,
  ids: (string | undefined)[],
): Promise<DeliveryResult | undefined> {
  const wanted = ids.filter((id): id is string => id !== undefined);
  if (wanted.length === 0) return empty();
  const waitMs = ctx.config.mailPromptWaitMs;
  try {
    // sendNow never rejects, so only the wait running out lands in the catch.
    return await withTimeout(sendNow(ctx, wanted), waitMs, 'the prompt send');
  } catch {
    ctx.log.warn(
      { outboxIds: wanted, waitedMs: waitMs },
      'e-mail still sending; answering without waiting for it',
    );
    return undefined;
  }
}

/** Claims the pending messages among `ids` and sends them; never throws (see deliverOutbox). */
async function sendNow(ctx: AppContext, ids: string[]): Promise<DeliveryResult> {
  try {
    const now = ctx.now();
    const rows = await claimDueOutboxRows(ctx.db, {
      now,
      leaseUntil: new Date(now.getTime() + OUTBOX_LEASE_MS),
      limit: ids.length,
      ids,
    });
    return await sendClaimed(ctx, rows);
  } catch (error) {
    ctx.log.error({ err: error }, 'e-mail outbox delivery failed');
    return empty();
  }
}

/**
 * Sends every due outbox message (pending, next attempt at or before `ctx.now()`), claiming a
 * batch at a time with `FOR UPDATE SKIP LOCKED`, so senders on several instances never take the
 * same message; then deletes up to 1,000 sent rows older than {@link OUTBOX_SENT_RETENTION_DAYS}
 * (dead ones stay until an admin retries them). Stops before the next message once
 * `ctx.stopping` is aborted (the app is closing; docs/jobs-and-email.md). Returns the counts;
 * throws only when the database fails (the job runner logs it and retries).
 */
export async function drainOutbox(ctx: AppContext): Promise<DeliveryResult> {
  const total = empty();
  while (!ctx.stopping.aborted) {
    const now = ctx.now();
    const rows = await claimDueOutboxRows(ctx.db, {
      now,
      leaseUntil: new Date(now.getTime() + OUTBOX_LEASE_MS),
      limit: DRAIN_BATCH,
    });
    if (rows.length > 0) {
      const round = await sendClaimed(ctx, rows);
      total.sent += round.sent;
      total.retrying += round.retrying;
      total.dead += round.dead;
    }
    if (rows.length < DRAIN_BATCH) break;
  }
  const cutoff = new Date(ctx.now().getTime() - OUTBOX_SENT_RETENTION_DAYS * 86_400_000);
  await deleteSentOutboxRows(ctx.db, cutoff, PRUNE_BATCH);
  return total;
}

/** The admin view of a row (never its body, which may carry a single-use link). */
function adminMessage(row: OutboxMessageRow): AdminOutboxMessage {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    last_error: row.lastError,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * `GET /admin/outbox`: one page of outbox messages with `status` (all when absent), newest
 * first. `status=dead` lists the dead letters (docs/jobs-and-email.md).
 */
export async function listOutbox(
  ctx: AppContext,
  query: { page: number; limit: number; status?: OutboxStatus },
): Promise<AdminOutboxResponse> {
  const { rows, total, estimate } = await listOutboxRows(ctx.db, {
    status: query.status,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return {
    messages: rows.map(adminMessage),
    pagination: paginate(total, query.page, query.limit, estimate),
  };
}

/**
 * `POST /admin/outbox/{id}/retry`: puts a dead message back with a fresh attempt count, due now, audited ('outbox.retry') in the same transaction; then tries to send it
 * at once. Returns the message after that attempt.
 * @throws 404 OUTBOX_MESSAGE_NOT_FOUND; 409 OUTBOX_MESSAGE_NOT_DEAD for a message sent already
 *   (it would reach its recipient twice) or still pending (a sender may hold it right now).
 */
export async function retryOutboxMessage(
  ctx: AppContext,
  actor: UserRow,
  id: string,
): Promise<AdminOutboxMessage> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockOutboxRow(tx, id);
    if (!row) throw notFound('outboxMessageNotFound');
    if (row.status !== 'dead') throw conflict('outboxNotRetryable');
    const after = await requeueOutboxRow(tx, id, now);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'outbox.retry',
      entityType: 'outbox_message',
      entityId: id,
      before: { status: row.status, attempts: row.attempts, last_error: row.lastError },
      after: { status: after.status, attempts: after.attempts },
    });
  });
  await deliverOutbox(ctx, [id]);
  return adminMessage((await findOutboxRow(ctx.db, id))!);
}

/** The outbox's size for the gauges: pending and dead messages, the oldest pending one's age. */
export async function outboxGauges(
  ctx: AppContext,
): Promise<{ pending: number; dead: number; oldestPendingAgeSeconds: number }> {
  const backlog = await outboxBacklog(ctx.db);
  return {
    pending: backlog.pending,
    dead: backlog.dead,
    oldestPendingAgeSeconds: backlog.oldestPendingAt
      ? Math.max(0, (ctx.now().getTime() - backlog.oldestPendingAt.getTime()) / 1000)
      : 0,
  };
}
