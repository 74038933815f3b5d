/**
 * The checkout step of /plans: before paying, what the buyer gets and what the server will do
 * (`GET /subscriptions/quote`, README "Subscriptions"): plan, period, the price today and whether
 * it includes tax, when the paid time starts and ends (an upgrade converts the days left, a lower
 * plan starts when the current one ends), what happens after the click, and who sells it. The
 * button says what it does: "Pay $19.99". {@link Checkout} adds the purchase; /plans loads this
 * module (with Radix Dialog and api/purchase.ts) only when a signed-in visitor chooses a plan.
 */
import {
  formatMoney,
  taxNote,
  type Plan,
  type QuoteResponse,
  type SiteConfig,
} from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { LoadFailed } from '../../../components/ui/load-failed';
import { SellerIdentity } from '../../../components/layout/seller-identity';
import { formatDate, periodLabel } from '../../../lib/format';
import { openPaymentTab, usePurchase, useQuote } from '../api/purchase';

const DAY_SECONDS = 86_400;

/** A number of seconds as whole days for people: "12 days", "1 day", "less than a day". */
export function daysText(seconds: number): string {
  const days = Math.round(seconds / DAY_SECONDS);
  if (days < 1) return 'less than a day';
  return days === 1 ? '1 day' : `${days} days`;
}

/** "1 month" or "12 months". */
const monthsText = (months: number) => (months === 1 ? '1 month' : `${months} months`);

/** The dialog's title for the kind of purchase. */
export function checkoutTitle(plan: Plan, change: QuoteResponse['change'] | undefined): string {
  switch (change) {
    case 'RENEWAL':
      return `Extend ${plan.name}`;
    case 'UPGRADE':
      return `Upgrade to ${plan.name}`;
    case 'DOWNGRADE':
      return `Switch to ${plan.name}`;
    default:
      return `Checkout: ${plan.name}`;
  }
}

/**
 * The sentence saying what paying does to the buyer's time, from the server's quote. Dates are
 * those the payment would give if it arrived now.
 */
export function changeSentence(q: QuoteResponse, monthlyPrice: number): string {
  const ends = formatDate(q.ends_at);
  const months = monthsText(q.duration_months);
  switch (q.change) {
    case 'RENEWAL':
      return `Adds ${months} of ${q.plan_name} after your current period ends on ${formatDate(q.starts_at)}: paid through ${ends}.`;
    case 'UPGRADE': {
      const current = q.current!;
      return (
        `${q.plan_name} starts as soon as you pay. The ${daysText(current.remaining_seconds)} left on ` +
        `${current.plan_name} are converted by monthly price (${formatMoney(current.monthly_price, q.currency)} → ` +
        `${formatMoney(monthlyPrice, q.currency)} a month) into ${daysText(q.carried_over_seconds)} of ` +
        `${q.plan_name}, added before the ${months} you pay for: paid through ${ends}.`
      );
    }
    case 'DOWNGRADE':
      return `You keep ${q.current!.plan_name} until ${formatDate(q.starts_at)}; ${q.plan_name} starts then and runs until ${ends}. Nothing changes before that.`;
    default:
      return `${q.plan_name} starts as soon as you pay and runs for ${months}, until ${ends}.`;
  }
}

/** The summary row "label: value". */
function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The checkout dialog for `plan` over `durationMonths` while `plan` is set. `onPay` runs
 * synchronously on the click of "Pay …" (it opens the payment tab); `paying` and `error` are the
 * purchase's state.
 */
export function CheckoutDialog({
  plan,
  durationMonths,
  config,
  paying,
  error,
  onPay,
  onClose,
}: {
  plan: Plan | undefined;
  durationMonths: 1 | 12;
  config: SiteConfig | undefined;
  paying: boolean;
  error: string | null;
  onPay: () => void;
  onClose: () => void;
}) {
  const quote = useQuote(plan, durationMonths);
  const q = plan ? quote.data : undefined;
  const price = q ? formatMoney(q.amount, q.currency) : null;
  return (
    <Dialog
      open={!!plan}
      onClose={onClose}
      title={plan ? checkoutTitle(plan, q?.change) : 'Checkout'}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={paying}>
            Cancel
          </Button>
          <Button onClick={onPay} loading={paying} disabled={!q || paying}>
            {price ? `Pay ${price}` : 'Pay'}
          </Button>
        </>
      }
    >
      {quote.isPending ? (
        <Spinner label="Working out the price…" />
      ) : quote.isError ? (
        <LoadFailed
          message={quote.error.message}
          onRetry={() => void quote.refetch()}
          retrying={quote.isFetching}
          size="sm"
        />
      ) : q ? (
        <>
          <dl className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4">
            <Row label="Plan">{q.plan_name}</Row>
            <Row label="Period">
              {periodLabel(q.duration_months)} ({monthsText(q.duration_months)})
            </Row>
            <Row label="Due today">{price}</Row>
          </dl>
          {config ? (
            <p className="text-xs text-slate-600">{taxNote(config.prices_include_tax)}</p>
          ) : null}
          <p>{changeSentence(q, plan!.monthly_price)}</p>
          <div>
            <p className="font-semibold text-slate-900">What happens next</p>
            <ol className="mt-1 list-decimal space-y-1 pl-5">
              <li>
                The secure payment page opens in a new tab, or in this one if your browser blocks
                new tabs.
              </li>
              <li>
                When the payment arrives, your plan is active at once and this tab shows the next
                steps: download, install and sign in.
              </li>
              <li>We e-mail you a receipt.</li>
            </ol>
          </div>
          <SellerIdentity config={config} withTax={false} className="text-xs" />
          {error ? <Alert variant="error">{error}</Alert> : null}
        </>
      ) : null}
    </Dialog>
  );
}

/**
 * The checkout of `plan` over `durationMonths`: the dialog and the purchase it starts (placing
 * the order, then the payment page; api/purchase.ts `usePurchase`). "Pay" opens the payment tab
 * synchronously on the click, before any request (`openPaymentTab`). `onClose` runs on Cancel,
 * Escape and a click outside.
 */
export function Checkout({
  plan,
  durationMonths,
  config,
  onClose,
}: {
  plan: Plan;
  durationMonths: 1 | 12;
  config: SiteConfig | undefined;
  onClose: () => void;
}) {
  const purchase = usePurchase();
  return (
    <CheckoutDialog
      plan={plan}
      durationMonths={durationMonths}
      config={config}
      paying={purchase.isPending}
      error={purchase.error?.message ?? null}
      onPay={() => purchase.mutate({ plan, durationMonths, tab: openPaymentTab() })}
      onClose={onClose}
    />
  );
}
