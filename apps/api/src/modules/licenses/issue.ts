/**
 * Issuing licenses (docs/licenses.md "The license"): a buyer's license is created in the
 * transaction that completes their first order (`grantOrderPeriod` in subscriptions/service.ts
 * calls {@link ensureLicense}), once per user whatever happens after: later orders, refunds and
 * expiries change its status, never whether it exists.
 */
import type { Executor } from '../../db/client.js';
import type { OrderRow } from '../../db/schema.js';
import { recordAudit } from '../audit/service.js';
import { insertLicenseIfMissing, usernameOf } from './repository.js';

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
