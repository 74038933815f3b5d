/**
 * The public changelog's calls as hooks (requirements §7): pages of published entries, and the
 * count of one reader opening an entry.
 */
import { useCallback } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { CHANGELOG_PAGE_SIZE, CLIENT_ERRORS } from '@flockr/contract';
import { call, type ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Published entries, newest release first, in pages of CHANGELOG_PAGE_SIZE from page 1
 * (`GET /changelog?page&limit`; requirements §7 and §9); `fetchNextPage` loads the next one while
 * `hasNextPage`. Errors: the server's text, else 'Failed to fetch changelog' (requirements §8).
 */
export function useChangelog() {
  return useInfiniteQuery(changelogQueryOptions);
}

/** The query behind {@link useChangelog}; the server prefetches its first page (entry-server). */
export const changelogQueryOptions = infiniteQueryOptions({
  queryKey: queryKeys.changelog,
  queryFn: ({ pageParam, signal }) =>
    call(
      'GET /changelog',
      { query: { page: pageParam, limit: CHANGELOG_PAGE_SIZE } },
      { signal, fallback: CLIENT_ERRORS.defaults.fetchChangelog },
    ),
  initialPageParam: 1,
  getNextPageParam: (last) =>
    last.pagination.page < last.pagination.total_pages ? last.pagination.page + 1 : undefined,
});

/** Where this tab remembers the versions it counted a view of. */
const VIEWED_KEY = 'flockr.changelog.viewed';

/** Versions this browser tab has counted a view of (sessionStorage; empty when unavailable). */
function viewedVersions(): Set<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(VIEWED_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

/**
 * Counts one reader being shown an entry: `record(version)` sends `POST
 * /changelog/{version}/views` (the admin's Views column) once per version per browser tab, so
 * re-renders, reopening and reloading do not count again. Reading the changelog never writes;
 * this deliberate call does. Fire and forget: a failed count is never shown to the reader.
 */
export function useRecordChangelogView() {
  const mutation = useMutation<void, ApiError, string>({
    mutationFn: (version) => call('POST /changelog/:version/views', { params: { version } }),
  });
  const { mutate } = mutation;
  const record = useCallback(
    (version: string) => {
      const viewed = viewedVersions();
      if (viewed.has(version)) return;
      viewed.add(version);
      try {
        sessionStorage.setItem(VIEWED_KEY, JSON.stringify([...viewed]));
      } catch {
        // Private mode without storage: count it anyway, once per mounted card.
      }
      mutate(version);
    },
    [mutate],
  );
  return { record };
}
