/**
 * Release e-mails (docs/updates.md "Release e-mails"): when a release is offered on the stable
 * channel for the first time, every subscriber who keeps product e-mails on gets one e-mail with
 * the version and its release notes.
 *
 * - The request that offers the release only records the announcement (`scheduleReleaseMail`,
 *   one row in `release_announcements`, in the request's transaction): at a million subscribers
 *   the request stays as fast as at ten.
 * - The `flockr.release-mail` job (jobs/table.ts, every minute) writes the messages to the outbox a
 *   batch of RELEASE_MAIL_BATCH users at a time, in user id order, each batch in one transaction
 *   with the announcement's place (`after_user_id`), so a crash or a second instance never skips
 *   or repeats a batch; the outbox job sends them (docs/jobs-and-email.md).
 * - Each message's dedupe key is `release:{release id}:{user id}`, so a batch run again never
 *   writes a second message for the same user.
 * - A release yanked before every batch is written stops there; one withdrawn or moved off stable
 *   waits until it is offered on stable again.
 */
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { ReleaseRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { brandOf, templates } from '../../mail/templates.js';
import { entryByVersion } from '../changelog/service.js';
import { enqueueMails } from '../outbox/service.js';
import { productMailRecipients } from '../subscriptions/recipients.js';
import {
  advanceAnnouncement,
  insertAnnouncement,
  lockAnnouncement,
  nextPendingAnnouncement,
} from './repository.js';

/** Users one batch covers: one transaction and one INSERT of at most this many messages. */
export const RELEASE_MAIL_BATCH = 500;

/**
 * How long one run of the job writes batches, in ms, before it leaves the rest to the next run
 * (a minute later): well inside the 5 minutes a pg-boss job may run (jobs/runner.ts JOB_RETRY).
 */
export const RELEASE_MAIL_RUN_MS = 50_000;

/** The outbox `kind` of a release e-mail (admins see it in Delivery). */
export const RELEASE_MAIL_KIND = 'release';

/**
 * True when `release` is offered to every stable user: published (active, so not archived), on
 * `stable`, not yanked, and rolled out to 100 %. A staged release is announced when its rollout
 * completes, so no one is told of an update their program is not offered yet. Pure.
 */
export function isOfferedOnStable(
  release: Pick<ReleaseRow, 'isActive' | 'channel' | 'yankedAt' | 'rolloutPercentage'>,
): boolean {
  return (
    release.isActive &&
    release.channel === 'stable' &&
    release.yankedAt === null &&
    release.rolloutPercentage === 100
  );
}

/**
 * Records, with `tx` (the transaction that changed `release`), that `release` is to be announced
 * when it is offered on stable and never was announced. Returns true when recorded now; false
 * when it is not offered on stable, or was announced before (a release is announced once, even
 * when it is withdrawn and published again).
 */
export async function scheduleReleaseMail(tx: Executor, release: ReleaseRow): Promise<boolean> {
  if (!isOfferedOnStable(release)) return false;
  return insertAnnouncement(tx, release.id);
}

/** The title and changes of the published changelog entry of `version`, or nulls. */
async function notesOf(
  ctx: AppContext,
  version: string,
): Promise<{ title: string | null; changes: string | null }> {
  try {
    const entry = await entryByVersion(ctx, version);
    return { title: entry.title, changes: entry.changes };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404)
      return { title: null, changes: null };
    throw error;
  }
}

/** What one run of {@link sendReleaseMail} did. */
export interface ReleaseMailRun {
  /** Messages written to the outbox. */
  queued: number;
  /** Announcements finished (every batch written, or the release was yanked). */
  finished: number;
}

/**
 * The `flockr.release-mail` job: writes the due release e-mails to the outbox, a batch of
 * `batch` users per transaction, until none is due, `budgetMs` milliseconds passed (see the
 * file's comment) or `ctx.stopping` is aborted (the app is closing). Safe on several instances at once. @throws the database's error (the job
 * runner logs it and runs again).
 */
export async function sendReleaseMail(
  ctx: AppContext,
  options: { batch?: number; budgetMs?: number } = {},
): Promise<ReleaseMailRun> {
  const batch = options.batch ?? RELEASE_MAIL_BATCH;
  const budgetMs = options.budgetMs ?? RELEASE_MAIL_RUN_MS;
  const started = Date.now();
  const run: ReleaseMailRun = { queued: 0, finished: 0 };
  const notes = new Map<string, { title: string | null; changes: string | null }>();
  // Announcements another sender holds: left to it for this run.
  const busy: string[] = [];
  const brand = brandOf(ctx.config);
  while (Date.now() - started < budgetMs && !ctx.stopping.aborted) {
    const next = await nextPendingAnnouncement(ctx.db, busy);
    if (!next) break;
    if (!notes.has(next.id)) notes.set(next.id, await notesOf(ctx, next.version));
    const { title, changes } = notes.get(next.id)!;
    const outcome = await ctx.db.transaction(async (tx) => {
      const locked = await lockAnnouncement(tx, next.id);
      if (!locked) return { state: 'busy' as const, queued: 0 };
      const { announcement, release } = locked;
      const now = ctx.now();
      if (release.yankedAt) {
        await advanceAnnouncement(tx, release.id, {
          afterUserId: announcement.afterUserId,
          queuedAdded: 0,
          finishedAt: now,
        });
        return { state: 'finished' as const, queued: 0 };
      }
      const recipients = await productMailRecipients(tx, now, announcement.afterUserId, batch);
      const queued = await enqueueMails(
        tx,
        now,
        recipients.map((user) => ({
          to: user.email,
          kind: RELEASE_MAIL_KIND,
          dedupeKey: `release:${release.id}:${user.id}`,
          ...templates.releaseAvailable(brand, user.username, {
            version: release.version,
            title,
            changes,
          }),
        })),
      );
      const last = recipients.at(-1);
      const done = recipients.length < batch;
      await advanceAnnouncement(tx, release.id, {
        afterUserId: last?.id ?? announcement.afterUserId,
        queuedAdded: queued,
        finishedAt: done ? now : null,
      });
      return { state: done ? ('finished' as const) : ('more' as const), queued };
    });
    run.queued += outcome.queued;
    if (outcome.state === 'busy') busy.push(next.id);
    if (outcome.state === 'finished') {
      run.finished += 1;
      ctx.log.info({ releaseId: next.id, version: next.version }, 'release e-mails written');
    }
  }
  return run;
}
