/**
 * The job table (docs/jobs-and-email.md): every background job of a server, with its pg-boss
 * queue and handler, in the order one in-process round runs them. The handlers live in their
 * modules; jobs/runner.ts runs them.
 */
import type { AppContext } from '../context.js';
import { expireLapsedOrders, reconcileOpenCheckouts } from '../modules/billing/jobs.js';
import { deactivateStaleDevices } from '../modules/licenses/jobs.js';
import { drainOutbox } from '../modules/outbox/service.js';
import { sendReleaseMail } from '../modules/releases/announcements.js';
import { sendDueReminders } from '../modules/subscriptions/reminders.js';

/** One background job: its pg-boss queue, its handler, and the log line of its failure. */
export interface JobDefinition {
  queue: string;
  run: (ctx: AppContext) => Promise<unknown>;
  failure: string;
}

/** The jobs of a server, in the order one in-process round runs them. */
export const JOBS: readonly JobDefinition[] = [
  { queue: 'flockr.reconcile', run: reconcileOpenCheckouts, failure: 'reconciliation failed' },
  { queue: 'flockr.order-expiry', run: expireLapsedOrders, failure: 'order expiry failed' },
  { queue: 'flockr.reminders', run: sendDueReminders, failure: 'reminders failed' },
  // Before the outbox, so an in-process round sends the e-mails it wrote (docs/updates.md).
  {
    queue: 'flockr.release-mail',
    run: (ctx) => sendReleaseMail(ctx),
    failure: 'release e-mails failed',
  },
  { queue: 'flockr.outbox', run: drainOutbox, failure: 'e-mail outbox failed' },
  // Seats of devices that stopped checking in (LICENSE_DEVICE_TIMEOUT, docs/licenses.md).
  {
    queue: 'flockr.license-devices',
    run: deactivateStaleDevices,
    failure: 'license device timeouts failed',
  },
];
