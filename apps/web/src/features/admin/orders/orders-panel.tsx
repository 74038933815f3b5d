/**
 * Orders tab: filter by status and mode (live or test orders), search by order id, username or
 * email, and update an order's status with an optional admin note. Refused transitions come back
 * from the server (409). Test orders carry a "Test" badge (docs/billing.md "Test mode").
 */
import { useState } from 'react';
import { PencilLine, Receipt } from 'lucide-react';
import {
  ORDER_SORT_COLUMNS,
  ORDER_STATUSES,
  PAYMENTS_MODES,
  formatMoney,
  type AdminOrder,
} from '@flockr/contract';
import { Button } from '../../../components/ui/button';
import { OrderStatusBadge, TestOrderBadge } from '../../../components/ui/status-badges';
import { formatDate, formatDateTime, periodLabel, shortOrderId } from '../../../lib/format';
import { useServerCsv } from '../kit/api/export';
import { useAdminOrders } from './api/orders';
import { AdminList } from '../kit/admin-list';
import { tdClass } from '../kit/admin-table';
import { choiceFilter, searchFilter, serverListFilters, useListParams } from '../kit/list-params';
import { OrderStatusDialog } from './order-status-dialog';
import { UnmatchedPaymentEvents } from './unmatched-payment-events';

/**
 * The orders list's filters (URL parameters `search`, `status`, `mode`), its sortable columns
 * (newest first by default) and the date range of the day an order was placed.
 */
const filters = serverListFilters(
  'sm:grid-cols-[1fr_11rem_9rem]',
  {
    search: searchFilter('Search orders', 'Order id, username or email'),
    status: choiceFilter('Status', 'All statuses', ORDER_STATUSES),
    mode: choiceFilter('Mode', 'Live and test', PAYMENTS_MODES),
  },
  ORDER_SORT_COLUMNS,
  'Created',
);

const columns = [
  'Order',
  { label: 'Customer', sort: 'username' },
  { label: 'Plan', sort: 'plan' },
  { label: 'Amount', sort: 'amount' },
  { label: 'Status', sort: 'status' },
  { label: 'Created', sort: 'created_at' },
  { label: 'Actions', hidden: true },
];

/** One order row. */
function OrderRow({ order, onEdit }: { order: AdminOrder; onEdit: (order: AdminOrder) => void }) {
  const short = shortOrderId(order.id);
  return (
    <tr>
      <td className={`${tdClass} font-mono font-semibold whitespace-nowrap text-slate-900`}>
        <span title={order.id}>#{short}</span>
      </td>
      <td className={`${tdClass} max-w-[13rem]`}>
        <p className="truncate font-medium text-slate-900" title={order.user.username}>
          {order.user.username}
        </p>
        <p className="truncate text-slate-600" title={order.user.email}>
          {order.user.email}
        </p>
      </td>
      <td className={tdClass}>
        <p className="font-medium text-slate-900">{order.plan.name}</p>
        <p className="text-slate-600">{periodLabel(order.duration_months)}</p>
      </td>
      <td className={`${tdClass} font-semibold whitespace-nowrap text-slate-900`}>
        {formatMoney(order.amount, order.currency)}{' '}
        <span className="text-xs font-normal text-slate-500">{order.currency}</span>
      </td>
      <td className={`${tdClass} max-w-[12rem]`}>
        <OrderStatusBadge status={order.status} />
        <TestOrderBadge livemode={order.livemode} />
        {order.admin_note ? (
          <p className="mt-1 truncate text-xs text-slate-500" title={order.admin_note}>
            Note: {order.admin_note}
          </p>
        ) : null}
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>
        <time dateTime={order.created_at} title={formatDateTime(order.created_at)}>
          {formatDate(order.created_at)}
        </time>
      </td>
      <td className={`${tdClass} text-right`}>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Update status of order #${short}`}
          icon={<PencilLine aria-hidden="true" className="size-4" />}
          onClick={() => onEdit(order)}
        >
          Update status
        </Button>
      </td>
    </tr>
  );
}

/** The orders tab. */
export function OrdersPanel() {
  const params = useListParams(filters);
  const query = useAdminOrders(params.filter);
  const exporter = useServerCsv('GET /admin/orders/export', params.filter, 'orders');
  const [editing, setEditing] = useState<AdminOrder | null>(null);
  return (
    <>
      <AdminList
        title="Orders"
        query={query}
        params={params}
        items={(data) => data.orders}
        pager={{ label: 'Orders pages', noun: 'orders' }}
        exporter={exporter}
        table={{
          label: 'Orders',
          columns,
          minWidth: 'min-w-[60rem]',
          row: (order) => <OrderRow order={order} onEdit={setEditing} />,
        }}
        loadingLabel="Loading orders…"
        above={<UnmatchedPaymentEvents />}
        empty={{
          icon: Receipt,
          title: 'No orders yet',
          description: 'Orders appear here once users buy.',
          noMatchTitle: 'No orders found',
          noMatchDescription: 'No order matches these filters.',
        }}
      />
      {editing ? (
        <OrderStatusDialog key={editing.id} order={editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
