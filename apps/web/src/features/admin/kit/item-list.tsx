/**
 * A short list of items, each a line of text on the left and a figure or badge on the right
 * (the dashboard's recent users and orders, a user's orders and downloads).
 */
import type { ReactNode } from 'react';
import { formatMoney, type OrderStatus } from '@flockr/contract';
import { cn } from '../../../components/ui/cn';
import { OrderStatusBadge, TestOrderBadge } from '../../../components/ui/status-badges';
import { shortOrderId } from '../../../lib/format';

/**
 * `items` as a divided list, `render` giving each item's left (`main`) and right (`aside`)
 * parts; `empty` when there are none. `inset` pads the lines to sit edge to edge in a card.
 */
export function ItemList<T extends { id: string }>({
  items,
  empty,
  inset = false,
  render,
}: {
  items: readonly T[];
  empty: string;
  inset?: boolean;
  render: (item: T) => { main: ReactNode; aside: ReactNode };
}) {
  if (items.length === 0) {
    return <p className={cn('text-slate-600', inset && 'px-5 py-6 text-sm sm:px-6')}>{empty}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => {
        const { main, aside } = render(item);
        return (
          <li
            key={item.id}
            className={cn(
              'flex justify-between gap-3',
              inset ? 'items-center px-5 py-3 sm:px-6' : 'items-start py-2',
            )}
          >
            <div className="min-w-0">{main}</div>
            <div className="shrink-0 text-right">{aside}</div>
          </li>
        );
      })}
    </ul>
  );
}

/** An order as a list line: '#c3d4e5f6 · PRO' over `detail`; amount and status on the right. */
export function orderItem(
  order: {
    id: string;
    plan: { name: string };
    amount: number;
    currency: string;
    status: OrderStatus;
    livemode: boolean;
  },
  detail: string,
) {
  return {
    main: (
      <>
        <p className="truncate text-sm font-medium text-slate-900">
          <span className="font-mono">#{shortOrderId(order.id)}</span> · {order.plan.name}
        </p>
        <p className="truncate text-sm text-slate-600">{detail}</p>
      </>
    ),
    aside: (
      <>
        <p className="text-sm font-semibold text-slate-900">
          {formatMoney(order.amount, order.currency)}
        </p>
        <div className="mt-1">
          <OrderStatusBadge status={order.status} />
          <TestOrderBadge livemode={order.livemode} />
        </div>
      </>
    ),
  };
}
