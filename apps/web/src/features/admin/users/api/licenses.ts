/**
 * Admin license hooks (docs/licenses.md "Admins", `/admin/users/{id}/license…`): a user's license
 * (never its key) with every device, resetting all devices, deactivating one, suspending and
 * reinstating. Every change is audited by the server, toasted here, and reloads the admin data.
 */
import { call } from '../../../../lib/api-client';
import { ADMIN_ERRORS } from '../../kit/api/errors';
import { adminKeys } from '../../kit/api/keys';
import { useAdminChange, useAdminQuery, useAdminUpdate } from '../../kit/api/hooks';

/** The license of user `userId` with all its devices, or `{ license: null }`. */
export function useUserLicense(userId: string) {
  return useAdminQuery('GET /admin/users/:id/license', {
    key: adminKeys.userLicense(userId),
    input: { params: { id: userId } },
    fallback: ADMIN_ERRORS.fetchLicense,
  });
}

/**
 * Deactivates every device of `username`'s license (`POST /admin/users/{id}/license/reset-devices`):
 * all seats are freed at once. Variables: `{ id }` (the user's).
 */
export function useResetUserDevices(username: string) {
  return useAdminChange({
    mutationFn: ({ id }: { id: string }) =>
      call(
        'POST /admin/users/:id/license/reset-devices',
        { params: { id } },
        { fallback: ADMIN_ERRORS.resetDevices },
      ),
    success: () => `Every device of ${username} deactivated`,
  });
}

/**
 * Deactivates one device of a user's license (`DELETE /admin/users/{id}/license/devices/{deviceId}`),
 * freeing its seat at once. Variables: the user's `id`, the device's `deviceId` and `name`.
 */
export function useDeactivateUserDevice() {
  return useAdminChange({
    mutationFn: ({ id, deviceId }: { id: string; deviceId: string; name: string }) =>
      call(
        'DELETE /admin/users/:id/license/devices/:deviceId',
        { params: { id, deviceId } },
        { fallback: ADMIN_ERRORS.deactivateDevice },
      ),
    success: (_, { name }) => `${name} deactivated`,
  });
}

/**
 * Suspends (`{ id, suspended: true, reason? }`) or reinstates (`{ id, suspended: false }`)
 * `username`'s license (`PUT /admin/users/{id}/license/suspension`).
 */
export function useSetLicenseSuspension(username: string) {
  return useAdminUpdate('PUT /admin/users/:id/license/suspension', {
    fallback: ADMIN_ERRORS.setLicenseSuspension,
    success: ({ license }) =>
      license?.suspended_at
        ? `License of ${username} suspended`
        : `License of ${username} reinstated`,
  });
}
