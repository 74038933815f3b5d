/**
 * Admin statistics (spec §3): users (total, active), orders (total, completed), subscriptions
 * (active now, total), revenue (completed orders, i.e. completed minus refunded, per currency),
 * recent users and orders, and the daily series for the dashboard charts (UTC days).
 */
import { count, desc, eq, gt, gte, sql, and } from 'drizzle-orm';
import { DASHBOARD_RECENT_COUNT, toMajorUnits } from '@flockr/contract';
import type { DailyStatsResponse, Stats } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { orders, subscriptions, users } from '../../db/schema.js';
import { toUserDto } from '../users/service.js';
import { listAdminOrders, revenueByCurrency } from './orders.js';

/** The currency shown as "the" revenue total: the seeded plans' currency. */
export const MAIN_CURRENCY = 'USD';

/** `GET /admin/stats`. */
export async function stats(ctx: AppContext): Promise<Stats> {
  const now = ctx.now();
  const db = ctx.db;
  const [[u], [ua], [o], [oc], [s], [sa], revenue, recentUsers, recentOrders] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(eq(users.status, 'ACTIVE')),
    db.select({ n: count() }).from(orders),
    db.select({ n: count() }).from(orders).where(eq(orders.status, 'COMPLETED')),
    db.select({ n: count() }).from(subscriptions),
    db.select({ n: count() }).from(subscriptions).where(gt(subscriptions.expiresAt, now)),
    revenueByCurrency(db),
    db.select().from(users).orderBy(desc(users.createdAt)).limit(DASHBOARD_RECENT_COUNT),
    listAdminOrders(ctx, { page: 1, limit: DASHBOARD_RECENT_COUNT }),
  ]);
  const byCurrency = revenue.map((r) => ({
    currency: r.currency,
    total: toMajorUnits(r.totalMinor, r.currency),
  }));
  return {
    users: { total: u?.n ?? 0, active: ua?.n ?? 0 },
    orders: { total: o?.n ?? 0, completed: oc?.n ?? 0 },
    subscriptions: { active: sa?.n ?? 0, total: s?.n ?? 0 },
    revenue: {
      total: byCurrency.find((r) => r.currency === MAIN_CURRENCY)?.total ?? 0,
      currency: MAIN_CURRENCY,
      by_currency: byCurrency,
    },
    recent_users: await Promise.all(recentUsers.map((r) => toUserDto(db, r, now))),
    recent_orders: recentOrders.orders,
    generated_at: now.toISOString(),
  };
}

/** `GET /admin/stats/daily`: revenue (by completion day) and sign-ups for the last 30 UTC days. */
export async function dailyStats(ctx: AppContext, days = 30): Promise<DailyStatsResponse> {
  const now = ctx.now();
  const start = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)),
  );
  const day = (column: typeof orders.completedAt | typeof users.createdAt) =>
    sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [revenueRows, signupRows] = await Promise.all([
    ctx.db
      .select({
        day: day(orders.completedAt),
        minor: sql<number>`sum(${orders.amountMinor})::bigint`.mapWith(Number),
      })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'COMPLETED'),
          eq(orders.currency, MAIN_CURRENCY),
          gte(orders.completedAt, start),
        ),
      )
      .groupBy(sql`1`),
    ctx.db
      .select({ day: day(users.createdAt), n: count() })
      .from(users)
      .where(gte(users.createdAt, start))
      .groupBy(sql`1`),
  ]);
  const revenue = new Map(revenueRows.map((r) => [r.day, r.minor]));
  const signups = new Map(signupRows.map((r) => [r.day, r.n]));
  return {
    currency: MAIN_CURRENCY,
    days: Array.from({ length: days }, (_, i) => {
      const date = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      return {
        date,
        revenue: toMajorUnits(revenue.get(date) ?? 0, MAIN_CURRENCY),
        signups: signups.get(date) ?? 0,
      };
    }),
  };
}
