/**
 * The generic admin list (spec section 3, the admin tabs): a section with its heading, an
 * optional create button and form, the search box and filters (state in the URL, list-params.ts),
 * the last row action's error, the loading / error (Try Again) / empty states, the items, and
 * the pager. Every admin resource is one of these with its own rows.
 */
import { Fragment, useId, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { Pagination } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField } from '../../../components/ui/field';
import { humanize } from '../../../lib/format';
import { AdminTable, type Column } from './admin-table';
import type { ListState } from './list-params';
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

/** The search box and selects of `params`, each writing its URL parameter. */
function Toolbar({ params }: { params: ListState }) {
  return (
    <div className={`mt-4 grid gap-4 ${params.spec.layout}`}>
      {Object.entries(params.spec.filters).map(([key, filter]) =>
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
  const headingId = useId();
  const heading = (
    <h2 id={headingId} className="text-base font-semibold text-slate-900">
      {title}
    </h2>
  );
  const body = (
    <QueryView query={query} loadingLabel={props.loadingLabel} card={bare}>
      {(data) => {
        const items = props.items(data);
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
                <AdminTable label={table.label} columns={table.columns} minWidth={table.minWidth}>
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
      )}
      {form}
      {bare ? (
        body
      ) : (
        <Card className="min-w-0">
          {params ? (
            <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
              {heading}
              <Toolbar params={params} />
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
