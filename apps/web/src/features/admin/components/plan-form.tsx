/**
 * Create or edit a plan (spec section 5): name, description, monthly and yearly price (step 0.01),
 * features one per line (blank lines dropped) and active; every field is required.
 */
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { planInputSchema, type AdminPlan } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { queryKeys } from '../../../lib/query-keys';
import { adminKeys } from '../api/keys';
import { createPlan, updatePlan } from '../api/plans';

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
type Output = z.output<typeof planFormSchema>;

/** Form values of `plan`, or of an empty active plan. */
function defaultsOf(plan: AdminPlan | null): Values {
  return plan
    ? {
        name: plan.name,
        description: plan.description,
        monthly_price: plan.monthly_price,
        yearly_price: plan.yearly_price,
        features: plan.features.join('\n'),
        is_active: plan.is_active,
      }
    : {
        name: '',
        description: '',
        monthly_price: Number.NaN,
        yearly_price: Number.NaN,
        features: '',
        is_active: true,
      };
}

/** The plan form in a card; `plan` null creates a new plan. `onClose` runs after save or cancel. */
export function PlanForm({ plan, onClose }: { plan: AdminPlan | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(planFormSchema),
    defaultValues: defaultsOf(plan),
  });

  useEffect(() => setFocus('name'), [setFocus]);

  const onSubmit = handleSubmit(async (payload) => {
    setServerError(null);
    try {
      const { plan: saved } = plan ? await updatePlan(plan.id, payload) : await createPlan(payload);
      toast.success(plan ? `Plan ${saved.name} saved` : `Plan ${saved.name} created`);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.plans });
      onClose();
    } catch (error) {
      setServerError((error as Error).message);
    }
  });

  return (
    <Card className="min-w-0">
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {plan ? `Edit plan ${plan.name}` : 'New plan'}
          </h3>
        </div>
        <div className="grid gap-5 px-5 py-5 sm:grid-cols-2 sm:px-6">
          <TextField
            label="Name"
            autoComplete="off"
            error={errors.name?.message}
            {...register('name')}
          />
          <div className="grid grid-cols-2 gap-4">
            <TextField
              label="Monthly price"
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              error={errors.monthly_price?.message}
              {...register('monthly_price', { valueAsNumber: true })}
            />
            <TextField
              label="Yearly price"
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              error={errors.yearly_price?.message}
              {...register('yearly_price', { valueAsNumber: true })}
            />
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
          {serverError ? (
            <Alert variant="error" className="sm:col-span-2">
              {serverError}
            </Alert>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 px-5 py-4 sm:px-6">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {plan ? 'Save plan' : 'Create plan'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
