/**
 * Data access for the business figures (modules/figures/service.ts): sum them, recount them. The
 * database moves them itself (triggers of migration 0018).
 */
import { and, eq, gte, inArray, like, lt, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import { figures } from '../../db/schema.js';

/** A figure's value (or a change of it) on one UTC day: `name`, `day` (`YYYY-MM-DD`), `delta`. */
export interface FigureDelta {
  name: string;
  day: string;
  delta: number;
}

/** The sum over all days of each figure in `names` (absent ones are 0). */
export async function sumFigures(
  db: Executor,
  names: readonly string[],
): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ name: figures.name, total: sql<number>`sum(${figures.value})`.mapWith(Number) })
    .from(figures)
    .where(inArray(figures.name, [...names]))
    .groupBy(figures.name);
  return new Map(rows.map((r) => [r.name, r.total]));
}

/**
 * The sum of each figure in `names` over the UTC days from `fromDay` (`YYYY-MM-DD`) on, by name
 * (absent ones are 0); served by the primary key (name, day).
 */
export async function sumFiguresFrom(
  db: Executor,
  names: readonly string[],
  fromDay: string,
): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ name: figures.name, total: sql<number>`sum(${figures.value})`.mapWith(Number) })
    .from(figures)
    .where(and(inArray(figures.name, [...names]), gte(figures.day, fromDay)))
    .groupBy(figures.name);
  return new Map(rows.map((r) => [r.name, r.total]));
}

/** The sum over all days of every figure whose name starts with `prefix`, by name. */
export async function sumFiguresByPrefix(
  db: Executor,
  prefix: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ name: figures.name, total: sql<number>`sum(${figures.value})`.mapWith(Number) })
    .from(figures)
    .where(like(figures.name, `${prefix.replace(/[\\%_]/g, '\\$&')}%`))
    .groupBy(figures.name);
  return new Map(rows.map((r) => [r.name, r.total]));
}

/**
 * Figure `name` per UTC day from `fromDay` (`YYYY-MM-DD`) on, before `untilDay` when given, keyed
 * by day.
 */
export async function figurePerDay(
  db: Executor,
  name: string,
  fromDay: string,
  untilDay?: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: figures.day, value: figures.value })
    .from(figures)
    .where(
      and(
        eq(figures.name, name),
        gte(figures.day, fromDay),
        untilDay ? lt(figures.day, untilDay) : undefined,
      ),
    );
  return new Map(rows.map((r) => [r.day, r.value]));
}

/**
 * Every row's contribution summed by figure and UTC day, through the same per-row functions the
 * triggers use (migration 0018): the figures as the rows say they should be. A full scan of
 * users, orders and subscriptions: for checks and repairs, never on a request. Zero sums are
 * left out.
 */
export async function computeFiguresFromRows(db: Executor): Promise<FigureDelta[]> {
  const rows = await rowsOf<{ name: string; day: string; delta: string | number }>(
    db,
    sql`${figuresFromRows} order by 1, 2`,
  );
  return rows.map((r) => ({ name: r.name, day: r.day, delta: Number(r.delta) }));
}

/** The query behind {@link computeFiguresFromRows}: (name, day as text, delta), zeros left out. */
const figuresFromRows = sql`
  select f.name, f.day::text as day, sum(f.delta)::bigint as delta from (
    select f.* from users r, flockr_figures_of_user(r) f
    union all select f.* from orders r, flockr_figures_of_order(r) f
    union all select f.* from subscriptions r, flockr_figures_of_subscription(r) f
  ) f group by f.name, f.day having sum(f.delta) <> 0`;

/** Every kept figure that is not zero, in (name, day) order. */
export async function keptFigures(db: Executor): Promise<FigureDelta[]> {
  const rows = await db
    .select({ name: figures.name, day: figures.day, value: figures.value })
    .from(figures)
    .where(sql`${figures.value} <> 0`)
    .orderBy(figures.name, figures.day);
  return rows.map((r) => ({ name: r.name, day: r.day, delta: r.value }));
}

/**
 * Locks the figures against writers until `tx` ends (SHARE ROW EXCLUSIVE: readers go on, the
 * triggers of other transactions wait). Taken before a recount, it makes a change that commits
 * meanwhile count exactly once: either its trigger ran before the lock and its rows are in the
 * recount, or its trigger runs after `tx` commits.
 */
export async function lockFiguresAgainstWriters(tx: Executor): Promise<void> {
  await tx.execute(sql`lock table ${figures} in share row exclusive mode`);
}

/**
 * Replaces every figure with a recount of the rows, inside transaction `tx`, which must hold
 * {@link lockFiguresAgainstWriters}.
 */
export async function replaceFiguresFromRows(tx: Executor): Promise<void> {
  await tx.delete(figures);
  await tx.execute(sql`insert into ${figures} (name, day, value)
    select name, day::date, delta from (${figuresFromRows}) f`);
}
