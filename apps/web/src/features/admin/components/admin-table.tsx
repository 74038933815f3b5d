/**
 * The table of the admin lists. It scrolls sideways inside its card on narrow screens (the page
 * itself never does); the scroll area is a region named like the table and is focusable so
 * keyboard users can scroll it. It is `relative` so visually hidden (absolutely positioned) text
 * inside the table is clipped by it instead of widening the page.
 */
import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/cn';

/** Body cell classes (rows are written by each list). */
export const tdClass =
  'px-3 py-3 align-middle text-sm text-slate-700 first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6';

/** Compact select used inside table rows; named by `aria-label` since it has no visible label. */
export const inlineSelectClass =
  'block w-full min-w-[7.5rem] rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500';

const thClass =
  'whitespace-nowrap px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6';

/**
 * A column heading: its text, or `{ label, align: 'right' }` for figures, or
 * `{ label, hidden: true }` for a column named for screen readers only (row actions).
 */
export type Column = string | { label: string; align?: 'right'; hidden?: boolean };

/** A scrollable region named `label` holding a full-width table with `columns` and `children` rows. */
export function AdminTable({
  label,
  columns,
  children,
  minWidth = 'min-w-[44rem]',
}: {
  label: string;
  columns: readonly Column[];
  children: ReactNode;
  /** Tailwind min-width class below which the table scrolls. */
  minWidth?: string;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto">
      <table className={cn('w-full divide-y divide-slate-100', minWidth)}>
        <caption className="sr-only">{label}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => {
              const {
                label: text,
                align,
                hidden,
              }: Exclude<Column, string> = typeof column === 'string' ? { label: column } : column;
              return (
                <th
                  key={text}
                  scope="col"
                  className={cn(thClass, align === 'right' && 'text-right')}
                >
                  {hidden ? <span className="sr-only">{text}</span> : text}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
