/**
 * The app's Prometheus registry and the business counters services add to
 * (docs/observability.md). One `AppMetrics` per app (never prom-client's global registry), so
 * several apps built in one process (tests) keep their numbers apart; plugins/metrics.ts adds
 * the HTTP, process, pool and figure metrics to the same registry and serves it at `/metrics`.
 *
 * The counters are this instance's: each is added to after the transaction of its event has
 * committed (a rolled-back change is never counted), and starts at 0 when the process starts;
 * Prometheus' `rate()`/`increase()` handle restarts, and `sum()` over the instances gives the
 * whole service. Names follow Prometheus conventions (`_total` for counters).
 */
import { Counter, Registry } from 'prom-client';
import type { OrderStatus } from '@flockr/contract';

/** Prefix of every metric name (Prometheus naming: one application prefix, snake_case). */
export const METRICS_PREFIX = 'flockr_';

/** A registry and the business counters of one app. */
export class AppMetrics {
  /** Everything `/metrics` answers. */
  readonly registry = new Registry();
  private readonly signups = this.counter(
    'signups_total',
    'Accounts registered through the API on this instance.',
  );
  private readonly ordersPlaced = this.counter(
    'orders_placed_total',
    'Orders placed on this instance (live ones: test orders are no business).',
  );
  private readonly transitions = new Counter({
    name: `${METRICS_PREFIX}order_transitions_total`,
    help: 'Order status changes committed on this instance, by status before and after (docs/billing.md).',
    labelNames: ['from', 'to'] as const,
    registers: [this.registry],
  });
  private readonly payments = this.counter(
    'payments_completed_total',
    'Live orders that became COMPLETED (a payment taken, or an admin completing it) on this instance; test orders are left out.',
  );
  private readonly downloads = this.counter(
    'downloads_total',
    'Downloads recorded on this instance (one per signed link, the first time it is used).',
  );

  private readonly rateLimitFallbacks = this.counter(
    'rate_limit_local_fallbacks_total',
    "Rate-limit checks counted in this instance's memory because Redis did not answer (plugins/rate-limit.ts; docs/operations.md).",
  );

  private counter(name: string, help: string): Counter {
    return new Counter({ name: `${METRICS_PREFIX}${name}`, help, registers: [this.registry] });
  }

  /** Counts an account registered (after its transaction committed). */
  signup(): void {
    this.signups.inc();
  }

  /**
   * Counts an order placed (after its transaction committed), unless it is a test order
   * (`livemode` false): test mode never counts as business (docs/billing.md "Test mode").
   */
  orderPlaced(livemode: boolean): void {
    if (livemode) this.ordersPlaced.inc();
  }

  /**
   * Counts a committed order status change `from` → `to` (test orders too: it is how the
   * service works); one of a live order (`livemode`) to COMPLETED is a payment too.
   */
  orderTransition(from: OrderStatus, to: OrderStatus, livemode: boolean): void {
    this.transitions.inc({ from, to });
    if (to === 'COMPLETED' && livemode) this.payments.inc();
  }

  /** Counts a download recorded (after its transaction committed). */
  download(): void {
    this.downloads.inc();
  }

  /** Counts a rate-limit check made in memory because Redis failed. */
  rateLimitFallback(): void {
    this.rateLimitFallbacks.inc();
  }
}
