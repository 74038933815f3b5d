/**
 * Licenses and devices (docs/licenses.md): what a license is now (status, plan, entitlements,
 * seats), the owner's view and actions (`/licenses/me`), the admins' (a user's license, reset,
 * suspend), and the program's public API (activate, validate, heartbeat, deactivate, checkout).
 *
 * Rules and where they come from:
 * - status follows the subscription through `accessOf` (modules/updates/access.ts): `active`
 *   while it has paid time, `refunded` when its last period was taken back, `expired` after it
 *   ended (whatever the plan keeps for updates), `suspended` when an admin suspended the license
 *   or the account is not ACTIVE;
 * - plan, entitlements and the seat limit are those of the plan in force
 *   (`subscriptionInForce`), so an upgrade raises the limit at once;
 * - a device holds a seat from its activation until deactivated, or until it has not checked in
 *   (activate, validate, heartbeat, checkout) for LICENSE_DEVICE_TIMEOUT;
 * - every seat change runs with the license row locked (`lockLicense`), so concurrent
 *   activations are counted one after the other and never pass the limit;
 * - every change is audited in its transaction; nothing is deleted.
 */
import semver from 'semver';
import {
  LICENSE_CHECK_MESSAGES,
  deviceLimitMessage,
  type ActivateLicenseResponse,
  type AdminLicense,
  type AdminLicenseResponse,
  type CheckoutLicenseResponse,
  type DeactivateLicenseResponse,
  type DeviceDeactivationReason,
  type Entitlement,
  type LicenseCheckCode,
  type LicenseCheckResponse,
  type LicenseDevice,
  type LicenseStatus,
  type MyLicenseResponse,
  type Platform,
  type ProgramDevice,
  type ProgramLicense,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { LicenseDeviceRow, LicenseRow, UserRow } from '../../db/schema.js';
import { HttpError, forbidden, notFound, unauthorized } from '../../lib/http-error.js';
import { findAccountById } from '../accounts/profile.js';
import { recordAudit } from '../audit/service.js';
import { planById } from '../plans/service.js';
import { subscriptionInForce } from '../subscriptions/service.js';
import { accessOf } from '../updates/access.js';
import { minimumSupportedVersion } from '../updates/service.js';
import { licenseFileOf } from './license-file.js';
import {
  licenseKeyMatches,
  licenseKeyOf,
  licenseKeySecret,
  parseLicenseKey,
} from './license-key.js';
import {
  claimStaleDevices,
  countActiveDevices,
  deactivateDevices,
  findActiveDevice,
  findDevice,
  findLicenseById,
  findLicenseOfUser,
  insertDevice,
  listDevices,
  lockLicense,
  nextKeyGeneration,
  updateDevice,
  updateLicense,
} from './repository.js';

/** The license-key HMAC key of each app secret, derived once (HKDF is not free). */
const secrets = new Map<string, Buffer>();
function secretOf(ctx: AppContext): Buffer {
  let secret = secrets.get(ctx.config.jwtSecret);
  if (!secret) secrets.set(ctx.config.jwtSecret, (secret = licenseKeySecret(ctx.config.jwtSecret)));
  return secret;
}

/** The current key of `license` (`FLK-…`, docs/licenses.md "The key"). */
export function licenseKeyOfRow(ctx: AppContext, license: LicenseRow): string {
  return licenseKeyOf(secretOf(ctx), license.id, license.keyGeneration);
}

/** Devices last seen before this instant no longer hold a seat (LICENSE_DEVICE_TIMEOUT). */
function staleBefore(ctx: AppContext, now: Date): Date {
  return new Date(now.getTime() - ctx.config.licenses.deviceTimeoutMs);
}

/** What a license is at one instant: its status and what its plan gives. */
interface LicenseState {
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
async function stateOf(
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
function deviceView(row: LicenseDeviceRow): LicenseDevice {
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

/** The device as the program sees it. Pure. */
function programDevice(row: LicenseDeviceRow): ProgramDevice {
  return {
    id: row.id,
    fingerprint: row.fingerprint,
    name: row.name,
    platform: row.platform as Platform,
    activated_at: row.activatedAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
  };
}

/** The license as the program sees it, with `activeDevices` seats taken. Pure. */
function programLicense(state: LicenseState, activeDevices: number): ProgramLicense {
  return {
    id: state.license.id,
    status: state.status,
    plan: state.plan,
    entitlements: state.entitlements,
    max_devices: state.maxDevices,
    active_devices: activeDevices,
    expires_at: state.expiresAt.toISOString(),
  };
}

/** What owner and admin views share. */
function licenseBase(state: LicenseState, activeDevices: number) {
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
async function seatedDevices(ctx: AppContext, license: LicenseRow): Promise<LicenseDeviceRow[]> {
  const since = staleBefore(ctx, ctx.now());
  return (await listDevices(ctx.db, license.id)).filter((d) => d.lastSeenAt >= since);
}

/** Snapshot of a device for the audit trail (never a key). */
function deviceAudit(user: Pick<UserRow, 'id' | 'username'>, device: LicenseDeviceRow) {
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
async function deactivateAudited(
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

// ---------------------------------------------------------------------------------------------
// The owner
// ---------------------------------------------------------------------------------------------

/** `GET /licenses/me`: the caller's license with its key and seated devices, or null. */
export async function myLicense(ctx: AppContext, user: UserRow): Promise<MyLicenseResponse> {
  const license = await findLicenseOfUser(ctx.db, user.id);
  const state = license && (await stateOf(ctx, license, user));
  if (!license || !state) return { license: null };
  const devices = await seatedDevices(ctx, license);
  return {
    license: {
      ...licenseBase(state, devices.length),
      key: licenseKeyOfRow(ctx, license),
      devices: devices.map(deviceView),
    },
  };
}

/**
 * `POST /licenses/me/rotate`: a new key (generation + 1); the old one is refused from the next
 * request on. Devices keep their seats (the program stores the new key when its user enters
 * it). Audited as `license.rotate`.
 * @throws 404 LICENSE_NOT_FOUND before the first paid order.
 */
export async function rotateMyLicenseKey(
  ctx: AppContext,
  user: UserRow,
): Promise<MyLicenseResponse> {
  await ctx.db.transaction(async (tx) => {
    const license = await findLicenseOfUser(tx, user.id, true);
    if (!license) throw notFound('licenseNotFound');
    const written = (await nextKeyGeneration(tx, license.id, ctx.now()))!;
    await recordAudit(tx, {
      actorId: user.id,
      action: 'license.rotate',
      entityType: 'license',
      entityId: license.id,
      before: { username: user.username, key_generation: license.keyGeneration },
      after: { username: user.username, key_generation: written.keyGeneration },
    });
  });
  return myLicense(ctx, user);
}

/**
 * `DELETE /licenses/me/devices/:id`: frees the seat of one of the caller's devices (kept,
 * deactivated by `owner`); a device already deactivated is left as it is. Audited.
 * @throws 404 LICENSE_NOT_FOUND; 404 DEVICE_NOT_FOUND when the device is not on their license.
 */
export async function deactivateMyDevice(
  ctx: AppContext,
  user: UserRow,
  deviceId: string,
): Promise<MyLicenseResponse> {
  await ctx.db.transaction(async (tx) => {
    const license = await findLicenseOfUser(tx, user.id, true);
    if (!license) throw notFound('licenseNotFound');
    if (!(await findDevice(tx, license.id, deviceId))) throw notFound('licenseDeviceNotFound');
    await deactivateAudited(tx, user, license.id, 'owner', user.id, ctx.now(), {
      ids: [deviceId],
    });
  });
  return myLicense(ctx, user);
}

// ---------------------------------------------------------------------------------------------
// Admins
// ---------------------------------------------------------------------------------------------

/** The holder of a license an admin asks about. @throws 404 NOT_FOUND (no such user). */
async function holder(ctx: AppContext, userId: string): Promise<UserRow> {
  const user = await findAccountById(ctx, userId);
  if (!user) throw notFound('notFound');
  return user;
}

/** `GET /admin/users/:id/license`: the license without its key, every device. @throws 404. */
export async function adminLicense(ctx: AppContext, userId: string): Promise<AdminLicenseResponse> {
  const user = await holder(ctx, userId);
  const license = await findLicenseOfUser(ctx.db, user.id);
  const state = license && (await stateOf(ctx, license, user));
  if (!license || !state) return { license: null };
  const since = staleBefore(ctx, ctx.now());
  const devices = await listDevices(ctx.db, license.id, true);
  const view: AdminLicense = {
    ...licenseBase(state, devices.filter((d) => !d.deactivatedAt && d.lastSeenAt >= since).length),
    key_generation: license.keyGeneration,
    suspended_at: license.suspendedAt?.toISOString() ?? null,
    suspension_reason: license.suspensionReason,
    devices: devices.map(deviceView),
  };
  return { license: view };
}

/** Runs `change` on `userId`'s license, locked in a transaction. @throws 404s. */
async function changeLicenseOf(
  ctx: AppContext,
  userId: string,
  change: (tx: Executor, license: LicenseRow, user: UserRow) => Promise<void>,
): Promise<AdminLicenseResponse> {
  const user = await holder(ctx, userId);
  await ctx.db.transaction(async (tx) => {
    const license = await findLicenseOfUser(tx, user.id, true);
    if (!license) throw notFound('licenseNotFound');
    await change(tx, license, user);
  });
  return adminLicense(ctx, userId);
}

/**
 * `POST /admin/users/:id/license/reset-devices`: deactivates every device of the license
 * (reason `admin`), audited once as `license.devices_reset` with the devices' names.
 * @throws 404 NOT_FOUND, LICENSE_NOT_FOUND.
 */
export async function resetLicenseDevices(
  ctx: AppContext,
  actor: UserRow,
  userId: string,
): Promise<AdminLicenseResponse> {
  return changeLicenseOf(ctx, userId, async (tx, license, user) => {
    const rows = await deactivateDevices(tx, license.id, 'admin', ctx.now());
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'license.devices_reset',
      entityType: 'license',
      entityId: license.id,
      before: {
        username: user.username,
        devices: rows.map((r) => ({ id: r.id, name: r.name, fingerprint: r.fingerprint })),
      },
      after: { username: user.username, devices: [] },
    });
  });
}

/**
 * `DELETE /admin/users/:id/license/devices/:deviceId`: deactivates one device (reason `admin`),
 * audited. @throws 404 NOT_FOUND, LICENSE_NOT_FOUND, DEVICE_NOT_FOUND.
 */
export async function deactivateLicenseDevice(
  ctx: AppContext,
  actor: UserRow,
  userId: string,
  deviceId: string,
): Promise<AdminLicenseResponse> {
  return changeLicenseOf(ctx, userId, async (tx, license, user) => {
    if (!(await findDevice(tx, license.id, deviceId))) throw notFound('licenseDeviceNotFound');
    await deactivateAudited(tx, user, license.id, 'admin', actor.id, ctx.now(), {
      ids: [deviceId],
    });
  });
}

/**
 * `PUT /admin/users/:id/license/suspension`: suspends the license (validation answers
 * SUSPENDED, activation and checkout are refused; devices keep their seats) or reinstates it.
 * Audited as `license.suspend` / `license.reinstate`; reinstating a license that is not
 * suspended changes nothing.
 * @throws 404 NOT_FOUND, LICENSE_NOT_FOUND.
 */
export async function setLicenseSuspension(
  ctx: AppContext,
  actor: UserRow,
  userId: string,
  input: { suspended: boolean; reason?: string },
): Promise<AdminLicenseResponse> {
  return changeLicenseOf(ctx, userId, async (tx, license, user) => {
    if (!input.suspended && !license.suspendedAt) return;
    const now = ctx.now();
    const written = (await updateLicense(tx, license.id, {
      suspendedAt: input.suspended ? (license.suspendedAt ?? now) : null,
      suspensionReason: input.suspended ? (input.reason ?? null) : null,
      updatedAt: now,
    }))!;
    const snapshot = (row: LicenseRow) => ({
      username: user.username,
      suspended_at: row.suspendedAt,
      suspension_reason: row.suspensionReason,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: input.suspended ? 'license.suspend' : 'license.reinstate',
      entityType: 'license',
      entityId: license.id,
      before: snapshot(license),
      after: snapshot(written),
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The program (public, by key)
// ---------------------------------------------------------------------------------------------

/**
 * The license a key names, checked: well-formed, naming a license, its MAC that of the
 * license's current generation (constant-time), held by an existing account with a
 * subscription. Reads only.
 * @throws 401 LICENSE_KEY_INVALID otherwise (malformed, unknown, rotated).
 */
async function licenseOfKey(ctx: AppContext, key: string): Promise<LicenseState> {
  const parsed = parseLicenseKey(key);
  const license = parsed && (await findLicenseById(ctx.db, parsed.licenseId));
  if (!parsed || !license || !licenseKeyMatches(secretOf(ctx), parsed, license.keyGeneration))
    throw unauthorized('licenseKeyInvalid');
  const user = await findAccountById(ctx, license.userId);
  const state = user && (await stateOf(ctx, license, user));
  if (!state) throw unauthorized('licenseKeyInvalid');
  return state;
}

/** @throws 403 LICENSE_SUSPENDED / LICENSE_REFUNDED / LICENSE_EXPIRED unless `active`. */
function assertActive(state: LicenseState): void {
  if (state.status === 'suspended') throw forbidden('licenseSuspended');
  if (state.status === 'refunded') throw forbidden('licenseRefunded');
  if (state.status === 'expired') throw forbidden('licenseExpired');
}

/**
 * A check-in of `fingerprint`: the device's `last_seen_at` (and reported version) is written and
 * the row returned, or undefined when it holds no seat. A device that has not checked in for
 * LICENSE_DEVICE_TIMEOUT lost its seat: it is deactivated now (`timeout`) and must activate
 * again, whether or not the job got to it first.
 */
async function checkIn(
  ctx: AppContext,
  state: LicenseState,
  fingerprint: string,
  appVersion: string | undefined,
): Promise<LicenseDeviceRow | undefined> {
  const now = ctx.now();
  const device = await findActiveDevice(ctx.db, state.license.id, fingerprint);
  if (!device) return undefined;
  const before = staleBefore(ctx, now);
  if (device.lastSeenAt < before) {
    await ctx.db.transaction((tx) =>
      deactivateAudited(tx, state.user, state.license.id, 'timeout', null, now, {
        ids: [device.id],
        seenBefore: before,
      }),
    );
    return undefined;
  }
  return updateDevice(ctx.db, device.id, {
    lastSeenAt: now,
    ...(appVersion && { appVersion }),
  });
}

/** The seats taken now on `license` (devices not timed out). */
function seatsTaken(ctx: AppContext, db: Executor, license: LicenseRow, now: Date) {
  return countActiveDevices(db, license.id, staleBefore(ctx, now));
}

/**
 * `POST /licenses/activate`: takes a seat for `fingerprint`. In one transaction with the license
 * row locked: a fingerprint that holds a seat is refreshed (name, platform, hostname, version,
 * last seen) and answered `activated: false` (idempotent); otherwise the seats of devices past
 * LICENSE_DEVICE_TIMEOUT are freed, and a new device is added when fewer than the plan's
 * `max_devices` hold one. Audited as `license.device_activate` by the license's holder.
 * @throws 401 LICENSE_KEY_INVALID; 403 LICENSE_SUSPENDED / LICENSE_REFUNDED / LICENSE_EXPIRED;
 * 403 DEVICE_LIMIT_REACHED naming the limit.
 */
export async function activateDevice(
  ctx: AppContext,
  input: {
    key: string;
    fingerprint: string;
    name: string;
    platform: Platform;
    hostname?: string;
    app_version?: string;
  },
): Promise<ActivateLicenseResponse> {
  const state = await licenseOfKey(ctx, input.key);
  assertActive(state);
  const now = ctx.now();
  const details = {
    name: input.name,
    platform: input.platform,
    hostname: input.hostname ?? null,
    appVersion: input.app_version ?? null,
  };
  const { device, activated, seats } = await ctx.db.transaction(async (tx) => {
    await lockLicense(tx, state.license.id);
    const before = staleBefore(ctx, now);
    const existing = await findActiveDevice(tx, state.license.id, input.fingerprint);
    if (existing && existing.lastSeenAt >= before) {
      const refreshed = (await updateDevice(tx, existing.id, { ...details, lastSeenAt: now }))!;
      return {
        device: refreshed,
        activated: false,
        seats: await seatsTaken(ctx, tx, state.license, now),
      };
    }
    await deactivateAudited(tx, state.user, state.license.id, 'timeout', null, now, {
      seenBefore: before,
    });
    const taken = await countActiveDevices(tx, state.license.id);
    if (taken >= state.maxDevices) {
      throw new HttpError(403, 'deviceLimitReached', {
        message: deviceLimitMessage(state.maxDevices),
      });
    }
    const inserted = await insertDevice(tx, {
      licenseId: state.license.id,
      fingerprint: input.fingerprint,
      ...details,
      activatedAt: now,
      lastSeenAt: now,
      createdAt: now,
    });
    await recordAudit(tx, {
      actorId: state.user.id,
      action: 'license.device_activate',
      entityType: 'license',
      entityId: state.license.id,
      before: null,
      after: deviceAudit(state.user, inserted),
    });
    return { device: inserted, activated: true, seats: taken + 1 };
  });
  return {
    activated,
    issued_at: now.toISOString(),
    license: programLicense(state, seats),
    device: programDevice(device),
  };
}

/**
 * The result of a check of `state` for a device (`device` undefined: it holds no seat), most
 * serious first (contract LICENSE_CHECK_CODES). Pure.
 */
function checkResult(
  state: LicenseState,
  device: LicenseDeviceRow | undefined,
  wanted: { entitlement?: string; version?: string },
  minimumVersion: string | null,
): { code: LicenseCheckCode; message: string } {
  const result = (code: LicenseCheckCode, fill: Record<string, string> = {}) => ({
    code,
    message: Object.entries(fill).reduce(
      (text, [name, value]) => text.replace(`{${name}}`, value),
      LICENSE_CHECK_MESSAGES[code],
    ),
  });
  if (state.status === 'suspended') return result('SUSPENDED');
  if (state.status === 'refunded') return result('REFUNDED');
  if (state.status === 'expired') return result('EXPIRED');
  if (!device) return result('NOT_ACTIVATED');
  if (wanted.version !== undefined) {
    const version = semver.valid(wanted.version);
    if (!version || (minimumVersion && semver.lt(version, minimumVersion)))
      // Without a minimum, only a version that is not semantic gets here: "update to 1.0.0 or
      // later" would mean nothing, so the text asks for the latest version.
      return minimumVersion
        ? result('VERSION_NOT_ALLOWED', { version: minimumVersion })
        : {
            code: 'VERSION_NOT_ALLOWED',
            message: LICENSE_CHECK_MESSAGES.VERSION_NOT_ALLOWED.replace(
              '{version} or later',
              'the latest version',
            ),
          };
  }
  if (wanted.entitlement && !state.entitlements.some((e) => e.code === wanted.entitlement))
    return result('ENTITLEMENT_MISSING', { entitlement: wanted.entitlement });
  return result('VALID');
}

/**
 * `POST /licenses/validate` and `POST /licenses/heartbeat`: a check-in of the device (its seat
 * kept for another LICENSE_DEVICE_TIMEOUT) and whether the license is valid on it now, with the
 * first reason it is not (`checkResult`): SUSPENDED, REFUNDED, EXPIRED, NOT_ACTIVATED,
 * VERSION_NOT_ALLOWED (not a semantic version, or below the minimum supported version of
 * docs/updates.md), ENTITLEMENT_MISSING (the plan lacks the code asked for), else VALID. Echoes
 * the nonce; `issued_at` is now.
 * @throws 401 LICENSE_KEY_INVALID (nothing is written then).
 */
export async function checkLicense(
  ctx: AppContext,
  input: {
    key: string;
    fingerprint: string;
    nonce?: string;
    entitlement?: string;
    version?: string;
    app_version?: string;
  },
): Promise<LicenseCheckResponse> {
  const state = await licenseOfKey(ctx, input.key);
  const now = ctx.now();
  const device = await checkIn(ctx, state, input.fingerprint, input.version ?? input.app_version);
  const [minimumVersion, seats] = await Promise.all([
    input.version !== undefined ? minimumSupportedVersion(ctx) : Promise.resolve(null),
    seatsTaken(ctx, ctx.db, state.license, now),
  ]);
  const { code, message } = checkResult(state, device, input, minimumVersion);
  return {
    valid: code === 'VALID',
    code,
    message,
    nonce: input.nonce ?? null,
    issued_at: now.toISOString(),
    license: programLicense(state, seats),
    device: device ? programDevice(device) : null,
  };
}

/**
 * `POST /licenses/deactivate`: the program frees its device's seat (reason `program`), audited;
 * `deactivated: false` when the fingerprint held none. Allowed whatever the license's status.
 * @throws 401 LICENSE_KEY_INVALID.
 */
export async function deactivateByProgram(
  ctx: AppContext,
  input: { key: string; fingerprint: string },
): Promise<DeactivateLicenseResponse> {
  const state = await licenseOfKey(ctx, input.key);
  const now = ctx.now();
  const rows = await ctx.db.transaction(async (tx) => {
    await lockLicense(tx, state.license.id);
    const device = await findActiveDevice(tx, state.license.id, input.fingerprint);
    if (!device) return [];
    return deactivateAudited(tx, state.user, state.license.id, 'program', state.user.id, now, {
      ids: [device.id],
    });
  });
  return { deactivated: rows.length > 0, issued_at: now.toISOString() };
}

/**
 * `POST /licenses/checkout`: the offline license file of an activated device (a check-in),
 * valid LICENSE_FILE_TTL from now, encrypted for the key and fingerprint when asked
 * (license-file.ts; docs/licenses.md "The license file").
 * @throws 401 LICENSE_KEY_INVALID; 403 LICENSE_SUSPENDED / LICENSE_REFUNDED / LICENSE_EXPIRED;
 * 403 DEVICE_NOT_ACTIVATED.
 */
export async function checkoutLicenseFile(
  ctx: AppContext,
  input: { key: string; fingerprint: string; encrypt: boolean },
): Promise<CheckoutLicenseResponse> {
  const state = await licenseOfKey(ctx, input.key);
  assertActive(state);
  const device = await checkIn(ctx, state, input.fingerprint, undefined);
  if (!device) throw forbidden('deviceNotActivated');
  const issuedAt = ctx.now();
  const expiresAt = new Date(issuedAt.getTime() + ctx.config.licenses.fileTtlMs);
  const file = licenseFileOf(
    ctx.config.licenses.signingKeys,
    {
      license: {
        id: state.license.id,
        status: state.status,
        plan: state.plan,
        entitlements: state.entitlements,
        expires_at: state.expiresAt.toISOString(),
      },
      device: { fingerprint: device.fingerprint, name: device.name },
      issued_at: issuedAt.toISOString(),
      expires_at: expiresAt.toISOString(),
    },
    input.encrypt
      ? { licenseKey: licenseKeyOfRow(ctx, state.license), fingerprint: device.fingerprint }
      : undefined,
  );
  return {
    license_file: file,
    issued_at: issuedAt.toISOString(),
    expires_at: expiresAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// The timeout job
// ---------------------------------------------------------------------------------------------

/** Devices deactivated per transaction by {@link deactivateStaleDevices}. */
const STALE_BATCH = 500;

/**
 * The `flockr.license-devices` job (docs/jobs-and-email.md): deactivates, as the system
 * (`timeout`, audited), every device that has not checked in for LICENSE_DEVICE_TIMEOUT, in
 * batches claimed with SKIP LOCKED (safe on several instances), until none is left or
 * `ctx.stopping` is aborted (the app is closing). Returns how many.
 */
export async function deactivateStaleDevices(ctx: AppContext): Promise<number> {
  let total = 0;
  while (!ctx.stopping.aborted) {
    const now = ctx.now();
    const done = await ctx.db.transaction(async (tx) => {
      const stale = await claimStaleDevices(tx, staleBefore(ctx, now), STALE_BATCH);
      for (const { device, userId, username } of stale) {
        await deactivateAudited(
          tx,
          { id: userId, username },
          device.licenseId,
          'timeout',
          null,
          now,
          { ids: [device.id] },
        );
      }
      return stale.length;
    });
    total += done;
    if (done < STALE_BATCH) break;
  }
  return total;
}
