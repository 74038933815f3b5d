/**
 * Admin order hooks (requirements §7, `/admin/orders`): the list, a status change along the
 * transition table (docs/billing.md) with the server's preview of what it will do
 * (requirements §12), and provider events that named no order of ours.
 */
import { CLIENT_ERRORS, type OrderStatus } from '@flockr/contract';
import { humanize, shortOrderId } from '../../../../lib/format';
import { ADMIN_ERRORS } from '../../kit/api/errors';
import { adminKeys } from '../../kit/api/keys';
import { useAdminPage, useAdminQuery, useAdminUpdate, type PageFilter } from '../../kit/api/hooks';

/** Page, search (order id, username or email) and status of the orders list ('' = any). */
export type OrdersFilter = PageFilter<'GET /admin/orders'>;

/** One page of orders with buyer and plan, newest first (`GET /admin/orders`). */
export function useAdminOrders(filter: OrdersFilter) {
  return useAdminPage('GET /admin/orders', 'orders', filter, CLIENT_ERRORS.defaults.fetchOrders);
}

/**
 * The newest provider events that named no order of ours (`GET /admin/payment-events`,
 * outcome unmatched): money may have been taken for something this shop cannot match.
 */
export function useUnmatchedPaymentEvents() {
  return useAdminPage(
    'GET /admin/payment-events',
    'payment-events',
    { page: 1, outcome: 'unmatched' },
    ADMIN_ERRORS.fetchPaymentEvents,
  );
}

/**
 * Moves an order to `status` with an optional admin note (`PUT /admin/orders/{id}/status`).
 * Variables: `{ id, status, admin_note? }`. A transition the table refuses comes back as 409
 * ORDER_TRANSITION_NOT_ALLOWED with its text.
 */
export function useSetOrderStatus() {
  return useAdminUpdate('PUT /admin/orders/:id/status', {
    fallback: CLIENT_ERRORS.defaults.updateOrderStatus,
    success: ({ order }) => `Order #${shortOrderId(order.id)} is now ${humanize(order.status)}`,
  });
}

/** Statuses an admin may set on an order (the preview's and the change's `status`). */
type SettableOrderStatus = Exclude<OrderStatus, 'EXPIRED'>;

/**
 * What moving order `id` to `status` would do: time granted or taken back, e-mails sent
 * (`GET /admin/orders/{id}/status/preview`); idle while `request` is null.
 */
export function useOrderStatusPreview(request: { id: string; status: SettableOrderStatus } | null) {
  return useAdminQuery('GET /admin/orders/:id/status/preview', {
    key: [...adminKeys.all, 'orders', 'preview', request?.id ?? '', request?.status ?? ''],
    input: {
      params: { id: request?.id ?? '' },
      query: { status: request?.status ?? 'PENDING' },
    },
    fallback: ADMIN_ERRORS.fetchPreview,
    enabled: request !== null,
  });
}
