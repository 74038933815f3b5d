/**
 * Checkout: opening the provider's hosted payment page for an order (`POST /payments/create`),
 * and the payment page this server serves itself for the sandbox provider. The checkout session
 * id in the page's URL is the capability (as with any hosted checkout URL): the page, its QR code
 * and its buttons work on any device without signing in, and show only what a payment page needs.
 * The page's buttons make the provider send its signed event through the webhook path, so paying
 * there is the same as paying at a real provider (events.ts).
 */
import {
  effectiveOrderStatus,
  orderRef,
  toMajorUnits,
  type CreatePaymentResponse,
  type SandboxActionResponse,
  type SandboxCheckout,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { OrderRow, UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { sellerOf } from '../site/service.js';
import { receiveWebhook } from './events.js';
import { findOwnOrder, qrCodeUrl } from './orders.js';
import type { PageAction } from './providers/provider.js';
import {
  findCheckoutSession,
  findCheckoutSessionOfOrder,
  insertCheckoutSessionOnce,
  setUnpaidOrderLivemode,
} from './repository.js';

/**
 * Where the buyer returns after the payment page: the web app's thank-you page of the order,
 * named by its short reference (the page shows no more of the order than that), which follows
 * the order's status and gives the next steps.
 */
const returnUrl = (ctx: AppContext, orderId: string) =>
  `${ctx.config.publicUrl}/thank-you/${orderRef(orderId)}`;

/**
 * `POST /payments/create`: opens (or reopens) the hosted checkout for the caller's own order
 * while it can be paid. Asking twice returns the same session.
 * @throws 404 ORDER_NOT_FOUND; 409 ORDER_EXPIRED or ORDER_NOT_PAYABLE.
 */
export async function openCheckout(
  ctx: AppContext,
  user: UserRow,
  orderId: string,
): Promise<CreatePaymentResponse> {
  const { order, planName } = await findOwnOrder(ctx, user, orderId);
  const status = effectiveOrderStatus(order, ctx.now());
  if (status === 'EXPIRED') throw conflict('orderExpired');
  if (status !== 'PENDING') throw conflict('orderNotPending');
  const session =
    (await findCheckoutSessionOfOrder(ctx.db, order.id, ctx.payments.name)) ??
    (await startCheckout(ctx, user, order, planName));
  return {
    order_id: order.id,
    payment_url: session.paymentUrl,
    qr_code_url: qrCodeUrl(ctx.config.publicUrl, session.providerSessionId),
    expires_at: order.expiresAt.toISOString(),
  };
}

/**
 * Asks the provider for a hosted checkout for `order` and stores it. The order takes the mode the
 * provider opened the checkout in (its own object's `livemode`), which may differ from the mode
 * it was placed in (docs/billing.md "Test mode").
 */
async function startCheckout(ctx: AppContext, user: UserRow, order: OrderRow, planName: string) {
  const checkout = await ctx.payments.createCheckout({
    orderId: order.id,
    userId: user.id,
    planName,
    durationMonths: order.durationMonths,
    amountMinor: order.amountMinor,
    currency: order.currency,
    expiresAt: order.expiresAt,
    returnUrl: returnUrl(ctx, order.id),
  });
  if (checkout.livemode !== order.livemode)
    await setUnpaidOrderLivemode(ctx.db, order.id, checkout.livemode, ctx.now());
  return insertCheckoutSessionOnce(ctx.db, {
    orderId: order.id,
    provider: ctx.payments.name,
    providerSessionId: checkout.sessionId,
    paymentUrl: checkout.url,
    amountMinor: order.amountMinor,
    currency: order.currency,
  });
}

/**
 * The checkout session `sessionId` of a provider whose page this server serves.
 * @throws 404 CHECKOUT_NOT_FOUND for an unknown session, or when the provider's page is not ours.
 */
async function pageSession(ctx: AppContext, sessionId: string) {
  if (!ctx.payments.pageEvent) throw notFound('paymentNotFound');
  const found = await findCheckoutSession(ctx.db, ctx.payments.name, sessionId);
  if (!found) throw notFound('paymentNotFound');
  return found;
}

/** `GET /payments/sandbox/sessions/{sessionId}`: what the payment page shows. */
export async function paymentPage(ctx: AppContext, sessionId: string): Promise<SandboxCheckout> {
  const { session, order, planName } = await pageSession(ctx, sessionId);
  return {
    session_id: session.providerSessionId,
    order_ref: orderRef(order.id),
    plan_name: planName,
    duration_months: order.durationMonths as 1 | 12,
    amount: toMajorUnits(session.amountMinor, session.currency),
    currency: session.currency,
    status: effectiveOrderStatus(order, ctx.now()),
    expires_at: order.expiresAt.toISOString(),
    merchant: ctx.config.productName,
    seller: sellerOf(ctx.config),
    prices_include_tax: ctx.config.pricesIncludeTax,
    return_url: returnUrl(ctx, order.id),
  };
}

/**
 * The payment page's Pay (`pay`) and Cancel (`cancel`) buttons: the provider sends its signed
 * event for the session through the webhook path, so the order changes exactly as a real
 * provider's event would change it. Paying twice fulfils once; Cancel after paying changes
 * nothing.
 * @throws 404 CHECKOUT_NOT_FOUND; 409 ORDER_EXPIRED or ORDER_NOT_PAYABLE when Pay comes too late.
 */
export async function actOnPaymentPage(
  ctx: AppContext,
  sessionId: string,
  action: PageAction,
): Promise<SandboxActionResponse> {
  const { session, order } = await pageSession(ctx, sessionId);
  const status = effectiveOrderStatus(order, ctx.now());
  if (action === 'pay' && status === 'EXPIRED') throw conflict('orderExpired');
  if (action === 'pay' && status !== 'PENDING' && status !== 'COMPLETED')
    throw conflict('orderNotPending');
  if (status === 'PENDING') {
    const delivery = ctx.payments.pageEvent!(order.id, session.providerSessionId, action);
    await receiveWebhook(ctx, ctx.payments.name, delivery.rawBody, delivery.headers);
  }
  const after = await findCheckoutSession(ctx.db, ctx.payments.name, sessionId);
  return {
    order_ref: orderRef(order.id),
    status: effectiveOrderStatus(after!.order, ctx.now()),
    return_url: returnUrl(ctx, order.id),
  };
}

/**
 * The payment page URL of checkout session `sessionId` while its order can be paid (for its QR
 * code), or undefined.
 */
export async function payablePageUrl(
  ctx: AppContext,
  sessionId: string,
): Promise<string | undefined> {
  const found = await findCheckoutSession(ctx.db, ctx.payments.name, sessionId);
  if (!found || found.session.status !== 'OPEN') return undefined;
  return effectiveOrderStatus(found.order, ctx.now()) === 'PENDING'
    ? found.session.paymentUrl
    : undefined;
}
