/**
 * Sorting, date ranges and keyset batches of the admin lists (contract admin.ts: `sort`, `dir`,
 * `from`, `to`). A list orders by its sort key, then by id so the order is total; an export
 * reads the same order in batches, each starting after the last row of the one before (keyset:
 * no OFFSET, so the millionth row costs what the first does).
 */
import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT, type SortDirection } from '@flockr/contract';
import { rowsOf, type Executor } from './client.js';

/** The sort of a list: its key expression and direction. */
export interface ListOrder {
  key: SQL | AnyColumn;
  dir: SortDirection;
}

/** `ORDER BY key dir, id dir`. */
export function orderByKey({ key, dir }: ListOrder, id: AnyColumn): SQL[] {
  const by = dir === 'asc' ? asc : desc;
  return [by(key), by(id)];
}

/**
 * Rows after the row whose `(key, id)` the subquery `last` selects, in the order of
 * {@link orderByKey} (a row comparison, so ties on the key fall back to the id).
 */
export function afterKey({ key, dir }: ListOrder, id: AnyColumn, last: SQL): SQL {
  return dir === 'asc' ? sql`(${key}, ${id}) > (${last})` : sql`(${key}, ${id}) < (${last})`;
}

/** One UTC day after `date` (`YYYY-MM-DD`), as the start of that day. */
function dayAfter(date: string): Date {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/**
 * `column` (a timestamp) within the UTC dates `from` .. `to`, both inclusive (`YYYY-MM-DD`);
 * undefined when neither is given.
 */
export function withinDates(column: AnyColumn, from?: string, to?: string): SQL | undefined {
  const parts: SQL[] = [];
  if (from) parts.push(sql`${column} >= ${new Date(`${from}T00:00:00.000Z`).toISOString()}`);
  if (to) parts.push(sql`${column} < ${dayAfter(to).toISOString()}`);
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

/** A list query's row source, built afresh on each call (query builders are changed in place). */
type RowQuery = () => { getSQL(): SQL };

/**
 * How many rows `query` selects: counted exactly up to EXACT_COUNT_LIMIT (reading at most that
 * many index entries), beyond that the planner's estimate from the table statistics, flagged
 * `estimate` (contract `total_is_estimate`). A list of a million rows so costs what one of ten
 * thousand does.
 */
export async function countRows(
  db: Executor,
  query: RowQuery,
): Promise<{ total: number; estimate: boolean }> {
  const [counted] = await rowsOf(
    db,
    sql`select count(*)::int as n from (${query().getSQL()} limit ${EXACT_COUNT_LIMIT + 1}) as matching`,
  );
  const n = Number(counted?.n ?? 0);
  if (n <= EXACT_COUNT_LIMIT) return { total: n, estimate: false };
  return { total: await estimatedRows(db, query, n), estimate: true };
}

/**
 * A search's total and the ids of one page of it, with the search run once: `matching` selects
 * every matching row's `id` and its sort `key` (the list's `ORDER BY` expression); at most
 * EXACT_COUNT_LIMIT + 1 of them are kept (a materialized CTE), counted, and sorted by (key, id)
 * in `dir` to pick the page, so the page's rows are then read by ten ids instead of running the
 * trigram search again. Past the limit the total is the planner's estimate, flagged `estimate`,
 * and `pageIds` is undefined (the caller pages the whole list, as for any long list).
 */
export async function searchPage(
  db: Executor,
  matching: SQL,
  dir: SortDirection,
  page: { offset: number; limit: number },
): Promise<{ total: number; estimate: boolean; pageIds?: string[] }> {
  const by = dir === 'asc' ? sql`asc` : sql`desc`;
  const [counted] = await rowsOf<{ n: number; ids: unknown }>(
    db,
    sql`with matching as materialized (${matching} limit ${EXACT_COUNT_LIMIT + 1})
      select (select count(*)::int from matching) as n,
        (select coalesce(json_agg(p.id order by p.key ${by}, p.id ${by}), '[]') from (
          select id, key from matching where (select count(*) from matching) <= ${EXACT_COUNT_LIMIT}
          order by key ${by}, id ${by} limit ${page.limit} offset ${page.offset}) as p) as ids`,
  );
  const n = Number(counted?.n ?? 0);
  if (n > EXACT_COUNT_LIMIT) {
    return {
      total: await estimatedRows(db, () => ({ getSQL: () => matching }), n),
      estimate: true,
    };
  }
  const ids = typeof counted?.ids === 'string' ? JSON.parse(counted.ids) : counted?.ids;
  return { total: n, estimate: false, pageIds: ids as string[] };
}

/** SQL for "`column` is one of `ids`", the ids sent as one JSON parameter (a page's, from searchPage). */
export function idIn(column: AnyColumn, ids: readonly string[]): SQL {
  return sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;
}

/** The planner's estimate of the rows `query` selects, never below `atLeast` (rows counted). */
async function estimatedRows(db: Executor, query: RowQuery, atLeast: number): Promise<number> {
  const [explained] = await rowsOf(db, sql`explain (format json) ${query().getSQL()}`);
  const cell = Object.values(explained ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [
    { Plan: { 'Plan Rows': number } },
  ];
  return Math.max(atLeast, Math.round(plan[0].Plan['Plan Rows']));
}
