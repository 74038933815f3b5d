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
import { and, asc, eq, gt, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import { toFigureDifferences, type FigureDifference } from '../../db/figure-difference.js';
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

/** Users per UTC day and platform, recounted from the checks (`update_check_day_users`). */
const countedUsers = sql`
  select day, platform, count(distinct user_id) as users from update_checks group by 1, 2`;

/** The same per reported version, `''` for none (`update_check_day_versions`). */
const countedVersions = sql`
  select day, platform, coalesce(current_version, ${NO_VERSION}) as version,
    count(distinct user_id) as users
  from update_checks group by 1, 2, 3`;

/**
 * The last day each user was seen with each version and on each channel offered to them, as the
 * checks kept now say (`update_check_last_seen`). The trigger may know a later day than this:
 * a check is one row per user, platform, architecture and day, so an updater that reports 3.0.0
 * in the morning and 3.1.0 after updating leaves only 3.1.0 in the row, while the trigger saw
 * both. The kept rows may therefore hold more, never less, and never an earlier day.
 */
const countedSeen = sql`
  select 'version' as figure, coalesce(current_version, ${NO_VERSION}) as key, user_id,
    max(day) as day
  from update_checks group by 2, 3
  union all
  select 'channel', offered, c.user_id, max(c.day) from update_checks c
  cross join lateral unnest(flockr_channels_offered_to(c.channel)) offered group by 2, 3`;

/** How a figure's key shows in a name: the version or channel, `unknown` for no version. */
const keyName = (key: SQL) => sql`coalesce(nullif(${key}, ${NO_VERSION}), 'unknown')`;

/**
 * The kept adoption figures that differ from what the checks say, one row per figure and UTC
 * day, `kept` and `counted` in users. The names say which table holds the figure:
 * - `update_users:<platform>`: users who checked that day (`update_check_day_users`), exact;
 * - `update_users:<platform>:<version>`: of them, those whose checks report that version now,
 *   `unknown` for none (`update_check_day_versions`), exact;
 * - `update_last_seen:<version|channel>:<key>`: users last seen with it that day
 *   (`update_check_last_seen_days`), which must equal the per-user rows grouped by day;
 * - `update_last_seen_rows:<version|channel>:<key>`: of the users the checks show last seen with
 *   it that day (`counted`), those whose per-user row has that day or a later one (`kept`); a
 *   kept row with a later day or one the checks no longer show is history, not an error
 *   ({@link countedSeen}).
 */
const adoptionDifferences = sql`
  with counted_seen as (${countedSeen}),
  kept_seen_days as (
    select figure, key, day, count(*) as users from update_check_last_seen group by 1, 2, 3
  ),
  seen_rows as (
    select c.figure, c.key, c.day, count(*) as counted,
      count(*) filter (where k.day >= c.day) as kept
    from counted_seen c
    left join update_check_last_seen k using (figure, key, user_id)
    group by 1, 2, 3
  ),
  compared as (
    select 'update_users:' || platform as name, day, coalesce(k.users, 0) as kept,
      coalesce(c.users, 0) as counted
    from update_check_day_users k full join (${countedUsers}) c using (day, platform)
    union all
    select 'update_users:' || platform || ':' || ${keyName(sql`version`)}, day,
      coalesce(k.users, 0), coalesce(c.users, 0)
    from update_check_day_versions k full join (${countedVersions}) c using (day, platform, version)
    union all
    select 'update_last_seen:' || figure || ':' || ${keyName(sql`key`)}, day,
      coalesce(k.users, 0), coalesce(c.users, 0)
    from update_check_last_seen_days k full join kept_seen_days c using (figure, key, day)
    union all
    select 'update_last_seen_rows:' || figure || ':' || ${keyName(sql`key`)}, day, kept, counted
    from seen_rows
  )
  select name, day::text as day, kept::bigint as kept, counted::bigint as counted
  from compared where kept <> counted order by 1, 2`;

/**
 * The kept adoption figures that differ from what the update checks say, in (name, day) order
 * (see {@link adoptionDifferences}); one statement, reads only.
 */
export async function findAdoptionFigureDifferences(db: Executor): Promise<FigureDifference[]> {
  return toFigureDifferences(
    await rowsOf<{ name: string; day: string; kept: unknown; counted: unknown }>(
      db,
      adoptionDifferences,
    ),
  );
}

/**
 * Makes the adoption figures agree with the update checks, inside transaction `tx`, and returns
 * what was wrong before: the day figures are replaced with the recount; each per-user "last
 * seen" row is moved to the recount's day where that is later, and added where missing (history
 * the checks no longer show stays, {@link countedSeen}); the last-seen day figures are then
 * regrouped from those rows. The table of checks is locked against writes meanwhile (SHARE: the
 * charts and feeds still read): the recorders' batches of checks (checks.ts) wait while new
 * checks are noted in memory, and a batch that waits longer than the server's statement limit
 * (DATABASE_STATEMENT_TIMEOUT_MS) is dropped and logged, as any failed batch is. Taking the lock
 * before touching any figure means a batch that already wrote rows finishes first.
 */
export async function correctAdoptionFigures(tx: Executor): Promise<FigureDifference[]> {
  await tx.execute(sql`lock table update_checks in share mode`);
  const before = await findAdoptionFigureDifferences(tx);
  if (before.length === 0) return before;
  await tx.execute(sql`delete from update_check_day_users`);
  await tx.execute(sql`insert into update_check_day_users ${countedUsers}`);
  await tx.execute(sql`delete from update_check_day_versions`);
  await tx.execute(sql`insert into update_check_day_versions ${countedVersions}`);
  await tx.execute(sql`
    insert into update_check_last_seen as k (figure, key, user_id, day) ${countedSeen}
    on conflict (figure, key, user_id) do update set day = greatest(k.day, excluded.day)`);
  await tx.execute(sql`delete from update_check_last_seen_days`);
  await tx.execute(sql`
    insert into update_check_last_seen_days
    select figure, key, day, count(*) from update_check_last_seen group by 1, 2, 3`);
  return before;
}
