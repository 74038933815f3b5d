/** Data access for payment orders. */
import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { OrderStatus } from '@flockr/contract';
import type { Executor } from '../../db/client.js';
import { orders, payments, plans, type OrderRow } from '../../db/schema.js';

/** An order with its plan name and its payment at `provider`, if one was created. */
const orderWithPlan = {
  order: orders,
  planName: plans.name,
  paymentSessionId: payments.providerSessionId,
  paymentUrl: payments.paymentUrl,
};

export type OrderWithPlan = {
  order: OrderRow;
  planName: string;
  paymentSessionId: string | null;
  paymentUrl: string | null;
};

/** Inserts a PENDING order and returns it. */
export async function insertOrder(
  db: Executor,
  values: typeof orders.$inferInsert,
): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

/** The order `id` with plan name and payment, or undefined. */
export async function findOrder(
  db: Executor,
  id: string,
  provider: string,
): Promise<OrderWithPlan | undefined> {
  const [row] = await db
    .select(orderWithPlan)
    .from(orders)
    .innerJoin(plans, eq(plans.id, orders.planId))
    .leftJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.provider, provider)))
    .where(eq(orders.id, id))
    .limit(1);
  return row;
}

/** The order `id` locked FOR UPDATE (call inside a transaction), or undefined. */
export async function lockOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
  return row;
}

/** A page of the user's orders, newest first, optionally filtered by status, with the total. */
export async function listUserOrders(
  db: Executor,
  userId: string,
  provider: string,
  opts: { page: number; limit: number; status?: OrderStatus },
): Promise<{ rows: OrderWithPlan[]; total: number }> {
  const where = and(
    eq(orders.userId, userId),
    opts.status ? eq(orders.status, opts.status) : undefined,
  );
  const rows = await db
    .select(orderWithPlan)
    .from(orders)
    .innerJoin(plans, eq(plans.id, orders.planId))
    .leftJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.provider, provider)))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [totals] = await db.select({ total: count() }).from(orders).where(where);
  return { rows, total: totals?.total ?? 0 };
}

/** Updates the order `id` (and `updated_at`) and returns it. */
export async function updateOrder(
  db: Executor,
  id: string,
  values: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orders.id, id))
    .returning();
  return row;
}

/**
 * Marks every PENDING order whose `expires_at` has passed as EXPIRED (and their open payments).
 * Returns how many orders changed. Safe to run at any time, from any number of places.
 */
export async function expirePendingOrders(db: Executor, now: Date): Promise<number> {
  const expired = await db
    .update(orders)
    .set({ status: 'EXPIRED', updatedAt: now })
    .where(and(eq(orders.status, 'PENDING'), lte(orders.expiresAt, now)))
    .returning({ id: orders.id });
  if (expired.length > 0) {
    const ids = expired.map((o) => o.id);
    await db
      .update(payments)
      .set({ status: 'EXPIRED' })
      .where(and(inArray(payments.orderId, ids), eq(payments.status, 'OPEN')));
  }
  return expired.length;
}
