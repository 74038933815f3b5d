/** Order history call (spec section 7: GET /payments/orders). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CLIENT_ERRORS, type OrdersResponse } from '@flockr/contract';
import { api } from '../../../lib/api-client';
import { PENDING_ORDERS_REFETCH_MS } from '../../../lib/constants';
import { queryKeys } from '../../../lib/query-keys';

/** Fetches one page of the signed-in user's orders, newest first. */
export function fetchOrders(
  { page, limit }: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<OrdersResponse> {
  return api.get<OrdersResponse>('/payments/orders', {
    query: { page, limit },
    signal,
    fallback: CLIENT_ERRORS.defaults.fetchPaymentOrders,
  });
}

/**
 * Query options of an orders page. While any order on it is PENDING it refetches every
 * PENDING_ORDERS_REFETCH_MS, so a payment made in another tab shows up without a reload.
 */
export function ordersQueryOptions(page: number, limit: number) {
  return queryOptions({
    queryKey: queryKeys.ordersPage(page, limit),
    queryFn: ({ signal }) => fetchOrders({ page, limit }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.orders.some((o) => o.status === 'PENDING')
        ? PENDING_ORDERS_REFETCH_MS
        : false,
    refetchIntervalInBackground: true,
  });
}
