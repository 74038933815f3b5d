/**
 * Background work of a running server (not of tests, which call the functions directly): every
 * minute, reconcile stale checkouts with the provider, record the expiry of unpaid orders, and
 * send the due expiry reminders. Each step is safe on several instances at once.
 */
import type { AppContext } from './context.js';
import { expireLapsedOrders, reconcileOpenCheckouts } from './modules/billing/jobs.js';
import { sendDueReminders } from './modules/subscriptions/reminders.js';

/** The steps of one round, in order, each with the log line of its failure. */
const STEPS: [string, (ctx: AppContext) => Promise<unknown>][] = [
  ['reconciliation failed', reconcileOpenCheckouts],
  ['order expiry failed', expireLapsedOrders],
  ['reminders failed', sendDueReminders],
];

/** Runs one round of every job; errors are logged, never thrown. */
async function runJobsOnce(ctx: AppContext): Promise<void> {
  for (const [failure, step] of STEPS) {
    try {
      await step(ctx);
    } catch (error) {
      ctx.log.error({ err: error }, failure);
    }
  }
}

/** Starts the minute timer; returns a function that stops it. */
export function startJobs(ctx: AppContext, everyMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void runJobsOnce(ctx).finally(() => {
      running = false;
    });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
