/**
 * A bar chart of one figure per day (dashboard), in the dashboard's chart figure
 * (chart-figure.tsx: caption, summary and a hidden table of the same numbers).
 */
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from './chart-figure';
import { formatDay } from './chart-days';

/** One bar: a calendar date `YYYY-MM-DD` and its value. */
export interface DailyPoint {
  date: string;
  value: number;
}

export { formatDay };

/** Sentence summing up the series: total and best day, e.g. 'Total $120.00; highest $40.00 on Nov 3.' */
export function summarize(points: DailyPoint[], format: (value: number) => string): string {
  if (points.length === 0) return 'No data for this period.';
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const best = points.reduce((top, p) => (p.value > top.value ? p : top), points[0]!);
  const from = formatDay(points[0]!.date);
  const to = formatDay(points[points.length - 1]!.date);
  if (best.value === 0) return `Total ${format(0)} from ${from} to ${to}.`;
  return `Total ${format(total)} from ${from} to ${to}; highest ${format(best.value)} on ${formatDay(best.date)}.`;
}

/** The chart figure titled `title`; `format` renders values (money, counts). */
export function DailyChart({
  title,
  valueLabel,
  points,
  format,
  formatTick = format,
  color,
  allowDecimals = true,
}: {
  title: string;
  /** Name of the value column, e.g. 'Revenue'. */
  valueLabel: string;
  points: DailyPoint[];
  format: (value: number) => string;
  /** Shorter format of the axis ticks; `format` when absent. */
  formatTick?: (value: number) => string;
  color: string;
  allowDecimals?: boolean;
}) {
  const data = points.map((p) => ({ ...p, day: formatDay(p.date) }));
  return (
    <ChartFigure
      title={title}
      summary={summarize(points, format)}
      level={3}
      captionClassName="px-5 pt-4 sm:px-6"
      drawingClassName="px-2 pt-4 pb-3 sm:px-4"
      drawing={
        <BarChart
          responsive
          accessibilityLayer={false}
          data={data}
          style={{ width: '100%', height: 224 }}
          margin={{ top: 4, right: 8, bottom: 0, left: 0 }}
        >
          <CartesianGrid vertical={false} stroke="var(--color-slate-200)" />
          <XAxis
            dataKey="day"
            tickLine={false}
            axisLine={{ stroke: 'var(--color-slate-300)' }}
            tick={{ fontSize: 12, fill: 'var(--color-slate-600)' }}
            interval="preserveStartEnd"
            minTickGap={16}
          />
          <YAxis
            width={56}
            tickLine={false}
            axisLine={false}
            allowDecimals={allowDecimals}
            tick={{ fontSize: 12, fill: 'var(--color-slate-600)' }}
            tickFormatter={(v: number) => formatTick(v)}
          />
          <Tooltip
            cursor={{ fill: 'var(--color-brand-50)' }}
            formatter={(v) => [format(Number(v)), valueLabel]}
            labelFormatter={(label) => String(label)}
          />
          <Bar dataKey="value" name={valueLabel} fill={color} radius={[3, 3, 0, 0]} />
        </BarChart>
      }
      columns={
        <>
          <th scope="col">Date</th>
          <th scope="col">{valueLabel}</th>
        </>
      }
      rows={points.map((p) => (
        <tr key={p.date}>
          <th scope="row">{formatDay(p.date)}</th>
          <td>{format(p.value)}</td>
        </tr>
      ))}
    />
  );
}
