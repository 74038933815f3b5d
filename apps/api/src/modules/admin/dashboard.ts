/**
 * What the admin panel shows that spans features: the dashboard figures (requirements §3), the
 * daily series for its charts, plans with their subscribers and revenue, and one user's whole
 * picture. Each is composed from the features' own services; nothing here touches a table.
 */
import {
  DASHBOARD_RECENT_COUNT,
  toMajorUnits,
  type AdminPlan,
  type AfterExpiryAccess,
  type AdminUserDetail,
  type BusinessHealth,
  type DailyStatsResponse,
  type Stats,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { newestUsers, userById } from '../accounts/admin.js';
import { accountCounts, signupsSince } from '../accounts/profile.js';
import {
  dailyRevenue,
  listAdminOrders,
  monthlyRevenue,
  newestOrders,
  openOrders,
  orderCounts,
  ordersPlacedAndPaid,
  revenueByCurrency,
  revenuePerPlan,
} from '../billing/admin.js';
import { figureTotals } from '../figures/service.js';
import { allPlans, toPlanDto } from '../plans/service.js';
import { downloadHistory } from '../releases/service.js';
import {
  activeSubscribers,
  endingWithin,
  subscriberMovementIn,
  subscriptionCounts,
  subscriptionView,
} from '../subscriptions/service.js';

/** The currency shown as "the" revenue total: the seeded plans' currency. */
const MAIN_CURRENCY = 'USD';

/**
 * `GET /admin/stats`: users, orders, subscriptions, revenue, the newest users and orders (spec
 * section 3 "Admin stats"). Every count comes from the kept figures (read once), at most a day of
 * subscription expiries, or the partial index of the few accounts that are not ACTIVE
 * (docs/architecture.md "Speed at scale"); the recent lists are read without a total.
 */
export async function stats(ctx: AppContext): Promise<Stats> {
  const now = ctx.now();
  const totals = figureTotals(ctx.db); // read once, shared by the three counts
  const [users, orders, subscriptions, revenue, recentUsers, recentOrders] = await Promise.all([
    accountCounts(ctx.db, totals),
    orderCounts(ctx.db, totals),
    subscriptionCounts(ctx.db, now, totals),
    revenueByCurrency(ctx.db),
    newestUsers(ctx, DASHBOARD_RECENT_COUNT),
    newestOrders(ctx, DASHBOARD_RECENT_COUNT),
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
    recent_users: recentUsers,
    recent_orders: recentOrders,
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
    activeSubscribers(
      ctx.db,
      ctx.now(),
      plans.map((p) => p.id),
    ),
    revenuePerPlan(ctx.db, (planId) => currency.get(planId)),
  ]);
  return plans.map((p) => ({
    ...toPlanDto(p),
    after_expiry_access: p.afterExpiryAccess as AfterExpiryAccess,
    entitlements: p.entitlements,
    max_devices: p.maxDevices,
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

/** Windows of the "due" figures, in days from now. */
const DUE_WINDOWS = [7, 30] as const;

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const utcMidnight = (day: string) => new Date(`${day}T00:00:00.000Z`);
const monthStart = (d: Date, shift = 0) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + shift, 1));

/**
 * `GET /admin/stats/health`: the business over the inclusive UTC range `from`..`to` (defaults:
 * the last twelve calendar months up to today). Revenue is by calendar month for every month
 * the range touches (cut at the end of `to`), each with its change against the month before;
 * active subscriptions by plan and the 7/30-day windows are as of now. Every figure is a sum of
 * per-day figures kept in the transaction of each change (modules/figures), plus at most one
 * UTC day of index entries, so the page costs the same at millions of orders
 * (docs/architecture.md "Speed at scale").
 */
export async function businessHealth(
  ctx: AppContext,
  query: { from?: string; to?: string },
): Promise<BusinessHealth> {
  const now = ctx.now();
  const to = query.to ?? isoDay(now);
  const from = query.from ?? isoDay(monthStart(utcMidnight(to), -11));
  const start = utcMidnight(from);
  const end = new Date(utcMidnight(to).getTime() + DAY_MS);
  const firstMonth = monthStart(start);
  const plans = await allPlans(ctx.db);
  const [months, funnel, open, movement, active, due] = await Promise.all([
    monthlyRevenue(ctx.db, MAIN_CURRENCY, monthStart(start, -1), end),
    ordersPlacedAndPaid(ctx.db, start, end),
    openOrders(ctx.db, now),
    subscriberMovementIn(ctx.db, start, end, now),
    activeSubscribers(
      ctx.db,
      now,
      plans.map((p) => p.id),
    ),
    endingWithin(ctx.db, now, DUE_WINDOWS),
  ]);
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const revenueByMonth: BusinessHealth['revenue_by_month'] = [];
  for (let m = firstMonth; m < end; m = monthStart(m, 1)) {
    const key = m.toISOString().slice(0, 7);
    const previous = byMonth.get(monthStart(m, -1).toISOString().slice(0, 7))?.minor ?? 0;
    const minor = byMonth.get(key)?.minor ?? 0;
    revenueByMonth.push({
      month: key,
      revenue: toMajorUnits(minor, MAIN_CURRENCY),
      orders: byMonth.get(key)?.orders ?? 0,
      change: previous > 0 ? (minor - previous) / previous : null,
    });
  }
  const totalMinor = revenueByMonth.reduce((sum, m) => sum + (byMonth.get(m.month)?.minor ?? 0), 0);
  return {
    currency: MAIN_CURRENCY,
    from,
    to,
    revenue_by_month: revenueByMonth,
    revenue_total: toMajorUnits(totalMinor, MAIN_CURRENCY),
    // Plans on sale, and retired ones that still have subscribers.
    active_by_plan: plans
      .filter((p) => p.isActive || (active.get(p.id) ?? 0) > 0)
      .map((p) => ({ plan_id: p.id, plan_name: p.name, active: active.get(p.id) ?? 0 })),
    subscribers: { new: movement.started, lapsed: movement.lapsed },
    due: due.map((d) => ({ days: d.days, ending: d.ending, set_to_end: d.setToEnd })),
    pending: {
      placed: funnel.placed,
      paid: funnel.paid,
      paid_rate: funnel.placed > 0 ? funnel.paid / funnel.placed : null,
      open_now: open,
    },
    generated_at: now.toISOString(),
  };
}
