/**
 * Orders as buyers place and see them (requirements §3, §4 and §7). Reading never writes: a
 * PENDING order whose payable time ran out reads as EXPIRED at once (contract
 * `effectiveOrderStatus`); the minute job records it later (jobs/table.ts).
 */
import {
  effectiveOrderStatus,
  paginate,
  toMajorUnits,
  type AdminOrder,
  type Order,
  type OrderStatus,
  type OrderStatusResponse,
  type OrdersResponse,
  type SubscribeRequest,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { quote } from '../plans/service.js';
import {
  findOrderListing,
  insertOrder,
  listOrderListings,
  type OrderListing,
} from './repository.js';

/** URL of the PNG QR code of a checkout session's payment page. */
export function qrCodeUrl(publicUrl: string, sessionId: string): string {
  return `${publicUrl}/api/v1/payments/qr/${encodeURIComponent(sessionId)}`;
}

/**
 * An order as its owner sees it (contract `orderSchema`): status as read at `now`, decimal
 * amount, ISO dates, and the payment links while it can be paid. Does no I/O.
 */
function toOrderDto(listing: OrderListing, publicUrl: string, now: Date): Order {
  const { order } = listing;
  const status = effectiveOrderStatus(order, now);
  const payable = status === 'PENDING' && listing.paymentUrl && listing.checkoutSessionId;
  return {
    id: order.id,
    user_id: order.userId,
    plan_id: order.planId,
    plan_name: listing.planName,
    duration_months: order.durationMonths as 1 | 12,
    amount: toMajorUnits(order.amountMinor, order.currency),
    currency: order.currency,
    status,
    created_at: order.createdAt.toISOString(),
    expires_at: order.expiresAt.toISOString(),
    completed_at: order.completedAt?.toISOString() ?? null,
    payment_url: payable ? listing.paymentUrl : null,
    qr_code_url: payable ? qrCodeUrl(publicUrl, listing.checkoutSessionId!) : null,
    livemode: order.livemode,
  };
}

/** An order as admins see it: adds buyer, plan name and admin note (requirements §3). Pure. */
export function toAdminOrder(listing: OrderListing, publicUrl: string, now: Date): AdminOrder {
  return {
    ...toOrderDto(listing, publicUrl, now),
    user: { username: listing.username, email: listing.email },
    plan: { name: listing.planName },
    admin_note: listing.order.adminNote,
  };
}

/**
 * `POST /subscriptions/subscribe`: places a PENDING order for `plan_id` and `duration_months`
 * at the plan's current price (copied into the order), payable until now + ORDER_TTL_MINUTES.
 * The order is placed in the mode payments run in (`paymentsMode`: the sandbox and Stripe test
 * keys are test mode) until the provider's own objects say otherwise (checkout.ts, events.ts;
 * docs/billing.md "Test mode").
 * @throws 404 PLAN_NOT_FOUND; 400 PLAN_NOT_PURCHASABLE.
 */
export async function placeOrder(
  ctx: AppContext,
  user: UserRow,
  input: SubscribeRequest,
): Promise<Order> {
  const { plan, amountMinor } = await quote(ctx.db, input.plan_id, input.duration_months);
  const now = ctx.now();
  const order = await insertOrder(ctx.db, {
    userId: user.id,
    planId: plan.id,
    durationMonths: input.duration_months,
    amountMinor,
    currency: plan.currency,
    status: 'PENDING',
    createdAt: now,
    expiresAt: new Date(now.getTime() + ctx.config.orderTtlMs),
    livemode: ctx.config.paymentsMode === 'live',
  });
  ctx.metrics.orderPlaced(order.livemode);
  ctx.log.info(
    { orderId: order.id, userId: user.id, planId: plan.id, livemode: order.livemode },
    'order placed',
  );
  return toOrderDto(
    {
      order,
      planName: plan.name,
      username: user.username,
      email: user.email,
      checkoutSessionId: null,
      paymentUrl: null,
    },
    ctx.config.publicUrl,
    now,
  );
}

/**
 * The order `orderId` if it belongs to `user`. Someone else's order answers 404 like a missing
 * one, so ids cannot be probed. @throws 404 ORDER_NOT_FOUND.
 */
export async function findOwnOrder(
  ctx: AppContext,
  user: UserRow,
  orderId: string,
): Promise<OrderListing> {
  const listing = await findOrderListing(ctx.db, orderId, ctx.payments.name);
  if (!listing || listing.order.userId !== user.id) throw notFound('orderNotFound');
  return listing;
}

/** `GET /payments/orders`: the user's orders, newest first, paged, optionally by status. */
export async function listOwnOrders(
  ctx: AppContext,
  user: UserRow,
  query: { page: number; limit: number; status?: OrderStatus },
): Promise<OrdersResponse> {
  const now = ctx.now();
  const { rows, total } = await listOrderListings(
    ctx.db,
    ctx.payments.name,
    { userId: user.id, status: query.status },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
    now,
  );
  return {
    orders: rows.map((r) => toOrderDto(r, ctx.config.publicUrl, now)),
    pagination: paginate(total, query.page, query.limit),
  };
}

/** `GET /payments/orders/{id}/status` for the caller's own order (polled while paying). */
export async function orderStatus(
  ctx: AppContext,
  user: UserRow,
  orderId: string,
): Promise<OrderStatusResponse> {
  const { order } = await findOwnOrder(ctx, user, orderId);
  return {
    order_id: order.id,
    status: effectiveOrderStatus(order, ctx.now()),
    completed_at: order.completedAt?.toISOString() ?? null,
    expires_at: order.expiresAt.toISOString(),
  };
}
