/**
 * The adoption charts of the admin dashboard (docs/updates.md "Adoption"), from the update checks
 * the feeds record (`update_checks`, checks.ts): users per UTC day, platform and reported version;
 * per platform, the share of the last day's users on the newest stable release; and how far each
 * rollout has reached. A user counts once per day and platform whatever the number of machines
 * or architectures (distinct user ids). Queries in adoption.repository.ts, which read figures
 * kept as the checks are written (migration 0015), never the checks themselves.
 */
import semver from 'semver';
import {
  PLATFORMS,
  type AdoptionResponse,
  type Platform,
  type ReleaseChannel,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { FigureDifference } from '../../db/figure-difference.js';
import {
  findAdoptionFigureDifferences,
  publishedReleasePlatforms,
  correctAdoptionFigures,
  usersOnChannel,
  usersOnVersion,
  usersPerVersion,
  versionsPerDay,
} from './adoption.repository.js';

/** The UTC day (YYYY-MM-DD) `daysBack` days before `now`'s. Pure. */
export function utcDay(now: Date, daysBack = 0): string {
  const day = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysBack),
  );
  return day.toISOString().slice(0, 10);
}

const isPlatform = (value: string): value is Platform =>
  (PLATFORMS as readonly string[]).includes(value);

/**
 * `GET /admin/updates/adoption?days=`: over the last `days` UTC days, today included (`to` is
 * today at `ctx.now()`):
 * - `days`: users per day, platform and reported version ("unknown" when the updater did not say);
 * - `latest`: per platform, the newest published stable release (not yanked) with a file for it,
 *   how many users checked on that platform today and how many of them reported that version;
 * - `rollouts`: releases published and not yanked that are in staged rollout (below 100 %) or were
 *   first published within the period, newest first, with the users who reported that version in
 *   the period and the users who checked on a channel that is offered it.
 */
export async function adoption(ctx: AppContext, days: number): Promise<AdoptionResponse> {
  const now = ctx.now();
  const to = utcDay(now);
  const from = utcDay(now, days - 1);
  const [perDay, published] = await Promise.all([
    versionsPerDay(ctx.db, from, to),
    publishedReleasePlatforms(ctx.db),
  ]);

  const latest = await Promise.all(
    PLATFORMS.map(async (platform) => {
      const newest =
        published
          .filter((r) => r.channel === 'stable' && r.platforms.includes(platform))
          .map((r) => r.version)
          .sort(semver.rcompare)[0] ?? null;
      const counts = await usersOnVersion(ctx.db, to, platform, newest);
      return { platform, version: newest, users: counts.users, on_latest: counts.onVersion };
    }),
  );

  const periodStart = Date.parse(`${from}T00:00:00Z`);
  const rolling = published
    .filter(
      (r) =>
        r.rolloutPercentage < 100 ||
        (r.publishedAt !== null && r.publishedAt.getTime() >= periodStart),
    )
    .sort((a, b) => semver.rcompare(a.version, b.version));
  const onVersion = await usersPerVersion(
    ctx.db,
    from,
    rolling.map((r) => r.version),
  );
  const checking = new Map<ReleaseChannel, number>();
  for (const channel of new Set(rolling.map((r) => r.channel as ReleaseChannel))) {
    // Users on `channel` or a wider one (contract channelIncludes), as the figures keep them.
    checking.set(channel, await usersOnChannel(ctx.db, from, channel));
  }

  return {
    days: perDay
      .filter((r): r is typeof r & { platform: Platform } => isPlatform(r.platform))
      .map((r) => ({
        day: r.day,
        platform: r.platform,
        version: r.version ?? 'unknown',
        users: r.users,
      })),
    latest,
    rollouts: rolling.map((r) => ({
      release_id: r.id,
      version: r.version,
      channel: r.channel as ReleaseChannel,
      rollout_percentage: r.rolloutPercentage,
      users_on_version: onVersion.get(r.version) ?? 0,
      users_checking: checking.get(r.channel as ReleaseChannel) ?? 0,
    })),
  };
}

/**
 * The kept adoption figures that differ from what the update checks say (one statement; reads
 * only). Empty when every figure is right, as the trigger of `update_checks` keeps them.
 */
export function adoptionFigureDifferences(db: Executor): Promise<FigureDifference[]> {
  return findAdoptionFigureDifferences(db);
}

/**
 * Makes the adoption figures agree with the update checks in one transaction that holds writes
 * of checks back meanwhile (`correctAdoptionFigures`), and returns what was wrong. For a database
 * whose trigger was off while checks went in, or after a `TRUNCATE`.
 */
export function rebuildAdoptionFigures(db: Executor): Promise<FigureDifference[]> {
  return db.transaction((tx) => correctAdoptionFigures(tx));
}
