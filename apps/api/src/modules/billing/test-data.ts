/**
 * Billing's part of test mode (docs/billing.md "Test mode"): reading and removing test orders
 * (`livemode` false) and the provider events recorded in test mode. The admin's "clear test data"
 * (modules/admin/test-data.ts) composes these with what subscriptions and licenses do.
 */
import { toMajorUnits } from '@flockr/contract';
import type { Executor } from '../../db/client.js';
import type { OrderRow } from '../../db/schema.js';
import { revenueTotals } from '../figures/service.js';
import {
  countTestPaymentEvents,
  deleteTestOrders,
  findTestOrderIds,
  firstLivePaidOrders,
  lockTestOrders,
} from './repository.js';

/** Every test order, locked FOR UPDATE in transaction `tx` (a payment of one waits). */
export function lockAllTestOrders(tx: Executor): Promise<OrderRow[]> {
  return lockTestOrders(tx);
}

/** The ids and buyers of every test order. Reads only. */
export function testOrders(db: Executor): Promise<{ id: string; userId: string }[]> {
  return findTestOrderIds(db);
}

/**
 * For each of `userIds`, the id of their first live order ever paid, by user id (absent when
 * none): whether a buyer paid real money, and the order their license belongs to then.
 */
export function livePaidOrderOf(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  return firstLivePaidOrders(db, [...new Set(userIds)]);
}

/** Provider events recorded in test mode. */
export function testPaymentEvents(db: Executor): Promise<number> {
  return countTestPaymentEvents(db);
}

/**
 * The amounts of completed test orders per currency, decimal (completed minus refunded, as
 * revenue counts), from the kept `test:` figures: what test mode "took", never revenue.
 */
export async function testAmounts(db: Executor): Promise<{ currency: string; total: number }[]> {
  return (await revenueTotals(db, true))
    .filter((r) => r.planId === null)
    .map((r) => ({ currency: r.currency, total: toMajorUnits(r.totalMinor, r.currency) }));
}

/**
 * Deletes the test orders `ids` (locked by the caller in `tx`, their periods and licenses already
 * dealt with) with their status changes, checkout sessions and provider events, and every
 * unmatched provider event of test mode. Returns how many orders and events went.
 */
export function removeTestOrders(
  tx: Executor,
  ids: readonly string[],
): Promise<{ orders: number; paymentEvents: number }> {
  return deleteTestOrders(tx, ids);
}
