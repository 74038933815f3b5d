/**
 * Buying a plan, as hooks (requirements §4 and §7): the quote of a purchase, the purchase itself
 * (subscribe, then create the payment) and the order's status, polled until it is paid. Loaded
 * with the checkout (components/checkout-dialog.tsx) and the thank-you page, never with /plans
 * itself. Each hook owns its query key, what it refreshes and what it announces.
 */
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLIENT_ERRORS, orderRef, type Plan, type SubscriptionDuration } from '@flockr/contract';
import { call, type ApiError } from '../../../lib/api-client';
import { ORDER_STATUS_POLL_MS } from '../../../lib/constants';
import { mutationKeys, queryKeys } from '../../../lib/query-keys';
import { placeOrder, type PlacedOrder } from './place-order';

const d = CLIENT_ERRORS.defaults;

/** Fallback text when the quote cannot be loaded. */
export const QUOTE_FAILED_TEXT = 'Could not work out the price. Please try again.';

/**
 * What paying for `plan` over `durationMonths` would do now (`GET /subscriptions/quote`): price
 * today, new or renewal or upgrade or downgrade, start and end, time converted. Idle while
 * `plan` is undefined. Personal, so it lives under the private key root.
 */
export function useQuote(plan: Plan | undefined, durationMonths: SubscriptionDuration) {
  return useQuery({
    queryKey: [...queryKeys.subscriptions, 'quote', plan?.id ?? '', durationMonths] as const,
    queryFn: ({ signal }) =>
      call(
        'GET /subscriptions/quote',
        { query: { plan_id: plan?.id ?? '', duration_months: durationMonths } },
        { signal, fallback: QUOTE_FAILED_TEXT },
      ),
    enabled: !!plan,
    staleTime: 0,
    gcTime: 0,
  });
}

/** What a purchase produced: the plan, the new order's id and where to pay it. */
export type PurchaseResult = PlacedOrder;

/**
 * What {@link usePurchase} is given: the plan, the period in months (1 or 12), and the tab
 * {@link openPaymentTab} opened on the click (null when the browser refused it).
 */
export interface PurchaseInput {
  plan: Plan;
  durationMonths: SubscriptionDuration;
  tab: Window | null;
}

/**
 * Opens an empty tab for the payment page. Call it synchronously in the click handler, before
 * any request: browsers (Safari, iOS) only allow a new tab during the click itself, so the tab is
 * opened now and sent to the payment page when its URL arrives. Returns null when the browser
 * refused; the purchase then goes to the payment page in this tab.
 */
export function openPaymentTab(): Window | null {
  let tab: Window | null;
  try {
    tab = window.open('', '_blank');
  } catch {
    return null;
  }
  if (!tab) return null;
  try {
    // The payment page must not be able to reach back into this page.
    tab.opener = null;
    tab.document.title = 'Opening the payment page…';
    tab.document.body.textContent = 'Opening the secure payment page…';
  } catch {
    // Some browsers do not let us write into the new tab; it is navigated all the same.
  }
  return tab;
}

/** Where the buyer follows the order after paying: the thank-you page of its short reference. */
export function thankYouPath(orderId: string): string {
  return `/thank-you/${orderRef(orderId)}`;
}

/**
 * The purchase flow of requirements §4: `POST /subscriptions/subscribe` places the PENDING order,
 * `POST /payments/create` opens its payment. Then the tab opened on the click goes to the payment
 * page and this tab to the thank-you page, which follows the order; without a tab (the browser
 * refused it) this tab goes to the payment page, which returns to the thank-you page. On failure
 * the empty tab is closed. `error.message` is the server's text, else 'Subscription failed'.
 */
export function usePurchase() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation<PurchaseResult, ApiError, PurchaseInput>({
    mutationKey: mutationKeys.purchase,
    mutationFn: placeOrder,
    onSuccess: ({ payment, orderId }, { tab }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      if (tab && !tab.closed) {
        tab.location.href = payment.payment_url;
        void navigate(thankYouPath(orderId), { state: { paymentUrl: payment.payment_url } });
      } else {
        window.location.assign(payment.payment_url);
      }
    },
    onError: (_error, { tab }) => {
      tab?.close();
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
        'GET /payments/orders/:id/status',
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
