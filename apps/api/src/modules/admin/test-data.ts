/**
 * Test data as admins see and clear it (docs/billing.md "Test mode" and "Clearing test data";
 * docs/decisions/018-test-mode.md): what payments run in now and the test data kept out of every
 * business figure (`GET /admin/test-data`), and removing it in one transaction
 * (`DELETE /admin/test-data`), composed from billing's, subscriptions' and licenses' services.
 */
import type { TestDataCleared, TestDataSummary } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { recordAudit } from '../audit/service.js';
import {
  livePaidOrderOf,
  lockAllTestOrders,
  removeTestOrders,
  testAmounts,
  testOrders,
  testPaymentEvents,
} from '../billing/test-data.js';
import { figureTotals } from '../figures/service.js';
import { countTestLicenses, removeTestLicenses } from '../licenses/issue.js';
import { removeTestGrants } from '../subscriptions/service.js';

/**
 * `GET /admin/test-data`: the payment mode now, test orders placed and completed and their
 * amounts (the kept `test:` figures), test subscriptions, the licenses clearing would delete, and
 * the provider events of test mode. Reads only; test rows are found through partial indexes, so
 * the live orders are never scanned.
 */
export async function testDataSummary(ctx: AppContext): Promise<TestDataSummary> {
  const orders = await testOrders(ctx.db);
  const [totals, amounts, livePaid, events] = await Promise.all([
    figureTotals(ctx.db),
    testAmounts(ctx.db),
    livePaidOrderOf(
      ctx.db,
      orders.map((o) => o.userId),
    ),
    testPaymentEvents(ctx.db),
  ]);
  return {
    payments_mode: ctx.config.paymentsMode,
    orders: { total: totals.test.ordersPlaced, completed: totals.test.ordersCompleted },
    amounts,
    subscriptions: totals.test.subscriptions,
    licenses: await countTestLicenses(
      ctx.db,
      orders.map((o) => o.id),
      livePaid,
    ),
    payment_events: events,
  };
}

/**
 * `DELETE /admin/test-data`: removes every test order and what it alone granted, in one
 * transaction, audited as `test_data.clear` with what went (docs/billing.md "Clearing test
 * data"): the test orders (locked first, so a payment of one waits and then finds nothing),
 * their status changes, checkout sessions and provider events, and unmatched test events; test
 * subscriptions with their periods and reminder claims; from a live subscription, a test order's
 * unused time, taken back as a refund would; a license a test order created, unless its holder
 * paid a live order (then it is kept, belonging to that order). Live orders, their events and
 * their figures are never touched; accounts, downloads, e-mails sent and the audit trail stay.
 * Safe to retry: a second call finds nothing and removes nothing (all zeros), and still records
 * that it was asked.
 */
export async function clearTestData(ctx: AppContext, actor: UserRow): Promise<TestDataCleared> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const orders = await lockAllTestOrders(tx);
    const ids = orders.map((o) => o.id);
    const grants = await removeTestGrants(tx, orders, now);
    const licenses = await removeTestLicenses(
      tx,
      ids,
      await livePaidOrderOf(
        tx,
        orders.map((o) => o.userId),
      ),
      now,
    );
    const removed = await removeTestOrders(tx, ids);
    const cleared: TestDataCleared = {
      orders: removed.orders,
      payment_events: removed.paymentEvents,
      subscriptions: grants.deleted,
      subscriptions_shortened: grants.shortened,
      licenses,
      cleared_at: now.toISOString(),
    };
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'test_data.clear',
      entityType: 'test_data',
      entityId: 'test_data',
      before: { payments_mode: ctx.config.paymentsMode },
      after: cleared,
    });
    return cleared;
  });
}
