/**
 * Billing for admins (requirements §3, §4 and §7; docs/billing.md): the orders list, moving an
 * order along the transition table by hand (with its effect, the note and the audit record in
 * one transaction), the provider events received, and revenue figures.
 */
import {
  API_ERRORS,
  currencyDigits,
  paginate,
  toMajorUnits,
  type AdminOrder,
  type AdminOrdersExportQuery,
  type AdminOrdersResponse,
  type OrderSortColumn,
  type AdminPaymentEventsResponse,
  type OrderStatus,
  type PaymentEventOutcome,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { csvBatches } from '../../lib/export.js';
import { recordAudit } from '../audit/service.js';
import {
  figureTotals,
  placedAndPaid,
  type FigureTotals,
  revenueByMonth,
  revenueSince,
  revenueTotals,
} from '../figures/service.js';
import { toAdminOrder } from './orders.js';
import { notifyTransition, queueTransitionMail } from './receipts.js';
import {
  countOpenOrders,
  findOrderListing,
  listOrderListings,
  orderListingBatch,
  orderPageQuery,
  listPaymentEvents,
  lockOrder,
} from './repository.js';
import { applyTransition } from './transitions.js';

/**
 * `GET /admin/orders`: in `sort` order (default newest first); `search` matches order id,
 * username or e-mail; `from`/`to` bound the day the order was placed (UTC, inclusive); `mode`
 * keeps live or test orders only (docs/billing.md "Test mode"). The total of the whole list and
 * of the COMPLETED orders, of either mode or both, is a kept figure (orders placed, orders now
 * completed, live and `test:`), exact however many orders there are; any other filter's total is
 * counted exactly up to EXACT_COUNT_LIMIT and estimated beyond (docs/architecture.md "Speed at
 * scale").
 */
export async function listAdminOrders(
  ctx: AppContext,
  query: {
    page: number;
    limit: number;
    status?: OrderStatus;
    search?: string;
    userId?: string;
    sort?: OrderSortColumn;
    dir?: 'asc' | 'desc';
    from?: string;
    to?: string;
    mode?: 'live' | 'test';
  },
): Promise<AdminOrdersResponse> {
  const now = ctx.now();
  const { page, limit, sort, dir, ...filter } = query;
  const window = { offset: (page - 1) * limit, limit };
  // The kept figures hold the exact size of the whole list and of the COMPLETED orders, live and
  // test apart.
  const byStatusOnly = !filter.search && !filter.userId && !filter.from && !filter.to;
  const figure =
    byStatusOnly && !filter.status
      ? ('ordersPlaced' as const)
      : byStatusOnly && filter.status === 'COMPLETED'
        ? ('ordersCompleted' as const)
        : undefined;
  const sized = (totals: FigureTotals, name: NonNullable<typeof figure>) =>
    (filter.mode === 'test' ? 0 : totals[name]) + (filter.mode === 'live' ? 0 : totals.test[name]);
  const { rows, total, estimate } = figure
    ? await Promise.all([
        orderPageQuery(ctx.db, ctx.payments.name, filter, window, now, { sort, dir }),
        figureTotals(ctx.db),
      ]).then(([found, totals]) => ({
        rows: found,
        total: sized(totals, figure),
        estimate: false,
      }))
    : await listOrderListings(ctx.db, ctx.payments.name, filter, window, now, { sort, dir });
  return {
    orders: rows.map((r) => toAdminOrder(r, ctx.config.publicUrl, now)),
    pagination: paginate(total, page, limit, estimate),
  };
}

/** The `limit` newest orders as admins see them (the dashboard's recent list; no total). */
export async function newestOrders(ctx: AppContext, limit: number): Promise<AdminOrder[]> {
  const now = ctx.now();
  const rows = await orderPageQuery(ctx.db, ctx.payments.name, {}, { offset: 0, limit }, now);
  return rows.map((r) => toAdminOrder(r, ctx.config.publicUrl, now));
}

/** Header line of the orders export. Amounts are decimal in the order's currency; times ISO UTC. */
export const ORDERS_CSV_HEADER = [
  'ID',
  'Placed',
  'Buyer',
  'Email',
  'Plan',
  'Months',
  'Amount',
  'Currency',
  'Status',
  'Completed',
  'Admin note',
  'Mode',
] as const;

/**
 * `GET /admin/orders/export`: the orders list as CSV lines (header first), every order matching
 * the list's filters in its sort order, read in keyset batches so memory stays flat. The status
 * is the one the list shows (a lapsed PENDING order reads EXPIRED); the last column says `live`
 * or `test`, so a sum of amounts can leave test orders out (or export with `mode=live`). Cells
 * are formula-safe.
 */
export async function* ordersCsv(
  ctx: AppContext,
  query: AdminOrdersExportQuery,
): AsyncGenerator<string> {
  const { sort, dir, ...filter } = query;
  const now = ctx.now();
  yield* csvBatches(
    ORDERS_CSV_HEADER,
    (afterId, limit) =>
      orderListingBatch(ctx.db, ctx.payments.name, filter, { sort, dir }, afterId, limit, now),
    (row) => row.order.id,
    (rows) =>
      rows.map((row) => {
        const o = toAdminOrder(row, ctx.config.publicUrl, now);
        return [
          o.id,
          o.created_at,
          o.user.username,
          o.user.email,
          o.plan.name,
          o.duration_months,
          o.amount.toFixed(currencyDigits(o.currency)),
          o.currency,
          o.status,
          o.completed_at,
          o.admin_note,
          o.livemode ? 'live' : 'test',
        ];
      }),
  );
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
    return { transition, mail: await queueTransitionMail(ctx, tx, transition) };
  });
  await notifyTransition(ctx, result.transition, result.mail);
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
  const { rows, total, estimate } = await listPaymentEvents(ctx.db, {
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
    pagination: paginate(total, query.page, query.limit, estimate),
  };
}

/**
 * Revenue as decimals per plan id, in the plan currency `currencyOf(planId)`, from the kept
 * figures (modules/figures).
 */
export async function revenuePerPlan(
  db: Executor,
  currencyOf: (planId: string) => string | undefined,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const r of await revenueTotals(db)) {
    if (!r.planId || r.currency !== currencyOf(r.planId)) continue;
    out.set(r.planId, (out.get(r.planId) ?? 0) + toMajorUnits(r.totalMinor, r.currency));
  }
  return out;
}

/** Revenue of COMPLETED orders per currency, as decimals, from the kept figures. */
export async function revenueByCurrency(
  db: Executor,
): Promise<{ currency: string; total: number }[]> {
  return (await revenueTotals(db))
    .filter((r) => r.planId === null)
    .map((r) => ({ currency: r.currency, total: toMajorUnits(r.totalMinor, r.currency) }));
}

/** Revenue per UTC day since `from` in `currency`, in minor units, keyed by `YYYY-MM-DD`. */
export function dailyRevenue(
  db: Executor,
  currency: string,
  from: Date,
): Promise<Map<string, number>> {
  return revenueSince(db, currency, from);
}

/**
 * Order counts (total, completed) for the dashboard, from the kept figures; `figures` are the
 * figure totals when the caller has read them already (one read per request).
 */
export async function orderCounts(
  db: Executor,
  figures: Promise<FigureTotals> = figureTotals(db),
): Promise<{ total: number; completed: number }> {
  const totals = await figures;
  return { total: totals.ordersPlaced, completed: totals.ordersCompleted };
}

/** Revenue in `currency` (minor units) and completed orders per UTC month in [`from`, `to`). */
export function monthlyRevenue(
  db: Executor,
  currency: string,
  from: Date,
  to: Date,
): Promise<{ month: string; minor: number; orders: number }[]> {
  return revenueByMonth(db, currency, from, to);
}

/** Orders placed in [`from`, `to`) and how many of them got paid. */
export function ordersPlacedAndPaid(
  db: Executor,
  from: Date,
  to: Date,
): Promise<{ placed: number; paid: number }> {
  return placedAndPaid(db, from, to);
}

/** Orders waiting for payment at `now`. */
export function openOrders(db: Executor, now: Date): Promise<number> {
  return countOpenOrders(db, now);
}
