/** Plans and purchase calls (spec section 7: plans, subscribe, payments/create, order status). */
import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  CLIENT_ERRORS,
  type CreatePaymentResponse,
  type OrderStatusResponse,
  type Plan,
  type PlansResponse,
  type SubscribeRequest,
  type SubscribeResponse,
  type SubscriptionDuration,
} from '@flockr/contract';
import { api } from '../../../lib/api-client';
import { ORDER_STATUS_POLL_MS } from '../../../lib/constants';
import { queryKeys } from '../../../lib/query-keys';

const d = CLIENT_ERRORS.defaults;

/** Fetches the plans and the discount info. */
export function fetchPlans(signal?: AbortSignal): Promise<PlansResponse> {
  return api.get<PlansResponse>('/subscriptions/plans', { signal, fallback: d.fetchPlans });
}

/** Query options of the public plan list. */
export const plansQueryOptions = queryOptions({
  queryKey: queryKeys.plans,
  queryFn: ({ signal }) => fetchPlans(signal),
  staleTime: 5 * 60_000,
});

/** Creates a PENDING order for a plan and period (`POST /subscriptions/subscribe`). */
export function subscribe(payload: SubscribeRequest): Promise<SubscribeResponse> {
  return api.post<SubscribeResponse>('/subscriptions/subscribe', payload, {
    fallback: d.subscribe,
  });
}

/** Creates the payment of an order (`POST /payments/create`): its payment_url and QR code. */
export function createPayment(orderId: string): Promise<CreatePaymentResponse> {
  return api.post<CreatePaymentResponse>(
    '/payments/create',
    { order_id: orderId },
    { fallback: d.subscribe },
  );
}

/** Fetches an order's status (`GET /payments/orders/{id}/status`). */
export function fetchOrderStatus(
  orderId: string,
  signal?: AbortSignal,
): Promise<OrderStatusResponse> {
  return api.get<OrderStatusResponse>(`/payments/orders/${encodeURIComponent(orderId)}/status`, {
    signal,
    fallback: d.checkOrderStatus,
  });
}

/**
 * Query options polling an order's status every ORDER_STATUS_POLL_MS while it is PENDING (also in
 * a background tab: the user is paying in the other tab).
 */
export function orderStatusQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: queryKeys.orderStatus(orderId),
    queryFn: ({ signal }) => fetchOrderStatus(orderId, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === undefined || status === 'PENDING' ? ORDER_STATUS_POLL_MS : false;
    },
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

/** What a purchase produced: the new order and where to pay it. */
export interface PurchaseResult {
  plan: Plan;
  durationMonths: SubscriptionDuration;
  orderId: string;
  payment: CreatePaymentResponse;
}

/**
 * The purchase flow of spec section 4: subscribe (creates the order), then create its payment.
 * Opening the payment page is left to the caller.
 */
export function usePurchase() {
  return useMutation({
    mutationFn: async ({
      plan,
      durationMonths,
    }: {
      plan: Plan;
      durationMonths: SubscriptionDuration;
    }): Promise<PurchaseResult> => {
      const { order_id } = await subscribe({ plan_id: plan.id, duration_months: durationMonths });
      const payment = await createPayment(order_id);
      return { plan, durationMonths, orderId: order_id, payment };
    },
  });
}
