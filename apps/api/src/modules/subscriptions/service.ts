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
import { figureTotals, recordSubscriptionCreated } from '../figures/service.js';
import { monthlyPriceOf, quote } from '../plans/service.js';
import { planChange, planPeriod, type CurrentTime } from './periods.js';
import {
  activeSubscribersPerPlan,
  countActiveSubscriptions,
  countEndingBetween,
  endPeriodsAt,
  findInForce,
  findOrderPeriod,
  insertPeriod,
  insertSubscription,
  lastPeriodPlanId,
  listPeriods,
  lockSubscriptionOf,
  revokePeriod,
  shiftPeriodsFrom,
  subscriberMovement,
  updateSubscription,
  type SubscriptionInForce,
} from './repository.js';
import { isActive, wireStatus } from './status.js';

/** The subscription summary embedded in a user (spec section 3), from a row in force. */
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
  const [found] = await findInForce(ctx.db, [userId], now);
  if (!found) return null;
  const s = found.subscription;
  const periods = await listPeriods(ctx.db, s.id);
  return {
    id: s.id,
    plan_id: found.planId,
    plan_name: found.planName,
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
    if (!isActive(subscription, now)) throw conflict('subscriptionEnded');
    await updateSubscription(tx, id, { cancelAtPeriodEnd: cancel, updatedAt: now });
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

/** True when `userId` has paid time left at `now`. */
async function hasAccess(db: Executor, userId: string, now: Date): Promise<boolean> {
  const [found] = await findInForce(db, [userId], now);
  return isActive(found?.subscription, now);
}

/** @throws 403 SUBSCRIPTION_REQUIRED unless `userId` has paid time left at `now`. */
export async function assertAccess(db: Executor, userId: string, now: Date): Promise<void> {
  if (!(await hasAccess(db, userId, now))) throw forbidden('subscriptionRequired');
}

/**
 * Adds the period paid by `order` to the buyer's subscription (creating it if needed), inside
 * the caller's transaction, by the rule of `planPeriod`: renewal extends, an upgrade starts now
 * with the remaining time converted, a downgrade starts when the current period ends. Returns
 * when the new period ends. Called only by billing when an order becomes COMPLETED.
 */
export async function grantOrderPeriod(tx: Executor, order: OrderRow, now: Date): Promise<Date> {
  const current = await lockSubscriptionOf(tx, order.userId);
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
      startedAt: isActive(current, now) ? current.startedAt : period.startsAt,
      cancelAtPeriodEnd: false,
      updatedAt: now,
    });
    subscriptionId = current.id;
  } else {
    const created = await insertSubscription(tx, {
      userId: order.userId,
      planId: order.planId,
      startedAt: period.startsAt,
      expiresAt: period.endsAt,
    });
    await recordSubscriptionCreated(tx, created.createdAt);
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

/** Number of subscriptions ever, and of those with access at `now` (the dashboard). */
export async function subscriptionCounts(
  db: Executor,
  now: Date,
): Promise<{ total: number; active: number }> {
  const [{ subscriptions }, active] = await Promise.all([
    figureTotals(db),
    countActiveSubscriptions(db, now),
  ]);
  return { total: subscriptions, active };
}

/** Subscriptions with access at `now`, by plan id (admin plans' subscriber counts). */
export function activeSubscribers(db: Executor, now: Date): Promise<Map<string, number>> {
  return activeSubscribersPerPlan(db, now);
}

/** New and lapsed subscriptions in [`from`, `to`) (the health dashboard). */
export function subscriberMovementIn(
  db: Executor,
  from: Date,
  to: Date,
  now: Date,
): Promise<{ started: number; lapsed: number }> {
  return subscriberMovement(db, from, to, now);
}

/** Subscriptions ending within `days` days of `now`, and how many are set to end. */
export function endingWithin(
  db: Executor,
  now: Date,
  days: number,
): Promise<{ ending: number; setToEnd: number }> {
  return countEndingBetween(db, now, new Date(now.getTime() + days * 86_400_000));
}
