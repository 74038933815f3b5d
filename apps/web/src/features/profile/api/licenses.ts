/**
 * The signed-in user's license (`/licenses/me`, docs/licenses.md): its key, status, plan,
 * entitlements and the devices holding a seat; rotating the key and freeing a device's seat.
 * Each change's answer (the whole license again) replaces the cached one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LicenseDevice, MyLicenseResponse } from '@flockr/contract';
import { call, type ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

/** Default error texts of the license calls (used when the server's answer carries none). */
export const LICENSE_ERRORS = {
  fetch: 'Failed to load your license',
  rotate: 'Failed to make a new license key',
  deactivate: 'Failed to deactivate the device',
} as const;

/** `GET /licenses/me`: the license, or `{ license: null }` before the first paid order. */
export function useMyLicense() {
  return useQuery<MyLicenseResponse, ApiError>({
    queryKey: queryKeys.license,
    queryFn: ({ signal }) =>
      call('GET /licenses/me', {}, { signal, fallback: LICENSE_ERRORS.fetch }),
  });
}

/**
 * `POST /licenses/me/rotate`: a new key (the old one stops working at once; devices keep their
 * seats until the program is given the new key). The answer replaces the cached license.
 */
export function useRotateLicenseKey() {
  const queryClient = useQueryClient();
  return useMutation<MyLicenseResponse, ApiError, void>({
    mutationFn: () => call('POST /licenses/me/rotate', {}, { fallback: LICENSE_ERRORS.rotate }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.license, answer);
      toast.success('New license key made. Activate the program again with it.');
    },
  });
}

/**
 * `DELETE /licenses/me/devices/{id}`: frees the device's seat at once (the program on it stops
 * working until it is activated again). Variables: the device. The answer replaces the cached
 * license; "MacBook Pro deactivated: its seat is free" is toasted.
 */
export function useDeactivateDevice() {
  const queryClient = useQueryClient();
  return useMutation<MyLicenseResponse, ApiError, Pick<LicenseDevice, 'id' | 'name'>>({
    mutationFn: (device) =>
      call(
        'DELETE /licenses/me/devices/:id',
        { params: { id: device.id } },
        { fallback: LICENSE_ERRORS.deactivate },
      ),
    onSuccess: (answer, device) => {
      queryClient.setQueryData(queryKeys.license, answer);
      toast.success(`${device.name} deactivated: its seat is free`);
    },
  });
}
