/**
 * Subscriptions own their periods: viewing them, cancel at period end and resume, and — inside
 * billing's transaction when an order is paid, refunded or cancelled — granting and taking back
 * paid time (README "Subscriptions"; the period rule is periods.ts).
 */
import {
  toMajorUnits,
  type MySubscriptionsResponse,
  type QuoteResponse,
  type Subscription,
  type UserSubscription,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { OrderRow, UserRow } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../lib/http-error.js';
import {
  SUBSCRIPTION_FIGURES,
  figureSumsFrom,
  figureTotals,
  utcDay,
  type FigureTotals,
} from '../figures/service.js';
import { monthlyPriceOf, quote } from '../plans/service.js';
import { planChange, planPeriod, type CurrentTime } from './periods.js';
import {
  countExpiringInPart,
  countStartedInPart,
  deleteEmptyTestSubscriptions,
  deletePeriodsOfOrders,
  endPeriodsAt,
  findPeriodsOfOrders,
  findInForce,
  findOrderPeriod,
  findWithPeriods,
  insertPeriod,
  insertSubscription,
  lastPeriodPlanId,
  lockSubscriptionOf,
  revokePeriod,
  shiftPeriodsFrom,
  updateSubscription,
  type SubscriptionInForce,
} from './repository.js';
import { hasPaidTime, wireStatus } from './status.js';

/** The subscription summary embedded in a user (requirements §3), from a row in force. */
function summaryOf(found: SubscriptionInForce, now: Date): UserSubscription {
  return {
    plan_name: found.planName,
    status: wireStatus(found.subscription, now),
    expires_at: found.subscription.expiresAt.toISOString(),
  };
}

/**
 * The subscription summaries of `userIds` at `now`, by user id, in one query (users who never
 * paid are absent).
 */
export async function subscriptionSummaries(
  db: Executor,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, UserSubscription>> {
  const rows = await findInForce(db, userIds, now);
  return new Map(rows.map((r) => [r.subscription.userId, summaryOf(r, now)]));
}

/** The user's subscription with its periods, as the API shows it, or null when they never paid. */
export async function subscriptionView(
  ctx: AppContext,
  userId: string,
): Promise<Subscription | null> {
  const now = ctx.now();
  const found = await findWithPeriods(ctx.db, userId, now);
  if (!found) return null;
  const { inForce, periods } = found;
  const s = inForce.subscription;
  return {
    id: s.id,
    plan_id: inForce.planId,
    plan_name: inForce.planName,
    status: wireStatus(s, now),
    started_at: s.startedAt.toISOString(),
    expires_at: s.expiresAt.toISOString(),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    periods: periods.map(({ period, planName }) => ({
      order_id: period.orderId,
      plan_name: planName,
      starts_at: period.startsAt.toISOString(),
      ends_at: period.endsAt.toISOString(),
    })),
  };
}

/** `GET /subscriptions/my-subscriptions`: the current subscription and the list (at most one). */
export async function mySubscriptions(
  ctx: AppContext,
  user: UserRow,
): Promise<MySubscriptionsResponse> {
  const subscription = await subscriptionView(ctx, user.id);
  return { subscription, subscriptions: subscription ? [subscription] : [] };
}

/**
 * `DELETE /subscriptions/{id}/cancel` (`cancel` true) and `POST /subscriptions/{id}/resume`
 * (`cancel` false): set to end at period end — access continues until `expires_at` and
 * reminders stop — or undo that, any time before `expires_at`. Idempotent.
 * @throws 404 NOT_FOUND when not the caller's subscription; 409 SUBSCRIPTION_ENDED.
 */
export async function setCancelAtPeriodEnd(
  ctx: AppContext,
  user: UserRow,
  id: string,
  cancel: boolean,
): Promise<Subscription> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const subscription = await lockSubscriptionOf(tx, user.id);
    if (!subscription || subscription.id !== id) throw notFound('notFound');
    if (!hasPaidTime(subscription, now)) throw conflict('subscriptionEnded');
    await updateSubscription(tx, subscription.id, { cancelAtPeriodEnd: cancel, updatedAt: now });
  });
  return (await subscriptionView(ctx, user.id))!;
}

/**
 * `GET /subscriptions/quote`: what paying for `planId` over `durationMonths` would do if the
 * payment arrived now — the price due today (the order's price) and the period granted, by the
 * rule a paid order follows (`planPeriod`, README "Subscriptions"), from the plan in force.
 * Reads only.
 * @throws 404 PLAN_NOT_FOUND; 400 PLAN_NOT_PURCHASABLE (inactive or free plan).
 */
export async function quotePlanChange(
  ctx: AppContext,
  user: UserRow,
  planId: string,
  durationMonths: 1 | 12,
): Promise<QuoteResponse> {
  const { plan, amountMinor } = await quote(ctx.db, planId, durationMonths);
  const now = ctx.now();
  const [inForce] = await findInForce(ctx.db, [user.id], now);
  const currentPrice = inForce ? await monthlyPriceOf(ctx.db, inForce.planId) : 0;
  const current: CurrentTime | null = inForce
    ? {
        expiresAt: inForce.subscription.expiresAt,
        planId: inForce.planId,
        monthlyPriceMinor: currentPrice,
      }
    : null;
  const bought = { planId: plan.id, monthlyPriceMinor: plan.monthlyPriceMinor };
  const period = planPeriod(now, current, bought, durationMonths);
  const change = planChange(now, current, bought);
  const active = change !== 'NEW' && inForce;
  return {
    plan_id: plan.id,
    plan_name: plan.name,
    duration_months: durationMonths,
    amount: toMajorUnits(amountMinor, plan.currency),
    currency: plan.currency,
    change,
    starts_at: period.startsAt.toISOString(),
    ends_at: period.endsAt.toISOString(),
    current: active
      ? {
          plan_id: inForce.planId,
          plan_name: inForce.planName,
          expires_at: inForce.subscription.expiresAt.toISOString(),
          monthly_price: toMajorUnits(currentPrice, plan.currency),
          remaining_seconds: Math.floor(
            (inForce.subscription.expiresAt.getTime() - now.getTime()) / 1000,
          ),
        }
      : null,
    carried_over_seconds: Math.floor(period.carriedOverMs / 1000),
  };
}

/**
 * The subscription of `userId` with the plan in force at `now` (licenses follow it,
 * docs/licenses.md), or undefined when they never paid. One query.
 */
export async function subscriptionInForce(
  db: Executor,
  userId: string,
  now: Date,
): Promise<{ planId: string; planName: string; expiresAt: Date } | undefined> {
  const [found] = await findInForce(db, [userId], now);
  return (
    found && {
      planId: found.planId,
      planName: found.planName,
      expiresAt: found.subscription.expiresAt,
    }
  );
}

/** True when `userId` has paid time left at `now`. */
async function hasAccess(db: Executor, userId: string, now: Date): Promise<boolean> {
  const [found] = await findInForce(db, [userId], now);
  return hasPaidTime(found?.subscription, now);
}

/** @throws 403 SUBSCRIPTION_REQUIRED unless `userId` has paid time left at `now`. */
export async function assertAccess(db: Executor, userId: string, now: Date): Promise<void> {
  if (!(await hasAccess(db, userId, now))) throw forbidden('subscriptionRequired');
}

/**
 * Adds the period paid by `order` to the buyer's subscription (creating it if needed), inside
 * the caller's transaction, by the rule of `planPeriod`: renewal extends, an upgrade starts now
 * with the remaining time converted, a downgrade starts when the current period ends. Returns
 * when the new period ends. Called only by billing's fulfilment when an order becomes COMPLETED
 * (billing/transitions.ts), which also creates the buyer's license.
 *
 * Test mode (docs/billing.md "Test mode"): a subscription created by a test order
 * (`order.livemode` false) is a test subscription, counted in no business figure. The first live
 * order of a buyer whose subscription only test orders granted starts it afresh, as if there
 * were none: the test periods end now (their time is not carried over, it was never paid for)
 * and the subscription becomes live from now. A test order granted to a live subscription adds
 * its time as any order would (clearing test data takes it back).
 */
export async function grantOrderPeriod(tx: Executor, order: OrderRow, now: Date): Promise<Date> {
  const locked = await lockSubscriptionOf(tx, order.userId);
  // A live payment does not build on time only test orders granted.
  const replacesTest = locked !== undefined && order.livemode && !locked.livemode;
  if (locked && replacesTest) await endPeriodsAt(tx, locked.id, now);
  const current = replacesTest ? undefined : locked;
  const [inForce] = current ? await findInForce(tx, [order.userId], now) : [];
  const period = planPeriod(
    now,
    current && inForce
      ? {
          expiresAt: current.expiresAt,
          planId: inForce.planId,
          monthlyPriceMinor: await monthlyPriceOf(tx, inForce.planId),
        }
      : null,
    { planId: order.planId, monthlyPriceMinor: await monthlyPriceOf(tx, order.planId) },
    order.durationMonths,
  );
  let subscriptionId: string;
  if (current) {
    // On an upgrade the old plan's remaining time was converted into the new period.
    if (period.upgrade) await endPeriodsAt(tx, current.id, now);
    await updateSubscription(tx, current.id, {
      planId: order.planId,
      expiresAt: period.endsAt,
      startedAt: hasPaidTime(current, now) ? current.startedAt : period.startsAt,
      cancelAtPeriodEnd: false,
      updatedAt: now,
    });
    subscriptionId = current.id;
  } else if (locked) {
    // The test subscription becomes live, starting now (see above).
    await updateSubscription(tx, locked.id, {
      planId: order.planId,
      startedAt: period.startsAt,
      expiresAt: period.endsAt,
      cancelAtPeriodEnd: false,
      livemode: true,
      createdAt: now,
      updatedAt: now,
    });
    subscriptionId = locked.id;
  } else {
    const created = await insertSubscription(tx, {
      userId: order.userId,
      planId: order.planId,
      startedAt: period.startsAt,
      expiresAt: period.endsAt,
      livemode: order.livemode,
    });
    subscriptionId = created.id;
  }
  await insertPeriod(tx, {
    subscriptionId,
    orderId: order.id,
    planId: order.planId,
    startsAt: period.startsAt,
    endsAt: period.endsAt,
  });
  return period.endsAt;
}

/**
 * Takes back the time `order` granted (its refund or cancellation), inside the caller's
 * transaction. The order's period is marked revoked; its unused part (`endsAt − max(startsAt,
 * now)`, never negative) is removed: later periods move earlier by that much and the
 * subscription's expiry too. Time already used is not taken back. Returns the milliseconds
 * removed (0 when the order granted nothing or was already taken back).
 *
 * Example: paid Jan 1 → Feb 1 and Feb 1 → Mar 1; refunding the first on Jan 11 removes 21 days,
 * so the second period becomes Jan 11 → Feb 8 and access ends Feb 8.
 */
export async function revokeOrderPeriod(tx: Executor, order: OrderRow, now: Date): Promise<number> {
  const subscription = await lockSubscriptionOf(tx, order.userId);
  if (!subscription) return 0;
  const period = await findOrderPeriod(tx, order.id);
  if (!period) return 0;
  const from = period.startsAt > now ? period.startsAt : now;
  const removedMs = Math.max(0, period.endsAt.getTime() - from.getTime());
  await revokePeriod(tx, period.id, now);
  if (removedMs > 0) await shiftPeriodsFrom(tx, subscription.id, period.endsAt, removedMs);
  await updateSubscription(tx, subscription.id, {
    expiresAt: new Date(subscription.expiresAt.getTime() - removedMs),
    planId: (await lastPeriodPlanId(tx, subscription.id)) ?? subscription.planId,
    updatedAt: now,
  });
  return removedMs;
}

/**
 * What clearing test data does to the time test orders granted (docs/billing.md "Clearing test
 * data"), inside the caller's transaction, for the test orders `testOrders` (locked by the
 * caller): a test subscription (only test orders granted it) is deleted with its periods and
 * reminder claims; from a live subscription, each test order's unused time is taken back as a
 * refund would take it ({@link revokeOrderPeriod}: later periods move earlier, so the buyer
 * keeps every paid day) and its period is deleted. Returns how many subscriptions were deleted
 * and how many live ones were shortened. Nothing else of a live subscription changes.
 */
export async function removeTestGrants(
  tx: Executor,
  testOrders: readonly OrderRow[],
  now: Date,
): Promise<{ deleted: number; shortened: number }> {
  const ids = testOrders.map((o) => o.id);
  const periods = await findPeriodsOfOrders(tx, ids);
  const byId = new Map(testOrders.map((o) => [o.id, o]));
  const shortened = new Set<string>();
  // Latest first, so each take-back moves only what came after it.
  // A test period already over (one a live payment ended: grantOrderPeriod) is only deleted.
  const inLive = periods
    .filter((p) => p.subscriptionLive && p.period.revokedAt === null && p.period.endsAt > now)
    .sort((a, b) => b.period.startsAt.getTime() - a.period.startsAt.getTime());
  for (const { period } of inLive) {
    if ((await revokeOrderPeriod(tx, byId.get(period.orderId)!, now)) > 0)
      shortened.add(period.subscriptionId);
  }
  await deletePeriodsOfOrders(tx, ids);
  return { deleted: await deleteEmptyTestSubscriptions(tx), shortened: shortened.size };
}

const DAY_MS = 86_400_000;

/**
 * Where a count of "a timestamp column at or after `t`" (after `t` when `strict`) splits: the
 * whole UTC days from `fromDay` on are read from the figures, the part of `t`'s own day before
 * `boundary` from an index (`partial`); none when `t` is a UTC midnight and not strict.
 */
function splitAtDay(
  t: Date,
  strict: boolean,
): { fromDay: string; boundary: Date; partial: boolean } {
  const midnight = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
  if (!strict && midnight === t.getTime())
    return { fromDay: utcDay(t), boundary: t, partial: false };
  const boundary = new Date(midnight + DAY_MS);
  return { fromDay: utcDay(boundary), boundary, partial: true };
}

/** Subscriptions whose `expires_at` is after an instant: all, set to end, per plan. */
interface ExpiringAfter {
  total: number;
  setToEnd: number;
  byPlan: Map<string, number>;
}

/**
 * Subscriptions whose access lasts past `t` (`expires_at` > `t`, or ≥ `t` when not `strict`),
 * exactly: the `subscriptions_expiring` figures of the UTC days after `t`'s day (kept in the
 * transaction of every subscription write) plus the rest of `t`'s day from
 * `subscriptions_expires_idx` — a few thousand figure rows and at most one day of index entries,
 * however many subscriptions there are (docs/architecture.md "Speed at scale"). `byPlan` counts
 * the plans of `planIds` (pass every plan for complete counts).
 */
async function expiringAfter(
  db: Executor,
  t: Date,
  strict: boolean,
  planIds: readonly string[] = [],
): Promise<ExpiringAfter> {
  const { fromDay, boundary, partial } = splitAtDay(t, strict);
  const names = [
    SUBSCRIPTION_FIGURES.expiring,
    SUBSCRIPTION_FIGURES.expiringSetToEnd,
    ...planIds.map(SUBSCRIPTION_FIGURES.expiringOnPlan),
  ];
  const [sums, part] = await Promise.all([
    figureSumsFrom(db, names, fromDay),
    partial ? countExpiringInPart(db, t, strict, boundary) : [],
  ]);
  const byPlan = new Map(
    planIds.map((id) => [id, sums.get(SUBSCRIPTION_FIGURES.expiringOnPlan(id)) ?? 0]),
  );
  let total = sums.get(SUBSCRIPTION_FIGURES.expiring) ?? 0;
  let setToEnd = sums.get(SUBSCRIPTION_FIGURES.expiringSetToEnd) ?? 0;
  for (const p of part) {
    total += p.n;
    setToEnd += p.setToEnd;
    if (byPlan.has(p.planId)) byPlan.set(p.planId, byPlan.get(p.planId)! + p.n);
  }
  return { total, setToEnd, byPlan };
}

/**
 * Subscriptions whose current `started_at` is at or after `t`, exactly: the
 * `subscriptions_started` figures of the whole UTC days from `t` on plus, when `t` is not a
 * midnight, the rest of its day from `subscriptions_started_idx`.
 */
async function startedFrom(db: Executor, t: Date): Promise<number> {
  const { fromDay, boundary, partial } = splitAtDay(t, false);
  const [sums, part] = await Promise.all([
    figureSumsFrom(db, [SUBSCRIPTION_FIGURES.started], fromDay),
    partial ? countStartedInPart(db, t, boundary) : 0,
  ]);
  return (sums.get(SUBSCRIPTION_FIGURES.started) ?? 0) + part;
}

/**
 * Number of subscriptions ever (the `subscriptions` figure) and of those with access at `now`
 * (`expires_at` > `now`), for `GET /admin/stats` (requirements §3, "subscriptions (active,
 * total)"). Exact; never a scan (docs/architecture.md "Speed at scale"). `totals` are the figure
 * totals when the caller has read them already (one read per request).
 */
export async function subscriptionCounts(
  db: Executor,
  now: Date,
  totals: Promise<FigureTotals> = figureTotals(db),
): Promise<{ total: number; active: number }> {
  const [{ subscriptions }, active] = await Promise.all([totals, expiringAfter(db, now, true)]);
  return { total: subscriptions, active: active.total };
}

/**
 * Subscriptions with access at `now` (`expires_at` > `now`) per plan of the subscription, for
 * every plan of `planIds` (absent plans are not counted; pass every plan). Admin plans'
 * subscriber counts (requirements §3) and the health dashboard. Exact.
 */
export async function activeSubscribers(
  db: Executor,
  now: Date,
  planIds: readonly string[],
): Promise<Map<string, number>> {
  return (await expiringAfter(db, now, true, planIds)).byPlan;
}

/**
 * New and lapsed subscriptions over [`from`, `to`) (the health dashboard): `started` counts
 * subscriptions whose current `started_at` lies in the range, `lapsed` those whose `expires_at`
 * lies in [`from`, min(`to`, `now`)). Exact; whole UTC days come from the figures.
 */
export async function subscriberMovementIn(
  db: Executor,
  from: Date,
  to: Date,
  now: Date,
): Promise<{ started: number; lapsed: number }> {
  const lapsedUntil = to < now ? to : now;
  const [startedSince, startedAfter, lapsedSince, lapsedAfter] = await Promise.all([
    to > from ? startedFrom(db, from) : 0,
    to > from ? startedFrom(db, to) : 0,
    lapsedUntil > from ? expiringAfter(db, from, false).then((e) => e.total) : 0,
    lapsedUntil > from ? expiringAfter(db, lapsedUntil, false).then((e) => e.total) : 0,
  ]);
  return { started: startedSince - startedAfter, lapsed: lapsedSince - lapsedAfter };
}

/**
 * For each of `days`: subscriptions whose paid time ends in (`now`, `now` + days × 24 h], and
 * how many of them are set to end (cancelled at period end). The health dashboard's "due"
 * windows. Exact; whole UTC days come from the figures.
 */
export async function endingWithin(
  db: Executor,
  now: Date,
  days: readonly number[],
): Promise<{ days: number; ending: number; setToEnd: number }[]> {
  const [base, ...ends] = await Promise.all([
    expiringAfter(db, now, true),
    ...days.map((d) => expiringAfter(db, new Date(now.getTime() + d * DAY_MS), true)),
  ]);
  return days.map((d, i) => ({
    days: d,
    ending: base!.total - ends[i]!.total,
    setToEnd: base!.setToEnd - ends[i]!.setToEnd,
  }));
}
