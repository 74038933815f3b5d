/** Public changelog calls (spec section 7: GET /changelog with page and limit). */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { CHANGELOG_PAGE_SIZE, CLIENT_ERRORS, type ChangelogResponse } from '@flockr/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Fetches one page of published entries, newest first. */
export function fetchChangelogPage(page: number, signal?: AbortSignal): Promise<ChangelogResponse> {
  return api.get<ChangelogResponse>('/changelog', {
    query: { page, limit: CHANGELOG_PAGE_SIZE },
    signal,
    fallback: CLIENT_ERRORS.defaults.fetchChangelog,
  });
}

/** Infinite query options: pages of CHANGELOG_PAGE_SIZE entries, starting at page 1. */
export const changelogInfiniteQueryOptions = infiniteQueryOptions({
  queryKey: queryKeys.changelog,
  queryFn: ({ pageParam, signal }) => fetchChangelogPage(pageParam, signal),
  initialPageParam: 1,
  getNextPageParam: (last) =>
    last.pagination.page < last.pagination.total_pages ? last.pagination.page + 1 : undefined,
});
