/**
 * Dashboard tab: the test-mode line with Clear test data first (../test-data/: test orders
 * count in none of the figures below, so they are shown there apart), business health
 * (health-panel.tsx), the headline figures (users, orders, subscriptions, revenue), revenue and
 * sign-ups per day for the last 30 days, update adoption (adoption-charts.tsx), and the 5 newest
 * users and orders (requirements §3 and §9).
 * The charts and their library (recharts) load with the dashboard only, not with the other tabs.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { DASHBOARD_RECENT_COUNT, formatMoney, type Stats } from '@flockr/contract';
import { Card, CardHeader } from '../../../components/ui/card';
import { formatCount, formatDate, formatDateTime } from '../../../lib/format';
import { useAdminStats, useDailyStats } from './api/stats';
import { UserStatusBadge } from '../kit/badges';
import { HealthPanel } from './health-panel';
import { ItemList, orderItem } from '../kit/item-list';
import { QueryView } from '../kit/query-view';
import { TestDataCard } from '../test-data';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';

/** The charts, loaded with the dashboard (recharts stays out of the other tabs' code). */
const DailyChart = lazy(() => import('./charts').then((m) => ({ default: m.DailyChart })));
const AdoptionCharts = lazy(() => import('./charts').then((m) => ({ default: m.AdoptionCharts })));

/** A card-sized placeholder while a chart's code loads. */
function ChartLoading({ label }: { label: string }) {
  return (
    <Card>
      <LoadingRegion label={label} className="grid gap-3 p-5 sm:p-6">
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-48" />
      </LoadingRegion>
    </Card>
  );
}

/** Formats money for an axis tick, compactly (e.g. '$1.2K'). */
function compactMoney(value: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
}

/** One figure: label, big value and a line of detail. */
function StatCard({ label, value, detail }: { label: string; value: string; detail: ReactNode }) {
  return (
    <Card className="px-5 py-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{value}</dd>
      <dd className="mt-1 text-sm text-slate-600">{detail}</dd>
    </Card>
  );
}

/** The four figure cards. */
function StatCards({ stats }: { stats: Stats }) {
  const others = stats.revenue.by_currency.filter((r) => r.currency !== stats.revenue.currency);
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        label="Users"
        value={formatCount(stats.users.total)}
        detail={`${formatCount(stats.users.active)} active`}
      />
      <StatCard
        label="Orders"
        value={formatCount(stats.orders.total)}
        detail={`${formatCount(stats.orders.completed)} completed`}
      />
      <StatCard
        label="Subscriptions"
        value={formatCount(stats.subscriptions.active)}
        detail={`active of ${formatCount(stats.subscriptions.total)} total`}
      />
      <StatCard
        label="Revenue"
        value={formatMoney(stats.revenue.total, stats.revenue.currency)}
        detail={
          others.length > 0
            ? `Also ${others.map((r) => formatMoney(r.total, r.currency)).join(', ')}`
            : 'Completed minus refunded'
        }
      />
    </dl>
  );
}

/** Revenue and sign-ups per day, each in its own card. */
function Charts() {
  const query = useDailyStats();
  return (
    <QueryView query={query} loadingLabel="Loading charts…" card>
      {({ currency, days }) => (
        <Suspense
          fallback={
            <div className="grid gap-6 lg:grid-cols-2">
              <ChartLoading label="Loading charts…" />
              <ChartLoading label="Loading charts…" />
            </div>
          }
        >
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <DailyChart
                title="Revenue per day (last 30 days)"
                valueLabel="Revenue"
                points={days.map((d) => ({ date: d.date, value: d.revenue }))}
                format={(v) => formatMoney(v, currency)}
                formatTick={(v) => compactMoney(v, currency)}
                color="var(--color-brand-600)"
              />
            </Card>
            <Card>
              <DailyChart
                title="Sign-ups per day (last 30 days)"
                valueLabel="Sign-ups"
                points={days.map((d) => ({ date: d.date, value: d.signups }))}
                format={formatCount}
                color="var(--color-sky-600)"
                allowDecimals={false}
              />
            </Card>
          </div>
        </Suspense>
      )}
    </QueryView>
  );
}

/** A card titled `title` listing the newest of `items` (at most {@link DASHBOARD_RECENT_COUNT}). */
function RecentCard<T extends { id: string }>(props: {
  title: string;
  items: readonly T[];
  empty: string;
  render: (item: T) => { main: ReactNode; aside: ReactNode };
}) {
  return (
    <Card className="min-w-0">
      <CardHeader title={props.title} headingLevel={3} />
      <ItemList
        inset
        items={props.items.slice(0, DASHBOARD_RECENT_COUNT)}
        empty={props.empty}
        render={props.render}
      />
    </Card>
  );
}

/** The 5 newest users and orders. */
function RecentLists({ stats }: { stats: Stats }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <RecentCard
        title="Recent users"
        items={stats.recent_users}
        empty="No users yet."
        render={(u) => ({
          main: (
            <>
              <p className="truncate text-sm font-medium text-slate-900">{u.username}</p>
              <p className="truncate text-sm text-slate-600">{u.email}</p>
            </>
          ),
          aside: (
            <>
              <UserStatusBadge status={u.status} />
              <p className="mt-1 text-xs text-slate-500">Joined {formatDate(u.created_at)}</p>
            </>
          ),
        })}
      />
      <RecentCard
        title="Recent orders"
        items={stats.recent_orders}
        empty="No orders yet."
        render={(o) => orderItem(o, `${o.user.username} · ${formatDateTime(o.created_at)}`)}
      />
    </div>
  );
}

/** The dashboard tab. */
export function DashboardPanel() {
  const query = useAdminStats();
  return (
    <section aria-labelledby="admin-dashboard-heading" className="space-y-6">
      <h2 id="admin-dashboard-heading" className="sr-only">
        Dashboard
      </h2>
      <TestDataCard />
      <HealthPanel />
      <QueryView query={query} loadingLabel="Loading statistics…" card>
        {({ stats }) => <StatCards stats={stats} />}
      </QueryView>
      <Charts />
      <Suspense fallback={<ChartLoading label="Loading update adoption…" />}>
        <AdoptionCharts />
      </Suspense>
      {query.data ? <RecentLists stats={query.data.stats} /> : null}
    </section>
  );
}
