/** Admin order calls: list and status update (spec section 7, /admin/orders). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  ADMIN_PAGE_SIZE,
  CLIENT_ERRORS,
  type AdminOrder,
  type AdminOrdersResponse,
  type OrderStatus,
  type updateOrderStatusRequestSchema,
} from '@flockr/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** Filters of the orders list as the screen keeps them (empty strings mean "any"). */
export interface OrdersFilter {
  page: number;
  search: string;
  status: OrderStatus | '';
}

/** `PUT /admin/orders/{id}/status` payload. */
export type UpdateOrderStatusRequest = z.output<typeof updateOrderStatusRequestSchema>;

/** Fetches one page of orders, newest first; `search` matches order id, username or email. */
export function fetchAdminOrders(
  filter: OrdersFilter,
  signal?: AbortSignal,
): Promise<AdminOrdersResponse> {
  return api.get<AdminOrdersResponse>('/admin/orders', {
    query: {
      page: filter.page,
      limit: ADMIN_PAGE_SIZE,
      search: filter.search.trim(),
      status: filter.status,
    },
    signal,
    fallback: CLIENT_ERRORS.defaults.fetchOrders,
  });
}

/** Query options of an orders page. */
export function adminOrdersQueryOptions(filter: OrdersFilter) {
  return queryOptions({
    queryKey: adminKeys.ordersPage(filter),
    queryFn: ({ signal }) => fetchAdminOrders(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** Sets an order's status. @throws ApiError, e.g. 409 'An order cannot go from X to Y'. */
export function updateOrderStatus(
  id: string,
  payload: UpdateOrderStatusRequest,
): Promise<{ order: AdminOrder }> {
  return api.put<{ order: AdminOrder }>(`/admin/orders/${encodeURIComponent(id)}/status`, payload, {
    fallback: CLIENT_ERRORS.defaults.updateOrderStatus,
  });
}
