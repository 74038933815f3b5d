/**
 * Queries of the adoption charts (docs/updates.md "Adoption") over `update_checks` (one row per
 * user, platform, architecture and UTC day, with the last version reported that day). Every query
 * reads a range of UTC days through `update_checks_day_platform_idx` (day, platform,
 * current_version): the days' rows only, never the whole table, and no other large table (the
 * releases and their files are a few hundred rows). Each query is also exported as a builder so
 * a test can EXPLAIN it.
 */
import { and, asc, between, countDistinct, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { artifacts, releases, updateChecks } from '../../db/schema.js';

/** Users per UTC day in [`from`, `to`], platform and reported version (null: not reported). */
export function versionsPerDayQuery(db: Executor, from: string, to: string) {
  return db
    .select({
      day: updateChecks.day,
      platform: updateChecks.platform,
      version: updateChecks.currentVersion,
      users: countDistinct(updateChecks.userId),
    })
    .from(updateChecks)
    .where(between(updateChecks.day, from, to))
    .groupBy(updateChecks.day, updateChecks.platform, updateChecks.currentVersion)
    .orderBy(asc(updateChecks.day), asc(updateChecks.platform), asc(updateChecks.currentVersion));
}

/** See {@link versionsPerDayQuery}. */
export async function versionsPerDay(
  db: Executor,
  from: string,
  to: string,
): Promise<{ day: string; platform: string; version: string | null; users: number }[]> {
  const rows = await versionsPerDayQuery(db, from, to);
  return rows.map((r) => ({ ...r, users: Number(r.users) }));
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
  return db
    .select({
      users: countDistinct(updateChecks.userId),
      onVersion:
        version === null
          ? sql<number>`0`
          : sql<number>`count(distinct ${updateChecks.userId}) filter (where ${updateChecks.currentVersion} = ${version})`,
    })
    .from(updateChecks)
    .where(and(eq(updateChecks.day, day), eq(updateChecks.platform, platform)));
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
 * Distinct users who reported each of `versions` on some day in [`from`, `to`], per version
 * (versions nobody reported are absent).
 */
export function usersPerVersionQuery(
  db: Executor,
  from: string,
  to: string,
  versions: readonly string[],
) {
  return db
    .select({ version: updateChecks.currentVersion, users: countDistinct(updateChecks.userId) })
    .from(updateChecks)
    .where(
      and(between(updateChecks.day, from, to), inArray(updateChecks.currentVersion, [...versions])),
    )
    .groupBy(updateChecks.currentVersion);
}

/** See {@link usersPerVersionQuery}. */
export async function usersPerVersion(
  db: Executor,
  from: string,
  to: string,
  versions: readonly string[],
): Promise<Map<string, number>> {
  if (versions.length === 0) return new Map();
  const rows = await usersPerVersionQuery(db, from, to, versions);
  return new Map(rows.map((r) => [r.version!, Number(r.users)]));
}

/**
 * Distinct users who checked on any of `channels` (the channel their check was on) on some day in
 * [`from`, `to`], on any of `platforms` (every platform: the condition lets the range be read
 * through the index's first two columns).
 */
export function usersOnChannelsQuery(
  db: Executor,
  from: string,
  to: string,
  platforms: readonly string[],
  channels: readonly string[],
) {
  return db
    .select({ users: countDistinct(updateChecks.userId) })
    .from(updateChecks)
    .where(
      and(
        between(updateChecks.day, from, to),
        inArray(updateChecks.platform, [...platforms]),
        inArray(updateChecks.channel, [...channels]),
      ),
    );
}

/** See {@link usersOnChannelsQuery}. */
export async function usersOnChannels(
  db: Executor,
  from: string,
  to: string,
  platforms: readonly string[],
  channels: readonly string[],
): Promise<number> {
  if (channels.length === 0) return 0;
  const [row] = await usersOnChannelsQuery(db, from, to, platforms, channels);
  return Number(row?.users ?? 0);
}

/**
 * Published releases that are not yanked (version, channel, rollout, when first published), each
 * with the platforms it has files for. The releases table, not update_checks: a few hundred rows.
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
