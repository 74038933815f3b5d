/**
 * Dashboard tab: headline figures (users, orders, subscriptions, revenue), revenue and sign-ups
 * per day for the last 30 days, and the 5 newest users and orders (spec sections 3 and 9).
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_RECENT_COUNT, formatMoney, type Stats } from '@flockr/contract';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate, formatDateTime, shortOrderId } from '../../../lib/format';
import { dailyStatsQueryOptions, statsQueryOptions } from '../api/stats';
import { UserStatusBadge } from './badges';
import { OrderStatusBadge } from '../../../components/ui/status-badges';
import { DailyChart } from './daily-chart';
import { ErrorState } from './list-states';

const countFormat = new Intl.NumberFormat('en-US');

/** Formats a whole count with thousands separators. */
function formatCount(value: number): string {
  return countFormat.format(value);
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
  const query = useQuery(dailyStatsQueryOptions);
  if (query.isPending) {
    return (
      <Card>
        <Spinner label="Loading charts…" />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card>
        <ErrorState
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Card>
    );
  }
  const { currency, days } = query.data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <DailyChart
          title="Revenue per day (last 30 days)"
          valueLabel="Revenue"
          points={days.map((d) => ({ date: d.date, value: d.revenue }))}
          format={(v) => formatMoney(v, currency)}
          formatTick={(v) => compactMoney(v, currency)}
          color="#4f46e5"
        />
      </Card>
      <Card>
        <DailyChart
          title="Sign-ups per day (last 30 days)"
          valueLabel="Sign-ups"
          points={days.map((d) => ({ date: d.date, value: d.signups }))}
          format={formatCount}
          color="#0284c7"
          allowDecimals={false}
        />
      </Card>
    </div>
  );
}

/** The 5 newest users and orders. */
function RecentLists({ stats }: { stats: Stats }) {
  const users = stats.recent_users.slice(0, DASHBOARD_RECENT_COUNT);
  const orders = stats.recent_orders.slice(0, DASHBOARD_RECENT_COUNT);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="min-w-0">
        <CardHeader title="Recent users" headingLevel={3} />
        {users.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-600 sm:px-6">No users yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {users.map((u) => (
              <li key={u.id} className="flex items-center justify-between gap-3 px-5 py-3 sm:px-6">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{u.username}</p>
                  <p className="truncate text-sm text-slate-600">{u.email}</p>
                </div>
                <div className="shrink-0 text-right">
                  <UserStatusBadge status={u.status} />
                  <p className="mt-1 text-xs text-slate-500">Joined {formatDate(u.created_at)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="min-w-0">
        <CardHeader title="Recent orders" headingLevel={3} />
        {orders.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-600 sm:px-6">No orders yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {orders.map((o) => (
              <li key={o.id} className="flex items-center justify-between gap-3 px-5 py-3 sm:px-6">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">
                    <span className="font-mono">#{shortOrderId(o.id)}</span> · {o.plan.name}
                  </p>
                  <p className="truncate text-sm text-slate-600">
                    {o.user.username} · {formatDateTime(o.created_at)}
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <p className="text-sm font-semibold text-slate-900">
                    {formatMoney(o.amount, o.currency)}
                  </p>
                  <div className="mt-1">
                    <OrderStatusBadge status={o.status} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** The dashboard tab. */
export function DashboardPanel() {
  const query = useQuery(statsQueryOptions);
  return (
    <section aria-labelledby="admin-dashboard-heading" className="space-y-6">
      <h2 id="admin-dashboard-heading" className="sr-only">
        Dashboard
      </h2>
      {query.isPending ? (
        <Spinner label="Loading statistics…" />
      ) : query.isError ? (
        <Card>
          <ErrorState
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </Card>
      ) : (
        <StatCards stats={query.data.stats} />
      )}
      <Charts />
      {query.data ? <RecentLists stats={query.data.stats} /> : null}
    </section>
  );
}
