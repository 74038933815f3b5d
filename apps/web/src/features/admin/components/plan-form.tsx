/**
 * Create or edit a plan (spec section 5): name, description, monthly and yearly price (step 0.01),
 * features one per line (blank lines dropped), what the plan gives after its subscription ends
 * (docs/updates.md "Access") and active; every field is required. Changing the
 * price of an existing plan warns that subscribers keep what they paid and that the terms promise
 * 30 days' notice (spec section 9), and asks the admin to confirm before saving.
 */
import { useState } from 'react';
import { z } from 'zod';
import { RETENTION, planInputSchema, type AdminPlan } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import { TextareaField } from '../../../components/ui/field';
import { useSavePlan } from '../api/plans';
import { AdminForm, useAdminForm } from './admin-form';

/**
 * The form's schema: the contract's plan input with features typed as text, one per line.
 * Splitting happens here; the contract then trims and drops the blank lines.
 */
export const planFormSchema = planInputSchema.extend({
  features: z
    .string()
    .transform((text) => text.split(/\r?\n/))
    .pipe(planInputSchema.shape.features),
  is_active: z.boolean(),
});
type Values = z.input<typeof planFormSchema>;

/** Form values of `plan`, or of an empty active plan. */
function defaultsOf(plan: AdminPlan | null): Values {
  return plan
    ? { ...plan, features: plan.features.join('\n') }
    : {
        name: '',
        description: '',
        monthly_price: Number.NaN,
        yearly_price: Number.NaN,
        features: '',
        is_active: true,
        after_expiry_access: 'keep_released',
      };
}

/** The two price inputs (step 0.01). */
const prices = [
  { name: 'monthly_price', label: 'Monthly price' },
  { name: 'yearly_price', label: 'Yearly price' },
] as const;

/** The plan form in a card; `plan` null creates a new plan. `onClose` runs after save or cancel. */
export function PlanForm({ plan, onClose }: { plan: AdminPlan | null; onClose: () => void }) {
  const save = useSavePlan(plan?.id ?? null);
  const form = useAdminForm(planFormSchema, defaultsOf(plan), 'name');
  const { register } = form;
  const { errors } = form.formState;
  const [monthly, yearly] = form.watch(['monthly_price', 'yearly_price']);
  const priceChanged =
    plan !== null &&
    ((Number.isFinite(monthly) && monthly !== plan.monthly_price) ||
      (Number.isFinite(yearly) && yearly !== plan.yearly_price));
  const [noticeGiven, setNoticeGiven] = useState(false);
  return (
    <AdminForm
      title={plan ? `Edit plan ${plan.name}` : 'New plan'}
      submitLabel={plan ? 'Save plan' : 'Create plan'}
      submitDisabled={priceChanged && !noticeGiven}
      form={form}
      mutation={save}
      onClose={onClose}
    >
      <TextField
        label="Name"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="grid grid-cols-2 gap-4">
        {prices.map(({ name, label }) => (
          <TextField
            key={name}
            label={label}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            error={errors[name]?.message}
            {...register(name, { valueAsNumber: true })}
          />
        ))}
      </div>
      {priceChanged && plan ? (
        <div className="space-y-3 sm:col-span-2">
          <Alert variant="warning" title="You are changing the price">
            <p>
              Existing subscribers keep the price they paid: their orders and paid time do not
              change. New orders and renewals of {plan.name} pay the new price.
            </p>
            <p className="mt-1">
              The terms promise {RETENTION.priceChangeNoticeDays} days&apos; notice of price
              changes: tell the {plan.subscriber_count} active subscriber
              {plan.subscriber_count === 1 ? '' : 's'} of {plan.name} before the new price applies
              to them.
            </p>
          </Alert>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-1 size-4 rounded border-slate-300"
              checked={noticeGiven}
              onChange={(event) => setNoticeGiven(event.target.checked)}
            />
            <span>
              I understand: subscribers get {RETENTION.priceChangeNoticeDays} days&apos; notice of
              the new price.
            </span>
          </label>
        </div>
      ) : null}
      <TextareaField
        label="Description"
        rows={4}
        error={errors.description?.message}
        {...register('description')}
      />
      <TextareaField
        label="Features"
        hint="One per line; blank lines are ignored."
        rows={4}
        error={errors.features?.message}
        {...register('features')}
      />
      <SelectField
        label="After the subscription ends"
        hint="Whether a subscriber whose time ran out keeps downloading and updating to the versions published while they were subscribed."
        className="sm:col-span-2"
        error={errors.after_expiry_access?.message}
        {...register('after_expiry_access')}
      >
        <option value="keep_released">Keep versions published before the end date</option>
        <option value="none">No downloads or updates</option>
      </SelectField>
      <CheckboxField
        label="Active"
        hint="Inactive plans are hidden from the plans page and cannot be bought."
        className="sm:col-span-2"
        {...register('is_active')}
      />
    </AdminForm>
  );
}
