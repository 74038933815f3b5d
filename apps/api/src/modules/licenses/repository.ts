/**
 * Data access for licenses and their devices (docs/licenses.md). Every function takes a database
 * or a transaction; rows are never deleted (devices are deactivated), except the licenses of test
 * orders when an admin clears test data ({@link deleteLicensesWithDevices}).
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { idIn } from '../../db/list-order.js';
import {
  licenseDevices,
  licenses,
  users,
  type LicenseDeviceRow,
  type LicenseRow,
} from '../../db/schema.js';

/** The license `id`, or undefined. */
export async function findLicenseById(db: Executor, id: string): Promise<LicenseRow | undefined> {
  const [row] = await db.select().from(licenses).where(eq(licenses.id, id)).limit(1);
  return row;
}

/** The license of `userId`, or undefined. `lock` takes a row lock (inside a transaction). */
export async function findLicenseOfUser(
  db: Executor,
  userId: string,
  lock = false,
): Promise<LicenseRow | undefined> {
  const query = db.select().from(licenses).where(eq(licenses.userId, userId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * License `id` locked FOR UPDATE (inside a transaction): every seat change of a license holds
 * this lock, so concurrent activations are counted one after the other.
 */
export async function lockLicense(db: Executor, id: string): Promise<LicenseRow | undefined> {
  const [row] = await db.select().from(licenses).where(eq(licenses.id, id)).for('update').limit(1);
  return row;
}

/** Inserts the license of `values.userId` unless the user has one; returns it, or undefined. */
export async function insertLicenseIfMissing(
  db: Executor,
  values: typeof licenses.$inferInsert,
): Promise<LicenseRow | undefined> {
  const [row] = await db
    .insert(licenses)
    .values(values)
    .onConflictDoNothing({ target: licenses.userId })
    .returning();
  return row;
}

/** Updates license `id`; returns the new row. */
export async function updateLicense(
  db: Executor,
  id: string,
  values: Partial<typeof licenses.$inferInsert>,
): Promise<LicenseRow | undefined> {
  const [row] = await db.update(licenses).set(values).where(eq(licenses.id, id)).returning();
  return row;
}

/** Adds one to the key generation of license `id` (a rotation); returns the new row. */
export async function nextKeyGeneration(
  db: Executor,
  id: string,
  now: Date,
): Promise<LicenseRow | undefined> {
  const [row] = await db
    .update(licenses)
    .set({ keyGeneration: sql`${licenses.keyGeneration} + 1`, updatedAt: now })
    .where(eq(licenses.id, id))
    .returning();
  return row;
}

/** The device of `licenseId` holding a seat for `fingerprint`, or undefined. */
export async function findActiveDevice(
  db: Executor,
  licenseId: string,
  fingerprint: string,
): Promise<LicenseDeviceRow | undefined> {
  const [row] = await db
    .select()
    .from(licenseDevices)
    .where(
      and(
        eq(licenseDevices.licenseId, licenseId),
        eq(licenseDevices.fingerprint, fingerprint),
        isNull(licenseDevices.deactivatedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Device `id` of license `licenseId`, or undefined. */
export async function findDevice(
  db: Executor,
  licenseId: string,
  id: string,
): Promise<LicenseDeviceRow | undefined> {
  const [row] = await db
    .select()
    .from(licenseDevices)
    .where(and(eq(licenseDevices.licenseId, licenseId), eq(licenseDevices.id, id)))
    .limit(1);
  return row;
}

/**
 * Devices of `licenseId`: those holding a seat, most recently seen first; or, with `all`, every
 * row, newest activation first.
 */
export async function listDevices(
  db: Executor,
  licenseId: string,
  all = false,
): Promise<LicenseDeviceRow[]> {
  return db
    .select()
    .from(licenseDevices)
    .where(
      and(
        eq(licenseDevices.licenseId, licenseId),
        all ? undefined : isNull(licenseDevices.deactivatedAt),
      ),
    )
    .orderBy(
      ...(all
        ? [desc(licenseDevices.createdAt), desc(licenseDevices.id)]
        : [desc(licenseDevices.lastSeenAt), asc(licenseDevices.id)]),
    );
}

/**
 * Number of devices of `licenseId` not deactivated; only those last seen at or after
 * `seenSince` when given (the others lost their seat to the timeout).
 */
export async function countActiveDevices(
  db: Executor,
  licenseId: string,
  seenSince?: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(licenseDevices)
    .where(
      and(
        eq(licenseDevices.licenseId, licenseId),
        isNull(licenseDevices.deactivatedAt),
        seenSince ? gte(licenseDevices.lastSeenAt, seenSince) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Inserts a device; a fingerprint already active surfaces as `license_devices_active_key`. */
export async function insertDevice(
  db: Executor,
  values: typeof licenseDevices.$inferInsert,
): Promise<LicenseDeviceRow> {
  const [row] = await db.insert(licenseDevices).values(values).returning();
  return row!;
}

/** Updates device `id`; returns the new row. */
export async function updateDevice(
  db: Executor,
  id: string,
  values: Partial<typeof licenseDevices.$inferInsert>,
): Promise<LicenseDeviceRow | undefined> {
  const [row] = await db
    .update(licenseDevices)
    .set(values)
    .where(eq(licenseDevices.id, id))
    .returning();
  return row;
}

/**
 * Deactivates the devices of `licenseId` that hold a seat — only `ids` when given, only those
 * last seen before `seenBefore` when given — for `reason` at `at`; returns the rows as written.
 */
export async function deactivateDevices(
  db: Executor,
  licenseId: string,
  reason: string,
  at: Date,
  only: { ids?: string[]; seenBefore?: Date } = {},
): Promise<LicenseDeviceRow[]> {
  return db
    .update(licenseDevices)
    .set({ deactivatedAt: at, deactivationReason: reason })
    .where(
      and(
        eq(licenseDevices.licenseId, licenseId),
        isNull(licenseDevices.deactivatedAt),
        only.ids ? inArray(licenseDevices.id, only.ids) : undefined,
        only.seenBefore ? lt(licenseDevices.lastSeenAt, only.seenBefore) : undefined,
      ),
    )
    .returning();
}

/** A device that stopped checking in, with its license's holder (for the audit record). */
export interface StaleDevice {
  device: LicenseDeviceRow;
  userId: string;
  username: string;
}

/**
 * Up to `limit` devices holding a seat whose last check-in is before `seenBefore`, oldest first
 * (`license_devices_last_seen_idx`), locked with SKIP LOCKED so two instances share the work.
 */
export async function claimStaleDevices(
  db: Executor,
  seenBefore: Date,
  limit: number,
): Promise<StaleDevice[]> {
  return db
    .select({ device: licenseDevices, userId: licenses.userId, username: users.username })
    .from(licenseDevices)
    .innerJoin(licenses, eq(licenses.id, licenseDevices.licenseId))
    .innerJoin(users, eq(users.id, licenses.userId))
    .where(and(isNull(licenseDevices.deactivatedAt), lt(licenseDevices.lastSeenAt, seenBefore)))
    .orderBy(asc(licenseDevices.lastSeenAt))
    .limit(limit)
    .for('update', { of: licenseDevices, skipLocked: true });
}

/** The username of `userId` (for audit records), or undefined. */
export async function usernameOf(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.username;
}

/** The licenses created by one of the orders `orderIds`. */
export async function findLicensesOfOrders(
  db: Executor,
  orderIds: readonly string[],
): Promise<LicenseRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(licenses).where(idIn(licenses.orderId, orderIds));
}

/**
 * Deletes the licenses `ids` and all their devices (test licenses only: docs/billing.md "Clearing
 * test data"); returns how many licenses went.
 */
export async function deleteLicensesWithDevices(
  db: Executor,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  await db.delete(licenseDevices).where(idIn(licenseDevices.licenseId, ids));
  return (await db.delete(licenses).where(idIn(licenses.id, ids)).returning({ id: licenses.id }))
    .length;
}
