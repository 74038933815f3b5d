/**
 * The sandbox payment provider's hosted checkout page (payment_url = /sandbox/checkout/{id}).
 * Deliberately styled as a neutral third-party page, not as our site: "Sandbox Payments" brand,
 * "Test mode" badge, the merchant (product name) and who sells it (legal name, address, support
 * e-mail), plan, period, amount and whether it includes tax, the order's short reference, and
 * Pay / Cancel. Like any hosted checkout, the session id in its URL is the
 * capability: it opens on any device (a phone that scanned the QR code) without signing in.
 */
import type { ReactNode } from 'react';
import { CheckCircle2, CircleSlash, Clock, Lock, XCircle } from 'lucide-react';
import {
  TEST_MODE_LABEL,
  formatMoney,
  soldBy,
  taxNote,
  type OrderStatus,
  type SandboxCheckout,
} from '@flockr/contract';
import { TestModeNotice } from '../../../components/layout/test-mode-notice';
import { formatDateTime, periodLabel } from '../../../lib/format';
import { useCancelSandbox, usePaySandbox, useSandboxSession } from '../api/sandbox';

/** Brand of the sandbox provider, shown in its page header. */
export const SANDBOX_BRAND = 'Sandbox Payments';

/** The return URL to link to: `url` when it is a same-site path or an http(s) URL, else '/'. */
export function safeReturnUrl(url: string): string {
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : '/';
  } catch {
    return '/';
  }
}

/** Headline and sentence for an order that can no longer be paid here. */
const settledStates: Record<
  Exclude<OrderStatus, 'PENDING'>,
  { title: string; text: string; tone: 'success' | 'neutral' | 'danger' }
> = {
  COMPLETED: {
    title: 'Already paid',
    text: 'This order has already been paid. There is nothing more to do.',
    tone: 'success',
  },
  EXPIRED: {
    title: 'Checkout expired',
    text: 'This checkout session has expired. Place a new order to try again.',
    tone: 'neutral',
  },
  FAILED: {
    title: 'Payment failed',
    text: 'The payment for this order failed. Place a new order to try again.',
    tone: 'danger',
  },
  CANCELLED: {
    title: 'Payment cancelled',
    text: 'This payment was cancelled. Place a new order to try again.',
    tone: 'neutral',
  },
  REFUNDED: {
    title: 'Payment refunded',
    text: 'This payment was refunded.',
    tone: 'neutral',
  },
};

/**
 * The provider's page frame: the site's test-mode banner (the sandbox never takes money, so
 * always), grey background, brand bar, test-mode badge.
 */
function ProviderFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-neutral-100 font-sans text-neutral-900">
      <TestModeNotice />
      <header className="border-b border-neutral-200 bg-white">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between px-4">
          <p className="flex items-center gap-2 text-sm font-semibold tracking-tight text-neutral-900">
            <span
              aria-hidden="true"
              className="flex size-6 items-center justify-center rounded-md bg-neutral-900 text-[0.625rem] font-bold text-white"
            >
              SP
            </span>
            {SANDBOX_BRAND}
          </p>
          <span className="rounded-md bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
            {TEST_MODE_LABEL}
          </span>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">{children}</main>
      <footer className="py-6 text-center text-xs text-neutral-600">
        <span className="inline-flex items-center gap-1">
          <Lock aria-hidden="true" className="size-3" />
          Powered by {SANDBOX_BRAND} · Test payments only, no money moves
        </span>
      </footer>
    </div>
  );
}

/** A centred white panel used for every state of the page. */
function Panel({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md rounded-xl border border-neutral-200 bg-white p-8 text-center shadow-sm">
      {children}
    </div>
  );
}

/** Outcome panel after Pay/Cancel or for an order that is no longer pending. */
function OutcomePanel({
  title,
  text,
  tone,
  merchant,
  returnUrl,
}: {
  title: string;
  text: string;
  tone: 'success' | 'neutral' | 'danger';
  merchant: string;
  returnUrl: string;
}) {
  const Icon = tone === 'success' ? CheckCircle2 : tone === 'danger' ? XCircle : CircleSlash;
  const colour =
    tone === 'success'
      ? 'text-emerald-600'
      : tone === 'danger'
        ? 'text-red-600'
        : 'text-neutral-500';
  return (
    <Panel>
      <Icon aria-hidden="true" className={`mx-auto size-12 ${colour}`} />
      <h1 className="mt-4 text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-sm text-neutral-600">{text}</p>
      <a
        href={safeReturnUrl(returnUrl)}
        className="mt-6 inline-flex h-10 items-center justify-center rounded-md bg-neutral-900 px-5 text-sm font-semibold text-white hover:bg-neutral-700"
      >
        Return to {merchant}
      </a>
    </Panel>
  );
}

/** A Pay or Cancel mutation of the page (see api/sandbox.ts). */
type PageAction = ReturnType<typeof usePaySandbox>;

/** A button that runs `action`, first clearing the error `other` left (one error at a time). */
function ActionButton({
  action,
  other,
  disabled,
  className,
  children,
}: {
  action: PageAction;
  other: PageAction;
  disabled: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      disabled={disabled}
      aria-busy={action.isPending || undefined}
      onClick={() => {
        other.reset();
        action.mutate();
      }}
      className={`flex h-11 w-full items-center justify-center rounded-md text-sm font-semibold disabled:opacity-60 ${className}`}
    >
      {children}
    </button>
  );
}

/** The order summary and the Pay / Cancel buttons of a PENDING session. */
function PaymentPanel({
  session,
  pay,
  cancel,
}: {
  session: SandboxCheckout;
  pay: PageAction;
  cancel: PageAction;
}) {
  // One error at a time: the button pressed last.
  const error = pay.error ?? cancel.error;
  const amount = formatMoney(session.amount, session.currency);
  const busy = pay.isPending || cancel.isPending;

  return (
    <div className="overflow-hidden rounded-xl border border-neutral-200 bg-white shadow-sm md:grid md:grid-cols-2">
      <section aria-labelledby="summary-heading" className="bg-neutral-50 p-6 sm:p-8">
        <h1 id="summary-heading" className="text-sm font-medium text-neutral-600">
          Pay {session.merchant}
        </h1>
        <p className="mt-1 text-3xl font-semibold tracking-tight">{amount}</p>
        <dl className="mt-6 space-y-3 border-t border-neutral-200 pt-6 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-neutral-600">Merchant</dt>
            <dd className="font-medium">{session.merchant}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-neutral-600">Plan</dt>
            <dd className="font-medium">{session.plan_name}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-neutral-600">Order</dt>
            <dd className="font-mono font-medium">#{session.order_ref}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-neutral-600">Period</dt>
            <dd className="font-medium">
              {periodLabel(session.duration_months)} ({session.duration_months}{' '}
              {session.duration_months === 1 ? 'month' : 'months'})
            </dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-neutral-200 pt-3">
            <dt className="font-medium">Total due</dt>
            <dd className="font-semibold">{amount}</dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-neutral-600">{taxNote(session.prices_include_tax)}</p>
        <p className="mt-4 text-xs text-neutral-600">
          {soldBy(session.seller)}. Support: {session.seller.support_email}
        </p>
        <p className="mt-4 flex items-center gap-1.5 text-xs text-neutral-600">
          <Clock aria-hidden="true" className="size-3.5" />
          Session expires {formatDateTime(session.expires_at)}
        </p>
      </section>
      <section aria-labelledby="pay-heading" className="p-6 sm:p-8">
        <h2 id="pay-heading" className="text-lg font-semibold">
          Complete your payment
        </h2>
        <p className="mt-2 text-sm text-neutral-600">
          This is a test checkout. Paying marks the order as paid without charging any card.
        </p>
        <div className="mt-5 rounded-md border border-dashed border-neutral-300 bg-neutral-50 p-3 text-xs text-neutral-600">
          Test card •••• 4242 · any future date · any CVC
        </div>
        {error ? (
          <p
            role="alert"
            className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {error.message}
          </p>
        ) : null}
        <div className="mt-6 space-y-3">
          <ActionButton
            action={pay}
            other={cancel}
            disabled={busy}
            className="bg-neutral-900 text-white hover:bg-neutral-700"
          >
            Pay
          </ActionButton>
          <ActionButton
            action={cancel}
            other={pay}
            disabled={busy}
            className="border border-neutral-300 bg-white text-neutral-800 hover:bg-neutral-50"
          >
            Cancel
          </ActionButton>
        </div>
      </section>
    </div>
  );
}

/**
 * The checkout page of session `sessionId` (from the URL): loading, "Checkout unavailable" with
 * the server's text, the outcome after Pay or Cancel, the end state of an order that is no longer
 * PENDING, or the payment panel.
 */
export function SandboxCheckoutView({ sessionId }: { sessionId: string }) {
  const query = useSandboxSession(sessionId);
  const pay = usePaySandbox(sessionId);
  const cancel = useCancelSandbox(sessionId);
  const outcome = pay.data
    ? { result: pay.data, action: 'pay' as const }
    : cancel.data
      ? { result: cancel.data, action: 'cancel' as const }
      : null;

  if (query.isPending) {
    return (
      <ProviderFrame>
        <p role="status" className="text-center text-sm text-neutral-600">
          Loading checkout…
        </p>
      </ProviderFrame>
    );
  }

  if (query.isError) {
    return (
      <ProviderFrame>
        <Panel>
          <XCircle aria-hidden="true" className="mx-auto size-10 text-red-600" />
          <h1 className="mt-4 text-xl font-semibold">Checkout unavailable</h1>
          <p role="alert" className="mt-2 text-sm text-neutral-700">
            {query.error.message}
          </p>
        </Panel>
      </ProviderFrame>
    );
  }

  const session = query.data;
  if (outcome) {
    const paid = outcome.action === 'pay' && outcome.result.status === 'COMPLETED';
    return (
      <ProviderFrame>
        <OutcomePanel
          title={
            paid
              ? 'Payment successful'
              : outcome.action === 'pay'
                ? 'Payment failed'
                : 'Payment cancelled'
          }
          text={
            paid
              ? `Your payment of ${formatMoney(session.amount, session.currency)} to ${session.merchant} went through.`
              : outcome.action === 'pay'
                ? 'The payment did not go through.'
                : 'No payment was made. Place a new order to try again.'
          }
          tone={paid ? 'success' : outcome.action === 'pay' ? 'danger' : 'neutral'}
          merchant={session.merchant}
          returnUrl={outcome.result.return_url}
        />
      </ProviderFrame>
    );
  }

  if (session.status !== 'PENDING') {
    const state = settledStates[session.status];
    return (
      <ProviderFrame>
        <OutcomePanel {...state} merchant={session.merchant} returnUrl={session.return_url} />
      </ProviderFrame>
    );
  }

  return (
    <ProviderFrame>
      <PaymentPanel session={session} pay={pay} cancel={cancel} />
    </ProviderFrame>
  );
}
