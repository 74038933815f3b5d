/**
 * Admin license routes (docs/licenses.md "Admins"): a user's license and devices, resetting or
 * deactivating devices, suspending and reinstating the license. Every change is audited.
 */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/route.js';
import {
  adminLicense,
  deactivateLicenseDevice,
  resetLicenseDevices,
  setLicenseSuspension,
} from '../licenses/admin.js';

/** Registers the admin license routes on `app`. */
export function adminLicenseRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.admin.userLicense, async ({ params }) => adminLicense(ctx, params.id));
    route(app, API.admin.resetUserDevices, async ({ user, params }) =>
      resetLicenseDevices(ctx, user, params.id),
    );
    route(app, API.admin.deactivateUserDevice, async ({ user, params }) =>
      deactivateLicenseDevice(ctx, user, params.id, params.deviceId),
    );
    route(app, API.admin.setUserLicenseSuspension, async ({ user, params, body }) =>
      setLicenseSuspension(ctx, user, params.id, body),
    );
  };
}
