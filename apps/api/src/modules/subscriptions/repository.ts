/**
 * Data access for subscriptions and their prepaid periods. The "plan in force" of a subscription
 * at an instant is the plan of the (not revoked) period covering it (after a downgrade the lower
 * plan starts only with its period), else the subscription's own plan.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import {
  plans,
  subscriptionPeriods,
  subscriptionReminders,
  subscriptions,
  users,
  type SubscriptionPeriodRow,
  type SubscriptionRow,
  type UserRow,
} from '../../db/schema.js';

/** SQL for the id of the plan in force at `now` for the subscription row in scope. */
const planInForceId = (now: Date) => sql<string>`coalesce((
    select ${subscriptionPeriods.planId} from ${subscriptionPeriods}
    where ${subscriptionPeriods.subscriptionId} = ${subscriptions.id}
      and ${subscriptionPeriods.revokedAt} is null
      and ${subscriptionPeriods.startsAt} <= ${now}
      and ${subscriptionPeriods.endsAt} > ${now}
    order by ${subscriptionPeriods.startsAt} desc limit 1
  ), ${subscriptions.planId})`;

/** A subscription with the plan in force at the instant asked about. */
export interface SubscriptionInForce {
  subscription: SubscriptionRow;
  /** The plan in force (may differ from `subscription.planId` before a downgrade starts). */
  planId: string;
  planName: string;
}

/**
 * The subscriptions of `userIds` with the plan in force at `now`, in one query (so a page of
 * users costs one statement, not one per user).
 */
export async function findInForce(
  db: Executor,
  userIds: readonly string[],
  now: Date,
): Promise<SubscriptionInForce[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ subscription: subscriptions, planId: plans.id, planName: plans.name })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, planInForceId(now)))
    .where(inArray(subscriptions.userId, [...userIds]));
}

/** The user's subscription row locked FOR UPDATE (inside a transaction), or undefined. */
export async function lockSubscriptionOf(
  db: Executor,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for('update')
    .limit(1);
  return row;
}

/** Inserts a subscription; returns it. */
export async function insertSubscription(
  db: Executor,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

/** Updates subscription `id` with `values`; returns the row as written. */
export async function updateSubscription(
  db: Executor,
  id: string,
  values: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set(values)
    .where(eq(subscriptions.id, id))
    .returning();
  return row!;
}

/** Periods of a subscription that still count (not revoked), oldest first, with plan names. */
export async function listPeriods(
  db: Executor,
  subscriptionId: string,
): Promise<{ period: SubscriptionPeriodRow; planName: string }[]> {
  return db
    .select({ period: subscriptionPeriods, planName: plans.name })
    .from(subscriptionPeriods)
    .innerJoin(plans, eq(plans.id, subscriptionPeriods.planId))
    .where(
      and(
        eq(subscriptionPeriods.subscriptionId, subscriptionId),
        isNull(subscriptionPeriods.revokedAt),
      ),
    )
    .orderBy(asc(subscriptionPeriods.startsAt));
}

/** Adds the period paid by an order. The unique `order_id` makes a second grant impossible. */
export async function insertPeriod(
  db: Executor,
  values: typeof subscriptionPeriods.$inferInsert,
): Promise<void> {
  await db.insert(subscriptionPeriods).values(values);
}

/** Ends every counting period of subscription `id` at `now` at the latest (an upgrade). */
export async function endPeriodsAt(db: Executor, subscriptionId: string, now: Date): Promise<void> {
  await db
    .update(subscriptionPeriods)
    .set({
      startsAt: sql`least(${subscriptionPeriods.startsAt}, ${now})`,
      endsAt: sql`least(${subscriptionPeriods.endsAt}, ${now})`,
    })
    .where(
      and(
        eq(subscriptionPeriods.subscriptionId, subscriptionId),
        isNull(subscriptionPeriods.revokedAt),
      ),
    );
}

/** The counting (not revoked) period paid by order `orderId`, or undefined. */
export async function findOrderPeriod(
  db: Executor,
  orderId: string,
): Promise<SubscriptionPeriodRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptionPeriods)
    .where(and(eq(subscriptionPeriods.orderId, orderId), isNull(subscriptionPeriods.revokedAt)))
    .limit(1);
  return row;
}

/** Marks period `id` revoked at `now`. */
export async function revokePeriod(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .update(subscriptionPeriods)
    .set({ revokedAt: now })
    .where(eq(subscriptionPeriods.id, id));
}

/** Moves every counting period of the subscription starting at or after `from` earlier by `ms`. */
export async function shiftPeriodsFrom(
  db: Executor,
  subscriptionId: string,
  from: Date,
  ms: number,
): Promise<void> {
  const shift = sql`make_interval(secs => ${ms / 1000})`;
  await db
    .update(subscriptionPeriods)
    .set({
      startsAt: sql`${subscriptionPeriods.startsAt} - ${shift}`,
      endsAt: sql`${subscriptionPeriods.endsAt} - ${shift}`,
    })
    .where(
      and(
        eq(subscriptionPeriods.subscriptionId, subscriptionId),
        isNull(subscriptionPeriods.revokedAt),
        gte(subscriptionPeriods.startsAt, from),
      ),
    );
}

/** The plan of the subscription's last counting period, or undefined when none counts. */
export async function lastPeriodPlanId(
  db: Executor,
  subscriptionId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ planId: subscriptionPeriods.planId })
    .from(subscriptionPeriods)
    .where(
      and(
        eq(subscriptionPeriods.subscriptionId, subscriptionId),
        isNull(subscriptionPeriods.revokedAt),
      ),
    )
    .orderBy(desc(subscriptionPeriods.endsAt))
    .limit(1);
  return row?.planId;
}

/**
 * Subscriptions not set to end whose expiry lies in (`after`, `atOrBefore`], with their user and
 * the subscription's plan name, for users who get product e-mails.
 */
export async function findExpiringBetween(
  db: Executor,
  after: Date,
  atOrBefore: Date,
): Promise<{ subscription: SubscriptionRow; user: UserRow; planName: string }[]> {
  return db
    .select({ subscription: subscriptions, user: users, planName: plans.name })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.cancelAtPeriodEnd, false),
        gt(subscriptions.expiresAt, after),
        lte(subscriptions.expiresAt, atOrBefore),
        eq(users.notificationsEnabled, true),
        isNull(users.deletedAt),
      ),
    );
}

/**
 * Claims reminder `kind` for the subscription's period ending `periodEnd`: true for the one
 * caller whose insert wins (a unique index), false for every other (another instance sent it).
 */
export async function claimReminder(
  db: Executor,
  subscriptionId: string,
  kind: string,
  periodEnd: Date,
): Promise<boolean> {
  const claimed = await db
    .insert(subscriptionReminders)
    .values({ subscriptionId, kind, periodEnd })
    .onConflictDoNothing({
      target: [
        subscriptionReminders.subscriptionId,
        subscriptionReminders.kind,
        subscriptionReminders.periodEnd,
      ],
    })
    .returning({ id: subscriptionReminders.id });
  return claimed.length > 0;
}

/** A part of one UTC day: after `after` (strictly when `strict`, else at or after it), before `before`. */
export interface DayPart {
  after: Date;
  strict: boolean;
  before: Date;
}

/**
 * For each of `parts` (index i), the subscriptions whose `expires_at` lies in it, per plan of
 * the subscription, with how many of them are set to end: rows of (part, plan, n, setToEnd), one
 * statement, each part an index-only range of `subscriptions_expires_idx` (expiry, plan, set to
 * end). For the parts of a day the figures leave out (modules/figures).
 */
export async function countExpiringInParts(
  db: Executor,
  parts: readonly DayPart[],
): Promise<{ part: number; planId: string; n: number; setToEnd: number }[]> {
  if (parts.length === 0) return [];
  const rows = await rowsOf<{ part: number; plan_id: string; n: number; set_to_end: number }>(
    db,
    expiringInPartsQuery(parts),
  );
  return rows.map((r) => ({
    part: Number(r.part),
    planId: r.plan_id,
    n: Number(r.n),
    setToEnd: Number(r.set_to_end),
  }));
}

/** The statement of {@link countExpiringInParts}, unexecuted (its tests EXPLAIN it). */
export function expiringInPartsQuery(parts: readonly DayPart[]): SQL {
  const ranges = parts.map(
    (p, i) => sql`select ${i}::int as part, ${subscriptions.planId} as plan_id,
        ${subscriptions.cancelAtPeriodEnd} as set_to_end
      from ${subscriptions}
      where ${p.strict ? gt(subscriptions.expiresAt, p.after) : gte(subscriptions.expiresAt, p.after)}
        and ${lt(subscriptions.expiresAt, p.before)}`,
  );
  return sql`select part, plan_id, count(*)::int as n,
      (count(*) filter (where set_to_end))::int as set_to_end
    from (${sql.join(ranges, sql` union all `)}) as found group by part, plan_id`;
}

/**
 * For each of `parts` (index i), the subscriptions whose `started_at` lies in [`after`,
 * `before`): one statement, each part an index-only range of `subscriptions_started_idx`.
 */
export async function countStartedInParts(
  db: Executor,
  parts: readonly { after: Date; before: Date }[],
): Promise<number[]> {
  if (parts.length === 0) return [];
  const counts = parts.map(
    (p) => sql`(select count(*)::int from ${subscriptions}
      where ${gte(subscriptions.startedAt, p.after)} and ${lt(subscriptions.startedAt, p.before)})`,
  );
  const [row] = await rowsOf<{ counts: unknown }>(
    db,
    sql`select json_build_array(${sql.join(counts, sql`, `)}) as counts`,
  );
  const counted = typeof row?.counts === 'string' ? JSON.parse(row.counts) : row?.counts;
  return (counted as unknown[]).map(Number);
}
