/**
 * Data access for releases (program versions), their artifacts (files) and downloads (one user
 * fetching one artifact). A release may have several artifacts (one per platform, architecture
 * and kind); the spec's views of a version (`filename`, `file_size`, `sha256`) show its zip, or
 * its first file when it has no zip.
 */
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  artifacts,
  downloads,
  releaseAnnouncements,
  releases,
  updateSettings,
  type ArtifactRow,
  type ReleaseRow,
} from '../../db/schema.js';

/** A release with its (first) artifact. */
export interface ReleaseWithArtifact {
  release: ReleaseRow;
  artifact: ArtifactRow;
}

/**
 * SQL for "the artifact is its release's spec file": the spec's one file per version, the zip
 * (the first uploaded when there are several), else the first file of any kind.
 */
const firstArtifact = sql`${artifacts.id} = (
  select a2.id from ${artifacts} a2 where a2.release_id = ${releases.id}
  order by (a2.kind <> 'zip'), a2.created_at, a2.id limit 1)`;

/** The one join of a release with its (first) artifact. */
const selectReleases = (db: Executor) =>
  db
    .select({ release: releases, artifact: artifacts })
    .from(releases)
    .innerJoin(artifacts, and(eq(artifacts.releaseId, releases.id), firstArtifact));

/** Releases with their artifact, newest created first; only active ones unless `all`. */
export async function listReleases(db: Executor, all = false): Promise<ReleaseWithArtifact[]> {
  return selectReleases(db)
    .where(all ? undefined : eq(releases.isActive, true))
    .orderBy(desc(releases.createdAt));
}

/** The release `id` with its artifact, or undefined. */
export async function findRelease(
  db: Executor,
  id: string,
): Promise<ReleaseWithArtifact | undefined> {
  const [row] = await selectReleases(db).where(eq(releases.id, id)).limit(1);
  return row;
}

/** The artifact `id` with its release, or undefined. */
export async function findArtifact(
  db: Executor,
  id: string,
): Promise<ReleaseWithArtifact | undefined> {
  const [row] = await db
    .select({ release: releases, artifact: artifacts })
    .from(artifacts)
    .innerJoin(releases, eq(releases.id, artifacts.releaseId))
    .where(eq(artifacts.id, id))
    .limit(1);
  return row;
}

/** The release with `version` and its artifact, or undefined. */
export async function findReleaseByVersion(
  db: Executor,
  version: string,
): Promise<ReleaseWithArtifact | undefined> {
  const [row] = await selectReleases(db).where(eq(releases.version, version)).limit(1);
  return row;
}

/**
 * Inserts a release with its one file (the spec's single-file form and the seed), which is for
 * every computer (`any_platform`; docs/downloads.md); a taken version surfaces as a unique
 * violation.
 */
export async function insertRelease(
  db: Executor,
  release: typeof releases.$inferInsert,
  artifact: Omit<typeof artifacts.$inferInsert, 'releaseId' | 'anyPlatform'>,
): Promise<ReleaseWithArtifact> {
  const [r] = await db.insert(releases).values(release).returning();
  const [a] = await db
    .insert(artifacts)
    .values({ ...artifact, anyPlatform: true, releaseId: r!.id })
    .returning();
  return { release: r!, artifact: a! };
}

/**
 * Changes release `id` (offered or not, release date, archived, channel, rollout, yanked);
 * `values(before)` gives the columns from the row as locked (none: nothing is written). Returns
 * the release before and after, or undefined.
 */
export async function updateReleaseRow(
  db: Executor,
  id: string,
  values: (before: ReleaseRow) => Partial<typeof releases.$inferInsert>,
): Promise<{ before: ReleaseRow; after: ReleaseRow } | undefined> {
  const [before] = await db.select().from(releases).where(eq(releases.id, id)).for('update');
  if (!before) return undefined;
  const changes = values(before);
  if (Object.keys(changes).length === 0) return { before, after: before };
  const [after] = await db.update(releases).set(changes).where(eq(releases.id, id)).returning();
  return { before, after: after! };
}

/** An artifact whose file we store, with its recorded size in bytes and SHA-256. */
export interface StoredArtifact {
  id: string;
  storagePath: string;
  fileSize: number;
  sha256: string | null;
}

/** Artifacts in upload order: oldest first, the id breaking ties. */
const uploadOrder = [asc(artifacts.createdAt), asc(artifacts.id)];

/**
 * The artifacts whose file we store (a `storage_path`, not an external URL) that also meet
 * `filter` (none: all of them), in upload order.
 */
async function storedArtifacts(db: Executor, filter?: SQL): Promise<StoredArtifact[]> {
  const rows = await db
    .select({
      id: artifacts.id,
      storagePath: artifacts.storagePath,
      fileSize: artifacts.fileSize,
      sha256: artifacts.sha256,
    })
    .from(artifacts)
    .where(and(isNotNull(artifacts.storagePath), filter))
    .orderBy(...uploadOrder);
  return rows.map((r) => ({ ...r, storagePath: r.storagePath! }));
}

/**
 * Every artifact whose file we store, oldest first, with its recorded size in bytes and SHA-256
 * (the move to object storage, migrate.ts).
 */
export async function listStoredArtifacts(db: Executor): Promise<StoredArtifact[]> {
  return storedArtifacts(db);
}

/**
 * Updates the size and digests of artifact `id` (the seed, after rebuilding a file; the start's
 * backfill of SHA-1 and SHA-512, digests.ts).
 */
export async function updateArtifactDigest(
  db: Executor,
  id: string,
  digest: { fileSize: number; sha256: string; sha1?: string; sha512?: string },
): Promise<void> {
  await db.update(artifacts).set(digest).where(eq(artifacts.id, id));
}

/**
 * Stored artifacts that lack their SHA-1 or SHA-512, oldest first, with their recorded size in
 * bytes and SHA-256: files uploaded before those digests were kept.
 */
export async function listArtifactsMissingDigests(db: Executor): Promise<StoredArtifact[]> {
  return storedArtifacts(db, or(isNull(artifacts.sha1), isNull(artifacts.sha512)));
}

/** Every release, in no particular order (the admin release manager sorts by version). */
export async function listReleaseRows(db: Executor): Promise<ReleaseRow[]> {
  return db.select().from(releases);
}

/** The artifacts that meet `filter` (none: every artifact of every release), in upload order. */
function artifactsInUploadOrder(db: Executor, filter?: SQL): Promise<ArtifactRow[]> {
  return db
    .select()
    .from(artifacts)
    .where(filter)
    .orderBy(...uploadOrder);
}

/** Every artifact of every release, oldest first (upload order). */
export async function listAllArtifacts(db: Executor): Promise<ArtifactRow[]> {
  return artifactsInUploadOrder(db);
}

/** The artifacts of release `releaseId`, oldest first. */
export async function listArtifactsOf(db: Executor, releaseId: string): Promise<ArtifactRow[]> {
  return artifactsInUploadOrder(db, eq(artifacts.releaseId, releaseId));
}

/** The artifacts of the releases `releaseIds`, oldest first (upload order). */
export async function listArtifactsOfReleases(
  db: Executor,
  releaseIds: readonly string[],
): Promise<ArtifactRow[]> {
  if (releaseIds.length === 0) return [];
  return artifactsInUploadOrder(db, inArray(artifacts.releaseId, [...releaseIds]));
}

/** The release `id` (with or without artifacts), or undefined. */
export async function findReleaseRow(db: Executor, id: string): Promise<ReleaseRow | undefined> {
  const [row] = await db.select().from(releases).where(eq(releases.id, id)).limit(1);
  return row;
}

/** Inserts a release without artifacts; a taken version surfaces as a unique violation. */
export async function insertReleaseRow(
  db: Executor,
  release: typeof releases.$inferInsert,
): Promise<ReleaseRow> {
  const [row] = await db.insert(releases).values(release).returning();
  return row!;
}

/**
 * Inserts an artifact; a file name the release has already surfaces as a unique violation of
 * `artifacts_release_filename_key`.
 */
export async function insertArtifact(
  db: Executor,
  artifact: typeof artifacts.$inferInsert,
): Promise<ArtifactRow> {
  const [row] = await db.insert(artifacts).values(artifact).returning();
  return row!;
}

/** True when release `releaseId` has a file called `filename`. */
export async function artifactNameTaken(
  db: Executor,
  releaseId: string,
  filename: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: artifacts.id })
    .from(artifacts)
    .where(and(eq(artifacts.releaseId, releaseId), eq(artifacts.filename, filename)))
    .limit(1);
  return row !== undefined;
}

/** The minimum supported version of the update feeds (the one settings row), or null. */
export async function readMinimumVersion(db: Executor): Promise<string | null> {
  const [row] = await db
    .select({ minimumVersion: updateSettings.minimumVersion })
    .from(updateSettings)
    .where(eq(updateSettings.id, 1))
    .limit(1);
  return row?.minimumVersion ?? null;
}

/**
 * Sets the minimum supported version (null: none) in the one settings row, locking it first;
 * returns the value before and after.
 */
export async function writeMinimumVersion(
  db: Executor,
  minimumVersion: string | null,
  now: Date,
): Promise<{ before: string | null; after: string | null }> {
  await db.insert(updateSettings).values({ id: 1 }).onConflictDoNothing();
  const [before] = await db
    .select({ minimumVersion: updateSettings.minimumVersion })
    .from(updateSettings)
    .where(eq(updateSettings.id, 1))
    .for('update');
  await db
    .update(updateSettings)
    .set({ minimumVersion, updatedAt: now })
    .where(eq(updateSettings.id, 1));
  return { before: before?.minimumVersion ?? null, after: minimumVersion };
}

/**
 * Records that release `releaseId` is announced by e-mail, once per release (its primary key):
 * true when recorded now, false when it was before. `finishedAt` records it as already done
 * (the seed's versions, which are never announced).
 */
export async function insertAnnouncement(
  db: Executor,
  releaseId: string,
  finishedAt: Date | null = null,
): Promise<boolean> {
  const inserted = await db
    .insert(releaseAnnouncements)
    .values({ releaseId, finishedAt })
    .onConflictDoNothing({ target: releaseAnnouncements.releaseId })
    .returning({ releaseId: releaseAnnouncements.releaseId });
  return inserted.length > 0;
}

/** SQL for "the announcement is unfinished and its release is offered on stable, or yanked". */
const announcementDue = and(
  isNull(releaseAnnouncements.finishedAt),
  or(
    isNotNull(releases.yankedAt),
    and(eq(releases.isActive, true), eq(releases.channel, 'stable')),
  ),
);

/**
 * The oldest unfinished announcement whose release is offered on stable now or was yanked, other
 * than those of `skip` (release ids), with its release; a withdrawn one, or one moved off
 * stable, waits. Undefined when none. Reads without locking: lock it with `lockAnnouncement`.
 */
export async function nextPendingAnnouncement(
  db: Executor,
  skip: readonly string[] = [],
): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .select({ release: releases })
    .from(releaseAnnouncements)
    .innerJoin(releases, eq(releases.id, releaseAnnouncements.releaseId))
    .where(
      and(
        announcementDue,
        skip.length > 0 ? notInArray(releaseAnnouncements.releaseId, [...skip]) : undefined,
      ),
    )
    .orderBy(asc(releaseAnnouncements.createdAt), asc(releaseAnnouncements.releaseId))
    .limit(1);
  return row?.release;
}

/**
 * Locks the announcement of release `releaseId` while it is still due (see
 * `nextPendingAnnouncement`), with its release as it is now; undefined when it is finished, no
 * longer due, or locked by another sender (`FOR UPDATE SKIP LOCKED`: one sender per announcement
 * however many run). Call inside a transaction.
 */
export async function lockAnnouncement(
  db: Executor,
  releaseId: string,
): Promise<
  { announcement: typeof releaseAnnouncements.$inferSelect; release: ReleaseRow } | undefined
> {
  const [row] = await db
    .select({ announcement: releaseAnnouncements, release: releases })
    .from(releaseAnnouncements)
    .innerJoin(releases, eq(releases.id, releaseAnnouncements.releaseId))
    .where(and(eq(releaseAnnouncements.releaseId, releaseId), announcementDue))
    .limit(1)
    .for('update', { of: releaseAnnouncements, skipLocked: true });
  return row;
}

/** Moves announcement `releaseId` on: its new place, messages added, finished or not. */
export async function advanceAnnouncement(
  db: Executor,
  releaseId: string,
  change: { afterUserId: string | null; queuedAdded: number; finishedAt: Date | null },
): Promise<void> {
  await db
    .update(releaseAnnouncements)
    .set({
      afterUserId: change.afterUserId,
      queued: sql`${releaseAnnouncements.queued} + ${change.queuedAdded}`,
      finishedAt: change.finishedAt,
    })
    .where(eq(releaseAnnouncements.releaseId, releaseId));
}

/** The announcement of release `releaseId`, or undefined (tests and the admin view). */
export async function findAnnouncement(
  db: Executor,
  releaseId: string,
): Promise<typeof releaseAnnouncements.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(releaseAnnouncements)
    .where(eq(releaseAnnouncements.releaseId, releaseId))
    .limit(1);
  return row;
}

/**
 * Records that link `linkId` was used by `userId` for `artifactId`, once per link: the first use
 * inserts a download and increments the release's `download_count` in one transaction; later uses
 * of the same link (resumed or ranged requests) change nothing. Returns true when recorded now.
 */
export async function recordDownloadOnce(
  db: Executor,
  download: { userId: string; artifactId: string; releaseId: string; linkId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(downloads)
      .values({ userId: download.userId, artifactId: download.artifactId, linkId: download.linkId })
      .onConflictDoNothing({ target: downloads.linkId })
      .returning({ id: downloads.id });
    if (inserted.length === 0) return false;
    await tx
      .update(releases)
      .set({ downloadCount: sql`${releases.downloadCount} + 1` })
      .where(eq(releases.id, download.releaseId));
    return true;
  });
}

/** The user's downloads, newest first, with the version and the file fetched. */
export async function listUserDownloads(
  db: Executor,
  userId: string,
  limit = 50,
): Promise<{ id: string; version: string; artifact: ArtifactRow; at: Date }[]> {
  return db
    .select({
      id: downloads.id,
      version: releases.version,
      artifact: artifacts,
      at: downloads.createdAt,
    })
    .from(downloads)
    .innerJoin(artifacts, eq(artifacts.id, downloads.artifactId))
    .innerJoin(releases, eq(releases.id, artifacts.releaseId))
    .where(eq(downloads.userId, userId))
    .orderBy(desc(downloads.createdAt))
    .limit(limit);
}
