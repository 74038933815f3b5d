/** Payment rules: opening a checkout for an order, and the sandbox checkout's actions. */
import { API_ERRORS, toMajorUnits } from '@flockr/contract';
import type {
  CreatePaymentResponse,
  OrderStatusResponse,
  SandboxActionResponse,
  SandboxCheckout,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { OrderRow, UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { failOrder } from '../../payments/fulfilment.js';
import { SandboxPaymentProvider } from '../../payments/sandbox.js';
import { receiveWebhook } from '../../payments/webhooks.js';
import { findOrder } from '../orders/repository.js';
import { findOwnOrder, qrCodeUrl } from '../orders/service.js';
import { findPaymentByOrder, findPaymentBySession, insertPaymentOnce } from './repository.js';

/**
 * `POST /payments/create`: opens (or reopens) the hosted checkout for the caller's own PENDING
 * order. Asking twice returns the same session.
 * @throws 404 not the caller's order; 409 expired or no longer pending.
 */
export async function createPayment(
  ctx: AppContext,
  user: UserRow,
  orderId: string,
): Promise<CreatePaymentResponse> {
  const { order, planName } = await findOwnOrder(ctx, user, orderId);
  if (order.status === 'EXPIRED') throw conflict(API_ERRORS.orderExpired);
  if (order.status !== 'PENDING') throw conflict(API_ERRORS.orderNotPending);
  const payment =
    (await findPaymentByOrder(ctx.db, order.id, ctx.payments.name)) ??
    (await openCheckout(ctx, user, order, planName));
  return {
    order_id: order.id,
    payment_url: payment.paymentUrl,
    qr_code_url: qrCodeUrl(ctx, payment.providerSessionId),
    expires_at: order.expiresAt.toISOString(),
  };
}

/** Asks the provider for a hosted checkout for `order` and stores it as the order's payment. */
async function openCheckout(ctx: AppContext, user: UserRow, order: OrderRow, planName: string) {
  const session = await ctx.payments.createCheckout({
    orderId: order.id,
    userId: user.id,
    planName,
    durationMonths: order.durationMonths,
    amountMinor: order.amountMinor,
    currency: order.currency,
    expiresAt: order.expiresAt,
    returnUrl: `${ctx.config.publicUrl}/orders`,
  });
  return insertPaymentOnce(ctx.db, {
    orderId: order.id,
    provider: ctx.payments.name,
    providerSessionId: session.sessionId,
    paymentUrl: session.url,
    amountMinor: order.amountMinor,
    currency: order.currency,
  });
}

/** `GET /payments/orders/{id}/status` for the caller's own order. */
export async function orderStatus(
  ctx: AppContext,
  user: UserRow,
  orderId: string,
): Promise<OrderStatusResponse> {
  const { order } = await findOwnOrder(ctx, user, orderId);
  return {
    order_id: order.id,
    status: order.status,
    completed_at: order.completedAt?.toISOString() ?? null,
    expires_at: order.expiresAt.toISOString(),
  };
}

/** The sandbox session `sessionId` if its order belongs to `user`; 404 otherwise. */
async function ownSandboxSession(ctx: AppContext, user: UserRow, sessionId: string) {
  const payment = await findPaymentBySession(ctx.db, 'sandbox', sessionId);
  if (!payment) throw notFound(API_ERRORS.paymentNotFound);
  const row = await findOwnOrder(ctx, user, payment.orderId).catch(() => {
    throw notFound(API_ERRORS.paymentNotFound);
  });
  return { payment, row };
}

/** The sandbox checkout page's data for the caller's own session. */
export async function sandboxCheckout(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
): Promise<SandboxCheckout> {
  const { payment, row } = await ownSandboxSession(ctx, user, sessionId);
  return {
    session_id: payment.providerSessionId,
    order_id: row.order.id,
    plan_name: row.planName,
    duration_months: row.order.durationMonths as 1 | 12,
    amount: toMajorUnits(payment.amountMinor, payment.currency),
    currency: payment.currency,
    status: row.order.status,
    expires_at: row.order.expiresAt.toISOString(),
    merchant: ctx.config.productName,
    return_url: `${ctx.config.publicUrl}/orders`,
  };
}

/**
 * The sandbox page's Pay button: the sandbox provider sends its signed
 * `checkout.session.completed` event through the same webhook path as a real provider's
 * (`receiveWebhook`: signature check, event recorded once, fulfilment). Paying twice fulfils once.
 * @throws 404 not the caller's session or sandbox not active; 409 when the order can no longer be paid.
 */
export async function sandboxPay(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
): Promise<SandboxActionResponse> {
  if (!(ctx.payments instanceof SandboxPaymentProvider)) throw notFound(API_ERRORS.paymentNotFound);
  const { payment, row } = await ownSandboxSession(ctx, user, sessionId);
  if (row.order.status === 'EXPIRED') throw conflict(API_ERRORS.orderExpired);
  if (row.order.status !== 'PENDING' && row.order.status !== 'COMPLETED')
    throw conflict(API_ERRORS.orderNotPending);
  if (row.order.status === 'PENDING') {
    const { rawBody, headers } = ctx.payments.signedCompletedEvent(
      payment.orderId,
      payment.providerSessionId,
    );
    await receiveWebhook(ctx, ctx.payments.name, rawBody, headers);
  }
  const after = await findOrder(ctx.db, payment.orderId, ctx.payments.name);
  return {
    order_id: payment.orderId,
    status: after!.order.status,
    return_url: `${ctx.config.publicUrl}/orders`,
  };
}

/** The sandbox page's Cancel button: the order becomes FAILED if it was still PENDING. */
export async function sandboxCancel(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
): Promise<SandboxActionResponse> {
  const { payment } = await ownSandboxSession(ctx, user, sessionId);
  await failOrder(ctx.db, payment.orderId);
  const row = await findOrder(ctx.db, payment.orderId, ctx.payments.name);
  return {
    order_id: payment.orderId,
    status: row!.order.status,
    return_url: `${ctx.config.publicUrl}/orders`,
  };
}

/** The hosted page URL of sandbox session `sessionId` (for its QR code), or undefined. */
export async function paymentUrlForSession(
  ctx: AppContext,
  sessionId: string,
): Promise<string | undefined> {
  const payment = await findPaymentBySession(ctx.db, ctx.payments.name, sessionId);
  return payment?.status === 'OPEN' ? payment.paymentUrl : undefined;
}
