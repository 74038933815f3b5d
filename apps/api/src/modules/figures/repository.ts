/** Data access for the business figures (modules/figures/service.ts): add to them, sum them. */
import { and, eq, gte, inArray, like, lt, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import { figures } from '../../db/schema.js';

/** One change of a figure: `delta` added to `name` on UTC day `day` (`YYYY-MM-DD`). */
export interface FigureDelta {
  name: string;
  day: string;
  delta: number;
}

/**
 * Adds each delta to its figure (created at 0 when missing), with `tx`; zero deltas are skipped.
 * Rows are written in (name, day) order, so two transactions moving the same figures lock them
 * in the same order and cannot deadlock on them.
 */
export async function addToFigures(tx: Executor, deltas: readonly FigureDelta[]): Promise<void> {
  const values = deltas
    .filter((d) => d.delta !== 0)
    .map((d) => ({ name: d.name, day: d.day, value: d.delta }))
    .sort((a, b) =>
      a.name === b.name ? (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) : a.name < b.name ? -1 : 1,
    );
  if (values.length === 0) return;
  await tx
    .insert(figures)
    .values(values)
    .onConflictDoUpdate({
      target: [figures.name, figures.day],
      set: { value: sql`${figures.value} + excluded.value` },
    });
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
 * The figures as the tables say they should be, computed from every row (a full scan: for the
 * consistency test, the bulk seeder and repairs; never on a request). Same definitions as the
 * backfills of migrations 0007 (orders, sign-ups) and 0008 (subscription days); module header
 * of service.ts for what each figure counts.
 */
export async function computeFiguresFromRows(db: Executor): Promise<FigureDelta[]> {
  const rows = await rowsOf<{ name: string; day: string; delta: string | number }>(
    db,
    sql`
    select 'signups' as name, (created_at at time zone 'UTC')::date::text as day, count(*)::bigint as delta
      from users group by 2
    union all
    select 'orders_placed', (created_at at time zone 'UTC')::date::text, count(*) from orders group by 2
    union all
    select 'orders_paid', (created_at at time zone 'UTC')::date::text, count(*)
      from orders where completed_at is not null group by 2
    union all
    select 'orders_completed', (coalesce(completed_at, updated_at) at time zone 'UTC')::date::text, count(*)
      from orders where status = 'COMPLETED' group by 2
    union all
    select 'revenue_minor:' || currency, (coalesce(completed_at, updated_at) at time zone 'UTC')::date::text, sum(amount_minor)
      from orders where status = 'COMPLETED' group by currency, 2
    union all
    select 'revenue_minor:' || currency || ':' || plan_id, (coalesce(completed_at, updated_at) at time zone 'UTC')::date::text,
        sum(amount_minor)
      from orders where status = 'COMPLETED' group by currency, plan_id, 2
    union all
    select 'subscriptions', (created_at at time zone 'UTC')::date::text, count(*)
      from subscriptions group by 2
    union all
    select 'subscriptions_started', (started_at at time zone 'UTC')::date::text, count(*)
      from subscriptions group by 2
    union all
    select 'subscriptions_expiring', (expires_at at time zone 'UTC')::date::text, count(*)
      from subscriptions group by 2
    union all
    select 'subscriptions_expiring:' || plan_id, (expires_at at time zone 'UTC')::date::text, count(*)
      from subscriptions group by plan_id, 2
    union all
    select 'subscriptions_expiring_set_to_end', (expires_at at time zone 'UTC')::date::text, count(*)
      from subscriptions where cancel_at_period_end group by 2`,
  );
  return rows.map((r) => ({ name: r.name, day: r.day, delta: Number(r.delta) }));
}

/** Replaces every figure with `deltas` (inside a transaction). */
export async function replaceFigures(tx: Executor, deltas: readonly FigureDelta[]): Promise<void> {
  await tx.delete(figures);
  for (let i = 0; i < deltas.length; i += 1000) await addToFigures(tx, deltas.slice(i, i + 1000));
}
