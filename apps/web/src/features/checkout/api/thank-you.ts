/**
 * The thank-you page's data: the signed-in user's order named by its short reference (the last
 * 8 characters of its id, as the app shows it and as the payment page returns to it), found
 * among their newest orders, and its status, polled until it is paid (requirements §7:
 * `GET /payments/orders`, `GET /payments/orders/{id}/status`). When it becomes COMPLETED the
 * session, subscription and downloads are refreshed so the new plan applies at once.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Order, OrderStatus } from '@flockr/contract';
import { shortOrderId } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { useOrders } from '../../orders';
import { useOrderStatus } from '../../plans';

/** What {@link useThankYouOrder} answers. */
export interface ThankYouOrder {
  /** The order, once found; undefined while loading or when none matches. */
  order: Order | undefined;
  /** Its status as last read (the status poll wins over the list). */
  status: OrderStatus | undefined;
  isPending: boolean;
  /** The list failed, or no order of the user has this reference. */
  notFound: boolean;
  error: string | null;
}

/** The order with short reference `ref` of the signed-in user and its live status. */
export function useThankYouOrder(ref: string): ThankYouOrder {
  const queryClient = useQueryClient();
  const orders = useOrders(1);
  const order = orders.data?.orders.find((o) => shortOrderId(o.id) === ref.toLowerCase());
  const live = useOrderStatus(order?.status === 'PENDING' ? order.id : undefined);
  const status = live.data?.status ?? order?.status;
  const refreshed = useRef(false);

  useEffect(() => {
    if (status !== 'COMPLETED' || refreshed.current) return;
    refreshed.current = true;
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions });
    void queryClient.invalidateQueries({ queryKey: queryKeys.downloads });
  }, [status, queryClient]);

  return {
    order,
    status,
    isPending: orders.isPending,
    notFound: !orders.isPending && !order,
    error: orders.isError ? orders.error.message : null,
  };
}
