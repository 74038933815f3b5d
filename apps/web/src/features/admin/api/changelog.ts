/** Admin changelog calls: list (drafts included), create, update/publish (spec section 7). */
import { queryOptions } from '@tanstack/react-query';
import {
  CLIENT_ERRORS,
  type ChangelogEntry,
  type createChangelogRequestSchema,
} from '@flockr/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `POST /admin/changelog` payload after validation. */
export type ChangelogPayload = z.output<typeof createChangelogRequestSchema>;

/** Default error text of a failed publish (ours; the spec's catalogue has none). */
export const PUBLISH_CHANGELOG_ERROR = 'Failed to publish changelog entry';

/** Fetches every changelog entry, drafts included. */
export function fetchAdminChangelog(
  signal?: AbortSignal,
): Promise<{ changelog_entries: ChangelogEntry[] }> {
  return api.get<{ changelog_entries: ChangelogEntry[] }>('/admin/changelog', {
    signal,
    fallback: CLIENT_ERRORS.defaults.fetchChangelogEntries,
  });
}

/** Query options of the admin changelog list. */
export const adminChangelogQueryOptions = queryOptions({
  queryKey: adminKeys.changelog,
  queryFn: ({ signal }) => fetchAdminChangelog(signal),
});

/** Creates an entry (a draft unless `is_published`). */
export function createChangelogEntry(
  payload: ChangelogPayload,
): Promise<{ entry: ChangelogEntry }> {
  return api.post<{ entry: ChangelogEntry }>('/admin/changelog', payload, {
    fallback: CLIENT_ERRORS.defaults.createChangelog,
  });
}

/** Changes the given fields of an entry, e.g. `{ is_published: true }` to publish a draft. */
export function updateChangelogEntry(
  id: string,
  payload: Partial<ChangelogPayload>,
): Promise<{ entry: ChangelogEntry }> {
  return api.put<{ entry: ChangelogEntry }>(`/admin/changelog/${encodeURIComponent(id)}`, payload, {
    fallback: PUBLISH_CHANGELOG_ERROR,
  });
}
