/**
 * What the admin panel shows that spans features: the dashboard figures (spec section 3), the
 * daily series for its charts, plans with their subscribers and revenue, and one user's whole
 * picture. Each is composed from the features' own services; nothing here touches a table.
 */
import {
  DASHBOARD_RECENT_COUNT,
  toMajorUnits,
  type AdminPlan,
  type AdminUserDetail,
  type DailyStatsResponse,
  type Stats,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { listUsers, userById } from '../accounts/admin.js';
import { accountCounts, signupsSince } from '../accounts/profile.js';
import {
  dailyRevenue,
  listAdminOrders,
  orderCounts,
  revenueByCurrency,
  revenuePerPlan,
} from '../billing/admin.js';
import { allPlans, toPlanDto } from '../plans/service.js';
import { downloadHistory } from '../releases/service.js';
import {
  activeSubscribers,
  subscriptionCounts,
  subscriptionView,
} from '../subscriptions/service.js';

/** The currency shown as "the" revenue total: the seeded plans' currency. */
const MAIN_CURRENCY = 'USD';

/** `GET /admin/stats`: users, orders, subscriptions, revenue, the newest users and orders. */
export async function stats(ctx: AppContext): Promise<Stats> {
  const now = ctx.now();
  const [users, orders, subscriptions, revenue, recentUsers, recentOrders] = await Promise.all([
    accountCounts(ctx.db),
    orderCounts(ctx.db),
    subscriptionCounts(ctx.db, now),
    revenueByCurrency(ctx.db),
    listUsers(ctx, { page: 1, limit: DASHBOARD_RECENT_COUNT }),
    listAdminOrders(ctx, { page: 1, limit: DASHBOARD_RECENT_COUNT }),
  ]);
  return {
    users,
    orders,
    subscriptions,
    revenue: {
      total: revenue.find((r) => r.currency === MAIN_CURRENCY)?.total ?? 0,
      currency: MAIN_CURRENCY,
      by_currency: revenue,
    },
    recent_users: recentUsers.users,
    recent_orders: recentOrders.orders,
    generated_at: now.toISOString(),
  };
}

/** `GET /admin/stats/daily`: revenue (by completion day) and sign-ups for the last `days` UTC days. */
export async function dailyStats(ctx: AppContext, days = 30): Promise<DailyStatsResponse> {
  const now = ctx.now();
  const start = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)),
  );
  const [revenue, signups] = await Promise.all([
    dailyRevenue(ctx.db, MAIN_CURRENCY, start),
    signupsSince(ctx.db, start),
  ]);
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

/** `GET /admin/plans`: every plan with its active subscribers now and its revenue (decimal). */
export async function adminPlans(ctx: AppContext): Promise<AdminPlan[]> {
  const plans = await allPlans(ctx.db);
  const currency = new Map(plans.map((p) => [p.id, p.currency]));
  const [subscribers, revenue] = await Promise.all([
    activeSubscribers(ctx.db, ctx.now()),
    revenuePerPlan(ctx.db, (planId) => currency.get(planId)),
  ]);
  return plans.map((p) => ({
    ...toPlanDto(p),
    subscriber_count: subscribers.get(p.id) ?? 0,
    total_revenue: revenue.get(p.id) ?? 0,
  }));
}

/** One plan as admins see it. */
export async function adminPlan(ctx: AppContext, planId: string): Promise<AdminPlan> {
  return (await adminPlans(ctx)).find((p) => p.id === planId)!;
}

/** `GET /admin/users/{id}`: the user with orders, subscription and download history. */
export async function userDetail(ctx: AppContext, id: string): Promise<AdminUserDetail> {
  const user = await userById(ctx, id);
  const [orders, subscription, downloads] = await Promise.all([
    listAdminOrders(ctx, { page: 1, limit: 100, userId: id }),
    subscriptionView(ctx, id),
    downloadHistory(ctx, id, 100),
  ]);
  return { user, orders: orders.orders, subscription, downloads };
}
