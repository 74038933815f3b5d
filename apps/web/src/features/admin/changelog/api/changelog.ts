/**
 * Admin changelog hooks (requirements §7, `/admin/changelog`): list, create, edit, publish,
 * unpublish, archive and restore.
 */
import type { z } from 'zod';
import { CLIENT_ERRORS, type createChangelogRequestSchema } from '@flockr/contract';
import { call } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { ADMIN_ERRORS } from '../../kit/api/errors';
import { adminKeys } from '../../kit/api/keys';
import { useAdminChange, useAdminQuery, useAdminUpdate } from '../../kit/api/hooks';

/** `POST /admin/changelog` payload (requirements §5). */
export type ChangelogPayload = z.input<typeof createChangelogRequestSchema>;

/** Every changelog entry, drafts included, with view counts (`GET /admin/changelog`). */
export function useAdminChangelog() {
  return useAdminQuery('GET /admin/changelog', {
    key: adminKeys.changelog,
    fallback: CLIENT_ERRORS.defaults.fetchChangelogEntries,
  });
}

/** Refreshing the public changelog as well: what admins publish shows there. */
const refresh = [queryKeys.changelog] as const;

/**
 * Creates an entry, a draft unless `is_published` (`POST /admin/changelog`). Variables: the
 * payload. A version that already has an entry comes back as 409 CHANGELOG_VERSION_TAKEN.
 */
export function useCreateChangelogEntry() {
  return useAdminChange({
    mutationFn: (body: ChangelogPayload) =>
      call('POST /admin/changelog', { body }, { fallback: CLIENT_ERRORS.defaults.createChangelog }),
    success: ({ entry }) =>
      entry.is_published
        ? `Version ${entry.version} published`
        : `Draft for version ${entry.version} saved`,
    refresh,
  });
}

/** Toast of a changelog change, from what was asked and the entry as it is now. */
function changedText(
  entry: { version: string; is_published: boolean; archived_at: string | null },
  asked: { is_published?: boolean; archived?: boolean; title?: string },
): string {
  if (asked.archived === true) return `Version ${entry.version} archived`;
  if (asked.archived === false) return `Version ${entry.version} restored as a draft`;
  // The edit form sends every field: that is a save, whatever its Publish box says.
  if (asked.title !== undefined) return `Version ${entry.version} saved`;
  if (asked.is_published === false) return `Version ${entry.version} unpublished`;
  return entry.is_published
    ? `Version ${entry.version} published`
    : `Version ${entry.version} saved`;
}

/**
 * Edits an entry, publishes or unpublishes it, archives or restores it (`PUT
 * /admin/changelog/{id}`; never deleted). Variables: `{ id, …fields }`, e.g.
 * `{ id, is_published: true }` or `{ id, archived: true }`.
 */
export function useUpdateChangelogEntry() {
  return useAdminUpdate('PUT /admin/changelog/:id', {
    fallback: ADMIN_ERRORS.publishChangelog,
    success: ({ entry }, asked) => changedText(entry, asked),
    refresh,
  });
}
