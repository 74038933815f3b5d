/**
 * Create or edit a plan (requirements §5): name, description, monthly and yearly price (step 0.01),
 * features one per line (blank lines dropped), what the plan gives after its subscription ends
 * (docs/updates.md "Access"), what a license on it gives — entitlements, rows of a code and an
 * optional limit (empty: unlimited) — and its devices per license (docs/licenses.md), and
 * active; every field is required. Changing the
 * price of an existing plan warns that subscribers keep what they paid and that the terms promise
 * 30 days' notice (requirements §9), and asks the admin to confirm before saving.
 */
import { useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { Plus, X } from 'lucide-react';
import {
  ENTITLEMENT_CODES,
  RETENTION,
  entitlementsSchema,
  maxDevicesSchema,
  planInputSchema,
  type AdminPlan,
} from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  CheckboxField,
  SelectField,
  TextareaField,
  TextField,
  WholeNumberField,
} from '../../../components/ui/field';
import { fieldProps } from '../../../lib/form-field';
import { entitlementLine, entitlementName, isKnownEntitlement } from '../../../lib/license-texts';
import { useSavePlan } from './api/plans';
import { AdminForm, useAdminForm } from '../kit/admin-form';

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
  entitlements: entitlementsSchema,
  max_devices: maxDevicesSchema,
});
type Values = z.input<typeof planFormSchema>;
type Output = z.output<typeof planFormSchema>;

/** Form values of `plan`, or of an empty active plan. */
function defaultsOf(plan: AdminPlan | null): Values {
  return plan
    ? {
        ...plan,
        features: plan.features.join('\n'),
        entitlements: plan.entitlements.map((e) => ({ ...e })),
      }
    : {
        name: '',
        description: '',
        monthly_price: Number.NaN,
        yearly_price: Number.NaN,
        features: '',
        is_active: true,
        after_expiry_access: 'keep_released',
        entitlements: [],
        max_devices: 1,
      };
}

/** A limit as typed: empty means unlimited (null); anything else a number for the schema. */
const limitValue = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/**
 * The entitlements editor: one row per entitlement, a code (the program's codes, plus any other
 * code the plan already has) and an optional limit; a code is offered once. Add and remove rows.
 */
function EntitlementsEditor({ form }: { form: UseFormReturn<Values, unknown, Output> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'entitlements' });
  const rows = form.watch('entitlements') ?? [];
  const used = new Set(rows.map((r) => r.code));
  const codes = [
    ...ENTITLEMENT_CODES,
    ...fields.map((f) => f.code).filter((c) => !isKnownEntitlement(c)),
  ];
  const next = ENTITLEMENT_CODES.find((c) => !used.has(c));
  const errors = form.formState.errors.entitlements;
  const listError = errors?.root?.message ?? errors?.message;
  return (
    <fieldset className="grid min-w-0 gap-2 sm:col-span-2 sm:max-w-xl">
      <legend className="mb-1 text-sm font-medium text-slate-800">Entitlements</legend>
      <p className="text-xs text-slate-600">
        What a license on this plan gives the program. Leave a limit empty for unlimited, or for a
        feature without a count (White label).
      </p>
      {fields.length > 0 ? (
        <div
          aria-hidden="true"
          className="grid grid-cols-[minmax(0,1fr)_6.5rem] gap-2 text-xs font-medium text-slate-500 sm:grid-cols-[minmax(0,1fr)_8rem]"
        >
          <span>Code</span>
          <span>Limit</span>
        </div>
      ) : null}
      <ul className="grid gap-2">
        {fields.map((field, index) => {
          const row = rows[index];
          const preview =
            row && (row.limit === null || row.limit === undefined || Number.isInteger(row.limit))
              ? entitlementLine({ code: row.code, limit: row.limit ?? null })
              : null;
          return (
            <li key={field.id} className="grid gap-1">
              <div className="grid grid-cols-[minmax(0,1fr)_6.5rem] items-start gap-2 sm:grid-cols-[minmax(0,1fr)_8rem]">
                <SelectField
                  label={<span className="sr-only">Entitlement {index + 1}</span>}
                  error={errors?.[index]?.code?.message}
                  {...form.register(`entitlements.${index}.code`)}
                >
                  {codes.map((code) => (
                    <option key={code} value={code} disabled={code !== row?.code && used.has(code)}>
                      {entitlementName(code)}
                    </option>
                  ))}
                </SelectField>
                <WholeNumberField
                  label={<span className="sr-only">Limit of entitlement {index + 1}</span>}
                  min="0"
                  placeholder="Unlimited"
                  error={errors?.[index]?.limit?.message}
                  {...form.register(`entitlements.${index}.limit`, { setValueAs: limitValue })}
                />
              </div>
              <div className="flex items-center justify-between gap-3">
                <p className="min-w-0 text-xs break-words text-slate-500">
                  {preview ? `Shown as: ${preview}` : null}
                </p>
                <button
                  type="button"
                  aria-label={`Remove entitlement ${index + 1}`}
                  className="inline-flex shrink-0 items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                  onClick={() => remove(index)}
                >
                  <X aria-hidden="true" className="size-3.5" />
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {listError ? <p className="text-sm text-red-700">{listError}</p> : null}
      <div>
        <Button
          variant="outline"
          size="sm"
          icon={<Plus aria-hidden="true" className="size-4" />}
          disabled={!next}
          onClick={() => next && append({ code: next, limit: null })}
        >
          Add entitlement
        </Button>
      </div>
    </fieldset>
  );
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
  const field = fieldProps(form);
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
      <TextField label="Name" autoComplete="off" {...field('name')} />
      <div className="grid grid-cols-2 gap-4">
        {prices.map(({ name, label }) => (
          <TextField
            key={name}
            label={label}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            {...field(name, { valueAsNumber: true })}
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
      <TextareaField label="Description" rows={4} {...field('description')} />
      <TextareaField
        label="Features"
        hint="One per line; blank lines are ignored."
        rows={4}
        {...field('features')}
      />
      <SelectField
        label="After the subscription ends"
        hint="Whether a subscriber whose time ran out keeps downloading and updating to the versions published while they were subscribed."
        className="sm:col-span-2"
        {...field('after_expiry_access')}
      >
        <option value="keep_released">Keep versions published before the end date</option>
        <option value="none">No downloads or updates</option>
      </SelectField>
      <EntitlementsEditor form={form} />
      <WholeNumberField
        label="Devices per license"
        hint="Devices a license on this plan may have activated at once (1–1000)."
        min="1"
        max="1000"
        {...field('max_devices', { valueAsNumber: true })}
      />
      <CheckboxField
        label="Active"
        hint="Inactive plans are hidden from the plans page and cannot be bought."
        className="sm:col-span-2"
        {...form.register('is_active')}
      />
    </AdminForm>
  );
}
