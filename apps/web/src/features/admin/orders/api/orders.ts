/**
 * Admin order hooks (requirements §7, `/admin/orders`): the list, a status change along the
 * transition table (docs/billing.md), and provider events that named no order of ours.
 */
import { CLIENT_ERRORS } from '@flockr/contract';
import { humanize, shortOrderId } from '../../../../lib/format';
import { ADMIN_ERRORS } from '../../kit/api/errors';
import { useAdminPage, useAdminUpdate, type PageFilter } from '../../kit/api/hooks';

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
