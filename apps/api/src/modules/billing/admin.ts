/**
 * Billing for admins (spec sections 3, 4 and 7; docs/billing.md): the orders list, moving an
 * order along the transition table by hand (with its effect, the note and the audit record in
 * one transaction), the provider events received, and revenue figures.
 */
import {
  API_ERRORS,
  paginate,
  toMajorUnits,
  type AdminOrder,
  type AdminOrdersResponse,
  type AdminPaymentEventsResponse,
  type OrderStatus,
  type PaymentEventOutcome,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { recordAudit } from '../audit/service.js';
import { toAdminOrder } from './orders.js';
import { notifyTransition } from './receipts.js';
import {
  countOpenOrders,
  countOrders,
  orderFunnel,
  revenuePerMonth,
  findOrderListing,
  listOrderListings,
  listPaymentEvents,
  lockOrder,
  revenueByPlanAndCurrency,
  revenuePerDay,
} from './repository.js';
import { applyTransition } from './transitions.js';

/** `GET /admin/orders`: newest first; `search` matches order id, username or e-mail. */
export async function listAdminOrders(
  ctx: AppContext,
  query: { page: number; limit: number; status?: OrderStatus; search?: string; userId?: string },
): Promise<AdminOrdersResponse> {
  const now = ctx.now();
  const { rows, total } = await listOrderListings(
    ctx.db,
    ctx.payments.name,
    { status: query.status, search: query.search, userId: query.userId },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
    now,
  );
  return {
    orders: rows.map((r) => toAdminOrder(r, ctx.config.publicUrl, now)),
    pagination: paginate(total, query.page, query.limit),
  };
}

async function adminOrder(ctx: AppContext, id: string): Promise<AdminOrder> {
  const listing = await findOrderListing(ctx.db, id, ctx.payments.name);
  if (!listing) throw notFound('orderNotFound');
  return toAdminOrder(listing, ctx.config.publicUrl, ctx.now());
}

/**
 * `PUT /admin/orders/{id}/status`: moves the order to `status` if the transition table allows an
 * admin to (cause 'admin'), with its effect, the note and the audit record in one transaction;
 * the receipt or refund notice goes out after it commits. Setting the status the order already
 * has changes only the note, when given.
 * @throws 404 ORDER_NOT_FOUND; 409 ORDER_TRANSITION_NOT_ALLOWED.
 */
export async function setOrderStatus(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  status: OrderStatus,
  adminNote: string | undefined,
): Promise<AdminOrder> {
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, id);
    if (!locked) throw notFound('orderNotFound');
    const transition = await applyTransition(
      tx,
      locked,
      { to: status, cause: 'admin', actorId: actor.id, note: adminNote },
      { now, orderTtlMs: ctx.config.orderTtlMs },
    );
    if (transition.outcome === 'refused') {
      throw new HttpError(409, 'orderTransition', {
        message: API_ERRORS.orderTransition
          .replace('{from}', transition.from)
          .replace('{to}', status),
      });
    }
    const noteChanged = adminNote !== undefined && adminNote !== locked.adminNote;
    if (transition.outcome === 'changed' || noteChanged) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'order.status',
        entityType: 'order',
        entityId: id,
        before: { status: transition.from, admin_note: locked.adminNote },
        after: {
          status: transition.order.status,
          admin_note: transition.order.adminNote,
          ...(transition.outcome === 'changed' &&
            transition.removedMs > 0 && { removed_ms: transition.removedMs }),
        },
      });
    }
    return transition;
  });
  await notifyTransition(ctx, result);
  return adminOrder(ctx, id);
}

/**
 * `GET /admin/payment-events`: recorded provider events, newest first (admins look here for
 * 'unmatched' ones: events that named no order of ours).
 */
export async function listAdminPaymentEvents(
  ctx: AppContext,
  query: { page: number; limit: number; outcome?: PaymentEventOutcome },
): Promise<AdminPaymentEventsResponse> {
  const { rows, total } = await listPaymentEvents(ctx.db, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
    outcome: query.outcome,
  });
  return {
    events: rows.map((row) => ({
      id: row.id,
      provider: row.provider,
      event_id: row.eventId,
      type: row.type,
      outcome: (row.outcome as PaymentEventOutcome | null) ?? null,
      order_id: row.orderId,
      reference: row.reference,
      received_at: row.receivedAt.toISOString(),
    })),
    pagination: paginate(total, query.page, query.limit),
  };
}

/** Revenue as decimals per plan id, in the plan currency `currencyOf(planId)`. */
export async function revenuePerPlan(
  db: Executor,
  currencyOf: (planId: string) => string | undefined,
): Promise<Map<string, number>> {
  const rows = await revenueByPlanAndCurrency(db);
  const out = new Map<string, number>();
  for (const r of rows) {
    if (r.currency !== currencyOf(r.planId)) continue;
    out.set(r.planId, (out.get(r.planId) ?? 0) + toMajorUnits(r.totalMinor, r.currency));
  }
  return out;
}

/** Revenue of COMPLETED orders per currency, as decimals. */
export async function revenueByCurrency(
  db: Executor,
): Promise<{ currency: string; total: number }[]> {
  const totals = new Map<string, number>();
  for (const r of await revenueByPlanAndCurrency(db))
    totals.set(r.currency, (totals.get(r.currency) ?? 0) + r.totalMinor);
  return [...totals].map(([currency, minor]) => ({
    currency,
    total: toMajorUnits(minor, currency),
  }));
}

/** Revenue per UTC day since `from` in `currency`, in minor units, keyed by `YYYY-MM-DD`. */
export async function dailyRevenue(
  db: Executor,
  currency: string,
  from: Date,
): Promise<Map<string, number>> {
  return new Map((await revenuePerDay(db, currency, from)).map((r) => [r.day, r.minor]));
}

/** Order counts (total, completed) for the dashboard. */
export function orderCounts(db: Executor): Promise<{ total: number; completed: number }> {
  return countOrders(db);
}

/** Revenue in `currency` (minor units) and completed orders per UTC month in [`from`, `to`). */
export function monthlyRevenue(
  db: Executor,
  currency: string,
  from: Date,
  to: Date,
): Promise<{ month: string; minor: number; orders: number }[]> {
  return revenuePerMonth(db, currency, from, to);
}

/** Orders placed in [`from`, `to`) and how many of them got paid. */
export function ordersPlacedAndPaid(
  db: Executor,
  from: Date,
  to: Date,
): Promise<{ placed: number; paid: number }> {
  return orderFunnel(db, from, to);
}

/** Orders waiting for payment at `now`. */
export function openOrders(db: Executor, now: Date): Promise<number> {
  return countOpenOrders(db, now);
}
