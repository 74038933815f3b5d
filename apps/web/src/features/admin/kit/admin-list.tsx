/**
 * The generic admin list (requirements §3, the admin tabs): a section with its heading, an
 * optional create button and form, Export CSV, the search box, filters, date range and (on a
 * phone, where the table's headings give way to cards) a sort select — state in the URL,
 * list-params.ts —, the last row action's error, the loading / error (Try Again) / empty
 * states, the items (a table sortable by its columns), and the pager. Every admin resource is
 * one of these with its own rows. A server list sorts and filters on the server; a list the
 * page holds in full sorts and filters its items here ({@link LocalList}).
 */
import { Fragment, useId, useMemo, useState, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { Pagination } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/field';
import { humanize } from '../../../lib/format';
import { AdminTable, type Column } from './admin-table';
import { saveLocalCsv, type CsvExport, type LocalCsv } from './api/export';
import type { ListSort, ListState } from './list-params';
import { Pager } from './pager';
import { QueryView } from './query-view';
import { SearchInput } from './search-input';

/** Texts of the empty list; the `noMatch…` ones when filters or a later page found nothing. */
export interface EmptyTexts {
  icon: LucideIcon;
  title: string;
  description: string;
  noMatchTitle?: string;
  noMatchDescription?: string;
}

/** A "New …" button in the list's header, opening the list's form. */
export interface CreateAction {
  label: string;
  icon: LucideIcon;
  /** Its id: focus comes back to it when the form closes ({@link useEditor}). */
  id: string;
  onClick: () => void;
}

/**
 * Sorting and the date range of a list the page holds in full: each sortable column's value
 * (by the column's `sort` key) and the item's date (`YYYY-MM-DD…`, compared by its UTC day).
 */
export interface LocalList<TItem> {
  sortValue: (item: TItem, column: string) => string | number;
  date: (item: TItem) => string;
}

/** `items` within `params`' date range, in its order (chosen, else the list's default). */
export function arrangeLocally<TItem>(
  items: readonly TItem[],
  local: LocalList<TItem>,
  params: ListState,
): readonly TItem[] {
  const { from, to } = params.dates;
  const kept = items.filter((item) => {
    const day = local.date(item).slice(0, 10);
    return (!from || day >= from) && (!to || day <= to);
  });
  const order = params.sort ?? params.spec.defaultSort;
  if (!order) return kept;
  const sign = order.dir === 'asc' ? 1 : -1;
  return [...kept].sort((a, b) => {
    const x = local.sortValue(a, order.column);
    const y = local.sortValue(b, order.column);
    const byValue =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y), 'en', { numeric: true, sensitivity: 'base' });
    return sign * byValue;
  });
}

/** The items as a table: its name, columns and min-width, and one `<tr>` per item. */
export interface TableSpec<TItem> {
  label: string;
  columns: readonly Column[];
  /** Tailwind min-width class below which the table scrolls. */
  minWidth: string;
  row: (item: TItem) => ReactNode;
}

/** Props of {@link AdminList}. */
export interface AdminListProps<TData, TItem extends { id: string }> {
  /** The section heading (h2), e.g. 'Users'. */
  title: string;
  query: UseQueryResult<TData, Error>;
  /** The items of an answer. */
  items: (data: TData) => readonly TItem[];
  /** The items as a table (one row per item) … */
  table?: TableSpec<TItem>;
  /** … or rendered by the list itself (e.g. as cards). */
  children?: (items: readonly TItem[]) => ReactNode;
  /** Announced while loading, e.g. 'Loading users…'. */
  loadingLabel: string;
  empty: EmptyTexts;
  /** Page and filters in the URL (`useListParams`): shows the toolbar and enables the pager. */
  params?: ListState;
  /** The pager of a paged answer: its name and the items' plural noun, e.g. 'users'. */
  pager?: TData extends { pagination: Pagination } ? { label: string; noun: string } : never;
  create?: CreateAction;
  /** The open create/edit form, shown above the list. */
  form?: ReactNode;
  /** Shown first in the section (e.g. a warning card). */
  above?: ReactNode;
  /** The server's text when the last row action failed (`latestError(…)?.message`). */
  error?: string | null;
  /** The items bring their own cards: no card around the list, states in a card of their own. */
  bare?: boolean;
  /** A list held in full: sorted and filtered by date here (needs `params`). */
  local?: LocalList<TItem>;
  /** Export CSV of a server list (`useServerCsv`) … */
  exporter?: CsvExport;
  /** … or of a list held in full: its items as shown, written here. */
  localCsv?: LocalCsv<TItem>;
}

/**
 * What a list's form is doing: closed (`editing` null), or open on `T` (an item to edit, or the
 * marker 'new'). `create(label, icon)` is the list's "New …" button opening it on 'new'; `close`
 * closes it and gives focus back to that button.
 */
export function useEditor<T = never>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const buttonId = useId();
  return {
    editing,
    open: (value: T | 'new') => setEditing(value),
    close: () => {
      setEditing(null);
      document.getElementById(buttonId)?.focus();
    },
    create: (label: string, icon: LucideIcon): CreateAction => ({
      label,
      icon,
      id: buttonId,
      onClick: () => setEditing('new'),
    }),
  };
}

/** Labels of the sortable columns by sort key. */
function sortLabels(columns: readonly Column[] | undefined): [string, string][] {
  return (columns ?? []).flatMap((column) =>
    typeof column !== 'string' && column.sort
      ? [[column.sort, column.label] as [string, string]]
      : [],
  );
}

/** The order after a click on `column`'s heading: the other way if sorted by it, else ascending. */
export function nextSort(current: ListSort | null, column: string): ListSort {
  return current?.column === column
    ? { column, dir: current.dir === 'asc' ? 'desc' : 'asc' }
    : { column, dir: 'asc' };
}

/**
 * The search box and selects of `params`, each writing its URL parameter; then the date range
 * (when the list has one) and, on a phone, the order (the table's headings are hidden there).
 */
function Toolbar({ params, columns }: { params: ListState; columns?: readonly Column[] }) {
  const { spec, dates } = params;
  const sortable = sortLabels(columns);
  const order = params.sort ?? spec.defaultSort;
  const filters = Object.entries(spec.filters);
  return (
    <>
      {filters.length ? (
        <div className={`mt-4 grid gap-4 ${spec.layout}`}>
          {filters.map(([key, filter]) =>
            filter.kind === 'search' ? (
              <SearchInput
                key={key}
                label={filter.label}
                placeholder={filter.placeholder}
                value={params.values[key] ?? ''}
                onSearch={(value) => params.set({ [key]: value }, { replace: true })}
              />
            ) : (
              <SelectField
                key={key}
                label={filter.label}
                value={params.values[key] ?? ''}
                onChange={(event) => params.set({ [key]: event.target.value })}
              >
                <option value="">{filter.all}</option>
                {filter.options.map((option) => (
                  <option key={option} value={option}>
                    {humanize(option)}
                  </option>
                ))}
              </SelectField>
            ),
          )}
        </div>
      ) : null}
      {spec.dates || (spec.sort && sortable.length) ? (
        <div className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:flex sm:flex-wrap sm:items-end">
          {spec.dates
            ? // From, then To: each bounds the other, so the range cannot be turned around.
              (['from', 'to'] as const).map((end) => (
                <TextField
                  key={end}
                  label={`${spec.dates} ${end}`}
                  type="date"
                  value={dates[end]}
                  {...(end === 'from'
                    ? { max: dates.to || undefined }
                    : { min: dates.from || undefined })}
                  className="min-w-0 sm:w-44"
                  onChange={(event) => params.set({ [end]: event.target.value })}
                />
              ))
            : null}
          {spec.sort && sortable.length ? (
            <SelectField
              label="Sort by"
              className="col-span-2 sm:hidden"
              value={order ? `${order.column}:${order.dir}` : ''}
              onChange={(event) => {
                const [sort, dir] = event.target.value.split(':');
                params.set({ sort, dir });
              }}
            >
              {order ? null : <option value="">Default order</option>}
              {sortable.flatMap(([key, label]) => [
                <option key={`${key}:asc`} value={`${key}:asc`}>
                  {label}, ascending
                </option>,
                <option key={`${key}:desc`} value={`${key}:desc`}>
                  {label}, descending
                </option>,
              ])}
            </SelectField>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** The Export CSV button: the server list's export, or the shown items written here. */
function ExportButton({ run, pending }: { run: () => void; pending: boolean }) {
  return (
    <Button
      variant="outline"
      size="sm"
      loading={pending}
      icon={<Download aria-hidden="true" className="size-4" />}
      onClick={run}
    >
      {pending ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}

/** The empty state; on a filtered list or a later page, with Clear filters / Go to first page. */
function EmptyList({ empty, params }: { empty: EmptyTexts; params?: ListState }) {
  const narrowed = !!params && (params.filtered || params.page > 1);
  return (
    <EmptyState
      icon={empty.icon}
      title={narrowed ? (empty.noMatchTitle ?? empty.title) : empty.title}
      description={
        params?.filtered ? (empty.noMatchDescription ?? empty.description) : empty.description
      }
      action={
        narrowed ? (
          <Button variant="outline" onClick={params.clear}>
            {params.filtered ? 'Clear filters' : 'Go to first page'}
          </Button>
        ) : undefined
      }
    />
  );
}

/**
 * An admin list. With `params` the heading and toolbar sit in the list's card; without, the
 * heading and the create button sit above it, with the form between. The pager shows the
 * answer's pagination on `params.page`, and `aria-busy` marks a page still loading.
 */
export function AdminList<TData, TItem extends { id: string }>(
  props: AdminListProps<TData, TItem>,
) {
  const { title, query, params, pager, create, form, above, error, bare = false } = props;
  const { local, exporter, localCsv } = props;
  const headingId = useId();
  const heading = (
    <h2 id={headingId} className="text-base font-semibold text-slate-900">
      {title}
    </h2>
  );
  // The items as shown: a list held in full is sorted and cut to the date range here.
  const shown = useMemo(() => {
    if (!query.data) return [];
    const items = props.items(query.data);
    return local && params ? arrangeLocally(items, local, params) : items;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `items` is a pure accessor
  }, [query.data, local, params?.sort, params?.dates.from, params?.dates.to]);
  const exportAction =
    exporter ?? (localCsv && { run: () => saveLocalCsv(localCsv, shown), pending: false });
  const actions =
    create || exportAction ? (
      <div className="flex flex-wrap items-center gap-2">
        {exportAction ? <ExportButton {...exportAction} /> : null}
        {create ? (
          <Button
            id={create.id}
            icon={<create.icon aria-hidden="true" className="size-4" />}
            onClick={create.onClick}
          >
            {create.label}
          </Button>
        ) : null}
      </div>
    ) : null;
  const tableSort =
    params?.spec.sort && params.spec.sort.length
      ? {
          current: params.sort ?? params.spec.defaultSort ?? null,
          onSort: (column: string) => {
            const next = nextSort(params.sort ?? params.spec.defaultSort ?? null, column);
            params.set({ sort: next.column, dir: next.dir });
          },
        }
      : undefined;
  const body = (
    <QueryView query={query} loadingLabel={props.loadingLabel} card={bare}>
      {(data) => {
        const items = local && params ? shown : props.items(data);
        if (items.length === 0) {
          const empty = <EmptyList empty={props.empty} params={params} />;
          return bare ? <Card>{empty}</Card> : empty;
        }
        const pagination = pager && (data as { pagination: Pagination }).pagination;
        const { table } = props;
        return (
          <>
            <div aria-busy={query.isPlaceholderData || undefined}>
              {table ? (
                <AdminTable
                  label={table.label}
                  columns={table.columns}
                  minWidth={table.minWidth}
                  sort={tableSort}
                >
                  {items.map((item) => (
                    <Fragment key={item.id}>{table.row(item)}</Fragment>
                  ))}
                </AdminTable>
              ) : (
                props.children?.(items)
              )}
            </div>
            {pager && pagination && params ? (
              <Pager
                label={pager.label}
                noun={pager.noun}
                page={params.page}
                totalPages={pagination.total_pages}
                total={pagination.total}
                estimate={pagination.total_is_estimate}
                onPage={(page) => params.set({ page })}
              />
            ) : null}
          </>
        );
      }}
    </QueryView>
  );
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      {above}
      {params ? null : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {actions}
        </div>
      )}
      {form}
      {bare ? (
        body
      ) : (
        <Card className="min-w-0">
          {params ? (
            <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
              <div className="flex flex-wrap items-center justify-between gap-3">
                {heading}
                {actions}
              </div>
              <Toolbar params={params} columns={props.table?.columns} />
            </div>
          ) : null}
          {error ? (
            <div className="px-5 pt-4 sm:px-6">
              <Alert variant="error">{error}</Alert>
            </div>
          ) : null}
          {body}
        </Card>
      )}
    </section>
  );
}
