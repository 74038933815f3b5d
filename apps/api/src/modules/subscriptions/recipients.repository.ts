/**
 * Data access for mail sent to every subscriber (release e-mails): subscribers in user id order,
 * a batch at a time, read from `subscriptions_user_key` so the millionth batch costs what the
 * first does.
 */
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { subscriptions, users } from '../../db/schema.js';
import { hasPaidTimeSql } from './repository.js';

/**
 * Up to `limit` users after `afterUserId` (all when null), in user id order, whose subscription
 * has paid time at `now` (`hasPaidTimeSql`), whose account is ACTIVE and not deleted, and who
 * get product e-mails (`notifications_enabled`).
 */
export async function findProductMailRecipients(
  db: Executor,
  now: Date,
  afterUserId: string | null,
  limit: number,
): Promise<{ id: string; username: string; email: string }[]> {
  return db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        afterUserId === null ? undefined : gt(subscriptions.userId, afterUserId),
        hasPaidTimeSql(now),
        eq(users.status, 'ACTIVE'),
        eq(users.notificationsEnabled, true),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(subscriptions.userId))
    .limit(limit);
}
