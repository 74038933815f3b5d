/**
 * Background work of a running server (not of tests, which call the functions directly):
 * every minute, expire unpaid orders, reconcile stale checkouts with the provider, and send the
 * due expiry reminders. Each step is safe on several instances at once.
 */
import type { AppContext } from './context.js';
import { sendDueReminders } from './modules/subscriptions/reminders.js';
import { reconcilePendingOrders } from './payments/reconcile.js';

/** Runs one round of every job; errors are logged, never thrown. */
export async function runJobsOnce(ctx: AppContext): Promise<void> {
  try {
    await reconcilePendingOrders(ctx);
  } catch (error) {
    ctx.log.error({ err: error }, 'reconciliation failed');
  }
  try {
    await sendDueReminders(ctx);
  } catch (error) {
    ctx.log.error({ err: error }, 'reminders failed');
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
