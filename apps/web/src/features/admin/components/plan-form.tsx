/**
 * Create or edit a plan (spec section 5): name, description, monthly and yearly price (step 0.01),
 * features one per line (blank lines dropped) and active; every field is required.
 */
import { z } from 'zod';
import { planInputSchema, type AdminPlan } from '@flockr/contract';
import { CheckboxField, TextField } from '../../../components/ui/field';
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
  return (
    <AdminForm
      title={plan ? `Edit plan ${plan.name}` : 'New plan'}
      submitLabel={plan ? 'Save plan' : 'Create plan'}
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
      <CheckboxField
        label="Active"
        hint="Inactive plans are hidden from the plans page and cannot be bought."
        className="sm:col-span-2"
        {...register('is_active')}
      />
    </AdminForm>
  );
}
