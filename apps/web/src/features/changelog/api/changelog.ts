/**
 * The public changelog's calls as hooks (spec section 7): pages of published entries, and the
 * count of one reader opening an entry.
 */
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { API, CHANGELOG_PAGE_SIZE, CLIENT_ERRORS } from '@flockr/contract';
import { call, type ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Published entries, newest release first, in pages of CHANGELOG_PAGE_SIZE from page 1
 * (`GET /changelog?page&limit`; spec sections 7 and 9); `fetchNextPage` loads the next one while
 * `hasNextPage`. Errors: the server's text, else 'Failed to fetch changelog' (spec section 8).
 */
export function useChangelog() {
  return useInfiniteQuery({
    queryKey: queryKeys.changelog,
    queryFn: ({ pageParam, signal }) =>
      call(
        API.changelog.list,
        { query: { page: pageParam, limit: CHANGELOG_PAGE_SIZE } },
        { signal, fallback: CLIENT_ERRORS.defaults.fetchChangelog },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.total_pages ? last.pagination.page + 1 : undefined,
  });
}

/**
 * Counts one reader opening an entry: `mutate(version)` sends `POST /changelog/{version}/views`
 * (the admin's Views column). Fire and forget: a failed count is never shown to the reader.
 */
export function useRecordChangelogView() {
  return useMutation<void, ApiError, string>({
    mutationFn: (version) => call(API.changelog.recordView, { params: { version } }),
  });
}
