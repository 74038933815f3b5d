/** Admin changelog hooks (spec section 7, `/admin/changelog`): list, create, publish a draft. */
import type { z } from 'zod';
import { API, CLIENT_ERRORS, type createChangelogRequestSchema } from '@flockr/contract';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { ADMIN_ERRORS } from './errors';
import { adminKeys } from './keys';
import { useAdminChange, useAdminQuery, useAdminUpdate } from './hooks';

/** `POST /admin/changelog` payload (spec section 5). */
export type ChangelogPayload = z.input<typeof createChangelogRequestSchema>;

/** Every changelog entry, drafts included, with view counts (`GET /admin/changelog`). */
export function useAdminChangelog() {
  return useAdminQuery(API.admin.changelog, {
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
      call(
        API.admin.createChangelog,
        { body },
        { fallback: CLIENT_ERRORS.defaults.createChangelog },
      ),
    success: ({ entry }) =>
      entry.is_published
        ? `Version ${entry.version} published`
        : `Draft for version ${entry.version} saved`,
    refresh,
  });
}

/**
 * Edits an entry or publishes a draft (`PUT /admin/changelog/{id}`). Variables: `{ id, …fields }`,
 * e.g. `{ id, is_published: true }`.
 */
export function useUpdateChangelogEntry() {
  return useAdminUpdate(API.admin.updateChangelog, {
    fallback: ADMIN_ERRORS.publishChangelog,
    success: ({ entry }) =>
      entry.is_published ? `Version ${entry.version} published` : `Version ${entry.version} saved`,
    refresh,
  });
}
