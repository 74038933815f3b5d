/**
 * Queries of the adoption charts (docs/updates.md "Adoption"). They read the figures the trigger
 * of `update_checks` keeps in the transaction of every check written (migration 0015), never the
 * checks themselves: per UTC day and platform, distinct users per reported version
 * (`update_check_day_versions`, `''` for none) and in all (`update_check_day_users`); per
 * version and per channel, how many users were last seen on each day
 * (`update_check_last_seen_days`). A chart of 30 days reads about a
 * hundred rows, and a rollout's counts at most one row per day, however many users check. Each query is also exported as a builder so
 * a test can EXPLAIN it.
 */
import { and, asc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  artifacts,
  releases,
  updateCheckDayUsers,
  updateCheckDayVersions,
  updateCheckLastSeenDays,
} from '../../db/schema.js';

/** How the figures write "no version reported" (the checks' `current_version` null). */
const NO_VERSION = '';

/**
 * Users per UTC day in [`from`, `to`] (YYYY-MM-DD), platform and reported version (null: not
 * reported), ordered by day, platform and version (null last).
 */
export function versionsPerDayQuery(db: Executor, from: string, to: string) {
  const version = sql<string | null>`nullif(${updateCheckDayVersions.version}, ${NO_VERSION})`;
  return db
    .select({
      day: updateCheckDayVersions.day,
      platform: updateCheckDayVersions.platform,
      version,
      users: updateCheckDayVersions.users,
    })
    .from(updateCheckDayVersions)
    .where(
      and(
        sql`${updateCheckDayVersions.day} between ${from} and ${to}`,
        gt(updateCheckDayVersions.users, 0),
      ),
    )
    .orderBy(
      asc(updateCheckDayVersions.day),
      asc(updateCheckDayVersions.platform),
      sql`${version} asc nulls last`,
    );
}

/** See {@link versionsPerDayQuery}. */
export async function versionsPerDay(
  db: Executor,
  from: string,
  to: string,
): Promise<{ day: string; platform: string; version: string | null; users: number }[]> {
  return versionsPerDayQuery(db, from, to);
}

/**
 * Users who checked on `day` on `platform`, and how many of them reported `version` (0 when
 * `version` is null).
 */
export function usersOnVersionQuery(
  db: Executor,
  day: string,
  platform: string,
  version: string | null,
) {
  const onVersion = db
    .select({ users: updateCheckDayVersions.users })
    .from(updateCheckDayVersions)
    .where(
      and(
        eq(updateCheckDayVersions.day, day),
        eq(updateCheckDayVersions.platform, platform),
        eq(updateCheckDayVersions.version, version ?? NO_VERSION),
      ),
    );
  return db
    .select({
      users: updateCheckDayUsers.users,
      onVersion:
        version === null ? sql<number>`0` : sql<number | null>`(${onVersion})`.mapWith(Number),
    })
    .from(updateCheckDayUsers)
    .where(and(eq(updateCheckDayUsers.day, day), eq(updateCheckDayUsers.platform, platform)));
}

/** See {@link usersOnVersionQuery}. */
export async function usersOnVersion(
  db: Executor,
  day: string,
  platform: string,
  version: string | null,
): Promise<{ users: number; onVersion: number }> {
  const [row] = await usersOnVersionQuery(db, day, platform, version);
  return { users: Number(row?.users ?? 0), onVersion: Number(row?.onVersion ?? 0) };
}

/**
 * Distinct users who reported each of `versions` on some UTC day from `since` (YYYY-MM-DD) to
 * today, per version (versions nobody reported are absent): the sum of the users whose last
 * report of it was on each of those days. A version reported and then replaced the same day
 * counts too.
 */
export function usersPerVersionQuery(db: Executor, since: string, versions: readonly string[]) {
  const days = updateCheckLastSeenDays;
  return db
    .select({
      version: days.key,
      users: sql<number>`sum(${days.users})`.mapWith(Number),
    })
    .from(days)
    .where(and(eq(days.figure, 'version'), inArray(days.key, [...versions]), gte(days.day, since)))
    .groupBy(days.key);
}

/** See {@link usersPerVersionQuery}. */
export async function usersPerVersion(
  db: Executor,
  since: string,
  versions: readonly string[],
): Promise<Map<string, number>> {
  if (versions.length === 0) return new Map();
  const rows = await usersPerVersionQuery(db, since, versions);
  return new Map(rows.map((r) => [r.version, Number(r.users)]));
}

/**
 * Distinct users whose program checked on a channel offered `channel`'s releases (`channel` or a
 * later one of RELEASE_CHANNELS) on some UTC day from `since` (YYYY-MM-DD) to today, on any
 * platform.
 */
export function usersOnChannelQuery(db: Executor, since: string, channel: string) {
  const days = updateCheckLastSeenDays;
  return db
    .select({ users: sql<number>`coalesce(sum(${days.users}), 0)`.mapWith(Number) })
    .from(days)
    .where(and(eq(days.figure, 'channel'), eq(days.key, channel), gte(days.day, since)));
}

/** See {@link usersOnChannelQuery}. */
export async function usersOnChannel(
  db: Executor,
  since: string,
  channel: string,
): Promise<number> {
  const [row] = await usersOnChannelQuery(db, since, channel);
  return Number(row?.users ?? 0);
}

/**
 * Published releases that are not yanked (version, channel, rollout, when first published), each
 * with the platforms it has files for: a few hundred rows.
 */
export async function publishedReleasePlatforms(db: Executor): Promise<
  {
    id: string;
    version: string;
    channel: string;
    rolloutPercentage: number;
    publishedAt: Date | null;
    platforms: string[];
  }[]
> {
  const rows = await db
    .select({
      id: releases.id,
      version: releases.version,
      channel: releases.channel,
      rolloutPercentage: releases.rolloutPercentage,
      publishedAt: releases.publishedAt,
      platforms: sql<
        string[]
      >`coalesce(array_agg(distinct ${artifacts.platform}) filter (where ${artifacts.platform} is not null), '{}')`,
    })
    .from(releases)
    .leftJoin(artifacts, eq(artifacts.releaseId, releases.id))
    .where(and(eq(releases.isActive, true), isNull(releases.yankedAt)))
    .groupBy(releases.id);
  return rows;
}
