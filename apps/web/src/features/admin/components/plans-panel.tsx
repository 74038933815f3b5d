/**
 * Plans tab: every plan with prices, active state, subscriber count and revenue; New plan and
 * Edit open the plan form above the list.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Layers, Pencil, Plus } from 'lucide-react';
import { formatMoney, type AdminPlan } from '@flockr/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { adminPlansQueryOptions } from '../api/plans';
import { ActiveBadge } from './badges';
import { ErrorState } from './list-states';
import { PlanForm } from './plan-form';

/** What the form is doing: closed, creating, or editing a plan. */
type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; plan: AdminPlan };

/** One plan as a card. */
function PlanCard({ plan, onEdit }: { plan: AdminPlan; onEdit: (plan: AdminPlan) => void }) {
  const headingId = `admin-plan-${plan.id}`;
  return (
    <Card className="flex min-w-0 flex-col">
      <article aria-labelledby={headingId} className="flex flex-1 flex-col px-5 py-4">
        <div className="flex items-start justify-between gap-3">
          <h3 id={headingId} className="text-base font-semibold break-words text-slate-900">
            {plan.name}
          </h3>
          <ActiveBadge active={plan.is_active} />
        </div>
        <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          <div>
            <dt className="text-xs font-medium text-slate-500">Monthly</dt>
            <dd className="font-semibold text-slate-900">
              {formatMoney(plan.monthly_price, plan.currency)}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Yearly</dt>
            <dd className="font-semibold text-slate-900">
              {formatMoney(plan.yearly_price, plan.currency)}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Subscribers</dt>
            <dd className="font-semibold text-slate-900">{plan.subscriber_count}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Revenue</dt>
            <dd className="font-semibold text-slate-900">
              {formatMoney(plan.total_revenue, plan.currency)}
            </dd>
          </div>
        </dl>
        <p className="mt-4 text-xs font-medium text-slate-500">Features ({plan.features.length})</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
          {plan.features.map((f, i) => (
            <li key={i} className="break-words">
              {f}
            </li>
          ))}
        </ul>
        <div className="mt-auto flex justify-end pt-4">
          <Button
            variant="outline"
            size="sm"
            aria-label={`Edit plan ${plan.name}`}
            icon={<Pencil aria-hidden="true" className="size-4" />}
            onClick={() => onEdit(plan)}
          >
            Edit
          </Button>
        </div>
      </article>
    </Card>
  );
}

/** The plans tab. */
export function PlansPanel() {
  const query = useQuery(adminPlansQueryOptions);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const newButtonId = useId();
  const plans = query.data?.plans ?? [];

  const close = () => {
    setEditing({ mode: 'closed' });
    // Give focus back to a stable place once the form is gone.
    document.getElementById(newButtonId)?.focus();
  };
  // The form focuses its first field, which also scrolls it into view.
  const open = (next: Editing) => setEditing(next);

  return (
    <section aria-labelledby="admin-plans-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-plans-heading" className="text-base font-semibold text-slate-900">
          Plans
        </h2>
        <Button
          id={newButtonId}
          icon={<Plus aria-hidden="true" className="size-4" />}
          onClick={() => open({ mode: 'new' })}
        >
          New plan
        </Button>
      </div>
      {editing.mode !== 'closed' ? (
        <PlanForm
          key={editing.mode === 'edit' ? editing.plan.id : 'new'}
          plan={editing.mode === 'edit' ? editing.plan : null}
          onClose={close}
        />
      ) : null}
      {query.isPending ? (
        <Spinner label="Loading plans…" />
      ) : query.isError ? (
        <Card>
          <ErrorState
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </Card>
      ) : plans.length === 0 ? (
        <Card>
          <EmptyState
            icon={Layers}
            title="No plans yet"
            description="Create the first plan with New plan."
          />
        </Card>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} onEdit={(p) => open({ mode: 'edit', plan: p })} />
          ))}
        </div>
      )}
    </section>
  );
}
