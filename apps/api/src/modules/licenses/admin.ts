/**
 * A user's license as admins see and change it (`/admin/users/:id/license`, docs/licenses.md):
 * the license without its key and every device, resetting or deactivating devices, suspending
 * and reinstating.
 */
import type { AdminLicense, AdminLicenseResponse } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { LicenseRow, UserRow } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { findAccountById } from '../accounts/profile.js';
import { recordAudit } from '../audit/service.js';
import {
  deactivateDevices,
  findDevice,
  findLicenseOfUser,
  listDevices,
  updateLicense,
} from './repository.js';
import { deactivateAudited, deviceView, licenseBase, staleBefore, stateOf } from './state.js';

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
