/** The order history's call as a hook (requirements §7: `GET /payments/orders`). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CLIENT_ERRORS } from '@flockr/contract';
import { call } from '../../../lib/api-client';
import { ORDERS_PAGE_SIZE, PENDING_ORDERS_REFETCH_MS } from '../../../lib/constants';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Page `page` (from 1) of the signed-in user's orders, ORDERS_PAGE_SIZE a page, newest first.
 * The previous page stays on screen while the next loads. While any order on the page is PENDING
 * it refetches every PENDING_ORDERS_REFETCH_MS (also in a background tab), so a payment made in
 * another tab shows up without a reload. Errors: the server's text, else 'Failed to fetch payment
 * orders' (requirements §8).
 */
export function useOrders(page: number) {
  return useQuery({
    queryKey: queryKeys.ordersPage(page, ORDERS_PAGE_SIZE),
    queryFn: ({ signal }) =>
      call(
        'GET /payments/orders',
        { query: { page, limit: ORDERS_PAGE_SIZE } },
        { signal, fallback: CLIENT_ERRORS.defaults.fetchPaymentOrders },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.orders.some((o) => o.status === 'PENDING')
        ? PENDING_ORDERS_REFETCH_MS
        : false,
    refetchIntervalInBackground: true,
  });
}
