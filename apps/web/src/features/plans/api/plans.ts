/**
 * The plans page's calls as hooks (spec section 7): the plan list, the purchase (subscribe, then
 * create the payment; spec section 4) and the order's status, polled until it is paid. Each hook
 * owns its query key, what it refreshes and what it announces; components only read their state.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { API, CLIENT_ERRORS, type Plan, type SubscriptionDuration } from '@flockr/contract';
import { call, type ApiError } from '../../../lib/api-client';
import { ORDER_STATUS_POLL_MS } from '../../../lib/constants';
import { queryKeys } from '../../../lib/query-keys';
import { placeOrder, type PlacedOrder } from './place-order';

const d = CLIENT_ERRORS.defaults;

/** Notice text after a purchase was started (the order can be paid later from the history). */
export const ORDER_WAITING_TEXT = 'Your order is waiting in Order History';

/**
 * The active plans and the yearly discount (`GET /subscriptions/plans`); errors carry the
 * server's text, else 'Failed to fetch plans' (spec section 8).
 */
export function usePlans() {
  return useQuery({
    queryKey: queryKeys.plans,
    queryFn: ({ signal }) => call(API.subscriptions.plans, {}, { signal, fallback: d.fetchPlans }),
    staleTime: 5 * 60_000,
  });
}

/** What a purchase produced: the plan, the new order's id and where to pay it. */
export type PurchaseResult = PlacedOrder;

/** What {@link usePurchase} is given: the plan and the period in months (1 or 12). */
export interface PurchaseInput {
  plan: Plan;
  durationMonths: SubscriptionDuration;
}

/**
 * The purchase flow of spec section 4: `POST /subscriptions/subscribe` places the PENDING order,
 * `POST /payments/create` opens its payment; on success the payment page opens in a new tab, the
 * order history is refreshed and a notice points to it. The result (`data`) is the
 * {@link PurchaseResult}; `error.message` is the server's text, else 'Subscription failed'.
 */
export function usePurchase() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation<PurchaseResult, ApiError, PurchaseInput>({
    mutationFn: placeOrder,
    onSuccess: ({ payment }) => {
      window.open(payment.payment_url, '_blank');
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      toast.info(ORDER_WAITING_TEXT, {
        description: 'Complete the payment in the new tab, or pay later from Order History.',
        action: { label: 'View orders', onClick: () => void navigate('/orders') },
      });
    },
  });
}

/**
 * The status of order `orderId` (`GET /payments/orders/{id}/status`), polled every
 * ORDER_STATUS_POLL_MS while it is PENDING, also in a background tab (the user is paying in the
 * other one). Idle while `orderId` is undefined. Errors: 'Failed to check order status'.
 */
export function useOrderStatus(orderId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.orderStatus(orderId ?? ''),
    queryFn: ({ signal }) =>
      call(
        API.payments.orderStatus,
        { params: { id: orderId ?? '' } },
        { signal, fallback: d.checkOrderStatus },
      ),
    enabled: !!orderId,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === undefined || status === 'PENDING' ? ORDER_STATUS_POLL_MS : false;
    },
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

/**
 * Watches the order of `purchase` (see {@link useOrderStatus}) and, once it leaves PENDING,
 * announces the outcome once (paid: a success toast; otherwise a warning naming the status) and
 * refreshes the session, the orders and the subscriptions, so "Current plan" follows at once.
 */
export function useOrderOutcome(purchase: { orderId: string; planName: string } | undefined) {
  const queryClient = useQueryClient();
  const { data } = useOrderStatus(purchase?.orderId);
  const announced = useRef<string | null>(null);
  const status = data?.status;
  const orderId = purchase?.orderId;
  const planName = purchase?.planName;

  useEffect(() => {
    if (!orderId || !status || status === 'PENDING' || announced.current === orderId) return;
    announced.current = orderId;
    if (status === 'COMPLETED') {
      toast.success(`Payment received. Your ${planName} plan is active.`);
    } else {
      toast.warning(`Your ${planName} order was not paid (${status.toLowerCase()}).`);
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions });
  }, [orderId, planName, status, queryClient]);
}
