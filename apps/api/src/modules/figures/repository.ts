/**
 * Data access for the business figures (modules/figures/service.ts): sum them, recount them. The
 * database moves them itself (triggers of migration 0018).
 */
import { and, eq, gte, inArray, like, lt, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import { figures } from '../../db/schema.js';
import { toFigureDifferences, type FigureDifference } from '../../db/figure-difference.js';

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
 * users, orders and subscriptions (about 17 s at 1 M users and 5 M orders): for checks and
 * repairs, never on a request. Zero sums are left out.
 */
export async function computeFiguresFromRows(db: Executor): Promise<FigureDelta[]> {
  const rows = await rowsOf<{ name: string; day: string; delta: string | number }>(
    db,
    sql`select name, day::text as day, delta from (${recount}) f order by 1, 2`,
  );
  return rows.map((r) => ({ name: r.name, day: r.day, delta: Number(r.delta) }));
}

/** The recount behind {@link computeFiguresFromRows}: (name, day, delta), zeros left out. */
const recount = sql`
  select f.name, f.day, sum(f.delta)::bigint as delta from (
    select f.* from users r, flockr_figures_of_user(r) f
    union all select f.* from orders r, flockr_figures_of_order(r) f
    union all select f.* from subscriptions r, flockr_figures_of_subscription(r) f
  ) f group by f.name, f.day having sum(f.delta) <> 0`;

/**
 * Each figure and day whose kept value differs from the recount, with both: (name, day as text,
 * kept, counted). One statement, so both sides come from one snapshot.
 */
const differences = sql`
  select coalesce(c.name, k.name) as name, coalesce(c.day, k.day) as day,
    coalesce(k.value, 0)::bigint as kept, coalesce(c.delta, 0)::bigint as counted
  from (${recount}) c
  full join (select name, day, value from ${figures} where value <> 0) k
    on k.name = c.name and k.day = c.day
  where coalesce(k.value, 0) <> coalesce(c.delta, 0)`;

/** The kept figures that differ from a recount of the rows, in (name, day) order; reads only. */
export async function findFigureDifferences(db: Executor): Promise<FigureDifference[]> {
  return toFigureDifferences(
    await rowsOf(
      db,
      sql`select name, day::text as day, kept, counted from (${differences}) d order by 1, 2`,
    ),
  );
}

/** Any constant bigint, taken by every recount so two never run at once; this is "flockr-f". */
export const FIGURES_RECOUNT_LOCK_KEY = 0x666c6f636b722d66n;

/**
 * Adds to each kept figure what a recount of the rows says it lacks, inside transaction `tx`, and
 * returns what it corrected (`kept` and `counted` as of the recount's snapshot), in (name, day)
 * order. Writers are not held back: a figure is off from its rows by the same amount however many
 * triggered changes commit after the snapshot (each moves the rows and the figures alike), so
 * the correction found in the snapshot is still the right one when it is added, and the upsert
 * adds it to the figure's latest committed value. Recounts take FIGURES_RECOUNT_LOCK_KEY first, so a
 * second one starts from the first one's result and finds nothing left to correct.
 */
export async function correctFiguresFromRows(tx: Executor): Promise<FigureDifference[]> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${FIGURES_RECOUNT_LOCK_KEY.toString()}::bigint)`,
  );
  return toFigureDifferences(
    await rowsOf(
      tx,
      sql`
      with d as (${differences}),
      corrected as (
        insert into ${figures} (name, day, value)
        select name, day, counted - kept from d
        on conflict (name, day) do update set value = ${figures.value} + excluded.value
        returning 1
      )
      select name, day::text as day, kept, counted from d order by 1, 2`,
    ),
  );
}
