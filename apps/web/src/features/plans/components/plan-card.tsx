/** One plan card of /plans: name, description, price for the period, saving, features, action. */
import { Link } from 'react-router';
import { Check, Sparkles } from 'lucide-react';
import { displayedYearlySaving, formatMoney, type Plan } from '@flockr/contract';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { formatDate, formatWholeMoney } from '../../../lib/format';
import type { BillingPeriod } from './billing-toggle';
import { isFreePlan } from '../lib/free-plan';

/**
 * Text of the yearly saving (requirements §9): "Save $40" where 40 = round(12 × monthly − yearly);
 * null when there is nothing to save.
 */
export function yearlySavingText(plan: Plan): string | null {
  const saving = displayedYearlySaving(plan.monthly_price, plan.yearly_price);
  return saving > 0 ? `Save ${formatWholeMoney(saving, plan.currency)}` : null;
}

/**
 * How a paid plan relates to the subscriber's plan in force (README "Subscriptions"): `current`
 * (buying it extends), `upgrade` (higher monthly price: starts now), `downgrade` (lower: starts
 * when the current period ends), or `new` (nothing active, or signed out).
 */
export type PlanRelation = 'current' | 'upgrade' | 'downgrade' | 'new';

/** The relation of `plan` to `current` (the plan in force, undefined when none). */
export function planRelation(plan: Plan, current: Plan | undefined): PlanRelation {
  if (!current || isFreePlan(current)) return 'new';
  if (current.id === plan.id) return 'current';
  if (plan.monthly_price > current.monthly_price) return 'upgrade';
  if (plan.monthly_price < current.monthly_price) return 'downgrade';
  return 'current';
}

/** The label of a paid plan's button: "Choose PRO", "Extend PRO", "Upgrade to PRO+", "Switch to PRO". */
export function actionLabel(plan: Plan, relation: PlanRelation): string {
  switch (relation) {
    case 'current':
      return `Extend ${plan.name}`;
    case 'upgrade':
      return `Upgrade to ${plan.name}`;
    case 'downgrade':
      return `Switch to ${plan.name}`;
    default:
      return `Choose ${plan.name}`;
  }
}

/**
 * The yearly price's per-month equivalent, e.g. (199.99, 'USD') → '$16.67/month, billed yearly'.
 */
export function perMonthText(yearlyPrice: number, currency: string): string {
  return `${formatMoney(Math.round((yearlyPrice / 12) * 100) / 100, currency)}/month, billed yearly`;
}

/** The card; `onChoose` starts the purchase (or the sign-up redirect when signed out). */
export function PlanCard({
  plan,
  period,
  signedIn,
  isCurrent,
  highlighted,
  purchasing,
  disabled,
  onChoose,
  relation = 'new',
  currentEndsAt,
}: {
  plan: Plan;
  period: BillingPeriod;
  signedIn: boolean;
  /** The user's active plan (or FREE for a signed-in user without one). */
  isCurrent: boolean;
  highlighted: boolean;
  purchasing: boolean;
  disabled: boolean;
  onChoose: (plan: Plan) => void;
  /** How this plan relates to the subscriber's plan in force. */
  relation?: PlanRelation;
  /** When the plan in force ends (ISO), for "starts when…" on a lower plan. */
  currentEndsAt?: string;
}) {
  const free = isFreePlan(plan);
  const yearly = period === 'yearly';
  const price = yearly ? plan.yearly_price : plan.monthly_price;
  const saving = yearly && !free ? yearlySavingText(plan) : null;
  const headingId = `plan-${plan.id}-name`;

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-card sm:p-8',
        highlighted ? 'border-brand-500 ring-2 ring-brand-500' : 'border-slate-200',
      )}
    >
      {highlighted ? (
        <p className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white shadow-sm">
          <Sparkles aria-hidden="true" className="size-3.5" />
          Most popular
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </h2>
        {isCurrent ? <Badge tone="success">Current plan</Badge> : null}
      </div>
      <p className="mt-2 min-h-10 text-sm text-slate-600">{plan.description}</p>

      <div className="mt-6">
        {free ? (
          <p className="text-4xl font-bold tracking-tight text-slate-900">Free</p>
        ) : (
          <p className="flex items-baseline gap-1">
            <span className="text-4xl font-bold tracking-tight text-slate-900">
              {formatMoney(price, plan.currency)}
            </span>
            <span className="text-sm font-medium text-slate-600">
              {yearly ? '/year' : '/month'}
            </span>
          </p>
        )}
        <div className="mt-2 flex min-h-6 flex-wrap items-center gap-2">
          {saving ? (
            <>
              <Badge tone="success">{saving}</Badge>
              {plan.yearly_discount_percentage > 0 ? (
                <span className="text-sm font-medium text-emerald-700">
                  Save {plan.yearly_discount_percentage}%
                </span>
              ) : null}
            </>
          ) : free ? (
            <span className="text-sm text-slate-600">Free forever</span>
          ) : yearly ? null : (
            <span className="text-sm text-slate-600">Billed monthly</span>
          )}
        </div>
        {yearly && !free ? (
          <p className="mt-1 text-sm text-slate-600">{perMonthText(price, plan.currency)}</p>
        ) : null}
      </div>

      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>

      <div className="mt-8">
        {free ? (
          signedIn ? (
            <Button variant="outline" full disabled>
              {isCurrent ? 'Current plan' : 'Free plan'}
            </Button>
          ) : (
            <Link to="/register" className={buttonClasses({ variant: 'outline', full: true })}>
              Sign up free
            </Link>
          )
        ) : (
          <>
            <Button
              variant={
                relation === 'upgrade' || (highlighted && relation === 'new')
                  ? 'primary'
                  : 'outline'
              }
              full
              loading={purchasing}
              disabled={disabled}
              onClick={() => onChoose(plan)}
            >
              {actionLabel(plan, relation)}
            </Button>
            {relation === 'downgrade' && currentEndsAt ? (
              <p className="mt-2 text-center text-sm text-slate-600">
                Starts {formatDate(currentEndsAt)}, when your current plan ends.
              </p>
            ) : relation === 'upgrade' ? (
              <p className="mt-2 text-center text-sm text-slate-600">
                Starts at once; your days left are converted.
              </p>
            ) : relation === 'current' && currentEndsAt ? (
              <p className="mt-2 text-center text-sm text-slate-600">
                Adds time after {formatDate(currentEndsAt)}.
              </p>
            ) : null}
          </>
        )}
      </div>
    </article>
  );
}
