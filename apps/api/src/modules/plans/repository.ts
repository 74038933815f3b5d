/** Data access for plans. */
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { plans, type PlanRow } from '../../db/schema.js';

/** Active plans in display order. */
export async function listActivePlans(db: Executor): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(eq(plans.isActive, true))
    .orderBy(asc(plans.sortOrder), asc(plans.createdAt));
}

/** The plan with `id`, or undefined. */
export async function findPlanById(db: Executor, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row;
}
