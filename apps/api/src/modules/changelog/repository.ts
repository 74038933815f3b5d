/** Data access for changelog entries. */
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { changelogEntries, type ChangelogEntryRow } from '../../db/schema.js';
import { containsPattern } from '../../lib/like.js';

const newestFirst = [desc(changelogEntries.releaseDate), desc(changelogEntries.createdAt)];
const published = eq(changelogEntries.isPublished, true);

/** A page of published entries, newest release first, and the total. */
export async function listPublished(db: Executor, page: number, limit: number) {
  const rows = await db
    .select()
    .from(changelogEntries)
    .where(published)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset((page - 1) * limit);
  const [totals] = await db.select({ total: count() }).from(changelogEntries).where(published);
  return { rows, total: totals?.total ?? 0 };
}

/** The newest published entry, or undefined. */
export async function findLatestPublished(db: Executor): Promise<ChangelogEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(changelogEntries)
    .where(published)
    .orderBy(...newestFirst)
    .limit(1);
  return row;
}

/** The published entry for `version`, or undefined. */
export async function findPublishedByVersion(
  db: Executor,
  version: string,
): Promise<ChangelogEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(changelogEntries)
    .where(and(published, eq(changelogEntries.version, version)))
    .limit(1);
  return row;
}

/** Counts one view of the published entry for `version`; false when there is none. */
export async function countView(db: Executor, version: string): Promise<boolean> {
  const rows = await db
    .update(changelogEntries)
    .set({ viewCount: sql`${changelogEntries.viewCount} + 1` })
    .where(and(published, eq(changelogEntries.version, version)))
    .returning({ id: changelogEntries.id });
  return rows.length > 0;
}

/** Every entry, drafts included, newest release first (admins). */
export async function listAllEntries(db: Executor): Promise<ChangelogEntryRow[]> {
  return db
    .select()
    .from(changelogEntries)
    .orderBy(...newestFirst);
}

/** The entry `id` locked FOR UPDATE, or undefined. */
export async function lockEntry(db: Executor, id: string): Promise<ChangelogEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(changelogEntries)
    .where(eq(changelogEntries.id, id))
    .for('update');
  return row;
}

/** Inserts an entry; a taken version surfaces as a unique violation. */
export async function insertEntry(
  db: Executor,
  values: typeof changelogEntries.$inferInsert,
): Promise<ChangelogEntryRow> {
  const [row] = await db.insert(changelogEntries).values(values).returning();
  return row!;
}

/** Inserts the entries whose version is not taken yet (the seed). */
export async function insertMissingEntries(
  db: Executor,
  values: (typeof changelogEntries.$inferInsert)[],
): Promise<void> {
  await db
    .insert(changelogEntries)
    .values(values)
    .onConflictDoNothing({ target: changelogEntries.version });
}

/** Updates entry `id`; returns the new row. */
export async function updateEntry(
  db: Executor,
  id: string,
  values: Partial<typeof changelogEntries.$inferInsert>,
): Promise<ChangelogEntryRow> {
  const [row] = await db
    .update(changelogEntries)
    .set(values)
    .where(eq(changelogEntries.id, id))
    .returning();
  return row!;
}

/** Published entries whose version, title or changes contain `term` (case-insensitive), newest first, at most 50. */
export async function searchPublished(db: Executor, term: string): Promise<ChangelogEntryRow[]> {
  const pattern = containsPattern(term);
  return db
    .select()
    .from(changelogEntries)
    .where(
      and(
        published,
        or(
          ilike(changelogEntries.version, pattern),
          ilike(changelogEntries.title, pattern),
          ilike(changelogEntries.changes, pattern),
        ),
      ),
    )
    .orderBy(...newestFirst)
    .limit(50);
}

/** The published entries for any of `versions` (one query), newest release first. */
export async function listPublishedForVersions(
  db: Executor,
  versions: string[],
): Promise<ChangelogEntryRow[]> {
  if (versions.length === 0) return [];
  return db
    .select()
    .from(changelogEntries)
    .where(and(published, inArray(changelogEntries.version, versions)))
    .orderBy(...newestFirst);
}
