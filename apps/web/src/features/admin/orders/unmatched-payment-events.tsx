/**
 * A warning above the orders list when the payment provider sent events that named no order of
 * ours (a checkout paid for an order this shop does not have). The server acknowledged them to
 * the provider and kept them; an admin decides what to do (refund, or match by hand). Shows
 * nothing while there are none.
 */
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { useUnmatchedPaymentEvents } from './api/orders';
import { AdminTable, tdClass } from '../kit/admin-table';

/** The unmatched provider events card (nothing when there are none). */
export function UnmatchedPaymentEvents() {
  const query = useUnmatchedPaymentEvents();
  if (query.isError) return <Alert variant="error">{query.error.message}</Alert>;
  const total = query.data?.pagination.total ?? 0;
  if (total === 0) return null;
  const events = query.data?.events ?? [];
  return (
    <Card className="min-w-0 border-amber-300">
      <div className="border-b border-amber-200 bg-amber-50 px-5 py-4 sm:px-6">
        <h2 className="text-base font-semibold text-amber-900">
          {total === 1
            ? '1 payment event named no order'
            : `${total} payment events named no order`}
        </h2>
        <p className="mt-1 text-sm text-amber-900">
          The payment provider reported these for an order this shop does not have. They were
          acknowledged so the provider stops retrying; check them in the provider&apos;s dashboard
          and refund or match them by hand.
        </p>
      </div>
      <AdminTable
        label="Payment events without an order"
        columns={['Received', 'Provider', 'Event', 'Reference']}
        minWidth="min-w-[48rem]"
      >
        {events.map((e) => (
          <tr key={e.id}>
            <td className={`${tdClass} whitespace-nowrap`}>
              <time dateTime={e.received_at}>{formatDateTime(e.received_at)}</time>
            </td>
            <td className={tdClass}>{e.provider}</td>
            <td className={tdClass}>
              <p className="font-mono text-xs text-slate-900">{e.type}</p>
              <p className="font-mono text-xs break-all text-slate-500">{e.event_id}</p>
            </td>
            <td className={`${tdClass} font-mono text-xs break-all`}>{e.reference ?? '—'}</td>
          </tr>
        ))}
      </AdminTable>
    </Card>
  );
}
