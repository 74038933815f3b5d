/**
 * Business figures for the admin dashboard, one row per figure and UTC day, so reading them never
 * scans users or orders (docs/architecture.md "Speed at scale"). The database keeps them: after
 * every statement that writes users, orders or subscriptions, a trigger adds what the new rows
 * contribute and takes off what the old rows did, in the same transaction (migration
 * `0018_figures_by_trigger`, where the per-row functions say exactly what each row contributes).
 * So they equal what the rows say whoever wrote the rows: a service, the admin CLI, a bulk load or
 * SQL typed by hand. Nothing here adds to them.
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
 * Test orders and test subscriptions (`livemode` false; docs/billing.md "Test mode") count in
 * none of these: each counts under the same name prefixed with `test:` ({@link TEST_PREFIX}),
 * e.g. `test:revenue_minor:USD`, which only the admin's test-data summary reads. So revenue,
 * orders, subscriptions, the dashboards and `/metrics` are live business only, and the figures
 * still equal a recount of the rows.
 *
 * A completed order that is refunded or cancelled later is taken off the day it was completed
 * on. The `subscriptions_*` figures describe each subscription row as it is now: a write of its
 * `started_at`, `expires_at`, plan or `cancel_at_period_end` moves it from its old days to its
 * new ones. "Active at t" is then the `subscriptions_expiring` days after t's day plus the rest of
 * t's own day read from `subscriptions_expires_idx` (modules/subscriptions/service.ts), whatever
 * the number of rows.
 *
 * `npm run figures -- check` compares them with a recount of the rows, `-- rebuild` corrects them
 * from it (cli/figures.ts; docs/operations.md "Business figures").
 */
import type { Executor } from '../../db/client.js';
import type { FigureDifference } from '../../db/figure-difference.js';
import {
  correctFiguresFromRows,
  figurePerDay,
  findFigureDifferences,
  sumFigures,
  sumFiguresByPrefix,
  sumFiguresFrom,
} from './repository.js';

/** The UTC day (`YYYY-MM-DD`) of `at`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

const revenueName = (currency: string, planId?: string) =>
  planId ? `revenue_minor:${currency}:${planId}` : `revenue_minor:${currency}`;

/**
 * Figure names of the subscription rows (the table above), as `flockr_figures_of_subscription`
 * writes them (migration 0018).
 */
export const SUBSCRIPTION_FIGURES = {
  started: 'subscriptions_started',
  expiring: 'subscriptions_expiring',
  expiringSetToEnd: 'subscriptions_expiring_set_to_end',
  expiringOnPlan: (planId: string) => `subscriptions_expiring:${planId}`,
} as const;

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

/** How the name of a test order's or test subscription's figure begins (migration 0022). */
export const TEST_PREFIX = 'test:';

/**
 * Totals over all time: accounts, live orders placed and completed, live subscriptions ever
 * created; and under `test` the test orders placed and completed and the test subscriptions
 * (kept apart: docs/billing.md "Test mode").
 */
export interface FigureTotals {
  signups: number;
  ordersPlaced: number;
  ordersCompleted: number;
  subscriptions: number;
  test: { ordersPlaced: number; ordersCompleted: number; subscriptions: number };
}

const TOTAL_NAMES = ['orders_placed', 'orders_completed', 'subscriptions'] as const;

/**
 * The {@link FigureTotals}, summed over every UTC day of their figures (one query; exact, as the
 * figures equal the rows).
 */
export async function figureTotals(db: Executor): Promise<FigureTotals> {
  const sums = await sumFigures(db, [
    'signups',
    ...TOTAL_NAMES,
    ...TOTAL_NAMES.map((n) => `${TEST_PREFIX}${n}`),
  ]);
  const of = (name: string) => sums.get(name) ?? 0;
  return {
    signups: of('signups'),
    ordersPlaced: of('orders_placed'),
    ordersCompleted: of('orders_completed'),
    subscriptions: of('subscriptions'),
    test: {
      ordersPlaced: of(`${TEST_PREFIX}orders_placed`),
      ordersCompleted: of(`${TEST_PREFIX}orders_completed`),
      subscriptions: of(`${TEST_PREFIX}subscriptions`),
    },
  };
}

/**
 * Amounts of completed orders over all time, in minor units, per currency and plan: live
 * revenue, or with `test` the amounts of completed test orders (never revenue).
 */
export async function revenueTotals(
  db: Executor,
  test = false,
): Promise<{ currency: string; planId: string | null; totalMinor: number }[]> {
  const prefix = `${test ? TEST_PREFIX : ''}revenue_minor:`;
  const sums = await sumFiguresByPrefix(db, prefix);
  return [...sums].map(([name, totalMinor]) => {
    const [currency = '', planId] = name.slice(prefix.length).split(':');
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

export type { FigureDifference };

/**
 * The kept figures that differ from a recount of the rows (a full scan of users, orders and
 * subscriptions; one snapshot; reads only). Empty when every figure is right, as the triggers
 * keep them.
 */
export function figureDifferences(db: Executor): Promise<FigureDifference[]> {
  return findFigureDifferences(db);
}

/**
 * Makes every figure equal a recount of the rows and returns what it corrected (`kept` before,
 * `counted` by the recount), without holding writers back (`correctFiguresFromRows`). For a
 * database whose triggers were off while rows went in (the bulk seeder loads with
 * `session_replication_role = replica`) or after a `TRUNCATE`, which no trigger follows.
 */
export function rebuildFigures(db: Executor): Promise<FigureDifference[]> {
  return db.transaction((tx) => correctFiguresFromRows(tx));
}
