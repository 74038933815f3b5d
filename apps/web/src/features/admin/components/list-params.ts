/**
 * The state of an admin list in the URL query (`?tab=users&page=2&search=bob&status=ACTIVE`), read
 * and written through React Router's `useSearchParams`, so a reload or the back button brings
 * the same view back. A list declares its filters once ({@link defineFilters}); values are parsed
 * defensively: anything unknown falls back to "any" rather than reaching the server.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

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

/** The filters of a list and the grid of its toolbar (a Tailwind `sm:grid-cols-…` class). */
export interface FilterSpec<F extends Record<string, Filter> = Record<string, Filter>> {
  layout: string;
  filters: F;
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

/** Declares a list's filters, in toolbar order, and its toolbar grid. */
export function defineFilters<F extends Record<string, Filter>>(
  layout: string,
  filters: F,
): FilterSpec<F> {
  return { layout, filters };
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
  /** True when any filter narrows the list. */
  filtered: boolean;
  /**
   * Merges `changes` into the query; unless `page` is among them, goes back to page 1 (a new
   * filter starts a new list). `replace` replaces the history entry (typing).
   */
  set: (changes: ParamChanges, options?: { replace?: boolean }) => void;
  /** Removes every filter and the page. */
  clear: () => void;
}

/** The list state with typed filter values. */
export interface ListParams<F extends Record<string, Filter>> extends ListState {
  values: FilterValues<F>;
  /** The page and the filters together: what the list's query hook takes. */
  filter: { page: number } & FilterValues<F>;
}

/** Reads `spec`'s filters and the page from the URL query, and updates them there. */
export function useListParams<F extends Record<string, Filter>>(
  spec: FilterSpec<F>,
): ListParams<F> {
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
    () => set(Object.fromEntries(Object.keys(spec.filters).map((key) => [key, null]))),
    [set, spec],
  );
  const page = parsePage(params.get('page'));
  return {
    spec,
    page,
    values,
    filter: { page, ...values },
    filtered: Object.values(values).some((value) => value !== ''),
    set,
    clear,
  };
}
