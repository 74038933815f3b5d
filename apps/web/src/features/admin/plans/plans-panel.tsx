/**
 * Plans tab: every plan with prices, active state, subscriber count, revenue, devices per license
 * and what a license on it gives; New plan and Edit open the plan form above the list.
 */
import { Layers, Pencil, Plus } from 'lucide-react';
import { formatMoney, type AdminPlan } from '@flockr/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { entitlementLine } from '../../../lib/license-texts';
import { useAdminPlans } from './api/plans';
import { AdminList, useEditor } from '../kit/admin-list';
import { ActiveBadge } from '../kit/badges';
import type { LocalCsv } from '../kit/api/export';
import { PlanForm } from './plan-form';

/** CSV of the plans (prices and revenue decimal in the plan's currency). */
const planCsv: LocalCsv<AdminPlan> = {
  name: 'plans',
  header: [
    'Name',
    'Monthly price',
    'Yearly price',
    'Currency',
    'Active',
    'Subscribers',
    'Revenue',
    'Created',
  ],
  row: (p) => [
    p.name,
    p.monthly_price,
    p.yearly_price,
    p.currency,
    p.is_active,
    p.subscriber_count,
    p.total_revenue,
    p.created_at,
  ],
};

/** One figure of a plan card. */
function Figure({ term, value }: { term: string; value: string | number }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{term}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

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
          <Figure term="Monthly" value={formatMoney(plan.monthly_price, plan.currency)} />
          <Figure term="Yearly" value={formatMoney(plan.yearly_price, plan.currency)} />
          <Figure term="Subscribers" value={plan.subscriber_count} />
          <Figure term="Revenue" value={formatMoney(plan.total_revenue, plan.currency)} />
          <Figure term="Devices per license" value={plan.max_devices} />
        </dl>
        <p className="mt-4 text-xs font-medium text-slate-500">Features ({plan.features.length})</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
          {plan.features.map((f, i) => (
            <li key={i} className="break-words">
              {f}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-xs font-medium text-slate-500">
          License gives ({plan.entitlements.length})
        </p>
        {plan.entitlements.length > 0 ? (
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
            {plan.entitlements.map((e) => (
              <li key={e.code} className="break-words">
                {entitlementLine(e)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">No entitlements</p>
        )}
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
  const query = useAdminPlans();
  const editor = useEditor<AdminPlan>();
  const { editing } = editor;
  return (
    <AdminList
      title="Plans"
      query={query}
      items={(data) => data.plans}
      loadingLabel="Loading plans…"
      bare
      localCsv={planCsv}
      empty={{
        icon: Layers,
        title: 'No plans yet',
        description: 'Create the first plan with New plan.',
      }}
      create={editor.create('New plan', Plus)}
      form={
        editing ? (
          <PlanForm
            key={editing === 'new' ? 'new' : editing.id}
            plan={editing === 'new' ? null : editing}
            onClose={editor.close}
          />
        ) : null
      }
    >
      {(plans) => (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} onEdit={editor.open} />
          ))}
        </div>
      )}
    </AdminList>
  );
}
