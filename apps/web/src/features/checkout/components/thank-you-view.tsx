/**
 * The page a buyer lands on after paying (`/thank-you/{order ref}`): the payment page returns
 * here, and the plans page comes here while the payment tab is open. It follows the order:
 * waiting for the payment (open the payment page again, or pay on another device by QR code),
 * paid (thank you, the plan and its end, then the next steps: download, install, sign in), or not
 * paid (back to the plans).
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { CheckCircle2, Clock, Download, ExternalLink, XCircle } from 'lucide-react';
import { formatMoney, type Order, type OrderStatus, type User } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { formatDate, periodLabel, shortOrderId } from '../../../lib/format';
import { useSiteConfig } from '../../../lib/site-config';
import { useDownload } from '../../downloads';
import { useThankYouOrder } from '../api/thank-you';

/** Headline and sentence for an order that ended without being paid. */
const notPaid: Record<Exclude<OrderStatus, 'PENDING' | 'COMPLETED'>, string> = {
  FAILED: 'The payment did not go through. Nothing was charged.',
  CANCELLED: 'The payment was cancelled. Nothing was charged.',
  EXPIRED: 'The time to pay this order ran out. Nothing was charged.',
  REFUNDED: 'This payment was refunded.',
};

/** A page section: icon, h1 and the lines below it. */
function Hero({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="text-center">
      {icon}
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-3 space-y-1 text-slate-700">{children}</div>
    </div>
  );
}

/** One numbered next step. */
function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700"
      >
        {n}
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <div className="mt-1 text-sm text-slate-700">{children}</div>
      </div>
    </li>
  );
}

/**
 * What the payment gave, from the signed-in user's subscription: active now (a new plan, a
 * renewal or an upgrade), or — when another plan is still in force (a lower plan was bought) —
 * starting when that one ends.
 */
export function planSentence(order: Order, user: User): string {
  const sub = user.subscription;
  if (!sub || sub.status === 'EXPIRED') return `Your ${order.plan_name} plan is active.`;
  const through = formatDate(sub.expires_at);
  return sub.plan_name === order.plan_name
    ? `Your ${order.plan_name} plan is active, paid through ${through}.`
    : `Your ${order.plan_name} plan starts when your current ${sub.plan_name} plan ends; you are paid through ${through}.`;
}

/** The paid state: thank you, what the buyer has now, and the three next steps. */
function Paid({ order, user }: { order: Order; user: User }) {
  const { productName } = useSiteConfig();
  const { download, downloading } = useDownload();
  return (
    <>
      <Hero
        icon={<CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-emerald-600" />}
        title="Thank you for your purchase"
      >
        <p>{planSentence(order, user)}</p>
        <p className="text-sm text-slate-600">
          Order #{shortOrderId(order.id)} · {formatMoney(order.amount, order.currency)} ·{' '}
          {periodLabel(order.duration_months)}. A receipt is on its way to {user.email}.
        </p>
      </Hero>
      <Card className="mt-8 p-6 sm:p-8">
        <h2 className="text-lg font-semibold text-slate-900">Next steps</h2>
        <ol className="mt-5 space-y-6">
          <Step n={1} title={`Download ${productName}`}>
            <p>The latest version, as a ZIP file.</p>
            <Button
              className="mt-3"
              onClick={() => download()}
              loading={downloading}
              icon={<Download aria-hidden="true" className="size-4" />}
            >
              Download {productName}
            </Button>
          </Step>
          <Step n={2} title="Install">
            <p>Unzip the file and start {productName} from the folder it creates.</p>
          </Step>
          <Step n={3} title="Connect your account">
            <p>
              In {productName}, sign in with <strong className="break-all">{user.email}</strong> and
              your password. Your {order.plan_name} plan unlocks it.
            </p>
          </Step>
        </ol>
      </Card>
      <p className="mt-6 text-center text-sm">
        <Link to="/orders" className="font-semibold text-brand-800 underline underline-offset-2">
          View Order History
        </Link>
      </p>
    </>
  );
}

/** The waiting state: the payment is not in yet; pay here, or on another device. */
function Waiting({ order, paymentUrl }: { order: Order; paymentUrl: string | undefined }) {
  const url = order.payment_url ?? paymentUrl;
  return (
    <>
      <Hero
        icon={<Clock aria-hidden="true" className="mx-auto size-12 text-brand-600" />}
        title="Finish your payment"
      >
        <p>
          Pay for your {order.plan_name} order ({formatMoney(order.amount, order.currency)}) on the
          payment page. This page updates as soon as the payment arrives.
        </p>
      </Hero>
      <p role="status" className="sr-only">
        Waiting for the payment
      </p>
      <div className="mt-6 flex flex-col items-center gap-3">
        {url ? (
          <a href={url} target="_blank" rel="noopener" className={buttonClasses({ size: 'lg' })}>
            <ExternalLink aria-hidden="true" className="size-4" />
            Open payment page
          </a>
        ) : null}
        <Link to="/orders" className="text-sm font-semibold text-brand-800 underline">
          Pay later from Order History
        </Link>
      </div>
      {order.qr_code_url ? (
        <details className="mx-auto mt-8 max-w-sm rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">
            Pay on another device
          </summary>
          <p className="mt-2 text-slate-600">Scan this code with your phone to pay there.</p>
          <img
            src={order.qr_code_url}
            alt={`QR code to pay order #${shortOrderId(order.id)}`}
            width={160}
            height={160}
            className="mx-auto mt-3 size-40 rounded-lg border border-slate-200 bg-white p-1"
          />
        </details>
      ) : null}
    </>
  );
}

/** The thank-you page body for the order with short reference `orderRef`. */
export function ThankYouView({ orderRef, user }: { orderRef: string; user: User }) {
  const { order, status, isPending, notFound, error } = useThankYouOrder(orderRef);
  const location = useLocation();
  const paymentUrl = (location.state as { paymentUrl?: string } | null)?.paymentUrl;

  if (isPending) {
    return (
      <LoadingRegion
        label="Loading your order…"
        className="mx-auto grid max-w-xl gap-4 text-center"
      >
        <Skeleton className="mx-auto size-12 rounded-full" />
        <Skeleton className="mx-auto h-8 w-2/3" />
        <Skeleton className="mx-auto h-4 w-1/2" />
        <Skeleton className="mt-4 h-40 rounded-xl" />
      </LoadingRegion>
    );
  }
  if (error) return <Alert variant="error">{error}</Alert>;
  if (notFound || !order || !status) {
    return (
      <Hero
        icon={<XCircle aria-hidden="true" className="mx-auto size-12 text-slate-500" />}
        title="Order not found"
      >
        <p>We could not find order #{orderRef} in your account.</p>
        <p>
          <Link to="/orders" className="font-semibold text-brand-800 underline">
            View Order History
          </Link>
        </p>
      </Hero>
    );
  }
  if (status === 'COMPLETED') return <Paid order={order} user={user} />;
  if (status === 'PENDING') return <Waiting order={order} paymentUrl={paymentUrl} />;
  return (
    <>
      <Hero
        icon={<XCircle aria-hidden="true" className="mx-auto size-12 text-red-600" />}
        title="Your order was not paid"
      >
        <p>{notPaid[status]}</p>
      </Hero>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/plans" className={buttonClasses()}>
          Back to Plans
        </Link>
        <Link to="/orders" className={buttonClasses({ variant: 'outline' })}>
          View Order History
        </Link>
      </div>
    </>
  );
}
