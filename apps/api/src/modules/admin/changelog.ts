/** Admin changelog (issue 4): list drafts and published entries, create, edit and publish. */
import { desc, eq } from 'drizzle-orm';
import { API_ERRORS } from '@flockr/contract';
import type { ChangelogEntry } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { changelogEntries, type UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { recordAudit } from '../audit/service.js';
import { toChangelogEntry } from '../changelog/service.js';

/** `GET /admin/changelog`: every entry, drafts included, newest release first. */
export async function listAdminChangelog(ctx: AppContext): Promise<ChangelogEntry[]> {
  const rows = await ctx.db
    .select()
    .from(changelogEntries)
    .orderBy(desc(changelogEntries.releaseDate), desc(changelogEntries.createdAt));
  return rows.map(toChangelogEntry);
}

type EntryFields = {
  version: string;
  title: string;
  changes: string;
  release_date: string;
  is_published: boolean;
};

const columns = (input: Partial<EntryFields>) => ({
  ...(input.version !== undefined && { version: input.version }),
  ...(input.title !== undefined && { title: input.title }),
  ...(input.changes !== undefined && { changes: input.changes }),
  ...(input.release_date !== undefined && { releaseDate: input.release_date }),
  ...(input.is_published !== undefined && { isPublished: input.is_published }),
});

/** `POST /admin/changelog`: published or draft, as chosen. @throws 409 version taken. */
export async function createChangelogEntry(
  ctx: AppContext,
  actor: UserRow,
  input: EntryFields,
): Promise<ChangelogEntry> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(changelogEntries)
        .values(columns(input) as typeof changelogEntries.$inferInsert)
        .returning();
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'changelog.create',
        entityType: 'changelog',
        entityId: row!.id,
        before: null,
        after: row,
      });
      return toChangelogEntry(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'changelog_entries_version_key'))
      throw conflict(API_ERRORS.changelogVersionTaken);
    throw error;
  }
}

/** `PUT /admin/changelog/{id}`: edit fields or publish a draft. @throws 404, 409 version taken. */
export async function updateChangelogEntry(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: Partial<EntryFields>,
): Promise<ChangelogEntry> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(changelogEntries)
        .where(eq(changelogEntries.id, id))
        .for('update');
      if (!before) throw notFound(API_ERRORS.changelogNotFound);
      const [after] = await tx
        .update(changelogEntries)
        .set({ ...columns(input), updatedAt: ctx.now() })
        .where(eq(changelogEntries.id, id))
        .returning();
      const action =
        !before.isPublished && after!.isPublished ? 'changelog.publish' : 'changelog.update';
      await recordAudit(tx, {
        actorId: actor.id,
        action,
        entityType: 'changelog',
        entityId: id,
        before,
        after,
      });
      return toChangelogEntry(after!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'changelog_entries_version_key'))
      throw conflict(API_ERRORS.changelogVersionTaken);
    throw error;
  }
}
