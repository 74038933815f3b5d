/**
 * The desktop program's license API (public, by key; docs/licenses.md): activate, validate and
 * heartbeat, deactivate, and the offline license file. Every seat change runs with the license
 * row locked (`lockLicense`), so concurrent activations are counted one after the other and never
 * pass the plan's limit.
 */
import semver from 'semver';
import {
  LICENSE_CHECK_MESSAGES,
  deviceLimitMessage,
  type ActivateLicenseResponse,
  type CheckoutLicenseResponse,
  type DeactivateLicenseResponse,
  type LicenseCheckCode,
  type LicenseCheckResponse,
  type Platform,
  type ProgramDevice,
  type ProgramLicense,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { LicenseDeviceRow, LicenseRow } from '../../db/schema.js';
import { HttpError, forbidden, unauthorized } from '../../lib/http-error.js';
import { findAccountById } from '../accounts/profile.js';
import { recordAudit } from '../audit/service.js';
import { minimumSupportedVersion } from '../updates/service.js';
import { licenseFileOf } from './license-file.js';
import { licenseKeyMatches, parseLicenseKey } from './license-key.js';
import {
  countActiveDevices,
  findActiveDevice,
  findLicenseById,
  insertDevice,
  lockLicense,
  updateDevice,
} from './repository.js';
import {
  deactivateAudited,
  deviceAudit,
  licenseKeyOfRow,
  secretOf,
  staleBefore,
  stateOf,
  type LicenseState,
} from './state.js';

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
