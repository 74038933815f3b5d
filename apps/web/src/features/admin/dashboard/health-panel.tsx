/**
 * Business health, first on the dashboard (README "Admins"): over a date range (in the URL),
 * revenue by month with its change, new vs lapsed subscribers, subscriptions ending in the next
 * 7 and 30 days (and how many are set to end), orders placed and how many got paid; active
 * subscriptions by plan as of now. Every figure comes from `GET /admin/stats/health`.
 */
import type { ReactNode } from 'react';
import { formatMoney, type BusinessHealth } from '@flockr/contract';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { formatCalendarDate, formatCount } from '../../../lib/format';
import { useBusinessHealth } from './api/health';
import { DateRangeFields, useDateRangeParams } from './date-range-fields';
import { QueryView } from '../kit/query-view';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
const monthFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Nov 2026' for '2026-11'. */
export function monthLabel(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

/** '+25%', '−10%', or '—' when there is nothing to compare with. */
export function changeText(change: number | null): string {
  if (change === null) return '—';
  const text = percent.format(Math.abs(change));
  return change > 0 ? `+${text}` : change < 0 ? `−${text}` : text;
}

/** One figure: label, big value and lines of detail. */
function Figure({ label, value, children }: { label: string; value: string; children: ReactNode }) {
  return (
    <Card className="px-5 py-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{value}</dd>
      <dd className="mt-1 text-sm text-slate-600">{children}</dd>
    </Card>
  );
}

/** The four headline figures of the range. */
function Figures({ health }: { health: BusinessHealth }) {
  const months = health.revenue_by_month;
  const last = months[months.length - 1];
  const [week, month] = health.due;
  const net = health.subscribers.new - health.subscribers.lapsed;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Figure label="Revenue in range" value={formatMoney(health.revenue_total, health.currency)}>
        {last
          ? last.change === null
            ? `${monthLabel(last.month)}: no revenue the month before to compare with`
            : `${monthLabel(last.month)}: ${changeText(last.change)} on the month before`
          : null}
      </Figure>
      <Figure label="New vs lapsed" value={`${formatCount(health.subscribers.new)} new`}>
        {formatCount(health.subscribers.lapsed)} lapsed · net {net > 0 ? '+' : ''}
        {formatCount(net)}
      </Figure>
      <Figure label="Ending in 7 days" value={formatCount(week?.ending ?? 0)}>
        {formatCount(week?.set_to_end ?? 0)} set to end · {formatCount(month?.ending ?? 0)} in 30
        days ({formatCount(month?.set_to_end ?? 0)} set to end)
      </Figure>
      <Figure
        label="Orders paid"
        value={health.pending.paid_rate === null ? '—' : percent.format(health.pending.paid_rate)}
      >
        {formatCount(health.pending.paid)} of {formatCount(health.pending.placed)} placed ·{' '}
        {formatCount(health.pending.open_now)} waiting now
      </Figure>
    </dl>
  );
}

/** The columns of the revenue table; the bars' column is named for screen readers only. */
const MONTH_COLUMNS = [
  { key: 'month', label: 'Month', className: 'py-2 pr-3' },
  { key: 'revenue', label: 'Revenue', className: 'py-2 pr-3 text-right' },
  {
    key: 'share',
    label: <span className="sr-only">Share</span>,
    className: 'hidden w-1/3 py-2 pr-3 sm:table-cell',
  },
  { key: 'orders', label: 'Orders', className: 'py-2 pr-3 text-right' },
  { key: 'change', label: 'Change', className: 'py-2 text-right' },
];

/** Revenue per month as a table with proportional bars. */
function RevenueByMonth({ health }: { health: BusinessHealth }) {
  const top = Math.max(...health.revenue_by_month.map((m) => m.revenue), 0);
  return (
    <Card className="min-w-0">
      <CardHeader title="Revenue by month" headingLevel={3} />
      <div className="overflow-x-auto px-5 pb-4 sm:px-6">
        <table className="w-full text-sm">
          <caption className="sr-only">
            Revenue of completed orders per month, with the change on the month before
          </caption>
          <thead>
            <tr className="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {MONTH_COLUMNS.map(({ key, label, className }) => (
                <th key={key} scope="col" className={className}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {health.revenue_by_month.map((m) => (
              <tr key={m.month}>
                <th scope="row" className="py-2 pr-3 text-left font-medium whitespace-nowrap">
                  {monthLabel(m.month)}
                </th>
                <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                  {formatMoney(m.revenue, health.currency)}
                </td>
                <td className="hidden py-2 pr-3 sm:table-cell" aria-hidden="true">
                  <div className="h-2 rounded-full bg-slate-100">
                    <div
                      className="h-2 rounded-full bg-brand-600"
                      style={{ width: `${top > 0 ? (m.revenue / top) * 100 : 0}%` }}
                    />
                  </div>
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatCount(m.orders)}</td>
                <td
                  className={cn(
                    'py-2 text-right whitespace-nowrap tabular-nums',
                    m.change !== null && m.change < 0 ? 'text-red-700' : 'text-slate-700',
                    m.change !== null && m.change > 0 && 'text-emerald-700',
                  )}
                >
                  {changeText(m.change)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** Active subscriptions per plan, now. */
function ActiveByPlan({ health }: { health: BusinessHealth }) {
  const total = health.active_by_plan.reduce((sum, p) => sum + p.active, 0);
  return (
    <Card className="min-w-0">
      <CardHeader title="Active subscriptions by plan" headingLevel={3} />
      <ul className="space-y-3 px-5 pb-5 sm:px-6">
        {health.active_by_plan.map((p) => (
          <li key={p.plan_id}>
            <div className="flex justify-between gap-3 text-sm">
              <span className="font-medium text-slate-900">{p.plan_name}</span>
              <span className="tabular-nums text-slate-700">
                {formatCount(p.active)}
                {total > 0 ? ` · ${percent.format(p.active / total)}` : ''}
              </span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
              <div
                className="h-2 rounded-full bg-sky-600"
                style={{ width: `${total > 0 ? (p.active / total) * 100 : 0}%` }}
              />
            </div>
          </li>
        ))}
        <li className="border-t border-slate-100 pt-3 text-sm text-slate-600">
          {formatCount(total)} active in all
        </li>
      </ul>
    </Card>
  );
}

/** The health section of the dashboard. */
export function HealthPanel() {
  const range = useDateRangeParams();
  const query = useBusinessHealth(range.values);
  return (
    <section aria-labelledby="admin-health-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h3 id="admin-health-heading" className="text-lg font-semibold text-slate-900">
            Business health
          </h3>
          {query.data ? (
            <p className="text-sm text-slate-600">
              {formatCalendarDate(query.data.health.from)} –{' '}
              {formatCalendarDate(query.data.health.to)} (UTC)
            </p>
          ) : null}
        </div>
        <DateRangeFields
          legend="Health date range"
          from={range.values.from}
          to={range.values.to}
          onChange={range.set}
        />
      </div>
      <QueryView query={query} loadingLabel="Loading business health…" card>
        {({ health }) => (
          <div className="space-y-4">
            <Figures health={health} />
            <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
              <RevenueByMonth health={health} />
              <ActiveByPlan health={health} />
            </div>
          </div>
        )}
      </QueryView>
    </section>
  );
}
