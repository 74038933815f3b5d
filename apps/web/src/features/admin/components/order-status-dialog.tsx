/** Dialog to set an order's status (PENDING, COMPLETED, FAILED, CANCELLED, REFUNDED) with a note. */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  ADMIN_SETTABLE_ORDER_STATUSES,
  errorText,
  CLIENT_ERRORS,
  formatMoney,
  updateOrderStatusRequestSchema,
  type AdminOrder,
} from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { humanize, shortOrderId } from '../../../lib/format';
import { adminKeys } from '../api/keys';
import { updateOrderStatus } from '../api/orders';
import { OrderStatusBadge } from '../../../components/ui/status-badges';

type Values = z.input<typeof updateOrderStatusRequestSchema>;
type Output = z.output<typeof updateOrderStatusRequestSchema>;
type Settable = (typeof ADMIN_SETTABLE_ORDER_STATUSES)[number];

/** The status preselected for `order`: its own when an admin may set it, else PENDING. */
function initialStatus(order: AdminOrder): Settable {
  return (ADMIN_SETTABLE_ORDER_STATUSES as readonly string[]).includes(order.status)
    ? (order.status as Settable)
    : 'PENDING';
}

/** The form for one order; remounted per order so it starts from that order's values. */
function OrderStatusForm({
  order,
  formId,
  onDone,
  onSubmittingChange,
}: {
  order: AdminOrder;
  formId: string;
  onDone: () => void;
  onSubmittingChange: (submitting: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(updateOrderStatusRequestSchema),
    defaultValues: { status: initialStatus(order), admin_note: order.admin_note ?? '' },
  });

  const onSubmit = handleSubmit(async ({ status, admin_note }) => {
    setServerError(null);
    onSubmittingChange(true);
    try {
      // An empty note is left out: the note is optional.
      await updateOrderStatus(order.id, { status, ...(admin_note ? { admin_note } : {}) });
      toast.success(`Order #${shortOrderId(order.id)} is now ${humanize(status)}`);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      onDone();
    } catch (error) {
      setServerError(
        errorText(undefined, error as Error, CLIENT_ERRORS.defaults.updateOrderStatus),
      );
    } finally {
      onSubmittingChange(false);
    }
  });

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="flex flex-wrap items-center gap-2">
        <span>
          {order.user.username} · {order.plan.name} · {formatMoney(order.amount, order.currency)}
        </span>
        <span className="inline-flex items-center gap-1.5">
          Now <OrderStatusBadge status={order.status} />
        </span>
      </p>
      <SelectField label="New status" error={errors.status?.message} {...register('status')}>
        {ADMIN_SETTABLE_ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {humanize(s)}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Admin note (optional)"
        hint="Visible to admins only, e.g. why the order was refunded."
        rows={3}
        maxLength={1000}
        error={errors.admin_note?.message}
        {...register('admin_note')}
      />
      {serverError ? <Alert variant="error">{serverError}</Alert> : null}
    </form>
  );
}

/** The dialog; closed when `order` is null. */
export function OrderStatusDialog({
  order,
  onClose,
}: {
  order: AdminOrder | null;
  onClose: () => void;
}) {
  const formId = useId();
  const [submitting, setSubmitting] = useState(false);
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title={order ? `Update order #${shortOrderId(order.id)}` : 'Update order'}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={submitting}>
            Save status
          </Button>
        </>
      }
    >
      {order ? (
        <OrderStatusForm
          key={order.id}
          order={order}
          formId={formId}
          onDone={onClose}
          onSubmittingChange={setSubmitting}
        />
      ) : null}
    </Dialog>
  );
}
