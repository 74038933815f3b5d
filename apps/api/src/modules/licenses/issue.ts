/**
 * Issuing licenses (docs/licenses.md "The license"): a buyer's license is created in the
 * transaction that completes their first order (billing's fulfilment, billing/transitions.ts,
 * calls {@link ensureLicense}), once per user whatever happens after: later orders, refunds and
 * expiries change its status, never whether it exists.
 */
import type { Executor } from '../../db/client.js';
import type { OrderRow } from '../../db/schema.js';
import { recordAudit } from '../audit/service.js';
import {
  deleteLicensesWithDevices,
  findLicensesOfOrders,
  insertLicenseIfMissing,
  updateLicense,
  usernameOf,
} from './repository.js';

/**
 * Creates the license of `order`'s buyer inside the caller's transaction unless they have one
 * (idempotent: the unique `licenses_user_key` decides), audited as the system's
 * `license.create`. Returns true when it created one.
 */
export async function ensureLicense(tx: Executor, order: OrderRow, now: Date): Promise<boolean> {
  const created = await insertLicenseIfMissing(tx, {
    userId: order.userId,
    orderId: order.id,
    createdAt: now,
    updatedAt: now,
  });
  if (!created) return false;
  await recordAudit(tx, {
    actorId: null,
    action: 'license.create',
    entityType: 'license',
    entityId: created.id,
    before: null,
    after: {
      user_id: order.userId,
      username: await usernameOf(tx, order.userId),
      order_id: order.id,
    },
  });
  return true;
}

/**
 * What clearing test data does to licenses (docs/billing.md "Clearing test data"), inside the
 * caller's transaction: a license created by one of the test orders `testOrderIds` is deleted
 * with its devices when its holder never paid a live order (it was never paid for), and otherwise
 * kept, pointing at the holder's first paid live order instead (`livePaidOrderOf`: user id →
 * order id), the order that would have created it. Returns how many licenses were deleted.
 */
export async function removeTestLicenses(
  tx: Executor,
  testOrderIds: readonly string[],
  livePaidOrderOf: ReadonlyMap<string, string>,
  now: Date,
): Promise<number> {
  const found = await findLicensesOfOrders(tx, testOrderIds);
  const removed: string[] = [];
  for (const license of found) {
    const liveOrder = livePaidOrderOf.get(license.userId);
    if (liveOrder) await updateLicense(tx, license.id, { orderId: liveOrder, updatedAt: now });
    else removed.push(license.id);
  }
  return deleteLicensesWithDevices(tx, removed);
}

/**
 * How many licenses {@link removeTestLicenses} would delete: those created by one of
 * `testOrderIds` whose holder is not in `livePaidOrderOf`. Reads only.
 */
export async function countTestLicenses(
  db: Executor,
  testOrderIds: readonly string[],
  livePaidOrderOf: ReadonlyMap<string, string>,
): Promise<number> {
  return (await findLicensesOfOrders(db, testOrderIds)).filter(
    (l) => !livePaidOrderOf.has(l.userId),
  ).length;
}
