/**
 * The table of the admin lists: full width and dense on a computer, sortable by the columns that
 * say so (a button in the heading, `aria-sort` on the sorted one), and on a phone (below the
 * `sm` breakpoint) one card per row, each value labelled with its column's name. On a
 * computer it scrolls sideways inside its card when too narrow (the page itself never does);
 * the scroll area is a region named like the table and is focusable so keyboard users can
 * scroll it. It is `relative` so visually hidden (absolutely positioned) text inside the table
 * is clipped by it instead of widening the page, and a size container, so a row spanning every
 * column can keep its content as wide as the visible part (`sticky left-0 w-[100cqw]`).
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '../../../components/ui/cn';
import type { ListSort } from './list-params';

/**
 * Body cell classes (rows are written by each list). On a phone a cell is a line of its card:
 * the column's name (`data-label`, set by {@link AdminTable}) on the left, the value after it.
 */
export const tdClass =
  'px-3 py-2.5 align-middle text-sm text-slate-700 first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6 max-sm:flex max-sm:min-w-0 max-sm:flex-wrap max-sm:items-center max-sm:justify-between max-sm:gap-x-4 max-sm:gap-y-1 max-sm:px-4! max-sm:py-1.5 max-sm:text-right max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:tracking-wide max-sm:before:text-slate-600 max-sm:before:uppercase max-sm:before:content-[attr(data-label)] max-sm:max-w-none max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere] max-sm:empty:hidden';

/** Compact select used inside table rows; named by `aria-label` since it has no visible label. */
export const inlineSelectClass =
  'block w-full min-w-[7.5rem] rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 max-sm:w-auto';

const thClass =
  'whitespace-nowrap px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6';

/**
 * A column heading: its text, or `{ label, align: 'right' }` for figures, or
 * `{ label, hidden: true }` for a column named for screen readers only (row actions);
 * `sort` is the key the list sorts this column by (contract `sort` values).
 */
export type Column = string | { label: string; align?: 'right'; hidden?: boolean; sort?: string };

/** How the table shows and changes its order. */
export interface TableSort {
  /** The order in force (the chosen one, else the list's default). */
  current: ListSort | null;
  /** Sorts by `column`: ascending first, the other way when it is already sorted by it. */
  onSort: (column: string) => void;
}

/** The object form of a column. */
function columnOf(column: Column): Exclude<Column, string> {
  return typeof column === 'string' ? { label: column } : column;
}

/** A sortable heading's button: the label, and an arrow saying the order. */
function SortButton({
  label,
  dir,
  onClick,
}: {
  label: string;
  dir: 'asc' | 'desc' | null;
  onClick: () => void;
}) {
  const Icon = dir === 'asc' ? ArrowUp : dir === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        '-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-1 font-semibold tracking-wide uppercase hover:bg-slate-200/70 hover:text-slate-900',
        dir && 'text-slate-900',
      )}
    >
      {label}
      <Icon aria-hidden="true" className={cn('size-3.5', !dir && 'opacity-50')} />
    </button>
  );
}

/** A scrollable region named `label` holding a full-width table with `columns` and `children` rows. */
export function AdminTable({
  label,
  columns,
  children,
  minWidth = 'min-w-[44rem]',
  sort,
}: {
  label: string;
  columns: readonly Column[];
  children: ReactNode;
  /** Tailwind min-width class below which the table scrolls (from the `sm` breakpoint up). */
  minWidth?: string;
  sort?: TableSort;
}) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const labels = columns.map((column) => {
    const { label: text, hidden } = columnOf(column);
    return hidden ? '' : text;
  });
  // Rows are written by each list: name every cell after its column for the phone cards.
  useLayoutEffect(() => {
    for (const row of bodyRef.current?.rows ?? []) {
      Array.from(row.cells).forEach((cell, index) => {
        cell.dataset.label = labels[index] ?? '';
      });
    }
  });
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="@container relative overflow-x-auto max-sm:overflow-visible"
    >
      <table
        className={cn('w-full divide-y divide-slate-100', minWidth, 'max-sm:block max-sm:min-w-0!')}
      >
        <caption className="sr-only">{label}</caption>
        <thead className="bg-slate-50 max-sm:hidden">
          <tr>
            {columns.map((column) => {
              const { label: text, align, hidden, sort: key } = columnOf(column);
              const dir = key && sort?.current?.column === key ? sort.current.dir : null;
              return (
                <th
                  key={text}
                  scope="col"
                  aria-sort={
                    dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined
                  }
                  className={cn(thClass, align === 'right' && 'text-right')}
                >
                  {hidden ? (
                    <span className="sr-only">{text}</span>
                  ) : key && sort ? (
                    <SortButton label={text} dir={dir} onClick={() => sort.onSort(key)} />
                  ) : (
                    text
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody
          ref={bodyRef}
          className="divide-y divide-slate-100 max-sm:block max-sm:space-y-3 max-sm:divide-y-0 max-sm:p-3 max-sm:[&>tr]:block max-sm:[&>tr]:rounded-lg max-sm:[&>tr]:border max-sm:[&>tr]:border-slate-200 max-sm:[&>tr]:py-2"
        >
          {children}
        </tbody>
      </table>
    </div>
  );
}
