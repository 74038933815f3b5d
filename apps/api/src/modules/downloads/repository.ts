/** Data access for program versions (artifacts) and download events. */
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { downloadEvents, downloads, type DownloadRow } from '../../db/schema.js';

/** Every active version (unsorted; callers sort by semantic version). */
export async function listActiveDownloads(db: Executor): Promise<DownloadRow[]> {
  return db.select().from(downloads).where(eq(downloads.isActive, true));
}

/** The version row with `id`, or undefined. */
export async function findDownloadById(db: Executor, id: string): Promise<DownloadRow | undefined> {
  const [row] = await db.select().from(downloads).where(eq(downloads.id, id)).limit(1);
  return row;
}

/**
 * Records that link `linkId` was used by `userId` for `downloadId`, once per link: the first
 * use inserts an event and increments `download_count` in one transaction; later uses of the
 * same link (resumed or ranged requests) change nothing. Returns true when recorded now.
 */
export async function recordDownloadOnce(
  db: Executor,
  event: { userId: string; downloadId: string; linkId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(downloadEvents)
      .values(event)
      .onConflictDoNothing({ target: downloadEvents.linkId })
      .returning({ id: downloadEvents.id });
    if (inserted.length === 0) return false;
    await tx
      .update(downloads)
      .set({ downloadCount: sql`${downloads.downloadCount} + 1` })
      .where(eq(downloads.id, event.downloadId));
    return true;
  });
}

/** The user's download events, newest first, with version and filename. */
export async function listUserDownloadEvents(db: Executor, userId: string, limit = 50) {
  return db
    .select({
      id: downloadEvents.id,
      version: downloads.version,
      filename: downloads.filename,
      at: downloadEvents.createdAt,
    })
    .from(downloadEvents)
    .innerJoin(downloads, eq(downloads.id, downloadEvents.downloadId))
    .where(eq(downloadEvents.userId, userId))
    .orderBy(desc(downloadEvents.createdAt))
    .limit(limit);
}
