/**
 * Admin order management (spec §4/§7, issue 4). Status changes have real effects and are
 * idempotent: COMPLETED runs the same fulfilment as a payment; REFUNDED or CANCELLED on a
 * completed order removes the time it granted. Allowed transitions (anything else is 409):
 *
 *   PENDING   → COMPLETED, FAILED, CANCELLED
 *   FAILED    → PENDING (reopened for 24 h), COMPLETED (payment confirmed by hand), CANCELLED
 *   EXPIRED   → COMPLETED (late payment confirmed by hand), CANCELLED
 *   COMPLETED → REFUNDED, CANCELLED (both take back the unused time)
 *   REFUNDED, CANCELLED → nothing (final)
 *
 * Setting the status an order already has changes nothing (only the note, when given).
 */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { API_ERRORS, paginate, toMajorUnits } from '@flockr/contract';
import type { AdminOrder, AdminOrdersResponse, OrderStatus } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { orders, payments, plans, users, type UserRow } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { fulfilLockedOrder, revokeOrderTime } from '../../payments/fulfilment.js';
import { sendRefundNotice, sendReceipt } from '../../payments/notifications.js';
import { containsPattern } from '../../lib/like.js';
import { recordAudit } from '../audit/service.js';
import { expirePendingOrders, lockOrder, updateOrder } from '../orders/repository.js';
import { toOrderDto } from '../orders/service.js';

/** The transitions an admin may make, by current status (see the file comment). */
export const ADMIN_ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PENDING: ['COMPLETED', 'FAILED', 'CANCELLED'],
  FAILED: ['PENDING', 'COMPLETED', 'CANCELLED'],
  EXPIRED: ['COMPLETED', 'CANCELLED'],
  COMPLETED: ['REFUNDED', 'CANCELLED'],
  REFUNDED: [],
  CANCELLED: [],
};

const selection = {
  order: orders,
  planName: plans.name,
  username: users.username,
  email: users.email,
  paymentSessionId: payments.providerSessionId,
  paymentUrl: payments.paymentUrl,
};

/** Orders with buyer and plan, newest first; `search` matches order id, username or email. */
export async function listAdminOrders(
  ctx: AppContext,
  query: { page: number; limit: number; status?: OrderStatus; search?: string; userId?: string },
): Promise<AdminOrdersResponse> {
  await expirePendingOrders(ctx.db, ctx.now());
  const filters: (SQL | undefined)[] = [
    query.status ? eq(orders.status, query.status) : undefined,
    query.userId ? eq(orders.userId, query.userId) : undefined,
    query.search
      ? or(
          ilike(sql`${orders.id}::text`, containsPattern(query.search)),
          ilike(users.username, containsPattern(query.search)),
          ilike(users.email, containsPattern(query.search)),
        )
      : undefined,
  ];
  const where = and(...filters);
  const rows = await ctx.db
    .select(selection)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(plans, eq(plans.id, orders.planId))
    .leftJoin(
      payments,
      and(eq(payments.orderId, orders.id), eq(payments.provider, ctx.payments.name)),
    )
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [totals] = await ctx.db
    .select({ total: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where);
  return {
    orders: rows.map((r) => toAdminOrder(ctx, r)),
    pagination: paginate(totals?.total ?? 0, query.page, query.limit),
  };
}

type Selected = {
  order: typeof orders.$inferSelect;
  planName: string;
  username: string;
  email: string;
  paymentSessionId: string | null;
  paymentUrl: string | null;
};

/** An order as admins see it: adds buyer, plan name and admin note. */
export function toAdminOrder(ctx: AppContext, row: Selected): AdminOrder {
  return {
    ...toOrderDto(ctx, row),
    user: { username: row.username, email: row.email },
    plan: { name: row.planName },
    admin_note: row.order.adminNote,
  };
}

async function loadAdminOrder(ctx: AppContext, db: Executor, id: string): Promise<AdminOrder> {
  const [row] = await db
    .select(selection)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(plans, eq(plans.id, orders.planId))
    .leftJoin(
      payments,
      and(eq(payments.orderId, orders.id), eq(payments.provider, ctx.payments.name)),
    )
    .where(eq(orders.id, id))
    .limit(1);
  if (!row) throw notFound(API_ERRORS.orderNotFound);
  return toAdminOrder(ctx, row);
}

/**
 * `PUT /admin/orders/{id}/status`: applies the transition and its effect, the note and the
 * audit record in one transaction.
 * @throws 404 unknown order; 409 transition not allowed.
 */
export async function setOrderStatus(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  status: OrderStatus,
  adminNote: string | undefined,
): Promise<AdminOrder> {
  const now = ctx.now();
  await expirePendingOrders(ctx.db, now);
  const result = await ctx.db.transaction(async (tx) => {
    const before = await lockOrder(tx, id);
    if (!before) throw notFound(API_ERRORS.orderNotFound);
    const note = adminNote === undefined ? {} : { adminNote };
    if (before.status === status) {
      if (adminNote !== undefined && adminNote !== before.adminNote) {
        await updateOrder(tx, id, note);
        await audit(tx, actor, id, { admin_note: before.adminNote }, { admin_note: adminNote });
      }
      return { order: await loadAdminOrder(ctx, tx, id), row: before, changed: false };
    }
    if (!ADMIN_ORDER_TRANSITIONS[before.status].includes(status)) {
      throw new HttpError(
        409,
        API_ERRORS.orderTransition.replace('{from}', before.status).replace('{to}', status),
      );
    }
    let removedMs = 0;
    if (status === 'COMPLETED') {
      await fulfilLockedOrder(tx, id, now, ['PENDING', 'FAILED', 'EXPIRED']);
    } else if (before.status === 'COMPLETED') {
      removedMs = await revokeOrderTime(tx, before, now);
    }
    const reopened =
      status === 'PENDING' ? { expiresAt: new Date(now.getTime() + ctx.config.orderTtlMs) } : {};
    const after = (await updateOrder(tx, id, { status, ...note, ...reopened }))!;
    if (status === 'FAILED' || status === 'CANCELLED' || status === 'REFUNDED') {
      await tx
        .update(payments)
        .set({ status: 'FAILED' })
        .where(and(eq(payments.orderId, id), eq(payments.status, 'OPEN')));
    }
    await audit(
      tx,
      actor,
      id,
      { status: before.status, admin_note: before.adminNote },
      {
        status: after.status,
        admin_note: after.adminNote,
        ...(removedMs > 0 && { removed_ms: removedMs }),
      },
    );
    return { order: await loadAdminOrder(ctx, tx, id), row: after, changed: true };
  });
  // E-mails go out after the commit: a receipt for a completed order, a notice for a refund.
  if (result.changed && result.row.status === 'COMPLETED') await sendReceipt(ctx, result.row);
  if (result.changed && result.row.status === 'REFUNDED') await sendRefundNotice(ctx, result.row);
  return result.order;
}

function audit(tx: Executor, actor: UserRow, id: string, before: unknown, after: unknown) {
  return recordAudit(tx, {
    actorId: actor.id,
    action: 'order.status',
    entityType: 'order',
    entityId: id,
    before,
    after,
  });
}

/** Revenue (completed orders; refunded ones are no longer COMPLETED) per currency, minor units. */
export async function revenueByCurrency(db: Executor, planId?: string) {
  return db
    .select({
      currency: orders.currency,
      totalMinor: sql<number>`coalesce(sum(${orders.amountMinor}), 0)::bigint`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.status, 'COMPLETED'), planId ? eq(orders.planId, planId) : undefined))
    .groupBy(orders.currency);
}

/** Decimal revenue in `currency` from a per-currency list (0 when absent). */
export function revenueIn(
  list: { currency: string; totalMinor: number }[],
  currency: string,
): number {
  return toMajorUnits(list.find((r) => r.currency === currency)?.totalMinor ?? 0, currency);
}
