/**
 * Test data of the License card, parsed by the contract's schemas when made, so a fixture cannot
 * hold something the server would never send.
 */
import {
  LICENSE_KEY_PATTERN,
  licenseDeviceSchema,
  myLicenseSchema,
  type LicenseDevice,
  type MyLicense,
} from '@flockr/contract';

/** A license key as the server makes them: `FLK-` and 8 groups of 5 Crockford base32 characters. */
export const LICENSE_KEY = 'FLK-0A1B2-C3D4E-5F6G7-H8J9K-MNPQR-STVWX-YZ012-34XYZ';
if (!LICENSE_KEY_PATTERN.test(LICENSE_KEY)) throw new Error('LICENSE_KEY is not a license key');

/** A device holding a seat: alice's Windows desktop, seen at 10:00 on Nov 20, 2026. */
export function makeDevice(overrides: Partial<LicenseDevice> = {}): LicenseDevice {
  return licenseDeviceSchema.parse({
    id: 'dddddddd-0000-4000-8000-000000000001',
    fingerprint: 'a3f1c2d4e5b6a7980f1e2d3c4b5a69788f7e6d5c4b3a29180f1e2d3c4b5a6978',
    name: 'Office PC',
    platform: 'windows',
    hostname: 'OFFICE-PC',
    app_version: '1.4.2',
    activated_at: '2026-11-01T09:00:00.000Z',
    last_seen_at: '2026-11-20T10:00:00.000Z',
    deactivated_at: null,
    deactivation_reason: null,
    ...overrides,
  });
}

/** A second device: alice's MacBook. */
export const macBook = (overrides: Partial<LicenseDevice> = {}) =>
  makeDevice({
    id: 'dddddddd-0000-4000-8000-000000000002',
    fingerprint: 'f'.repeat(64),
    name: 'MacBook Air',
    platform: 'macos',
    hostname: null,
    app_version: null,
    ...overrides,
  });

/**
 * `GET /licenses/me`'s license of a PRO subscriber: active until Dec 1, 2026, three entitlements,
 * 2 seats, one device (Office PC) holding one.
 */
export function makeMyLicense(overrides: Partial<MyLicense> = {}): MyLicense {
  const devices = overrides.devices ?? [makeDevice()];
  return myLicenseSchema.parse({
    id: 'cccccccc-1111-4000-8000-000000000001',
    status: 'active',
    suspended: null,
    plan: { id: '9a8b7c6d-2222-4e5f-9a0b-abcdefabcdef', name: 'PRO' },
    entitlements: [
      { code: 'TWITTER_ACCOUNTS', limit: 5 },
      { code: 'DAILY_ACTIONS', limit: 500 },
      { code: 'EMAIL_SUPPORT', limit: null },
    ],
    max_devices: 2,
    active_devices: devices.length,
    expires_at: '2026-12-01T12:00:00.000Z',
    created_at: '2026-11-01T00:00:00.000Z',
    key: LICENSE_KEY,
    devices,
    ...overrides,
  });
}
