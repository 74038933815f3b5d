/**
 * Expiry reminders (issue 6): e-mails 7 days and 1 day before a subscription ends and when it
 * ends, each at most once per end date, even with several server instances running: each send is
 * claimed first by a unique insert into `subscription_reminders` (only the instance whose insert
 * succeeds sends). Cancelled subscriptions get no reminders; users who turned product e-mails off
 * (`notifications_enabled`) get none either. Access itself ends exactly at `expires_at` without
 * any job.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { plans, subscriptionReminders, subscriptions, users } from '../../db/schema.js';
import { brandOf, templates } from '../../mail/templates.js';

const DAY = 86_400_000;

/** The reminders and the window (relative to `expires_at`) in which each is due. */
export const REMINDERS = [
  { kind: '7d', from: -7 * DAY, until: -1 * DAY },
  { kind: '1d', from: -1 * DAY, until: 0 },
  { kind: 'expired', from: 0, until: 2 * DAY },
] as const;

/** Sends the reminders due at `ctx.now()`. Returns how many this call sent. */
export async function sendDueReminders(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  let sent = 0;
  for (const reminder of REMINDERS) {
    // Due when expires_at + from <= now < expires_at + until, i.e. now − until < expires_at <= now − from.
    const rows = await ctx.db
      .select({ subscription: subscriptions, user: users, planName: plans.name })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(
        and(
          eq(subscriptions.cancelAtPeriodEnd, false),
          gt(subscriptions.expiresAt, new Date(now.getTime() - reminder.until)),
          lte(subscriptions.expiresAt, new Date(now.getTime() - reminder.from)),
          eq(users.notificationsEnabled, true),
        ),
      );
    for (const { subscription, user, planName } of rows) {
      if (user.deletedAt) continue;
      const claimed = await ctx.db
        .insert(subscriptionReminders)
        .values({
          subscriptionId: subscription.id,
          kind: reminder.kind,
          periodEnd: subscription.expiresAt,
        })
        .onConflictDoNothing({
          target: [
            subscriptionReminders.subscriptionId,
            subscriptionReminders.kind,
            subscriptionReminders.periodEnd,
          ],
        })
        .returning({ id: subscriptionReminders.id });
      if (claimed.length === 0) continue;
      const when =
        reminder.kind === '7d' ? 'in 7 days' : reminder.kind === '1d' ? 'tomorrow' : 'now';
      try {
        await ctx.mailer.send({
          to: user.email,
          kind: 'transactional',
          ...templates.expiryReminder(brandOf(ctx.config), user.username, {
            planName,
            when: `${when} (${subscription.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
            expired: reminder.kind === 'expired',
          }),
        });
        sent += 1;
      } catch (error) {
        ctx.log.error({ err: error, subscriptionId: subscription.id }, 'reminder e-mail failed');
      }
    }
  }
  return sent;
}
