/**
 * The admin panel's state in the URL query (`?tab=users&page=2&search=bob&status=ACTIVE`), so a
 * reload or the back button brings the same view back. Values are parsed defensively: anything
 * unknown falls back to the default rather than reaching the server.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A query change: a value sets the parameter; '', null or undefined removes it. */
export type ParamChanges = Record<string, string | number | null | undefined>;

/** Options of a URL update. */
export interface UpdateOptions {
  /** Replace the history entry instead of adding one (typing, arrow keys). */
  replace?: boolean;
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

/**
 * Reads the query and updates it. `update` merges changes into the current query and, unless
 * `page` is among them, goes back to page 1 (a new filter starts a new list).
 */
export function useAdminParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: ParamChanges, { replace = false }: UpdateOptions = {}) => {
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
  return { params, update };
}
