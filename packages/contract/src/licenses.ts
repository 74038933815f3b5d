/**
 * Licenses and devices (docs/licenses.md): one license per buyer, created when their first order
 * completes; its key (shown again on /profile, rotatable), its status (following the
 * subscription), the plan's entitlements and seat limit, the devices that hold a seat, the
 * public API the desktop program calls (`/licenses/activate`, `validate`, `heartbeat`,
 * `deactivate`, `checkout`), the signed answers and the offline license file.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.js';
import { API_ERRORS } from './errors.js';
import { text } from './text.js';
import { platformSchema } from './downloads.js';

// ---------------------------------------------------------------------------------------------
// Keys, entitlements, statuses
// ---------------------------------------------------------------------------------------------

/**
 * A license key as shown: `FLK-` and 8 groups of 5 Crockford base32 characters (40 characters,
 * 25 bytes: the license id, 16 bytes, then 9 bytes of an HMAC), e.g.
 * `FLK-0A1B2-C3D4E-…`. Clients may accept it in lower case, without hyphens, with O for 0 and
 * I or L for 1 (Crockford's decoding); the server does (docs/licenses.md "The key").
 */
export const LICENSE_KEY_PATTERN = /^FLK(?:-[0-9A-HJKMNP-TV-Z]{5}){8}$/;

/** The key in a request: checked by the server (401 LICENSE_KEY_INVALID), only bounded here. */
export const licenseKeySchema = text({ required: 'License key is required' })
  .trim()
  .min(1, 'License key is required')
  .max(100, 'License key is too long');

/**
 * A device's fingerprint: an opaque, stable string the program derives from the machine (the
 * reference client sends the hex SHA-256 of the OS machine id), 8–200 printable characters.
 */
export const deviceFingerprintSchema = text({ required: 'Device fingerprint is required' })
  .trim()
  .min(8, 'Device fingerprint must be at least 8 characters')
  .max(200, 'Device fingerprint must be at most 200 characters');

/** A challenge chosen by the program for one validation, echoed in the signed answer. */
export const licenseNonceSchema = text({ required: 'Nonce is required' })
  .trim()
  .min(8, 'Nonce must be at least 8 characters')
  .max(200, 'Nonce must be at most 200 characters');

/**
 * What a license gives, by stable code (docs/licenses.md "Entitlements"). Codes are upper case
 * words with underscores; these are the ones the program knows. Admins may add others.
 */
export const ENTITLEMENT_CODES = [
  'TWITTER_ACCOUNTS',
  'DAILY_ACTIONS',
  'EMAIL_SUPPORT',
  'PRIORITY_SUPPORT',
  'PHONE_SUPPORT',
  'WHITE_LABEL',
] as const;
export type KnownEntitlementCode = (typeof ENTITLEMENT_CODES)[number];

/** An entitlement code: `A`–`Z`, digits and `_`, starting with a letter, at most 50. */
export const entitlementCodeSchema = z
  .string({ error: 'Entitlement code is required' })
  .trim()
  .regex(
    /^[A-Z][A-Z0-9_]{0,49}$/,
    'Entitlement codes are upper-case words joined by underscores, e.g. DAILY_ACTIONS',
  );

/**
 * One entitlement: a code and an optional whole limit (`TWITTER_ACCOUNTS` with limit 5: five
 * accounts); `limit: null` means unlimited, or a feature without a count (`WHITE_LABEL`).
 */
export const entitlementSchema = z.object({
  code: entitlementCodeSchema,
  limit: z
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(0, 'Limit cannot be negative')
    .max(1_000_000_000, 'Limit is too large')
    .nullable()
    .default(null),
});
export type Entitlement = z.output<typeof entitlementSchema>;

/** A plan's entitlements: each code at most once. */
export const entitlementsSchema = z
  .array(entitlementSchema)
  .max(50, 'At most 50 entitlements')
  .refine((list) => new Set(list.map((e) => e.code)).size === list.length, {
    message: 'Each entitlement code may appear only once',
  });

/** A plan's seat limit: devices active at once on one license, 1–1000. */
export const maxDevicesSchema = z
  .number({ error: 'Device limit must be a number' })
  .int('Device limit must be a whole number')
  .min(1, 'Device limit must be at least 1')
  .max(1000, 'Device limit must be at most 1000');

/**
 * The DEVICE_LIMIT_REACHED text for a seat limit of `limit`: "This license is already active on
 * 2 devices, its limit. …". Pure.
 */
export function deviceLimitMessage(limit: number): string {
  return API_ERRORS.deviceLimitReached.replace(
    '{devices}',
    `${limit} ${limit === 1 ? 'device' : 'devices'}`,
  );
}

/**
 * A license's status (docs/licenses.md "Statuses"): `active` while the subscription has paid
 * time; `expired` after it ended; `refunded` when its last period was refunded or cancelled;
 * `suspended` when an admin suspended the license or the account is not ACTIVE.
 */
export const LICENSE_STATUSES = ['active', 'expired', 'refunded', 'suspended'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];
export const licenseStatusSchema = z.enum(LICENSE_STATUSES);

/** Why a license is suspended: by an admin (`license`) or because of the account. */
export const licenseSuspensionSchema = z.enum(['license', 'account']);

/**
 * Why a device stopped holding a seat: its owner freed it on /profile (`owner`), the program
 * deactivated it (`program`), an admin reset the license's devices (`admin`), or it did not check
 * in for LICENSE_DEVICE_TIMEOUT (`timeout`).
 */
export const DEVICE_DEACTIVATION_REASONS = ['owner', 'program', 'admin', 'timeout'] as const;
export const deviceDeactivationReasonSchema = z.enum(DEVICE_DEACTIVATION_REASONS);
export type DeviceDeactivationReason = (typeof DEVICE_DEACTIVATION_REASONS)[number];

// ---------------------------------------------------------------------------------------------
// The license and its devices as the owner and admins see them
// ---------------------------------------------------------------------------------------------

/** The plan a license follows (the subscription's plan). */
export const licensePlanSchema = z.object({ id: idSchema, name: z.string() });

/** A device as its owner and admins see it. */
export const licenseDeviceSchema = z.object({
  id: idSchema,
  fingerprint: z.string(),
  name: z.string(),
  platform: platformSchema,
  hostname: z.string().nullable(),
  app_version: z.string().nullable().describe('The version the program last reported'),
  activated_at: isoDateTimeSchema,
  last_seen_at: isoDateTimeSchema.describe('Last activation, validation or heartbeat'),
  deactivated_at: isoDateTimeSchema.nullable(),
  deactivation_reason: deviceDeactivationReasonSchema.nullable(),
});
export type LicenseDevice = z.infer<typeof licenseDeviceSchema>;

/** What every view of a license shares. */
const licenseBase = {
  id: idSchema,
  status: licenseStatusSchema,
  suspended: licenseSuspensionSchema
    .nullable()
    .describe('With status suspended: by an admin (license) or because of the account'),
  plan: licensePlanSchema,
  entitlements: z.array(entitlementSchema),
  max_devices: z.number().int().describe("The plan's seat limit"),
  active_devices: z.number().int().describe('Devices holding a seat now'),
  expires_at: isoDateTimeSchema.describe("When the subscription's paid time ends"),
  created_at: isoDateTimeSchema,
};

/**
 * `GET /licenses/me`: the caller's license with its key (a secret: show it masked with a copy
 * button) and the devices holding a seat, most recently seen first.
 */
export const myLicenseSchema = z.object({
  ...licenseBase,
  key: z.string().describe('FLK-XXXXX-… (LICENSE_KEY_PATTERN); rotate it if it leaked'),
  devices: z.array(licenseDeviceSchema),
});
export type MyLicense = z.infer<typeof myLicenseSchema>;
/** `null` before the first order completes. */
export const myLicenseResponseSchema = z.object({ license: myLicenseSchema.nullable() });
export type MyLicenseResponse = z.infer<typeof myLicenseResponseSchema>;

/** Path of `DELETE /licenses/me/devices/:id`. */
export const licenseDeviceParamsSchema = z.object({ id: idSchema });

/**
 * A license as admins see it: never the key; every device, deactivated ones too (newest first),
 * and the suspension's time and reason.
 */
export const adminLicenseSchema = z.object({
  ...licenseBase,
  key_generation: z.number().int().describe('Rotations so far + 1'),
  suspended_at: isoDateTimeSchema.nullable().describe('When an admin suspended the license'),
  suspension_reason: z.string().nullable(),
  devices: z.array(licenseDeviceSchema),
});
export type AdminLicense = z.infer<typeof adminLicenseSchema>;
/** `null` when the user has no license. */
export const adminLicenseResponseSchema = z.object({ license: adminLicenseSchema.nullable() });
export type AdminLicenseResponse = z.infer<typeof adminLicenseResponseSchema>;

/** `PUT /admin/users/:id/license/suspension`: suspend (with an optional reason) or reinstate. */
export const setLicenseSuspensionRequestSchema = z
  .object({
    suspended: z.boolean(),
    reason: text().trim().max(500).optional(),
  })
  .strict();
export type SetLicenseSuspensionRequest = z.infer<typeof setLicenseSuspensionRequestSchema>;

/** Path of `DELETE /admin/users/:id/license/devices/:deviceId`. */
export const adminLicenseDeviceParamsSchema = z.object({ id: idSchema, deviceId: idSchema });

// ---------------------------------------------------------------------------------------------
// The program's API (public, signed answers)
// ---------------------------------------------------------------------------------------------

/** The response header carrying the Ed25519 signature of the body (docs/licenses.md). */
export const LICENSE_SIGNATURE_HEADER = 'Flockr-Signature';

/**
 * Reads `keyid="…", algorithm="…", signature="…"` (the {@link LICENSE_SIGNATURE_HEADER} value);
 * undefined when a part is missing. Pure; verifying is the caller's job.
 */
export function parseLicenseSignatureHeader(
  value: string,
): { keyid: string; algorithm: string; signature: string } | undefined {
  const parts = new Map<string, string>();
  for (const match of value.matchAll(/([a-z]+)="([^"]*)"/g)) parts.set(match[1]!, match[2]!);
  const keyid = parts.get('keyid');
  const algorithm = parts.get('algorithm');
  const signature = parts.get('signature');
  return keyid && algorithm && signature ? { keyid, algorithm, signature } : undefined;
}

/** `POST /licenses/activate`: take a seat for this device (idempotent per fingerprint). */
export const activateLicenseRequestSchema = z.object({
  key: licenseKeySchema,
  fingerprint: deviceFingerprintSchema,
  name: text({ required: 'Device name is required' })
    .trim()
    .min(1, 'Device name is required')
    .max(100),
  platform: platformSchema,
  hostname: text().trim().max(255).optional(),
  app_version: text().trim().max(50).optional(),
});
export type ActivateLicenseRequest = z.input<typeof activateLicenseRequestSchema>;

/** `POST /licenses/validate`: is this license valid on this device now (and for this use)? */
export const validateLicenseRequestSchema = z.object({
  key: licenseKeySchema,
  fingerprint: deviceFingerprintSchema,
  nonce: licenseNonceSchema,
  /** An entitlement code the program needs (answer ENTITLEMENT_MISSING when the plan lacks it). */
  entitlement: entitlementCodeSchema.optional(),
  /** The program's version (semantic); VERSION_NOT_ALLOWED below the minimum supported one. */
  version: text().trim().max(50).optional(),
});
export type ValidateLicenseRequest = z.input<typeof validateLicenseRequestSchema>;

/** `POST /licenses/heartbeat`: the device is still in use (keeps its seat). */
export const licenseHeartbeatRequestSchema = z.object({
  key: licenseKeySchema,
  fingerprint: deviceFingerprintSchema,
  nonce: licenseNonceSchema.optional(),
  app_version: text().trim().max(50).optional(),
});
export type LicenseHeartbeatRequest = z.input<typeof licenseHeartbeatRequestSchema>;

/** `POST /licenses/deactivate`: free this device's seat. */
export const deactivateLicenseRequestSchema = z.object({
  key: licenseKeySchema,
  fingerprint: deviceFingerprintSchema,
});
export type DeactivateLicenseRequest = z.input<typeof deactivateLicenseRequestSchema>;

/** `POST /licenses/checkout`: an offline license file for this (activated) device. */
export const checkoutLicenseRequestSchema = z.object({
  key: licenseKeySchema,
  fingerprint: deviceFingerprintSchema,
  /** Encrypt the file's data with a key only the license key and fingerprint give (AES-256-GCM). */
  encrypt: z.boolean().default(false),
});
export type CheckoutLicenseRequest = z.input<typeof checkoutLicenseRequestSchema>;

/**
 * The result codes of a validation (or heartbeat), most serious first: the first that applies is
 * answered. Only `VALID` comes with `valid: true`.
 */
export const LICENSE_CHECK_CODES = [
  'SUSPENDED',
  'REFUNDED',
  'EXPIRED',
  'NOT_ACTIVATED',
  'VERSION_NOT_ALLOWED',
  'ENTITLEMENT_MISSING',
  'VALID',
] as const;
export type LicenseCheckCode = (typeof LICENSE_CHECK_CODES)[number];

/**
 * The `message` of each check code, to show the user. `{version}` is the minimum supported
 * version, `{entitlement}` the code asked for.
 */
export const LICENSE_CHECK_MESSAGES: Record<LicenseCheckCode, string> = {
  SUSPENDED: API_ERRORS.licenseSuspended,
  REFUNDED: API_ERRORS.licenseRefunded,
  EXPIRED: API_ERRORS.licenseExpired,
  NOT_ACTIVATED: API_ERRORS.deviceNotActivated,
  VERSION_NOT_ALLOWED:
    'This version of the program is no longer supported. Please update to {version} or later',
  ENTITLEMENT_MISSING: 'Your plan does not include this feature ({entitlement})',
  VALID: 'The license is valid on this device',
};

/** The license as the program sees it (no key, no personal data). */
export const programLicenseSchema = z.object({
  id: idSchema,
  status: licenseStatusSchema,
  plan: licensePlanSchema,
  entitlements: z.array(entitlementSchema),
  max_devices: z.number().int(),
  active_devices: z.number().int(),
  expires_at: isoDateTimeSchema,
});
export type ProgramLicense = z.infer<typeof programLicenseSchema>;

/** The calling device as the program sees it. */
export const programDeviceSchema = z.object({
  id: idSchema,
  fingerprint: z.string(),
  name: z.string(),
  platform: platformSchema,
  activated_at: isoDateTimeSchema,
  last_seen_at: isoDateTimeSchema,
});
export type ProgramDevice = z.infer<typeof programDeviceSchema>;

/**
 * Answer of `validate` and `heartbeat` (signed, docs/licenses.md): whether the license is valid
 * on this device and, if not, why (`code`, `message` to show); the nonce sent (null when none
 * was); `issued_at`, so a program can refuse an old answer replayed to it.
 */
export const licenseCheckResponseSchema = z.object({
  valid: z.boolean(),
  code: z.enum(LICENSE_CHECK_CODES),
  message: z.string().describe('The result in words, to show the user'),
  nonce: z.string().nullable(),
  issued_at: isoDateTimeSchema,
  license: programLicenseSchema,
  /** This device while it holds a seat; null with NOT_ACTIVATED. */
  device: programDeviceSchema.nullable(),
});
export type LicenseCheckResponse = z.infer<typeof licenseCheckResponseSchema>;

/** Answer of `activate` (signed): `activated` is false when the device already held a seat. */
export const activateLicenseResponseSchema = z.object({
  activated: z.boolean(),
  issued_at: isoDateTimeSchema,
  license: programLicenseSchema,
  device: programDeviceSchema,
});
export type ActivateLicenseResponse = z.infer<typeof activateLicenseResponseSchema>;

/** Answer of `deactivate` (signed): `deactivated` is false when the device held no seat. */
export const deactivateLicenseResponseSchema = z.object({
  deactivated: z.boolean(),
  issued_at: isoDateTimeSchema,
});
export type DeactivateLicenseResponse = z.infer<typeof deactivateLicenseResponseSchema>;

/** Answer of `checkout` (signed): the armored license file and its validity. */
export const checkoutLicenseResponseSchema = z.object({
  license_file: z
    .string()
    .describe('-----BEGIN FLOCKR LICENSE FILE-----\\n…\\n-----END FLOCKR LICENSE FILE-----\\n'),
  issued_at: isoDateTimeSchema,
  expires_at: isoDateTimeSchema.describe('issued_at + LICENSE_FILE_TTL'),
});
export type CheckoutLicenseResponse = z.infer<typeof checkoutLicenseResponseSchema>;

/** One public key of the seller's license signing keys. */
export const licensePublicKeySchema = z.object({
  kid: z.string().describe('First 16 hex characters of SHA-256 of the raw public key'),
  algorithm: z.literal('ed25519'),
  public_key: z.string().describe('Base64 of the raw 32-byte Ed25519 public key'),
  public_key_pem: z.string().describe('The same key as a PEM SubjectPublicKeyInfo'),
  status: z.enum(['current', 'previous']),
});
export type LicensePublicKey = z.infer<typeof licensePublicKeySchema>;
/** `GET /licenses/keys` and `/.well-known/flockr-license-keys.json`. */
export const licenseKeysResponseSchema = z.object({ keys: z.array(licensePublicKeySchema) });
export type LicenseKeysResponse = z.infer<typeof licenseKeysResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The offline license file (docs/licenses.md "The license file", byte for byte)
// ---------------------------------------------------------------------------------------------

export const LICENSE_FILE_BEGIN = '-----BEGIN FLOCKR LICENSE FILE-----';
export const LICENSE_FILE_END = '-----END FLOCKR LICENSE FILE-----';
/** `sig` is Ed25519 over the ASCII bytes of this prefix followed by the envelope's `data`. */
export const LICENSE_FILE_SIGNING_PREFIX = 'flockr-license-file/v1.';
/** HKDF-SHA-256 salt and info of the file's encryption key (ikm: license key + fingerprint). */
export const LICENSE_FILE_HKDF = { salt: 'flockr-license-file', info: 'aes-256-gcm' } as const;

/** The JSON envelope inside the armor. */
export const licenseFileEnvelopeSchema = z.object({
  v: z.literal(1),
  alg: z.literal('ed25519'),
  kid: z.string(),
  enc: z.literal('aes-256-gcm').nullable(),
  /** Base64 of the 12-byte AES-GCM nonce; null when not encrypted. */
  iv: z.string().nullable(),
  /** Base64 of the payload JSON, or of ciphertext + 16-byte GCM tag when encrypted. */
  data: z.string(),
  /** Base64 of the 64-byte Ed25519 signature. */
  sig: z.string(),
});
export type LicenseFileEnvelope = z.infer<typeof licenseFileEnvelopeSchema>;

/** The payload (`data`, decrypted when `enc` is set). */
export const licenseFilePayloadSchema = z.object({
  license: z.object({
    id: idSchema,
    status: licenseStatusSchema,
    plan: licensePlanSchema,
    entitlements: z.array(entitlementSchema),
    expires_at: isoDateTimeSchema.describe("The subscription's end"),
  }),
  device: z.object({ fingerprint: z.string(), name: z.string() }),
  issued_at: isoDateTimeSchema,
  expires_at: isoDateTimeSchema.describe('The file is refused after this instant'),
});
export type LicenseFilePayload = z.infer<typeof licenseFilePayloadSchema>;
