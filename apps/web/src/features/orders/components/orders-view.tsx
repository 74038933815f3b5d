/**
 * Order history of /orders (requirements §2): orders with id (last 8 characters), plan, period,
 * amount, status and date; Pay Now and a QR image for payable PENDING orders (on phones Pay Now
 * leads and the QR code, for paying on another device, folds away); Refresh; the
 * "No orders yet" empty state with View Plans.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink, Receipt, RefreshCw } from 'lucide-react';
import { formatMoney, type Order } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { OrderStatusBadge, TestOrderBadge } from '../../../components/ui/status-badges';
import { formatDateTime, periodLabel, shortOrderId } from '../../../lib/format';
import { useOrders } from '../api/orders';

/** True when `order` can still be paid from the history (PENDING, with a link, not expired at `now`). */
export function isPayable(order: Order, now = Date.now()): boolean {
  return (
    order.status === 'PENDING' && !!order.payment_url && new Date(order.expires_at).getTime() > now
  );
}

/** One labelled value of an order row; `className` styles the value's paragraph. */
function OrderField({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div>
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <p className={className}>{children}</p>
    </div>
  );
}

/** One order as a row (grid on wide screens, stacked on phones). */
function OrderRow({ order }: { order: Order }) {
  const short = shortOrderId(order.id);
  const payable = isPayable(order);
  return (
    <li className="px-5 py-5 sm:px-6">
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem] sm:items-start">
        <div className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm md:grid-cols-5">
          <OrderField label="Order" className="mt-0.5 font-mono font-semibold text-slate-900">
            #{short}
          </OrderField>
          <OrderField label="Plan" className="mt-0.5 font-medium text-slate-900">
            {order.plan_name}
          </OrderField>
          <OrderField label="Period" className="mt-0.5 text-slate-800">
            {periodLabel(order.duration_months)}
          </OrderField>
          <OrderField label="Amount" className="mt-0.5 font-semibold text-slate-900">
            {formatMoney(order.amount, order.currency)}
          </OrderField>
          <OrderField label="Status" className="mt-1">
            <OrderStatusBadge status={order.status} />
            <TestOrderBadge livemode={order.livemode} />
          </OrderField>
          <div className="col-span-2 md:col-span-5">
            <p className="text-xs text-slate-600">
              Created {formatDateTime(order.created_at)}
              {order.completed_at ? ` · Paid ${formatDateTime(order.completed_at)}` : null}
              {order.status === 'PENDING'
                ? ` · Payable until ${formatDateTime(order.expires_at)}`
                : null}
            </p>
          </div>
        </div>
        {payable && order.payment_url ? (
          <div className="flex flex-col gap-3 sm:items-end">
            {/* Paying here comes first; the QR code is for paying on another device. */}
            <a
              href={order.payment_url}
              target="_blank"
              rel="noopener"
              className={buttonClasses({ size: 'sm', className: 'w-full sm:w-auto' })}
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              Pay Now
            </a>
            {order.qr_code_url ? (
              <>
                <img
                  src={order.qr_code_url}
                  alt={`QR code to pay order #${short}`}
                  width={112}
                  height={112}
                  className="hidden size-28 rounded-lg border border-slate-200 bg-white p-1 sm:block"
                />
                <p className="hidden max-w-28 text-center text-xs text-slate-600 sm:block">
                  Scan to pay on another device
                </p>
                <details className="text-sm sm:hidden">
                  <summary className="cursor-pointer font-medium text-slate-700">
                    Pay on another device (QR code)
                  </summary>
                  <img
                    src={order.qr_code_url}
                    alt={`QR code to pay order #${short} on another device`}
                    width={112}
                    height={112}
                    className="mt-2 size-28 rounded-lg border border-slate-200 bg-white p-1"
                  />
                </details>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** The order history of the signed-in user, with paging and Refresh (render inside the guard). */
export function OrdersView() {
  const [page, setPage] = useState(1);
  const query = useOrders(page);
  const orders = query.data?.orders ?? [];
  const pagination = query.data?.pagination;

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 className="text-base font-semibold text-slate-900">Your orders</h2>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void query.refetch()}
          loading={query.isFetching && !query.isPending}
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
        >
          Refresh
        </Button>
      </div>
      {query.isPending ? (
        <LoadingRegion label="Loading orders…" className="divide-y divide-slate-100">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex items-center justify-between gap-4 px-5 py-4 sm:px-6">
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-5 w-40" />
                <Skeleton className="h-4 w-56 max-w-full" />
              </div>
              <Skeleton className="h-6 w-24 rounded-full" />
            </div>
          ))}
        </LoadingRegion>
      ) : query.isError ? (
        <div className="p-6">
          <Alert variant="error">{query.error.message}</Alert>
        </div>
      ) : orders.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title="No orders yet"
          description="When you choose a plan, your order and its payment status appear here."
          action={
            <Link to="/plans" className={buttonClasses()}>
              View Plans
            </Link>
          }
        />
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {orders.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
          {pagination && pagination.total_pages > 1 ? (
            <nav
              aria-label="Order pages"
              className="flex items-center justify-between gap-3 border-t border-slate-100 px-5 py-4 text-sm sm:px-6"
            >
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => setPage((p) => Math.max(1, p - 1))}
              >
                Previous
              </Button>
              <span className="text-slate-600">
                Page {pagination.page} of {pagination.total_pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pagination.total_pages}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </Card>
  );
}
