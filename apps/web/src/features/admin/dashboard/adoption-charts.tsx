/**
 * Update adoption on the dashboard (`GET /admin/updates/adoption`), loaded lazily with recharts
 * (dashboard-panel.tsx): versions in use per day on one platform at a time (a stacked area per
 * version, a platform switch), the share on the latest release per platform (a figure with a
 * bar), and each rollout's reach (users on the version against users checking on its channel).
 * Every drawing is hidden from screen readers: its figure is named by the caption, described by
 * a sentence, and carries the numbers in a visually hidden table. Colours are the theme's
 * variables, so the charts follow the dark theme (dark-theme.css).
 */
import { useId, useState } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
  type TooltipValueType,
} from 'recharts';
import { PLATFORMS, type AdoptionResponse, type Platform } from '@flockr/contract';
import { cn } from '../../../components/ui/cn';
import { formatCount } from '../../../lib/format';
import { useAdoption } from './api/adoption';
import {
  OTHER,
  latestLine,
  percentOf,
  reachLine,
  summarizeVersions,
  versionSeries,
  type VersionSeries,
} from './adoption-data';
import { ChannelBadge } from '../kit/badges';
import { ChartFigure } from './chart-figure';
import { formatDay } from './chart-days';
import { PLATFORM_NAMES } from '../kit/release-names';
import { QueryView } from '../kit/query-view';
import { SectionCard } from '../kit/section-card';

/** Colours of the version series, newest first; {@link OTHER} is grey. */
const SERIES_COLORS = [
  'var(--color-brand-600)',
  'var(--color-sky-500)',
  'var(--color-emerald-500)',
  'var(--color-amber-500)',
  'var(--color-violet-400)',
  'var(--color-orange-400)',
];
const OTHER_COLOR = 'var(--color-slate-400)';

/** The colour of series `index` named `name`. */
function colorOf(name: string, index: number): string {
  return name === OTHER ? OTHER_COLOR : SERIES_COLORS[index % SERIES_COLORS.length]!;
}

/** Axis and grid styles readable on light and dark cards. */
const axisTick = { fontSize: 12, fill: 'var(--color-slate-600)' };
const gridStroke = 'var(--color-slate-200)';
const dayAxisLine = { stroke: 'var(--color-slate-300)' };

/** A tooltip drawn with the theme's colours (recharts' own is white on every theme). */
function ThemedTooltip({
  active,
  payload,
  label,
}: TooltipContentProps<TooltipValueType, string | number>) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs shadow-raised">
      <p className="font-semibold text-slate-900">{String(label)}</p>
      <ul className="mt-1 grid gap-0.5">
        {[...payload].reverse().map((item) => (
          <li key={String(item.dataKey)} className="flex items-center gap-2 text-slate-700">
            <span
              aria-hidden="true"
              className="size-2.5 rounded-sm"
              style={{ background: item.color }}
            />
            <span className="flex-1">{item.name}</span>
            <span className="font-medium text-slate-900 tabular-nums">
              {formatCount(Number(item.value))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A chart's legend: each series' name by its colour (HTML, so it wraps on a phone). */
function Legend({ items }: { items: Array<{ name: string; color: string }> }) {
  return (
    <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 px-5 text-xs sm:px-6">
      {items.map(({ name, color }) => (
        <li key={name} className="flex items-center gap-1.5 text-slate-700">
          <span className="size-2.5 rounded-sm" style={{ background: color }} />
          {name}
        </li>
      ))}
    </ul>
  );
}

/** The rollout chart's two series; the legend names them in this order. */
const ON_VERSION = { name: 'On the version', color: 'var(--color-brand-600)' };
const CHECKING = { name: 'Checking on the channel', color: 'var(--color-slate-300)' };
const REACH_LEGEND = [ON_VERSION, CHECKING];
/** The bars of each rollout, from the top: users checking on the channel, users on the version. */
const REACH_BARS = [
  { dataKey: 'users_checking', ...CHECKING },
  { dataKey: 'users_on_version', ...ON_VERSION },
];

/** The platform switch: one radio per platform, drawn as a segmented control. */
function PlatformSwitch({
  value,
  onChange,
}: {
  value: Platform;
  onChange: (platform: Platform) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="sr-only">Platform</legend>
      <div className="inline-flex rounded-lg border border-slate-300 bg-slate-50 p-0.5">
        {PLATFORMS.map((p) => (
          <label key={p} className="relative">
            <input
              type="radio"
              name={name}
              value={p}
              checked={value === p}
              onChange={() => onChange(p)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'block cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600',
                value === p ? 'bg-white text-slate-900 shadow-sm' : 'hover:text-slate-900',
              )}
            >
              {PLATFORM_NAMES[p]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Below this many days the versions are stacked bars: an area needs two days to show. */
const FEW_DAYS = 3;

/**
 * The stacked areas (stacked bars over fewer than {@link FEW_DAYS} days) of one platform's
 * versions, with its caption, summary and table.
 */
function VersionsChart({ series, platform }: { series: VersionSeries; platform: Platform }) {
  const data = series.rows.map((row) => ({ ...row, label: formatDay(row.day) }));
  // What the bars and the areas share: size, margins, grid and the count axis.
  const frame = {
    responsive: true,
    accessibilityLayer: false,
    data,
    style: { width: '100%', height: 240 },
    margin: { top: 4, right: 8, bottom: 0, left: 0 },
  };
  const grid = <CartesianGrid vertical={false} stroke={gridStroke} />;
  const counts = (
    <YAxis width={44} tickLine={false} axisLine={false} allowDecimals={false} tick={axisTick} />
  );
  const days = { dataKey: 'label', tickLine: false, axisLine: dayAxisLine, tick: axisTick };
  return (
    <ChartFigure
      title={`Versions in use on ${PLATFORM_NAMES[platform]}`}
      summary={summarizeVersions(series, platform)}
      level={4}
      drawingClassName="px-2 pt-4 pb-2 sm:px-4"
      drawing={
        series.versions.length === 0 ? null : data.length < FEW_DAYS ? (
          <BarChart {...frame} maxBarSize={64}>
            {grid}
            <XAxis {...days} />
            {counts}
            <Tooltip content={ThemedTooltip} cursor={{ fill: 'var(--color-slate-100)' }} />
            {[...series.versions].reverse().map((v) => (
              <Bar
                key={v}
                dataKey={v}
                name={v}
                stackId="versions"
                fill={colorOf(v, series.versions.indexOf(v))}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        ) : (
          <AreaChart {...frame}>
            {grid}
            <XAxis {...days} interval="preserveStartEnd" minTickGap={16} />
            {counts}
            <Tooltip content={ThemedTooltip} cursor={{ stroke: 'var(--color-slate-400)' }} />
            {/* Oldest at the bottom of the stack, newest on top. */}
            {[...series.versions].reverse().map((v) => {
              const color = colorOf(v, series.versions.indexOf(v));
              return (
                <Area
                  key={v}
                  type="monotone"
                  dataKey={v}
                  name={v}
                  stackId="versions"
                  stroke={color}
                  fill={color}
                  fillOpacity={0.55}
                  isAnimationActive={false}
                />
              );
            })}
          </AreaChart>
        )
      }
      columns={
        <>
          <th scope="col">Date</th>
          {series.versions.map((v) => (
            <th key={v} scope="col">
              {v}
            </th>
          ))}
        </>
      }
      rows={series.rows.map((row) => (
        <tr key={row.day}>
          <th scope="row">{formatDay(row.day)}</th>
          {series.versions.map((v) => (
            <td key={v}>{formatCount(row[v] as number)}</td>
          ))}
        </tr>
      ))}
    >
      <Legend items={series.versions.map((v, i) => ({ name: v, color: colorOf(v, i) }))} />
    </ChartFigure>
  );
}

/** The share on the latest release, one figure and bar per platform. */
function LatestShare({ latest }: { latest: AdoptionResponse['latest'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="px-5 sm:px-6">
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        On the latest release (last day)
      </h4>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3">
        {latest.map((entry) => {
          const share = percentOf(entry.on_latest, entry.users);
          const known = entry.version !== null && entry.users > 0;
          return (
            <li
              key={entry.platform}
              className="rounded-xl border border-slate-200 px-4 py-2.5 sm:py-3"
            >
              <div className="flex items-baseline justify-between gap-3 sm:block">
                <p className="text-sm font-medium text-slate-600">
                  {PLATFORM_NAMES[entry.platform]}
                </p>
                <p className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:mt-0.5">
                  {known ? `${share}%` : '—'}
                </p>
              </div>
              <div
                role="img"
                aria-label={known ? `${share}% on the latest release` : 'No figure'}
                className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div
                  className="h-full rounded-full bg-emerald-500"
                  style={{ width: `${share}%` }}
                />
              </div>
              <p className="mt-2 text-xs text-slate-600">{latestLine(entry)}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Each rollout's reach as a pair of bars, with its caption, summary and table. */
function RolloutReach({ rollouts }: { rollouts: AdoptionResponse['rollouts'] }) {
  const data = rollouts.map((r) => ({ ...r, label: r.version }));
  return (
    <ChartFigure
      title="Rollout reach"
      summary={
        rollouts.length === 0
          ? 'No published release is rolling out in this period.'
          : 'Users who run each release against users who checked for updates on its channel.'
      }
      level={4}
      drawingClassName="px-2 pt-3 sm:px-4"
      drawing={
        rollouts.length === 0 ? null : (
          <BarChart
            responsive
            accessibilityLayer={false}
            layout="vertical"
            data={data}
            style={{ width: '100%', height: 40 + rollouts.length * 56 }}
            margin={{ top: 4, right: 16, bottom: 0, left: 0 }}
            barGap={2}
          >
            <CartesianGrid horizontal={false} stroke={gridStroke} />
            <XAxis type="number" allowDecimals={false} tick={axisTick} tickLine={false} />
            <YAxis
              type="category"
              dataKey="label"
              width={104}
              tick={axisTick}
              tickLine={false}
              axisLine={false}
            />
            <Tooltip content={ThemedTooltip} cursor={{ fill: 'var(--color-slate-100)' }} />
            {REACH_BARS.map(({ dataKey, name, color }) => (
              <Bar
                key={dataKey}
                dataKey={dataKey}
                name={name}
                fill={color}
                radius={[0, 3, 3, 0]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        )
      }
      columns={
        <>
          <th scope="col">Release</th>
          <th scope="col">Channel</th>
          <th scope="col">Rollout</th>
          <th scope="col">Users on the version</th>
          <th scope="col">Users checking on the channel</th>
        </>
      }
      rows={rollouts.map((r) => (
        <tr key={r.release_id}>
          <th scope="row">{r.version}</th>
          <td>{r.channel}</td>
          <td>{r.rollout_percentage}%</td>
          <td>{formatCount(r.users_on_version)}</td>
          <td>{formatCount(r.users_checking)}</td>
        </tr>
      ))}
    >
      <Legend items={REACH_LEGEND} />
      <ul className="mt-3 grid gap-2 px-5 text-sm sm:px-6">
        {rollouts.map((r) => (
          <li key={r.release_id} className="flex flex-wrap items-center gap-2 text-slate-700">
            <ChannelBadge channel={r.channel} />
            <span>{reachLine(r)}</span>
          </li>
        ))}
      </ul>
    </ChartFigure>
  );
}

/** The platform with the most users on the last day (Windows when none). */
function busiestPlatform(answer: AdoptionResponse): Platform {
  const best = [...answer.latest].sort((a, b) => b.users - a.users)[0];
  return best && best.users > 0 ? best.platform : 'windows';
}

/** The charts once the answer is in. */
function AdoptionContent({ answer }: { answer: AdoptionResponse }) {
  const [platform, setPlatform] = useState<Platform>(() => busiestPlatform(answer));
  return (
    <div className="grid gap-8 pb-5">
      <LatestShare latest={answer.latest} />
      <div className="grid gap-3">
        <div className="px-5 sm:px-6">
          <PlatformSwitch value={platform} onChange={setPlatform} />
        </div>
        <VersionsChart series={versionSeries(answer, platform)} platform={platform} />
      </div>
      <RolloutReach rollouts={answer.rollouts} />
    </div>
  );
}

/** The periods an admin can look back over, in days. */
const PERIODS = [7, 30, 90] as const;

/** The adoption card of the dashboard. */
export function AdoptionCharts() {
  const [days, setDays] = useState<number>(30);
  const query = useAdoption(days);
  const selectId = useId();
  return (
    <SectionCard
      title="Update adoption"
      description="Programs that checked for updates, by version and platform."
      action={
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm text-slate-600">
            Period
          </label>
          <select
            id={selectId}
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            className="rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900"
          >
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                Last {p} days
              </option>
            ))}
          </select>
        </div>
      }
    >
      <div className="pt-5">
        <QueryView query={query} loadingLabel="Loading update adoption…">
          {(answer) => <AdoptionContent answer={answer} />}
        </QueryView>
      </div>
    </SectionCard>
  );
}
