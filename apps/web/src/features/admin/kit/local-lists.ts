/**
 * Sorting and date range of the admin lists the page holds in full (program versions and
 * changelog entries: a few dozen rows, read whole by `GET /admin/releases` and
 * `GET /admin/changelog`), so they sort and filter here without a server round trip, with the
 * same controls and URL parameters as the server lists (list-params.ts). Their CSV is written
 * here too (api/export.ts `LocalCsv`, with each list's spec next to its panel).
 */
import type { LocalList } from './admin-list';
import { defineFilters, type FilterSpec } from './list-params';

/** A list of released things: what it sorts and filters by, for {@link AdminList}. */
export interface ReleasedList<TItem, S extends string> {
  filters: FilterSpec<Record<string, never>, S>;
  local: LocalList<TItem>;
}

/**
 * A list held in full of items released on a date: sortable by `columns` (one of them
 * `release_date`), each item's value per column from `sortValues`; newest release first until
 * another order is chosen, and the date range applies to the release date ('Released').
 */
export function releasedList<TItem extends { release_date: string }, S extends string>(
  columns: readonly (S | 'release_date')[],
  sortValues: (item: TItem) => Record<S | 'release_date', string | number>,
): ReleasedList<TItem, S | 'release_date'> {
  return {
    filters: defineFilters('', {} as Record<string, never>, {
      sort: columns,
      defaultSort: { column: 'release_date', dir: 'desc' },
      dates: 'Released',
    }),
    local: {
      sortValue: (item, column) => sortValues(item)[column as S] ?? '',
      date: (item) => item.release_date,
    },
  };
}
