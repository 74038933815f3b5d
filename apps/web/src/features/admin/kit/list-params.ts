/**
 * The state of an admin list in the URL query (`?tab=users&page=2&search=bob&status=ACTIVE`,
 * `&sort=username&dir=asc`, `&from=2026-01-01&to=2026-01-31`), read and written through React
 * Router's `useSearchParams`, so a reload or the back button brings the same view back. A list
 * declares its filters, sortable columns and date range once ({@link defineFilters}); values are
 * parsed defensively: anything unknown falls back to "any" (or the default order) rather than
 * reaching the server.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SORT_DIRECTIONS, type SortDirection } from '@flockr/contract';

/** A free-text filter shown as a search box (applied after a pause or on Enter). */
export interface SearchFilter {
  kind: 'search';
  label: string;
  placeholder: string;
}

/** A filter with fixed choices shown as a select; `all` names the "any" option. */
export interface ChoiceFilter<T extends string = string> {
  kind: 'choice';
  label: string;
  all: string;
  options: readonly T[];
}

/** One filter of a list; its key is its URL parameter. */
export type Filter = SearchFilter | ChoiceFilter;

/** The chosen order of a list: a column and its direction. */
export interface ListSort<S extends string = string> {
  column: S;
  dir: SortDirection;
}

/**
 * Sorting and date range of a list (contract admin.ts `sort`, `dir`, `from`, `to`): the columns
 * it sorts by (keys of the server's sort, or of the list's own values for lists held in full),
 * and the name of the date the range applies to, e.g. 'Joined'. Without `sort` the list keeps
 * its default order; without `dates` it has no date range.
 */
export interface ListOptions<S extends string = string> {
  sort?: readonly S[];
  /** The order the list has when none is chosen (shown as such on its column). */
  defaultSort?: ListSort<S>;
  dates?: string;
}

/** The filters of a list and the grid of its toolbar (a Tailwind `sm:grid-cols-…` class). */
export interface FilterSpec<
  F extends Record<string, Filter> = Record<string, Filter>,
  S extends string = string,
> extends ListOptions<S> {
  layout: string;
  filters: F;
}

/** The date range of a list: UTC dates `YYYY-MM-DD`, both inclusive ('' = open end). */
export interface DateRange {
  from: string;
  to: string;
}

/** A date query value when it is a real calendar date `YYYY-MM-DD`, else ''. */
export function parseDate(value: string | null): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : '';
}

/** The sort named by the query values, or null (the list's default order) when unknown. */
export function parseSort<S extends string>(
  column: string | null,
  dir: string | null,
  allowed: readonly S[] | undefined,
): ListSort<S> | null {
  const known = parseChoice(column, allowed ?? []);
  if (!known) return null;
  return { column: known, dir: parseChoice(dir, SORT_DIRECTIONS) || 'asc' };
}

/** The value of each filter: the text, or the choice ('' = any). */
export type FilterValues<F extends Record<string, Filter>> = {
  [K in keyof F]: F[K] extends ChoiceFilter<infer T> ? T | '' : string;
};

/** A search box filter labelled `label`. */
export function searchFilter(label: string, placeholder: string): SearchFilter {
  return { kind: 'search', label, placeholder };
}

/** A select filter labelled `label` over `options`, with `all` as the "any" option. */
export function choiceFilter<T extends string>(
  label: string,
  all: string,
  options: readonly T[],
): ChoiceFilter<T> {
  return { kind: 'choice', label, all, options };
}

/**
 * Declares a list's filters, in toolbar order, and its toolbar grid; `options` adds sortable
 * columns and a date range.
 */
export function defineFilters<F extends Record<string, Filter>, S extends string = never>(
  layout: string,
  filters: F,
  options: ListOptions<S> = {},
): FilterSpec<F, S> {
  return { layout, filters, ...options };
}

/**
 * The filters of a list the server pages (users, orders, audit log; requirements §12), as
 * {@link defineFilters}: sortable by the server's `sort` columns, newest first (`created_at`
 * descending, the server's own order) until another order is chosen, with a date range on
 * `dates`, the name of that date ('Joined').
 */
export function serverListFilters<F extends Record<string, Filter>, S extends string>(
  layout: string,
  filters: F,
  sort: readonly (S | 'created_at')[],
  dates: string,
): FilterSpec<F, S | 'created_at'> {
  return defineFilters(layout, filters, {
    sort,
    defaultSort: { column: 'created_at', dir: 'desc' },
    dates,
  });
}

/** Positive page number from a query value; 1 when missing or invalid. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** `value` when it is one of `allowed`, else '' (any). */
export function parseChoice<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

/** A change of the query: a value sets the parameter; '', null or undefined removes it. */
export type ParamChanges = Record<string, string | number | null | undefined>;

/** The list state of {@link useListParams} as the generic list uses it. */
export interface ListState {
  spec: FilterSpec;
  /** The page, from 1. */
  page: number;
  /** Each filter's value by key ('' = any). */
  values: Record<string, string>;
  /** The chosen order, or null for the list's default order. */
  sort: ListSort | null;
  /** The date range ('' = open end). */
  dates: DateRange;
  /** True when any filter or the date range narrows the list. */
  filtered: boolean;
  /**
   * Merges `changes` into the query; unless `page` is among them, goes back to page 1 (a new
   * filter starts a new list). `replace` replaces the history entry (typing).
   */
  set: (changes: ParamChanges, options?: { replace?: boolean }) => void;
  /** Removes every filter, the date range and the page (the order stays). */
  clear: () => void;
}

/** The sort and date range as a list's query sends them (only those the list declares). */
export interface SortAndDates<S extends string> {
  sort?: S;
  dir?: SortDirection;
  from?: string;
  to?: string;
}

/** The list state with typed filter values. */
export interface ListParams<
  F extends Record<string, Filter>,
  S extends string = never,
> extends ListState {
  values: FilterValues<F>;
  sort: ListSort<S> | null;
  /** The page, the filters, the sort and dates together: what the list's query hook takes. */
  filter: { page: number } & FilterValues<F> & SortAndDates<S>;
}

/** Reads `spec`'s filters, order, dates and the page from the URL query, and updates them there. */
export function useListParams<F extends Record<string, Filter>, S extends string = never>(
  spec: FilterSpec<F, S>,
): ListParams<F, S> {
  const [params, setParams] = useSearchParams();
  const set = useCallback<ListState['set']>(
    (changes, { replace = false } = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (!('page' in changes)) next.delete('page');
          for (const [key, value] of Object.entries(changes)) {
            const text = value === null || value === undefined ? '' : String(value);
            // Page 1 is the default and stays out of the URL.
            if (text === '' || (key === 'page' && text === '1')) next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );
  const values = useMemo(() => {
    const entries = Object.entries(spec.filters).map(([key, filter]) => {
      const raw = params.get(key);
      return [key, filter.kind === 'choice' ? parseChoice(raw, filter.options) : (raw ?? '')];
    });
    return Object.fromEntries(entries) as FilterValues<F>;
  }, [params, spec]);
  const clear = useCallback(
    () =>
      set({
        ...Object.fromEntries(Object.keys(spec.filters).map((key) => [key, null])),
        from: null,
        to: null,
      }),
    [set, spec],
  );
  const page = parsePage(params.get('page'));
  const sort = parseSort(params.get('sort'), params.get('dir'), spec.sort);
  const dates: DateRange = spec.dates
    ? { from: parseDate(params.get('from')), to: parseDate(params.get('to')) }
    : { from: '', to: '' };
  const extra: SortAndDates<S> = {
    ...(sort && { sort: sort.column, dir: sort.dir }),
    ...(dates.from && { from: dates.from }),
    ...(dates.to && { to: dates.to }),
  };
  return {
    spec,
    page,
    values,
    sort,
    dates,
    filter: { page, ...values, ...extra },
    filtered:
      Object.values(values).some((value) => value !== '') || dates.from !== '' || dates.to !== '',
    set,
    clear,
  };
}
