/** Data access for plans. Prices are integer minor units of the plan's currency. */
import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { plans, type PlanRow } from '../../db/schema.js';

/** Plans in display order; only active ones unless `all`. */
export async function listPlans(db: Executor, all = false): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(all ? undefined : eq(plans.isActive, true))
    .orderBy(asc(plans.sortOrder), asc(plans.createdAt));
}

/** The plan with `id`, or undefined. `lock` takes a row lock (inside a transaction). */
export async function findPlanById(
  db: Executor,
  id: string,
  lock = false,
): Promise<PlanRow | undefined> {
  const query = db.select().from(plans).where(eq(plans.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Number of plans (new plans are listed after the existing ones). */
export async function countPlans(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(plans);
  return row?.n ?? 0;
}

/** Inserts a plan; a taken name surfaces as a unique violation on `plans_name_key`. */
export async function insertPlan(
  db: Executor,
  values: typeof plans.$inferInsert,
): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  return row!;
}

/** Inserts the plans whose name is not taken yet (the seed). */
export async function insertMissingPlans(
  db: Executor,
  values: (typeof plans.$inferInsert)[],
): Promise<void> {
  await db.insert(plans).values(values).onConflictDoNothing({ target: plans.name });
}

/** Updates plan `id`; returns the new row. */
export async function updatePlan(
  db: Executor,
  id: string,
  values: Partial<typeof plans.$inferInsert>,
): Promise<PlanRow | undefined> {
  const [row] = await db.update(plans).set(values).where(eq(plans.id, id)).returning();
  return row;
}
