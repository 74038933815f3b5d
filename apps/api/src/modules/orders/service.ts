/** Order rules: placing an order for a plan, presenting orders, ownership. */
import { API_ERRORS, toMajorUnits } from '@flockr/contract';
import type { Order, OrderStatus, OrdersResponse, SubscribeRequest } from '@flockr/contract';
import { paginate } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import { findPlanById } from '../plans/repository.js';
import { priceFor } from '../plans/service.js';
import {
  expirePendingOrders,
  findOrder,
  insertOrder,
  listUserOrders,
  type OrderWithPlan,
} from './repository.js';

/** URL of the PNG QR code of a payment session's page. */
export function qrCodeUrl(ctx: AppContext, sessionId: string): string {
  return `${ctx.config.publicUrl}/api/v1/payments/qr/${encodeURIComponent(sessionId)}`;
}

/** An order as its owner sees it (contract `orderSchema`): decimal amount, ISO dates, payment links. */
export function toOrderDto(ctx: AppContext, row: OrderWithPlan): Order {
  const { order } = row;
  const payable = order.status === 'PENDING' && row.paymentUrl && row.paymentSessionId;
  return {
    id: order.id,
    user_id: order.userId,
    plan_id: order.planId,
    plan_name: row.planName,
    duration_months: order.durationMonths as 1 | 12,
    amount: toMajorUnits(order.amountMinor, order.currency),
    currency: order.currency,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    expires_at: order.expiresAt.toISOString(),
    completed_at: order.completedAt?.toISOString() ?? null,
    payment_url: payable ? row.paymentUrl : null,
    qr_code_url: payable ? qrCodeUrl(ctx, row.paymentSessionId!) : null,
  };
}

/**
 * `POST /subscriptions/subscribe`: places a PENDING order for `plan_id` and `duration_months`
 * at the plan's current price (copied into the order), payable until now + ORDER_TTL_MINUTES.
 * @throws 404 unknown plan; 400 inactive or free plan.
 */
export async function placeOrder(
  ctx: AppContext,
  user: UserRow,
  input: SubscribeRequest,
): Promise<Order> {
  const plan = await findPlanById(ctx.db, input.plan_id);
  if (!plan) throw notFound(API_ERRORS.planNotFound);
  const amountMinor = priceFor(plan, input.duration_months);
  if (!plan.isActive || amountMinor <= 0) throw badRequest(API_ERRORS.planNotPurchasable);
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
  });
  ctx.log.info({ orderId: order.id, userId: user.id, planId: plan.id }, 'order placed');
  return toOrderDto(ctx, { order, planName: plan.name, paymentSessionId: null, paymentUrl: null });
}

/**
 * The order `orderId` if it belongs to `user`. Someone else's order answers 404 like a missing
 * one, so ids cannot be probed.
 */
export async function findOwnOrder(
  ctx: AppContext,
  user: UserRow,
  orderId: string,
): Promise<OrderWithPlan> {
  await expirePendingOrders(ctx.db, ctx.now());
  const row = await findOrder(ctx.db, orderId, ctx.payments.name);
  if (!row || row.order.userId !== user.id) throw notFound(API_ERRORS.orderNotFound);
  return row;
}

/** `GET /payments/orders`: the user's orders, newest first, paged. */
export async function listOrders(
  ctx: AppContext,
  user: UserRow,
  query: { page: number; limit: number; status?: OrderStatus },
): Promise<OrdersResponse> {
  await expirePendingOrders(ctx.db, ctx.now());
  const { rows, total } = await listUserOrders(ctx.db, user.id, ctx.payments.name, query);
  return {
    orders: rows.map((r) => toOrderDto(ctx, r)),
    pagination: paginate(total, query.page, query.limit),
  };
}
