/**
 * Business figures for the admin dashboard, kept in the same transaction as the change they count
 * (docs/architecture.md "Speed at scale"), so reading them never scans users or orders:
 *
 * | name                               | counts, per UTC day of …                        |
 * |------------------------------------|--------------------------------------------------|
 * | `signups`                          | accounts created (admins included)               |
 * | `orders_placed`                    | orders placed                                    |
 * | `orders_paid`                      | orders ever paid, by the day they were placed    |
 * | `orders_completed`                 | orders now COMPLETED, by completion day          |
 * | `revenue_minor:<CUR>`              | their amounts in minor units of `CUR`            |
 * | `revenue_minor:<CUR>:<planId>`     | the same for one plan                            |
 * | `subscriptions`                    | subscriptions created (one per buyer, ever)      |
 * | `subscriptions_started`            | subscriptions whose `started_at` is that day     |
 * | `subscriptions_expiring`           | subscriptions whose `expires_at` is that day     |
 * | `subscriptions_expiring:<planId>`  | the same for the subscription's plan             |
 * | `subscriptions_expiring_set_to_end`| the same, set to end (`cancel_at_period_end`)    |
 *
 * A completed order that is refunded or cancelled later is taken off the day it was completed
 * on, so every figure always equals what the rows say (`computeFiguresFromRows`; checked by
 * figures.test.ts).
 *
 * The `subscriptions_*` figures describe each subscription row as it is now: every write of a
 * subscription's `started_at`, `expires_at`, plan or `cancel_at_period_end` takes the row's old
 * day off and adds its new one (`recordSubscriptionChange`). "Active at t" is then the
 * `subscriptions_expiring` days after t's day plus the rest of t's own day read from
 * `subscriptions_expires_idx` (modules/subscriptions/service.ts), whatever the number of rows.
 */
import type { Executor } from '../../db/client.js';
import type { OrderRow, SubscriptionRow } from '../../db/schema.js';
import {
  addToFigures,
  computeFiguresFromRows,
  figurePerDay,
  replaceFigures,
  sumFigures,
  sumFiguresByPrefix,
  sumFiguresFrom,
  type FigureDelta,
} from './repository.js';

/** The UTC day (`YYYY-MM-DD`) of `at`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

const revenueName = (currency: string, planId?: string) =>
  planId ? `revenue_minor:${currency}:${planId}` : `revenue_minor:${currency}`;

/** Counts a new account created at `at`; call inside the transaction that inserts it. */
export function recordSignup(tx: Executor, at: Date): Promise<void> {
  return addToFigures(tx, [{ name: 'signups', day: utcDay(at), delta: 1 }]);
}

/** Counts a new subscription created at `at`; call inside the transaction that inserts it. */
export function recordSubscriptionCreated(tx: Executor, at: Date): Promise<void> {
  return addToFigures(tx, [{ name: 'subscriptions', day: utcDay(at), delta: 1 }]);
}

/** Figure names of the subscription rows (the table above). */
export const SUBSCRIPTION_FIGURES = {
  started: 'subscriptions_started',
  expiring: 'subscriptions_expiring',
  expiringSetToEnd: 'subscriptions_expiring_set_to_end',
  expiringOnPlan: (planId: string) => `subscriptions_expiring:${planId}`,
} as const;

/** What one subscription row adds to the `subscriptions_*` figures (`sign` 1 or -1). */
function subscriptionFigures(row: SubscriptionRow, sign: 1 | -1): FigureDelta[] {
  const ends = utcDay(row.expiresAt);
  const deltas: FigureDelta[] = [
    { name: SUBSCRIPTION_FIGURES.started, day: utcDay(row.startedAt), delta: sign },
    { name: SUBSCRIPTION_FIGURES.expiring, day: ends, delta: sign },
    { name: SUBSCRIPTION_FIGURES.expiringOnPlan(row.planId), day: ends, delta: sign },
  ];
  if (row.cancelAtPeriodEnd) {
    deltas.push({ name: SUBSCRIPTION_FIGURES.expiringSetToEnd, day: ends, delta: sign });
  }
  return deltas;
}

/**
 * Moves the `subscriptions_*` figures for one write of a subscription row: `before` is the row as
 * read under its lock (`SELECT … FOR UPDATE`), undefined when the write inserted it; `after` is
 * the row as written (`RETURNING`). Call inside the transaction of the write, for every write of
 * `started_at`, `expires_at`, `plan_id` or `cancel_at_period_end` (docs/architecture.md "Speed
 * at scale"); a write that changes none of them adds nothing. Days are UTC.
 */
export function recordSubscriptionChange(
  tx: Executor,
  before: SubscriptionRow | undefined,
  after: SubscriptionRow,
): Promise<void> {
  const net = new Map<string, FigureDelta>();
  for (const d of [
    ...(before ? subscriptionFigures(before, -1) : []),
    ...subscriptionFigures(after, 1),
  ]) {
    const key = `${d.name} ${d.day}`;
    const found = net.get(key);
    if (found) found.delta += d.delta;
    else net.set(key, { ...d });
  }
  return addToFigures(tx, [...net.values()]);
}

/**
 * The sum of each figure in `names` over the UTC days from `fromDay` (`YYYY-MM-DD`, inclusive)
 * on, by name (absent ones are 0). One index range per name on the figures' primary key.
 */
export async function figureSumsFrom(
  db: Executor,
  names: readonly string[],
  fromDay: string,
): Promise<Map<string, number>> {
  return sumFiguresFrom(db, names, fromDay);
}

/** Counts an order just placed; call inside the transaction that inserts it. */
export function recordOrderPlaced(tx: Executor, order: OrderRow): Promise<void> {
  return addToFigures(tx, [{ name: 'orders_placed', day: utcDay(order.createdAt), delta: 1 }]);
}

/**
 * Moves the figures for an order whose status went from `before` to `after` (rows as read under
 * the order's lock and as written); call inside the transaction of the change. Only entering or
 * leaving COMPLETED changes a figure.
 */
export async function recordOrderChange(
  tx: Executor,
  before: OrderRow,
  after: OrderRow,
): Promise<void> {
  if (!before.completedAt && after.completedAt) {
    // Paid for the first time: counted on the day the order was placed (the payment funnel).
    await addToFigures(tx, [{ name: 'orders_paid', day: utcDay(after.createdAt), delta: 1 }]);
  }
  const was = before.status === 'COMPLETED';
  const is = after.status === 'COMPLETED';
  if (was === is) return;
  const row = is ? after : before;
  const sign = is ? 1 : -1;
  const day = utcDay(row.completedAt ?? row.updatedAt);
  await addToFigures(tx, [
    { name: 'orders_completed', day, delta: sign },
    { name: revenueName(row.currency), day, delta: sign * row.amountMinor },
    { name: revenueName(row.currency, row.planId), day, delta: sign * row.amountMinor },
  ]);
}

/** Totals over all time: accounts, orders placed and completed, subscriptions ever created. */
export interface FigureTotals {
  signups: number;
  ordersPlaced: number;
  ordersCompleted: number;
  subscriptions: number;
}

/**
 * The {@link FigureTotals}, summed over every UTC day of their figures (one query; exact, as the
 * figures equal the rows).
 */
export async function figureTotals(db: Executor): Promise<FigureTotals> {
  const sums = await sumFigures(db, [
    'signups',
    'orders_placed',
    'orders_completed',
    'subscriptions',
  ]);
  return {
    signups: sums.get('signups') ?? 0,
    ordersPlaced: sums.get('orders_placed') ?? 0,
    ordersCompleted: sums.get('orders_completed') ?? 0,
    subscriptions: sums.get('subscriptions') ?? 0,
  };
}

/** Revenue of completed orders over all time, in minor units, per currency and plan. */
export async function revenueTotals(
  db: Executor,
): Promise<{ currency: string; planId: string | null; totalMinor: number }[]> {
  const sums = await sumFiguresByPrefix(db, 'revenue_minor:');
  return [...sums].map(([name, totalMinor]) => {
    const [, currency = '', planId] = name.split(':');
    return { currency, planId: planId ?? null, totalMinor };
  });
}

/** Revenue in `currency` (minor units) per UTC completion day since `from`, keyed by day. */
export function revenueSince(db: Executor, currency: string, from: Date) {
  return figurePerDay(db, revenueName(currency), utcDay(from));
}

/**
 * Revenue in `currency` (minor units) and completed orders (every currency) per UTC month
 * (`YYYY-MM`) of the days in [`from`, `to`).
 */
export async function revenueByMonth(
  db: Executor,
  currency: string,
  from: Date,
  to: Date,
): Promise<{ month: string; minor: number; orders: number }[]> {
  const [minor, completed] = await Promise.all([
    figurePerDay(db, revenueName(currency), utcDay(from), utcDay(to)),
    figurePerDay(db, 'orders_completed', utcDay(from), utcDay(to)),
  ]);
  const months = new Map<string, { month: string; minor: number; orders: number }>();
  const month = (day: string) => {
    const key = day.slice(0, 7);
    const found = months.get(key) ?? { month: key, minor: 0, orders: 0 };
    months.set(key, found);
    return found;
  };
  for (const [day, value] of minor) month(day).minor += value;
  for (const [day, value] of completed) month(day).orders += value;
  return [...months.values()];
}

/** Orders placed in the UTC days of [`from`, `to`) and how many of them were ever paid. */
export async function placedAndPaid(
  db: Executor,
  from: Date,
  to: Date,
): Promise<{ placed: number; paid: number }> {
  const [placed, paid] = await Promise.all([
    figurePerDay(db, 'orders_placed', utcDay(from), utcDay(to)),
    figurePerDay(db, 'orders_paid', utcDay(from), utcDay(to)),
  ]);
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return { placed: sum(placed), paid: sum(paid) };
}

/** Accounts created per UTC day since `from`, keyed by day. */
export function signupsPerDaySince(db: Executor, from: Date) {
  return figurePerDay(db, 'signups', utcDay(from));
}

/**
 * Recomputes every figure from the rows (a full scan; one transaction). For the bulk seeder and
 * for repairs after rows were changed outside the services.
 */
export async function rebuildFigures(db: Executor): Promise<void> {
  await db.transaction(async (tx) => replaceFigures(tx, await computeFiguresFromRows(tx)));
}

/** The figures the rows call for (a full scan), for checking the kept ones (tests, repairs). */
export function expectedFigures(db: Executor) {
  return computeFiguresFromRows(db);
}
