/**
 * The adoption charts' data, from `GET /admin/updates/adoption` (pure functions, no chart code):
 * versions in use per day on one platform (the six most used versions, the rest as "Other"),
 * the share on the latest release per platform, and each rollout's reach, with the sentences
 * that sum them up for screen readers and the captions.
 */
import type { AdoptionResponse, Platform } from '@flockr/contract';
import { formatDay } from './chart-days';
import { PLATFORM_NAMES } from '../kit/release-names';

/** How many versions a chart draws apart; the rest are summed as {@link OTHER}. */
export const MAX_VERSIONS = 6;
/** The series of the versions beyond {@link MAX_VERSIONS} (and of "unknown"). */
export const OTHER = 'Other';

/** The numeric parts and pre-release of a semantic version; null when it is not one. */
function semverParts(version: string): { core: number[]; pre: string | null } | null {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?/.exec(version);
  if (!match) return null;
  return { core: [Number(match[1]), Number(match[2]), Number(match[3])], pre: match[4] ?? null };
}

/**
 * Orders versions newest first (semver: a pre-release before its release); text that is not a
 * version (e.g. "unknown") goes last.
 */
export function compareVersionsDesc(a: string, b: string): number {
  const x = semverParts(a);
  const y = semverParts(b);
  if (!x || !y) return x ? -1 : y ? 1 : a.localeCompare(b);
  for (let i = 0; i < 3; i += 1) {
    if (x.core[i] !== y.core[i]) return y.core[i]! - x.core[i]!;
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === null) return -1;
  if (y.pre === null) return 1;
  return y.pre.localeCompare(x.pre, 'en', { numeric: true });
}

/**
 * Every calendar day from the first to the last of `days` (`YYYY-MM-DD`, any order), so a day on
 * which no program checked in is drawn as 0 instead of being skipped.
 */
export function dayRange(days: string[]): string[] {
  if (days.length === 0) return [];
  const sorted = [...days].sort();
  const out: string[] = [];
  const last = Date.parse(`${sorted.at(-1)}T00:00:00Z`);
  for (let t = Date.parse(`${sorted[0]}T00:00:00Z`); t <= last; t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** One day of a platform's chart: the day, and users per version series. */
export type VersionDay = { day: string } & Record<string, number | string>;

/** A platform's versions over the period: the series (newest first) and one row per day. */
export interface VersionSeries {
  versions: string[];
  rows: VersionDay[];
}

/**
 * The users per day and version on `platform`. Every day from the answer's first to its last has
 * a row (0 where no one checked), so the platforms share one time axis; the {@link MAX_VERSIONS} most used versions
 * are their own series, newest first, the rest (and "unknown") are {@link OTHER}.
 */
export function versionSeries(answer: AdoptionResponse, platform: Platform): VersionSeries {
  const days = dayRange(answer.days.map((d) => d.day));
  const mine = answer.days.filter((d) => d.platform === platform);
  const totals = new Map<string, number>();
  for (const d of mine) totals.set(d.version, (totals.get(d.version) ?? 0) + d.users);
  const known = [...totals.keys()].filter((v) => semverParts(v) !== null);
  const kept = known
    .sort((a, b) => totals.get(b)! - totals.get(a)! || compareVersionsDesc(a, b))
    .slice(0, MAX_VERSIONS)
    .sort(compareVersionsDesc);
  const hasOther = [...totals.keys()].some((v) => !kept.includes(v));
  const versions = hasOther ? [...kept, OTHER] : kept;
  const rows = days.map((day) => {
    const row: VersionDay = { day };
    for (const v of versions) row[v] = 0;
    for (const d of mine) {
      if (d.day !== day) continue;
      const series = kept.includes(d.version) ? d.version : OTHER;
      row[series] = (row[series] as number) + d.users;
    }
    return row;
  });
  return { versions, rows };
}

/** The share of `part` in `whole`, whole percent (0 when there is no whole). */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** The sentence summing up a platform's chart: the last day's users by version. */
export function summarizeVersions(series: VersionSeries, platform: Platform): string {
  const name = PLATFORM_NAMES[platform];
  const last = series.rows.at(-1);
  const total = last ? series.versions.reduce((sum, v) => sum + (last[v] as number), 0) : 0;
  if (!last || total === 0) {
    return `No ${name} program checked for updates on the last day of this period.`;
  }
  const parts = series.versions
    .map((v) => ({ v, n: last[v] as number }))
    .filter((p) => p.n > 0)
    .sort((a, b) => b.n - a.n)
    .slice(0, 3)
    .map((p) => `${p.v} ${p.n} (${percentOf(p.n, total)}%)`);
  return `On ${formatDay(last.day)}, ${total} ${name} ${total === 1 ? 'user' : 'users'} checked for updates: ${parts.join(', ')}.`;
}

/** The line under a platform's share on the latest release. */
export function latestLine(entry: AdoptionResponse['latest'][number]): string {
  const name = PLATFORM_NAMES[entry.platform];
  if (!entry.version) return `No stable release has a ${name} file yet.`;
  if (entry.users === 0) return `No ${name} program checked in on the last day.`;
  return `${entry.on_latest} of ${entry.users} ${name} users on ${entry.version}`;
}

/** The sentence of one rollout's reach. */
export function reachLine(rollout: AdoptionResponse['rollouts'][number]): string {
  const reached = percentOf(rollout.users_on_version, rollout.users_checking);
  return `${rollout.version}: ${rollout.users_on_version} of ${rollout.users_checking} users checking on its channel (${reached}%; rollout ${rollout.rollout_percentage}%).`;
}
