/**
 * The changelog for admins (spec sections 5 and 7): every entry with drafts, creating one
 * (published or draft, as chosen), editing it and publishing a draft, audited.
 */
import type { ChangelogEntry } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { recordAudit } from '../audit/service.js';
import { insertEntry, listAllEntries, lockEntry, updateEntry } from './repository.js';
import { toChangelogEntry } from './service.js';

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
    ctx.db.transaction(async (tx) => {
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

/** `PUT /admin/changelog/{id}`: edit fields or publish a draft. @throws 404, 409. */
export async function updateChangelogEntry(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: Partial<EntryFields>,
): Promise<ChangelogEntry> {
  return versionUnique(() =>
    ctx.db.transaction(async (tx) => {
      const before = await lockEntry(tx, id);
      if (!before) throw notFound('changelogNotFound');
      const after = await updateEntry(tx, id, { ...columns(input), updatedAt: ctx.now() });
      await recordAudit(tx, {
        actorId: actor.id,
        action: !before.isPublished && after.isPublished ? 'changelog.publish' : 'changelog.update',
        entityType: 'changelog',
        entityId: id,
        before,
        after,
      });
      return toChangelogEntry(after);
    }),
  );
}
