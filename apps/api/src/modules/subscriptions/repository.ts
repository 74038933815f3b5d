/**
 * Data access for subscriptions and their prepaid periods. The "plan in force" of a subscription
 * at an instant is the plan of the (not revoked) period covering it (after a downgrade the lower
 * plan starts only with its period), else the subscription's own plan.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  notExists,
  sql,
  type Placeholder,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedQuery, type Executor } from '../../db/client.js';
import { idIn } from '../../db/list-order.js';
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

/** SQL for the id of the plan in force at `now` (or a placeholder for it) for the subscription row in scope. */
const planInForceId = (now: Date | Placeholder) => sql<string>`coalesce((
    select ${subscriptionPeriods.planId} from ${subscriptionPeriods}
    where ${subscriptionPeriods.subscriptionId} = ${subscriptions.id}
      and ${subscriptionPeriods.revokedAt} is null
      and ${subscriptionPeriods.startsAt} <= ${now}
      and ${subscriptionPeriods.endsAt} > ${now}
    order by ${subscriptionPeriods.startsAt} desc limit 1
  ), ${subscriptions.planId})`;

/**
 * SQL twin of `hasPaidTime` (status.ts): the subscription row in scope has paid time at `now`
 * (`expires_at` > `now`).
 */
export const hasPaidTimeSql = (now: Date) => gt(subscriptions.expiresAt, now);

/** What decides a user's access after expiry: the subscription's end, its plan's rule, refunds. */
export interface AccessRow {
  expiresAt: Date;
  afterExpiryAccess: string;
  /** True when the subscription's last period (latest end) was revoked: refunded or cancelled. */
  lastPeriodRevoked: boolean;
}

/** The access facts of `userId`'s subscription, or undefined when it never had one. One query. */
export async function findAccessRow(db: Executor, userId: string): Promise<AccessRow | undefined> {
  const lastRevoked = sql<boolean>`coalesce((
    select ${subscriptionPeriods.revokedAt} is not null from ${subscriptionPeriods}
    where ${subscriptionPeriods.subscriptionId} = ${subscriptions.id}
    order by ${subscriptionPeriods.endsAt} desc, ${subscriptionPeriods.createdAt} desc limit 1
  ), false)`;
  const [row] = await db
    .select({
      expiresAt: subscriptions.expiresAt,
      afterExpiryAccess: plans.afterExpiryAccess,
      lastPeriodRevoked: lastRevoked,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return row;
}

/** A subscription with the plan in force at the instant asked about. */
export interface SubscriptionInForce {
  subscription: SubscriptionRow;
  /** The plan in force (may differ from `subscription.planId` before a downgrade starts). */
  planId: string;
  planName: string;
}

/**
 * Subscriptions joined to the plan in force at `now` (a date, or a placeholder in a prepared
 * statement); each caller adds its `where`.
 */
const selectInForce = (db: Executor, now: Date | Placeholder) =>
  db
    .select({ subscription: subscriptions, planId: plans.id, planName: plans.name })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, planInForceId(now)));

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
  if (userIds.length === 1) {
    // One user's, as every sign-in and `/auth/me` asks: prepared (db/client.ts `preparedQuery`).
    return preparedQuery(db, 'subscription_in_force', (d) =>
      selectInForce(d, sql.placeholder('now'))
        .where(eq(subscriptions.userId, sql.placeholder('userId')))
        .prepare('subscription_in_force'),
    ).execute({ userId: userIds[0], now });
  }
  return selectInForce(db, now).where(inArray(subscriptions.userId, [...userIds]));
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

/** A counting period of a subscription with its plan's name. */
export interface PeriodWithPlan {
  period: SubscriptionPeriodRow;
  planName: string;
}

/** The plans row again, under another name, for the plan of each period. */
const periodPlans = alias(plans, 'period_plan');

/**
 * The user's subscription with the plan in force at `now` and its periods that still count (not
 * revoked), oldest first, with plan names; undefined when the user never paid. One statement:
 * the subscription joined to its periods, one row per period (a user has a few dozen at most),
 * so "my subscriptions" costs one round trip however many periods there are.
 */
export async function findWithPeriods(
  db: Executor,
  userId: string,
  now: Date,
): Promise<{ inForce: SubscriptionInForce; periods: PeriodWithPlan[] } | undefined> {
  const rows = await preparedQuery(db, 'subscription_with_periods', (d) =>
    d
      .select({
        subscription: subscriptions,
        planId: plans.id,
        planName: plans.name,
        period: subscriptionPeriods,
        periodPlanName: periodPlans.name,
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, planInForceId(sql.placeholder('now'))))
      .leftJoin(
        subscriptionPeriods,
        and(
          eq(subscriptionPeriods.subscriptionId, subscriptions.id),
          isNull(subscriptionPeriods.revokedAt),
        ),
      )
      .leftJoin(periodPlans, eq(periodPlans.id, subscriptionPeriods.planId))
      .where(eq(subscriptions.userId, sql.placeholder('userId')))
      .orderBy(asc(subscriptionPeriods.startsAt))
      .prepare('subscription_with_periods'),
  ).execute({ userId, now });
  const [first] = rows;
  if (!first) return undefined;
  const { subscription, planId, planName } = first;
  return {
    inForce: { subscription, planId, planName },
    periods: rows.flatMap(({ period, periodPlanName }) =>
      period && periodPlanName !== null ? [{ period, planName: periodPlanName }] : [],
    ),
  };
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
 * Subscriptions owed reminder `kind`: not set to end, expiring in (`after`, `atOrBefore`], of
 * users who get product e-mails, and whose reminder of that kind for the current `expires_at`
 * is not claimed yet; with their user and the subscription's plan name, soonest expiry first, at
 * most `limit`. Served by `subscriptions_expires_idx` and, per row, the reminders' unique key, so
 * a run that finds everything sent reads the window once and writes nothing, however many
 * subscriptions expire in it.
 */
export async function findRemindersOwed(
  db: Executor,
  kind: string,
  after: Date,
  atOrBefore: Date,
  limit: number,
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
        notExists(
          db
            .select({ one: sql`1` })
            .from(subscriptionReminders)
            .where(
              and(
                eq(subscriptionReminders.subscriptionId, subscriptions.id),
                eq(subscriptionReminders.kind, kind),
                // Claims store the end as the server read it, to the millisecond; a row written
                // by SQL may hold microseconds.
                eq(
                  subscriptionReminders.periodEnd,
                  sql`date_trunc('milliseconds', ${subscriptions.expiresAt})`,
                ),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(subscriptions.expiresAt), asc(subscriptions.id))
    .limit(limit);
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

/**
 * Live subscriptions whose `expires_at` lies after `after` (strictly when `strict`, else at or
 * after it) and before `before`, per plan of the subscription, with how many of them are set to
 * end. For a part of one UTC day (the rest is in the figures, modules/figures/service.ts, which
 * leave test subscriptions out too): a range of `subscriptions_expires_idx`.
 */
export async function countExpiringInPart(
  db: Executor,
  after: Date,
  strict: boolean,
  before: Date,
): Promise<{ planId: string; n: number; setToEnd: number }[]> {
  return db
    .select({
      planId: subscriptions.planId,
      n: count(),
      setToEnd: sql<number>`count(*) filter (where ${subscriptions.cancelAtPeriodEnd})`.mapWith(
        Number,
      ),
    })
    .from(subscriptions)
    .where(
      and(
        strict ? gt(subscriptions.expiresAt, after) : gte(subscriptions.expiresAt, after),
        lt(subscriptions.expiresAt, before),
        eq(subscriptions.livemode, true),
      ),
    )
    .groupBy(subscriptions.planId);
}

/**
 * Live subscriptions whose `started_at` lies in [`from`, `before`): for a part of one UTC day, a
 * range of `subscriptions_started_idx`.
 */
export async function countStartedInPart(db: Executor, from: Date, before: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(
      and(
        gte(subscriptions.startedAt, from),
        lt(subscriptions.startedAt, before),
        eq(subscriptions.livemode, true),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The periods granted by the orders `orderIds` (revoked ones too), each with whether its
 * subscription is live.
 */
export async function findPeriodsOfOrders(
  db: Executor,
  orderIds: readonly string[],
): Promise<{ period: SubscriptionPeriodRow; subscriptionLive: boolean }[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({ period: subscriptionPeriods, subscriptionLive: subscriptions.livemode })
    .from(subscriptionPeriods)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPeriods.subscriptionId))
    .where(idIn(subscriptionPeriods.orderId, orderIds));
}

/** Deletes the periods granted by the orders `orderIds` (test orders being cleared). */
export async function deletePeriodsOfOrders(
  db: Executor,
  orderIds: readonly string[],
): Promise<void> {
  if (orderIds.length === 0) return;
  await db.delete(subscriptionPeriods).where(idIn(subscriptionPeriods.orderId, orderIds));
}

/**
 * Deletes every test subscription (`livemode` false) that has no period left, with its reminder
 * claims; returns how many went. A live subscription is never deleted here.
 */
export async function deleteEmptyTestSubscriptions(db: Executor): Promise<number> {
  const empty = and(
    eq(subscriptions.livemode, false),
    notExists(
      db
        .select({ one: sql`1` })
        .from(subscriptionPeriods)
        .where(eq(subscriptionPeriods.subscriptionId, subscriptions.id)),
    ),
  );
  await db
    .delete(subscriptionReminders)
    .where(
      inArray(
        subscriptionReminders.subscriptionId,
        db.select({ id: subscriptions.id }).from(subscriptions).where(empty),
      ),
    );
  return (await db.delete(subscriptions).where(empty).returning({ id: subscriptions.id })).length;
}
