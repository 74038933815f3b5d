/**
 * The dashboard's test-mode line (docs/billing.md "Test mode"): test orders are kept out of every
 * figure above it, so they are shown here apart — how many, their amounts, the subscriptions they
 * granted — with **Clear test data**, which asks first and says exactly what goes and what stays.
 * Shown while payments are in test mode, or while test data is left from before going live.
 */
import { useState } from 'react';
import { FlaskConical, Trash2 } from 'lucide-react';
import { TEST_MODE_LABEL, formatMoney, type TestDataSummary } from '@flockr/contract';
import { Button } from '../../../components/ui/button';
import { MutationConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatCount } from '../../../lib/format';
import { useClearTestData, useTestData } from './api/test-data';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** "3 test orders (2 completed), $39.98" — the summary in one line. */
function summaryLine(data: TestDataSummary): string {
  const amounts = data.amounts.filter((a) => a.total !== 0);
  return [
    `${plural(data.orders.total, 'test order')} (${formatCount(data.orders.completed)} completed)`,
    ...(amounts.length ? [amounts.map((a) => formatMoney(a.total, a.currency)).join(', ')] : []),
    plural(data.subscriptions, 'test subscription'),
  ].join(' · ');
}

/** Whether anything is left to clear. */
const hasTestData = (data: TestDataSummary) =>
  data.orders.total + data.subscriptions + data.licenses + data.payment_events > 0;

/** The confirmation: what clearing removes, and what it never touches. */
function ClearDialog({ data, onClose }: { data: TestDataSummary; onClose: () => void }) {
  const clear = useClearTestData();
  return (
    <MutationConfirmDialog
      title="Clear test data?"
      confirmLabel="Clear test data"
      mutation={clear}
      onClose={onClose}
    >
      <p className="text-sm text-slate-700">This removes, for good:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>
          {plural(data.orders.total, 'test order')}, with their payment records (
          {plural(data.payment_events, 'provider event')})
        </li>
        <li>
          {plural(data.subscriptions, 'subscription')} granted only by test orders, and test time
          added to live subscriptions
        </li>
        <li>{plural(data.licenses, 'license')} created by test orders of buyers who never paid</li>
      </ul>
      <p className="mt-3 text-sm text-slate-700">
        Live orders, revenue, accounts, downloads and the audit trail are not touched.
      </p>
    </MutationConfirmDialog>
  );
}

/** The card, or nothing while payments are live and no test data is left. */
export function TestDataCard() {
  const query = useTestData();
  const [confirming, setConfirming] = useState(false);
  const data = query.data?.test_data;
  if (!data || (data.payments_mode === 'live' && !hasTestData(data))) return null;
  return (
    <div className="rounded-2xl border border-amber-300 bg-amber-50 shadow-card">
      <section
        aria-labelledby="admin-test-data-heading"
        className="flex flex-wrap items-center justify-between gap-3 px-5 py-4 sm:px-6"
      >
        <div className="flex min-w-0 items-start gap-3">
          <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <div className="min-w-0">
            <h3 id="admin-test-data-heading" className="text-sm font-semibold text-slate-900">
              {data.payments_mode === 'test'
                ? `${TEST_MODE_LABEL}: payments take no real money`
                : 'Test data left from test mode'}
            </h3>
            <p className="mt-0.5 text-sm text-slate-700">
              {hasTestData(data)
                ? `${summaryLine(data)} — not counted in any figure here.`
                : 'No test orders yet. Test orders are never counted in the figures here.'}
            </p>
          </div>
        </div>
        <Button
          variant="outline"
          size="sm"
          icon={<Trash2 aria-hidden="true" className="size-4" />}
          disabled={!hasTestData(data)}
          onClick={() => setConfirming(true)}
        >
          Clear test data
        </Button>
      </section>
      {confirming ? <ClearDialog data={data} onClose={() => setConfirming(false)} /> : null}
    </div>
  );
}
