/**
 * Expiry reminders (README "Subscriptions"): e-mails 7 days and 1 day before a subscription ends
 * and when it ends, each at most once per end date, however many server instances run: each
 * reminder is claimed by a unique insert and written to the e-mail outbox in the same transaction
 * (only the instance whose insert wins writes it; the outbox's dedupe key is a second guard), then
 * sent through the outbox (docs/jobs-and-email.md). Subscriptions
 * set to end get none; users who turned product e-mails off (`notifications_enabled`) get none.
 * Access itself ends exactly at `expires_at` without any job.
 */
import type { AppContext } from '../../context.js';
import { brandOf, templates } from '../../mail/templates.js';
import { deliverOutbox, enqueueMail } from '../outbox/service.js';
import { claimReminder, findRemindersOwed } from './repository.js';

const DAY = 86_400_000;

/** The reminders and the window (relative to `expires_at`, in ms) in which each is due. */
const REMINDERS = [
  { kind: '7d', from: -7 * DAY, until: -1 * DAY },
  { kind: '1d', from: -1 * DAY, until: 0 },
  { kind: 'expired', from: 0, until: 2 * DAY },
] as const;

/**
 * Reminders of one kind a run claims at most (each its own short transaction): a backlog, such
 * as the first run on a large database, goes out over successive runs, one a minute (jobs/table.ts),
 * instead of one run holding a connection for many thousands of transactions.
 */
export const REMINDERS_PER_RUN = 500;

/**
 * Claims and writes to the outbox the reminders due at `ctx.now()` (UTC) and not claimed yet, at
 * most REMINDERS_PER_RUN of each kind, then sends them. Returns how many reminders this call
 * claimed (each is e-mailed once, retried by the outbox on a transport failure).
 */
export async function sendDueReminders(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const queued: (string | undefined)[] = [];
  for (const reminder of REMINDERS) {
    // Due when expires_at + from <= now < expires_at + until, i.e. now − until < expires_at <= now − from.
    const due = await findRemindersOwed(
      ctx.db,
      reminder.kind,
      new Date(now.getTime() - reminder.until),
      new Date(now.getTime() - reminder.from),
      REMINDERS_PER_RUN,
    );
    for (const { subscription, user, planName } of due) {
      const when =
        reminder.kind === '7d' ? 'in 7 days' : reminder.kind === '1d' ? 'tomorrow' : 'now';
      const periodEnd = subscription.expiresAt;
      const id = await ctx.db.transaction(async (tx) => {
        if (!(await claimReminder(tx, subscription.id, reminder.kind, periodEnd))) return null;
        return enqueueMail(tx, now, {
          to: user.email,
          kind: 'reminder',
          dedupeKey: `reminder:${subscription.id}:${reminder.kind}:${periodEnd.toISOString()}`,
          ...templates.expiryReminder(brandOf(ctx.config), user.username, {
            planName,
            when: `${when} (${periodEnd.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
            expired: reminder.kind === 'expired',
          }),
        });
      });
      if (id !== null) queued.push(id);
    }
  }
  await deliverOutbox(ctx, queued);
  return queued.length;
}
