/** Monthly/Yearly switch of /plans, as a native radio group (arrow keys work out of the box). */
import { cn } from '../../../components/ui/cn';

/** The billing period shown on the plan cards. */
export type BillingPeriod = 'monthly' | 'yearly';

const options: Array<{ value: BillingPeriod; label: string }> = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];

/** Two radios, "Monthly" and "Yearly"; `discountPercentage` is shown beside them when > 0. */
export function BillingToggle({
  value,
  onChange,
  discountPercentage,
}: {
  value: BillingPeriod;
  onChange: (value: BillingPeriod) => void;
  discountPercentage?: number;
}) {
  return (
    <fieldset className="flex flex-col items-center gap-3 sm:flex-row">
      <legend className="sr-only">Billing period</legend>
      <div className="inline-flex rounded-full border border-slate-200 bg-white p-1 shadow-card">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative cursor-pointer rounded-full px-5 py-2 text-sm font-semibold transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
              value === option.value
                ? 'bg-brand-600 text-white shadow-sm'
                : 'text-slate-700 hover:text-slate-900',
            )}
          >
            <input
              type="radio"
              name="billing-period"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
            />
            {option.label}
          </label>
        ))}
      </div>
      {discountPercentage && discountPercentage > 0 ? (
        <p className="text-sm font-medium text-emerald-700">
          Save up to {discountPercentage}% with yearly billing
        </p>
      ) : null}
    </fieldset>
  );
}
