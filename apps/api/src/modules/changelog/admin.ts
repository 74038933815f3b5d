/**
 * The changelog for admins (requirements §5 and §7): every entry with drafts and archived ones,
 * creating one (published or draft, as chosen), editing, publishing, unpublishing, archiving and
 * restoring it, audited. Entries are never deleted.
 */
import type { AdminChangelogEntry as ChangelogEntry } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { ChangelogEntryRow, UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { recordAudit } from '../audit/service.js';
import { insertEntry, listAllEntries, lockEntry, updateEntry } from './repository.js';
import { changeChangelog, toChangelogEntry as toPublicEntry } from './service.js';

/** An entry as admins see it: the public shape with when it was archived. */
const toChangelogEntry = (row: ChangelogEntryRow): ChangelogEntry => ({
  ...toPublicEntry(row),
  archived_at: row.archivedAt?.toISOString() ?? null,
});

/** The audit action of an edit, from the entry before and after. */
function editAction(before: ChangelogEntryRow, after: ChangelogEntryRow): string {
  if (!before.archivedAt && after.archivedAt) return 'changelog.archive';
  if (before.archivedAt && !after.archivedAt && !after.isPublished) return 'changelog.restore';
  if (!before.isPublished && after.isPublished) return 'changelog.publish';
  if (before.isPublished && !after.isPublished) return 'changelog.unpublish';
  return 'changelog.update';
}

/** `GET /admin/changelog`: every entry, drafts included, newest release first. */
export async function listAdminChangelog(ctx: AppContext): Promise<ChangelogEntry[]> {
  return (await listAllEntries(ctx.db)).map(toChangelogEntry);
}

type EntryFields = {
  version: string;
  title: string;
  changes: string;
  release_date: string;
  is_published: boolean;
  archived?: boolean;
};

const columns = (input: Partial<EntryFields>) => ({
  ...(input.version !== undefined && { version: input.version }),
  ...(input.title !== undefined && { title: input.title }),
  ...(input.changes !== undefined && { changes: input.changes }),
  ...(input.release_date !== undefined && { releaseDate: input.release_date }),
  ...(input.is_published !== undefined && { isPublished: input.is_published }),
});

/** Runs `work`, answering a taken version with 409 CHANGELOG_VERSION_TAKEN. */
async function versionUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'changelog_entries_version_key'))
      throw conflict('changelogVersionTaken');
    throw error;
  }
}

/** `POST /admin/changelog`: published or draft, as chosen. @throws 409 CHANGELOG_VERSION_TAKEN. */
export async function createChangelogEntry(
  ctx: AppContext,
  actor: UserRow,
  input: EntryFields,
): Promise<ChangelogEntry> {
  return versionUnique(() =>
    changeChangelog(ctx, async (tx) => {
      const row = await insertEntry(tx, columns(input) as Parameters<typeof insertEntry>[1]);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'changelog.create',
        entityType: 'changelog',
        entityId: row.id,
        before: null,
        after: row,
      });
      return toChangelogEntry(row);
    }),
  );
}

/**
 * `PUT /admin/changelog/{id}`: edit fields, publish or unpublish, archive (also unpublishes: the
 * entry leaves the public changelog) or restore (as a draft); publishing an archived entry
 * restores it. @throws 404 CHANGELOG_NOT_FOUND, 409 CHANGELOG_VERSION_TAKEN.
 */
export async function updateChangelogEntry(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: Partial<EntryFields>,
): Promise<ChangelogEntry> {
  return versionUnique(() =>
    changeChangelog(ctx, async (tx) => {
      const before = await lockEntry(tx, id);
      if (!before) throw notFound('changelogNotFound');
      const now = ctx.now();
      const after = await updateEntry(tx, id, {
        ...columns(input),
        ...(input.is_published === true && { archivedAt: null }),
        ...(input.archived === true && {
          isPublished: false,
          archivedAt: before.archivedAt ?? now,
        }),
        ...(input.archived === false && { archivedAt: null }),
        updatedAt: now,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: editAction(before, after),
        entityType: 'changelog',
        entityId: id,
        before,
        after,
      });
      return toChangelogEntry(after);
    }),
  );
}
