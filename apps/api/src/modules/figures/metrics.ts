/**
 * The kept business figures (service.ts) as Prometheus gauges, read when Prometheus scrapes
 * (docs/observability.md). The figures table holds one row per figure and UTC day, so a scrape
 * sums a few hundred rows in one query and never scans users or orders. The values are
 * database-wide: every instance reports the same numbers (aggregate with `max`, not `sum`).
 */
import { Gauge, type Registry } from 'prom-client';
import type { Executor } from '../../db/client.js';
import type { Logger } from '../../lib/logger.js';
import { sumFigures } from './repository.js';

/** Each gauge's name (after the prefix), the figure it reads, and its help text. */
const FIGURE_GAUGES = [
  ['signups', 'signups', 'Accounts ever created (admins included), from the kept figures.'],
  ['orders_placed', 'orders_placed', 'Orders ever placed, from the kept figures.'],
  ['orders_paid', 'orders_paid', 'Orders ever paid (completed payments), from the kept figures.'],
  [
    'orders_completed',
    'orders_completed',
    'Orders COMPLETED now (a later refund or cancellation takes one off), from the kept figures.',
  ],
  ['subscriptions_created', 'subscriptions', 'Subscriptions ever created, from the kept figures.'],
] as const;

/**
 * Registers the business gauges (`{prefix}figures_signups`, `…_orders_placed`, `…_orders_paid`,
 * `…_orders_completed`, `…_subscriptions_created`) on `registry`. One query per scrape serves
 * all of them. When the database does not answer, the gauges keep their last values and the
 * error is logged, so the rest of the scrape still works.
 */
export function registerFigureMetrics(
  registry: Registry,
  db: Executor,
  log: Logger,
  prefix: string,
): void {
  // The gauges' collect() calls of one scrape run together; they share one read.
  let reading: Promise<Map<string, number> | undefined> | undefined;
  const read = () =>
    (reading ??= sumFigures(
      db,
      FIGURE_GAUGES.map(([, figure]) => figure),
    )
      .catch((error: unknown) => {
        log.warn({ err: error }, 'metrics: the business figures could not be read');
        return undefined;
      })
      .finally(() => {
        reading = undefined;
      }));
  for (const [name, figure, help] of FIGURE_GAUGES) {
    new Gauge({
      name: `${prefix}figures_${name}`,
      help,
      registers: [registry],
      async collect() {
        const sums = await read();
        if (sums) this.set(sums.get(figure) ?? 0);
      },
    });
  }
}
