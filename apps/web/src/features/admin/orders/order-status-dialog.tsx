/**
 * Dialog to move an order along the transition table with a note (requirements §7,
 * docs/billing.md). It offers only what the server allows an admin from the order's status
 * (contract `adminTargets`), plus keeping the status to change only the note, and says what the
 * chosen status will do before it is saved (the server's preview: time granted or taken back,
 * e-mails sent).
 */
import {
  ADMIN_SETTABLE_ORDER_STATUSES,
  adminTargets,
  formatMoney,
  updateOrderStatusRequestSchema,
  type AdminOrder,
} from '@flockr/contract';
import { SelectField } from '../../../components/ui/field';
import { fieldProps } from '../../../lib/form-field';
import { OrderStatusBadge } from '../../../components/ui/status-badges';
import { TextareaField } from '../../../components/ui/field';
import { humanize, shortOrderId } from '../../../lib/format';
import { useOrderStatusPreview, useSetOrderStatus } from './api/orders';
import { StatusPreviewView } from '../kit/status-preview';
import { AdminForm, useAdminForm } from '../kit/admin-form';

/** The form's schema: the contract's payload, with an empty note left out (it is optional). */
const orderStatusFormSchema = updateOrderStatusRequestSchema.extend({
  admin_note: updateOrderStatusRequestSchema.shape.admin_note.transform(
    (note) => note || undefined,
  ),
});

type Settable = (typeof ADMIN_SETTABLE_ORDER_STATUSES)[number];

const isSettable = (status: string): status is Settable =>
  (ADMIN_SETTABLE_ORDER_STATUSES as readonly string[]).includes(status);

/** The statuses offered for `order`: its own (to change the note) and those it may move to. */
function statusChoices(order: AdminOrder): Settable[] {
  return [order.status, ...adminTargets(order.status)].filter(isSettable);
}

/**
 * The dialog for `order` (mount it per order, keyed by id, so it starts from that order's
 * values); `onClose` runs on Cancel, Escape and after a successful save.
 */
export function OrderStatusDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const save = useSetOrderStatus();
  const choices = statusChoices(order);
  const form = useAdminForm(orderStatusFormSchema, {
    status: choices[0],
    admin_note: order.admin_note ?? '',
  });
  const field = fieldProps(form);
  const chosen = form.watch('status');
  const preview = useOrderStatusPreview(
    chosen && chosen !== order.status ? { id: order.id, status: chosen } : null,
  );
  const changing = chosen !== order.status;
  return (
    <AdminForm
      frame="dialog"
      title={`Update order #${shortOrderId(order.id)}`}
      submitLabel="Save status"
      submitDisabled={changing && preview.data?.preview.allowed !== true}
      form={form}
      mutation={save}
      variables={(values) => ({ id: order.id, ...values })}
      onClose={onClose}
    >
      <p className="flex flex-wrap items-center gap-2">
        <span>
          {order.user.username} · {order.plan.name} · {formatMoney(order.amount, order.currency)}
        </span>
        <span className="inline-flex items-center gap-1.5">
          Now <OrderStatusBadge status={order.status} />
        </span>
      </p>
      <SelectField label="New status" {...field('status')}>
        {choices.map((s) => (
          <option key={s} value={s}>
            {s === order.status ? `${humanize(s)} (no change)` : humanize(s)}
          </option>
        ))}
      </SelectField>
      {changing ? (
        <section aria-label="What will happen" className="rounded-lg bg-slate-50 p-3">
          <h3 className="mb-2 font-semibold text-slate-900">What will happen</h3>
          <StatusPreviewView query={preview} />
        </section>
      ) : null}
      <TextareaField
        label="Admin note (optional)"
        hint="Visible to admins only, e.g. why the order was refunded."
        rows={3}
        maxLength={1000}
        {...field('admin_note')}
      />
    </AdminForm>
  );
}
