/**
 * A license as its owner sees and changes it (`/licenses/me`, docs/licenses.md): the license with
 * its key and seated devices, a new key, and freeing a device's seat.
 */
import type { MyLicenseResponse } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { recordAudit } from '../audit/service.js';
import { findDevice, findLicenseOfUser, nextKeyGeneration } from './repository.js';
import {
  deactivateAudited,
  deviceView,
  licenseBase,
  licenseKeyOfRow,
  seatedDevices,
  stateOf,
} from './state.js';

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
