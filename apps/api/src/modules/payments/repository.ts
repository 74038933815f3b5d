/** Data access for payments (one per order and provider). */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { payments, type PaymentRow } from '../../db/schema.js';

/** The payment of `orderId` at `provider`, or undefined. */
export async function findPaymentByOrder(
  db: Executor,
  orderId: string,
  provider: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, provider)))
    .limit(1);
  return row;
}

/** The payment with provider session `sessionId`, or undefined. */
export async function findPaymentBySession(
  db: Executor,
  provider: string,
  sessionId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerSessionId, sessionId)))
    .limit(1);
  return row;
}

/**
 * Inserts a payment unless the order already has one at that provider; returns the stored one
 * either way (so two concurrent requests end with the same session).
 */
export async function insertPaymentOnce(
  db: Executor,
  values: typeof payments.$inferInsert,
): Promise<PaymentRow> {
  await db
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: [payments.orderId, payments.provider] });
  return (await findPaymentByOrder(db, values.orderId, values.provider))!;
}
