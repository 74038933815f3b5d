/**
 * Data access for the update feeds (docs/updates.md): the
 * releases a feed may offer with all their files, the feed settings, the user's channel and feed
 * token generation, and the batched update-check rows.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  artifacts,
  releases,
  updateChecks,
  updateSettings,
  users,
  type ArtifactRow,
  type ReleaseRow,
  type UserRow,
} from '../../db/schema.js';

/** A release with every one of its files, oldest file first. */
export interface ReleaseWithArtifacts {
  release: ReleaseRow;
  artifacts: ArtifactRow[];
}

/** Groups joined rows by release, keeping the order of the first row of each. Pure. */
function groupByRelease(rows: { release: ReleaseRow; artifact: ArtifactRow }[]) {
  const byId = new Map<string, ReleaseWithArtifacts>();
  for (const { release, artifact } of rows) {
    const found = byId.get(release.id) ?? { release, artifacts: [] };
    found.artifacts.push(artifact);
    byId.set(release.id, found);
  }
  return [...byId.values()];
}

/**
 * Active releases on `channels`, each with all its files, newest published first (callers sort
 * by semantic version). Which of them a user is offered is decided by `isOfferedTo`
 * (subscriptions/access.ts); this only narrows the rows read.
 */
export async function listActiveReleases(
  db: Executor,
  channels: readonly string[],
): Promise<ReleaseWithArtifacts[]> {
  const rows = await db
    .select({ release: releases, artifact: artifacts })
    .from(releases)
    .innerJoin(artifacts, eq(artifacts.releaseId, releases.id))
    .where(and(eq(releases.isActive, true), inArray(releases.channel, [...channels])))
    .orderBy(desc(releases.publishedAt), artifacts.createdAt, artifacts.id);
  return groupByRelease(rows);
}

/** The minimum supported version (update_settings), or null when none is set. */
export async function findMinimumVersion(db: Executor): Promise<string | null> {
  const [row] = await db
    .select({ minimumVersion: updateSettings.minimumVersion })
    .from(updateSettings)
    .limit(1);
  return row?.minimumVersion ?? null;
}

/** Sets `userId`'s release channel; returns the user as written. */
export async function setReleaseChannel(
  db: Executor,
  userId: string,
  channel: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ releaseChannel: channel, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Moves `userId`'s feed token to the next generation (the old token stops); returns the user. */
export async function nextFeedTokenVersion(
  db: Executor,
  userId: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ feedTokenVersion: sql`${users.feedTokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Who checked for updates, as one feed request reports it. */
export interface CheckNote {
  userId: string;
  platform: string;
  arch: string;
  currentVersion: string | null;
  channel: string;
  format: string;
}

/** One update check to record (a row per user, platform, arch and UTC day). */
export interface UpdateCheck extends CheckNote {
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  checks: number;
  lastCheckedAt: Date;
}

/**
 * Adds `rows` to the day's update checks in one statement: a new row, or the existing one's
 * count grows and its version, channel and format become the latest reported. Rows are written
 * in the order of their key, user first, so two instances writing at once take the figure
 * trigger's per-user locks and the rows' locks in one order and never deadlock (migration 0015).
 */
export async function upsertUpdateChecks(db: Executor, rows: UpdateCheck[]): Promise<void> {
  if (rows.length === 0) return;
  const ordered = rows
    .map((row) => ({ row, key: `${row.userId}|${row.day}|${row.platform}|${row.arch}` }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ row }) => row);
  await db
    .insert(updateChecks)
    .values(ordered)
    .onConflictDoUpdate({
      target: [updateChecks.day, updateChecks.userId, updateChecks.platform, updateChecks.arch],
      set: {
        currentVersion: sql`coalesce(excluded.current_version, ${updateChecks.currentVersion})`,
        channel: sql`excluded.channel`,
        format: sql`excluded.format`,
        checks: sql`${updateChecks.checks} + excluded.checks`,
        lastCheckedAt: sql`greatest(${updateChecks.lastCheckedAt}, excluded.last_checked_at)`,
      },
    });
}
