/** Placing an order and opening its payment: the two calls of a purchase (requirements §4). */
import {
  CLIENT_ERRORS,
  type CreatePaymentResponse,
  type Plan,
  type SubscriptionDuration,
} from '@flockr/contract';
import { call } from '../../../lib/api-client';

const d = CLIENT_ERRORS.defaults;

/** What a placed order produced: the plan, the new order's id and where to pay it. */
export interface PlacedOrder {
  plan: Plan;
  durationMonths: SubscriptionDuration;
  orderId: string;
  payment: CreatePaymentResponse;
}

/**
 * `POST /subscriptions/subscribe` places the PENDING order for `plan` and `durationMonths` (1 or
 * 12), then `POST /payments/create` opens its payment. Throws ApiError with the server's text,
 * else 'Subscription failed'.
 */
export async function placeOrder({
  plan,
  durationMonths,
}: {
  plan: Plan;
  durationMonths: SubscriptionDuration;
}): Promise<PlacedOrder> {
  const { order_id } = await call(
    'POST /subscriptions/subscribe',
    { body: { plan_id: plan.id, duration_months: durationMonths } },
    { fallback: d.subscribe },
  );
  const payment = await call(
    'POST /payments/create',
    { body: { order_id } },
    { fallback: d.subscribe },
  );
  return { plan, durationMonths, orderId: order_id, payment };
}
