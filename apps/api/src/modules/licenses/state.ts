/**
 * What a license is now, shared by every audience of licenses (docs/licenses.md): its status and
 * what its plan gives, the views of it and of its devices that owner and admins share, and the
 * audited deactivation of devices.
 *
 * Rules and where they come from:
 * - status follows the subscription through `accessOf` (subscriptions/access.ts): `active`
 *   while it has paid time, `refunded` when its last period was taken back, `expired` after it
 *   ended (whatever the plan keeps for updates), `suspended` when an admin suspended the license
 *   or the account is not ACTIVE;
 * - plan, entitlements and the seat limit are those of the plan in force
 *   (`subscriptionInForce`), so an upgrade raises the limit at once;
 * - a device holds a seat from its activation until deactivated, or until it has not checked in
 *   (activate, validate, heartbeat, checkout) for LICENSE_DEVICE_TIMEOUT;
 * - every change is audited in its transaction; nothing is deleted.
 *
 * The audiences, each in its own file: the owner (owner.ts, `/licenses/me`), admins (admin.ts),
 * the desktop program (program.ts, by key) and the timeout job (jobs.ts here; run by src/jobs/table.ts).
 */
import type {
  DeviceDeactivationReason,
  Entitlement,
  LicenseDevice,
  LicenseStatus,
  Platform,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { LicenseDeviceRow, LicenseRow, UserRow } from '../../db/schema.js';
import { recordAudit } from '../audit/service.js';
import { planById } from '../plans/service.js';
import { accessOf } from '../subscriptions/access.js';
import { subscriptionInForce } from '../subscriptions/service.js';
import { LICENSE_KEYS, licenseKeyOf } from './license-key.js';
import { deactivateDevices, listDevices } from './repository.js';

/** The license-key HMAC key of the app's secret (derived once, lib/keyed-token.ts). */
export function secretOf(ctx: AppContext): Buffer {
  return LICENSE_KEYS.key(ctx.config.jwtSecret);
}

/** The current key of `license` (`FLK-…`, docs/licenses.md "The key"). */
export function licenseKeyOfRow(ctx: AppContext, license: LicenseRow): string {
  return licenseKeyOf(secretOf(ctx), license.id, license.keyGeneration);
}

/** Devices last seen before this instant no longer hold a seat (LICENSE_DEVICE_TIMEOUT). */
export function staleBefore(ctx: AppContext, now: Date): Date {
  return new Date(now.getTime() - ctx.config.licenses.deviceTimeoutMs);
}

/** What a license is at one instant: its status and what its plan gives. */
export interface LicenseState {
  license: LicenseRow;
  user: UserRow;
  status: LicenseStatus;
  suspended: 'license' | 'account' | null;
  plan: { id: string; name: string };
  entitlements: Entitlement[];
  maxDevices: number;
  expiresAt: Date;
}

/**
 * The state of `license` (held by `user`) at `ctx.now()`, or undefined when its holder has no
 * subscription (a license is only created with one, so this means rows edited by hand).
 */
export async function stateOf(
  ctx: AppContext,
  license: LicenseRow,
  user: UserRow,
): Promise<LicenseState | undefined> {
  const [access, subscription] = await Promise.all([
    accessOf(ctx, user),
    subscriptionInForce(ctx.db, user.id, ctx.now()),
  ]);
  if (!subscription) return undefined;
  const plan = await planById(ctx.db, subscription.planId);
  let status: LicenseStatus;
  let suspended: LicenseState['suspended'] = null;
  if (license.suspendedAt) [status, suspended] = ['suspended', 'license'];
  else if (access.kind === 'none' && access.reason === 'account')
    [status, suspended] = ['suspended', 'account'];
  else if (access.kind === 'all') status = 'active';
  else if (access.kind === 'none' && access.reason === 'refunded') status = 'refunded';
  else status = 'expired';
  return {
    license,
    user,
    status,
    suspended,
    plan: { id: subscription.planId, name: subscription.planName },
    entitlements: (plan?.entitlements ?? []).map((e) => ({ code: e.code, limit: e.limit })),
    maxDevices: plan?.maxDevices ?? 1,
    expiresAt: subscription.expiresAt,
  };
}

/** The device as its owner and admins see it. Pure. */
export function deviceView(row: LicenseDeviceRow): LicenseDevice {
  return {
    id: row.id,
    fingerprint: row.fingerprint,
    name: row.name,
    platform: row.platform as Platform,
    hostname: row.hostname,
    app_version: row.appVersion,
    activated_at: row.activatedAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    deactivated_at: row.deactivatedAt?.toISOString() ?? null,
    deactivation_reason: row.deactivationReason as DeviceDeactivationReason | null,
  };
}

/** What owner and admin views share. */
export function licenseBase(state: LicenseState, activeDevices: number) {
  return {
    id: state.license.id,
    status: state.status,
    suspended: state.suspended,
    plan: state.plan,
    entitlements: state.entitlements,
    max_devices: state.maxDevices,
    active_devices: activeDevices,
    expires_at: state.expiresAt.toISOString(),
    created_at: state.license.createdAt.toISOString(),
  };
}

/** The devices of `license` holding a seat now (not timed out), most recently seen first. */
export async function seatedDevices(
  ctx: AppContext,
  license: LicenseRow,
): Promise<LicenseDeviceRow[]> {
  const since = staleBefore(ctx, ctx.now());
  return (await listDevices(ctx.db, license.id)).filter((d) => d.lastSeenAt >= since);
}

/** Snapshot of a device for the audit trail (never a key). */
export function deviceAudit(user: Pick<UserRow, 'id' | 'username'>, device: LicenseDeviceRow) {
  return {
    user_id: user.id,
    username: user.username,
    device_id: device.id,
    device_name: device.name,
    fingerprint: device.fingerprint,
    platform: device.platform,
    deactivation_reason: device.deactivationReason,
  };
}

/**
 * Deactivates `licenseId`'s devices in `tx` (only `ids`, or only those last seen before
 * `seenBefore`, when given) for `reason`, auditing each as `license.device_deactivate` by
 * `actorId` (null: the system). Returns the rows deactivated.
 */
export async function deactivateAudited(
  tx: Executor,
  user: Pick<UserRow, 'id' | 'username'>,
  licenseId: string,
  reason: DeviceDeactivationReason,
  actorId: string | null,
  now: Date,
  only: { ids?: string[]; seenBefore?: Date } = {},
): Promise<LicenseDeviceRow[]> {
  const rows = await deactivateDevices(tx, licenseId, reason, now, only);
  for (const row of rows) {
    await recordAudit(tx, {
      actorId,
      action: 'license.device_deactivate',
      entityType: 'license',
      entityId: licenseId,
      before: null,
      after: deviceAudit(user, row),
    });
  }
  return rows;
}
