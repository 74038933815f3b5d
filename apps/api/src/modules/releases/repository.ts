/**
 * Data access for releases (program versions), their artifacts (files) and downloads (one user
 * fetching one artifact). Today a release has one artifact; its file fields are the version's
 * `filename`, `file_size` and `sha256` of the spec.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  artifacts,
  downloads,
  releases,
  type ArtifactRow,
  type ReleaseRow,
} from '../../db/schema.js';

/** A release with its (first) artifact. */
export interface ReleaseWithArtifact {
  release: ReleaseRow;
  artifact: ArtifactRow;
}

/** SQL for "the artifact is its release's first": the spec's one file per version. */
const firstArtifact = sql`${artifacts.id} = (
  select a2.id from ${artifacts} a2 where a2.release_id = ${releases.id}
  order by a2.created_at, a2.id limit 1)`;

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

/** Inserts a release and its artifact; a taken version surfaces as a unique violation. */
export async function insertRelease(
  db: Executor,
  release: typeof releases.$inferInsert,
  artifact: Omit<typeof artifacts.$inferInsert, 'releaseId'>,
): Promise<ReleaseWithArtifact> {
  const [r] = await db.insert(releases).values(release).returning();
  const [a] = await db
    .insert(artifacts)
    .values({ ...artifact, releaseId: r!.id })
    .returning();
  return { release: r!, artifact: a! };
}

/**
 * Changes release `id` (offered or not, release date, archived); `values(before)` gives the
 * columns from the row as locked. Returns the release before and after, or undefined.
 */
export async function updateReleaseRow(
  db: Executor,
  id: string,
  values: (before: ReleaseRow) => Partial<typeof releases.$inferInsert>,
): Promise<{ before: ReleaseRow; after: ReleaseRow } | undefined> {
  const [before] = await db.select().from(releases).where(eq(releases.id, id)).for('update');
  if (!before) return undefined;
  const [after] = await db
    .update(releases)
    .set(values(before))
    .where(eq(releases.id, id))
    .returning();
  return { before, after: after! };
}

/**
 * Every artifact whose file we store (a `storage_path`, not an external URL), oldest first, with
 * its recorded size in bytes and SHA-256 (the move to object storage, migrate.ts).
 */
export async function listStoredArtifacts(
  db: Executor,
): Promise<{ id: string; storagePath: string; fileSize: number; sha256: string | null }[]> {
  const rows = await db
    .select({
      id: artifacts.id,
      storagePath: artifacts.storagePath,
      fileSize: artifacts.fileSize,
      sha256: artifacts.sha256,
    })
    .from(artifacts)
    .where(isNotNull(artifacts.storagePath))
    .orderBy(artifacts.createdAt, artifacts.id);
  return rows.map((r) => ({ ...r, storagePath: r.storagePath! }));
}

/** Updates the size and SHA-256 of artifact `id` (the seed, after rebuilding a file). */
export async function updateArtifactDigest(
  db: Executor,
  id: string,
  digest: { fileSize: number; sha256: string },
): Promise<void> {
  await db.update(artifacts).set(digest).where(eq(artifacts.id, id));
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

/** The user's downloads, newest first, with version and file name. */
export async function listUserDownloads(
  db: Executor,
  userId: string,
  limit = 50,
): Promise<{ id: string; version: string; filename: string; at: Date }[]> {
  return db
    .select({
      id: downloads.id,
      version: releases.version,
      filename: artifacts.filename,
      at: downloads.createdAt,
    })
    .from(downloads)
    .innerJoin(artifacts, eq(artifacts.id, downloads.artifactId))
    .innerJoin(releases, eq(releases.id, artifacts.releaseId))
    .where(eq(downloads.userId, userId))
    .orderBy(desc(downloads.createdAt))
    .limit(limit);
}
