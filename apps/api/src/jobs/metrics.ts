/**
 * The gauges of the background work (docs/observability.md): the e-mail outbox and, on pg-boss,
 * each job queue and the dead-letter queue. Registered by plugins/metrics.ts.
 */
import { Gauge, type Registry } from 'prom-client';
import type { AppContext } from '../context.js';
import { METRICS_PREFIX } from '../lib/metrics.js';
import { outboxGauges } from '../modules/outbox/service.js';
import { DEAD_JOBS_QUEUE, jobRunnerOf } from './runner.js';

/**
 * Registers the queue gauges (docs/observability.md): `flockr_outbox_messages{status}` (pending
 * and dead e-mails), `flockr_outbox_oldest_pending_age_seconds`, and on pg-boss
 * `flockr_job_queue_depth{queue}` and `flockr_job_queue_oldest_age_seconds{queue}` (dead jobs
 * under queue="flockr.dead-jobs"). Read at scrape time; database-wide values (aggregate with
 * `max`). A failed read is logged and leaves the last values.
 */
export function registerJobMetrics(registry: Registry, ctx: AppContext): void {
  let reading: Promise<Awaited<ReturnType<typeof outboxGauges>> | undefined> | undefined;
  const readOutbox = () =>
    (reading ??= outboxGauges(ctx)
      .catch((error: unknown) => {
        ctx.log.warn({ err: error }, 'metrics: the outbox could not be read');
        return undefined;
      })
      .finally(() => {
        reading = undefined;
      }));
  new Gauge({
    name: `${METRICS_PREFIX}outbox_messages`,
    help: 'E-mails in the outbox by status: pending (waiting or retrying) and dead (given up).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const gauges = await readOutbox();
      if (!gauges) return;
      this.set({ status: 'pending' }, gauges.pending);
      this.set({ status: 'dead' }, gauges.dead);
    },
  });
  new Gauge({
    name: `${METRICS_PREFIX}outbox_oldest_pending_age_seconds`,
    help: 'Age of the oldest pending e-mail in seconds (0 when none is pending).',
    registers: [registry],
    async collect() {
      const gauges = await readOutbox();
      if (gauges) this.set(gauges.oldestPendingAgeSeconds);
    },
  });
  let stats: Promise<{ queue: string; depth: number; oldestAgeSeconds: number }[]> | undefined;
  const readStats = () =>
    (stats ??= (async () => {
      const runner = jobRunnerOf(ctx);
      if (!runner || runner.kind !== 'pg-boss') return [];
      const [queues, dead] = await Promise.all([runner.queueStats(), runner.deadJobs()]);
      const oldestDead = dead[0] ? Date.parse(dead[0].failed_at) : undefined;
      return [
        ...queues,
        {
          queue: DEAD_JOBS_QUEUE,
          depth: dead.length,
          oldestAgeSeconds: oldestDead ? Math.max(0, (Date.now() - oldestDead) / 1000) : 0,
        },
      ];
    })()
      .catch((error: unknown) => {
        ctx.log.warn({ err: error }, 'metrics: the job queues could not be read');
        return [];
      })
      .finally(() => {
        stats = undefined;
      }));
  new Gauge({
    name: `${METRICS_PREFIX}job_queue_depth`,
    help: 'Jobs waiting in each pg-boss queue (created or retrying); dead jobs under flockr.dead-jobs.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const s of await readStats()) this.set({ queue: s.queue }, s.depth);
    },
  });
  new Gauge({
    name: `${METRICS_PREFIX}job_queue_oldest_age_seconds`,
    help: 'Age in seconds of the oldest job waiting in each pg-boss queue (0 when empty).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const s of await readStats()) this.set({ queue: s.queue }, s.oldestAgeSeconds);
    },
  });
}
