/**
 * Orders tab: filter by status, search by order id, username or email, and update an order's
 * status with an optional admin note. Refused transitions come back from the server (409).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PencilLine, Receipt } from 'lucide-react';
import { ORDER_STATUSES, formatMoney, type AdminOrder } from '@flockr/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import {
  formatDate,
  formatDateTime,
  humanize,
  periodLabel,
  shortOrderId,
} from '../../../lib/format';
import { adminOrdersQueryOptions, type OrdersFilter } from '../api/orders';
import { AdminTable, tdClass, thClass } from './admin-table';
import { OrderStatusBadge } from '../../../components/ui/status-badges';
import { ErrorState } from './list-states';
import { OrderStatusDialog } from './order-status-dialog';
import { Pager } from './pager';
import { SearchInput } from './search-input';
import { parseChoice, parsePage, useAdminParams } from './use-admin-params';

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
  const { params, update } = useAdminParams();
  const filter: OrdersFilter = {
    page: parsePage(params.get('page')),
    search: params.get('search') ?? '',
    status: parseChoice(params.get('status'), ORDER_STATUSES),
  };
  const query = useQuery(adminOrdersQueryOptions(filter));
  const [editing, setEditing] = useState<AdminOrder | null>(null);
  const filtered = filter.search !== '' || filter.status !== '';
  const orders = query.data?.orders ?? [];
  const pagination = query.data?.pagination;

  return (
    <section aria-labelledby="admin-orders-heading">
      <Card className="min-w-0">
        <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <h2 id="admin-orders-heading" className="text-base font-semibold text-slate-900">
            Orders
          </h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_11rem]">
            <SearchInput
              label="Search orders"
              placeholder="Order id, username or email"
              value={filter.search}
              onSearch={(search) => update({ search }, { replace: true })}
            />
            <SelectField
              label="Status"
              value={filter.status}
              onChange={(event) => update({ status: event.target.value })}
            >
              <option value="">All statuses</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {humanize(s)}
                </option>
              ))}
            </SelectField>
          </div>
        </div>
        {query.isPending ? (
          <Spinner label="Loading orders…" />
        ) : query.isError ? (
          <ErrorState
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : orders.length === 0 ? (
          <EmptyState
            icon={Receipt}
            title={filtered || filter.page > 1 ? 'No orders found' : 'No orders yet'}
            description={
              filtered ? 'No order matches these filters.' : 'Orders appear here once users buy.'
            }
            action={
              filtered || filter.page > 1 ? (
                <Button variant="outline" onClick={() => update({ search: null, status: null })}>
                  {filtered ? 'Clear filters' : 'Go to first page'}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <div aria-busy={query.isPlaceholderData || undefined}>
              <AdminTable
                label="Orders"
                minWidth="min-w-[60rem]"
                head={
                  <>
                    <th scope="col" className={thClass}>
                      Order
                    </th>
                    <th scope="col" className={thClass}>
                      Customer
                    </th>
                    <th scope="col" className={thClass}>
                      Plan
                    </th>
                    <th scope="col" className={thClass}>
                      Amount
                    </th>
                    <th scope="col" className={thClass}>
                      Status
                    </th>
                    <th scope="col" className={thClass}>
                      Created
                    </th>
                    <th scope="col" className={thClass}>
                      <span className="sr-only">Actions</span>
                    </th>
                  </>
                }
              >
                {orders.map((o) => (
                  <OrderRow key={o.id} order={o} onEdit={setEditing} />
                ))}
              </AdminTable>
            </div>
            {pagination ? (
              <Pager
                label="Orders pages"
                page={filter.page}
                totalPages={pagination.total_pages}
                total={pagination.total}
                noun="orders"
                onPage={(page) => update({ page })}
              />
            ) : null}
          </>
        )}
      </Card>
      <OrderStatusDialog order={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
