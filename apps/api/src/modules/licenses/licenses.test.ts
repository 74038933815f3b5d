/**
 * Licenses and devices (docs/licenses.md) through the HTTP API on a real database: the whole life
 * of a license (the order completes → the license exists → devices up to the plan's limit →
 * DEVICE_LIMIT_REACHED naming it → the owner frees a seat → signed validation with the nonce
 * echoed → the offline file, plain and encrypted → the subscription expires → EXPIRED), every
 * signature checked with an independent Ed25519 implementation (@noble/ed25519, not node:crypto);
 * tampering, other accounts' keys and fingerprints, rotation; the seat timeout; 20 concurrent
 * activations against 5 seats; admins (suspend, reinstate, reset, the audit trail); refunds; the
 * plans' entitlements; the public keys.
 */
import { createDecipheriv, createHash, hkdfSync, randomUUID } from 'node:crypto';
import * as ed from '@noble/ed25519';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  LICENSE_FILE_BEGIN,
  LICENSE_FILE_END,
  LICENSE_FILE_SIGNING_PREFIX,
  LICENSE_KEY_PATTERN,
  activateLicenseResponseSchema,
  adminLicenseResponseSchema,
  adminPlansResponseSchema,
  auditResponseSchema,
  checkoutLicenseResponseSchema,
  licenseCheckResponseSchema,
  licenseFileEnvelopeSchema,
  licenseFilePayloadSchema,
  licenseKeysResponseSchema,
  myLicenseResponseSchema,
  parseLicenseSignatureHeader,
  type LicenseKeysResponse,
} from '@flockr/contract';
import { auditLog, licenseDevices, licenses } from '../../db/schema.js';
import { updateUser } from '../accounts/repository.js';
import {
  createHarness,
  orderAndCheckout,
  registerUser,
  sandboxPay,
  signIn,
  subscribedUser,
  type Harness,
} from '../../test/harness.js';
import { setMinimumVersion } from '../../test/update-feeds.js';
import { deactivateStaleDevices } from './jobs.js';

const DAY = 86_400_000;
/** Generous license limits: this file calls the program's API many times from one address. */
const LIMITS = {
  loginPerIp: 10_000,
  loginPerAccount: 10_000,
  sensitivePerIp: 10_000,
  licensePerIp: 10_000,
  licensePerKey: 10_000,
  windowMs: 15 * 60_000,
};

let h: Harness;
let admin: Awaited<ReturnType<typeof registerUser>>;
let keys: LicenseKeysResponse;

beforeAll(async () => {
  h = await createHarness({ rateLimits: LIMITS });
  admin = await registerUser(h.app, 'admin');
  await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
  const wellKnown = await h.app.inject({
    method: 'GET',
    url: '/.well-known/flockr-license-keys.json',
  });
  keys = licenseKeysResponseSchema.parse(wellKnown.json());
});
afterAll(async () => {
  await h.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  method: Method,
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) => h.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

/** A call of the program's API (no sign-in). */
const program = (name: string, payload: object) => call('POST', `/licenses/${name}`, {}, payload);

/** The public key (raw 32 bytes) of `kid` as published. */
function publicKey(kid: string): Uint8Array {
  const key = keys.keys.find((k) => k.kid === kid);
  if (!key) throw new Error(`no published key ${kid}`);
  return new Uint8Array(Buffer.from(key.public_key, 'base64'));
}

/** True when `signature` (base64) is `kid`'s Ed25519 signature of `message` (noble). */
async function verifies(kid: string, message: Uint8Array, signature: string): Promise<boolean> {
  const sig = Buffer.from(signature, 'base64');
  if (sig.length !== 64) return false;
  return ed.verifyAsync(new Uint8Array(sig), message, publicKey(kid));
}

/** True when the answer's Flockr-Signature verifies over its exact body bytes. */
async function signedAnswer(res: LightMyRequestResponse, body = res.rawPayload): Promise<boolean> {
  const header = parseLicenseSignatureHeader(String(res.headers['flockr-signature'] ?? ''));
  if (!header || header.algorithm !== 'ed25519') return false;
  return verifies(header.keyid, new Uint8Array(body), header.signature);
}

/** The envelope inside an armored license file. */
function envelopeOf(file: string) {
  expect(file.startsWith(`${LICENSE_FILE_BEGIN}\n`)).toBe(true);
  expect(file.endsWith(`\n${LICENSE_FILE_END}\n`)).toBe(true);
  const lines = file.split('\n').slice(1, -2);
  for (const line of lines.slice(0, -1)) expect(line).toHaveLength(64);
  expect(lines.at(-1)!.length).toBeLessThanOrEqual(64);
  return licenseFileEnvelopeSchema.parse(
    JSON.parse(Buffer.from(lines.join(''), 'base64').toString('utf8')),
  );
}

/** True when the envelope's `sig` verifies over "flockr-license-file/v1." + data (noble). */
function fileVerifies(envelope: { kid: string; data: string; sig: string }) {
  return verifies(
    envelope.kid,
    new Uint8Array(Buffer.from(LICENSE_FILE_SIGNING_PREFIX + envelope.data, 'ascii')),
    envelope.sig,
  );
}

/** Decrypts an encrypted envelope's data with the key the docs give (HKDF of key + fingerprint). */
function decrypt(envelope: { iv: string | null; data: string }, key: string, fingerprint: string) {
  const aesKey = Buffer.from(
    hkdfSync('sha256', Buffer.from(key + fingerprint), 'flockr-license-file', 'aes-256-gcm', 32),
  );
  const sealed = Buffer.from(envelope.data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(envelope.iv!, 'base64'));
  decipher.setAuthTag(sealed.subarray(-16));
  return Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]).toString();
}

/** A device's activation payload. */
const device = (key: string, fingerprint: string, name = `PC ${fingerprint}`) => ({
  key,
  fingerprint,
  name,
  platform: 'windows',
  hostname: `${fingerprint}.local`,
  app_version: '1.1.0',
});

/** The caller's license (asserted present). */
async function myLicense(headers: Record<string, string>) {
  const res = await call('GET', '/licenses/me', headers);
  expect(res.statusCode).toBe(200);
  const { license } = myLicenseResponseSchema.parse(res.json());
  expect(license).not.toBeNull();
  return license!;
}

/** A new user with a paid subscription on `plan` for `months`; with their license key. */
async function buyer(plan = 'PRO', months: 1 | 12 = 1) {
  const user = await registerUser(h.app, 'buyer');
  const { sessionId, orderId } = await orderAndCheckout(h.app, user.headers, plan, months);
  expect((await sandboxPay(h.app, user.headers, sessionId)).statusCode).toBe(200);
  const license = await myLicense(user.headers);
  return { ...user, orderId, key: license.key, license };
}

/** Audit entries about license `id`, oldest first. */
async function licenseAudit(id: string) {
  const res = await call(
    'GET',
    `/admin/audit?entity_type=license&entity_id=${id}&sort=created_at&dir=asc&limit=100`,
    admin.headers,
  );
  expect(res.statusCode).toBe(200);
  return auditResponseSchema.parse(res.json()).entries;
}

describe('a license through its life', () => {
  it('exists once the order completes, seats devices up to the limit, signs, expires', async () => {
    // Before paying there is no license.
    const newcomer = await registerUser(h.app, 'newcomer');
    const none = await call('GET', '/licenses/me', newcomer.headers);
    expect(none.json()).toEqual({ license: null });

    const user = await subscribedUser(h.app);
    const license = await myLicense(user.headers);
    expect(license.key).toMatch(LICENSE_KEY_PATTERN);
    expect(license).toMatchObject({
      status: 'active',
      suspended: null,
      plan: { name: 'PRO' },
      max_devices: 2,
      active_devices: 0,
      devices: [],
    });
    expect(license.entitlements).toEqual([
      { code: 'TWITTER_ACCOUNTS', limit: 5 },
      { code: 'DAILY_ACTIONS', limit: 500 },
      { code: 'EMAIL_SUPPORT', limit: null },
    ]);
    // The key is shown again, the same.
    expect((await myLicense(user.headers)).key).toBe(license.key);
    const [created] = await licenseAudit(license.id);
    expect(created).toMatchObject({ action: 'license.create', actor: null });
    expect(created!.summary).toBe(`The system created the license of ${user.user.username}`);

    // Two devices take the two seats; the first again is idempotent.
    const a = await program('activate', device(license.key, 'fingerprint-a'));
    expect(a.statusCode).toBe(200);
    expect(await signedAnswer(a)).toBe(true);
    const activated = activateLicenseResponseSchema.parse(a.json());
    expect(activated).toMatchObject({ activated: true, license: { active_devices: 1 } });
    const again = await program('activate', device(license.key, 'fingerprint-a', 'Renamed PC'));
    expect(again.json()).toMatchObject({
      activated: false,
      device: { id: activated.device.id, name: 'Renamed PC' },
      license: { active_devices: 1 },
    });
    expect((await program('activate', device(license.key, 'fingerprint-b'))).statusCode).toBe(200);

    // The third is refused, naming the limit; the answer is signed too.
    const c = await program('activate', device(license.key, 'fingerprint-c'));
    expect(c.statusCode).toBe(403);
    expect(c.json()).toEqual({
      code: 'DEVICE_LIMIT_REACHED',
      error:
        'This license is already active on 2 devices, its limit. Deactivate one in the program or on your profile page, then try again',
    });
    expect(await signedAnswer(c)).toBe(true);

    // The owner sees both devices and frees the first.
    const seated = await myLicense(user.headers);
    expect(seated.devices.map((d) => d.fingerprint).sort()).toEqual([
      'fingerprint-a',
      'fingerprint-b',
    ]);
    const first = seated.devices.find((d) => d.fingerprint === 'fingerprint-a')!;
    expect(first).toMatchObject({
      name: 'Renamed PC',
      platform: 'windows',
      app_version: '1.1.0',
      hostname: 'fingerprint-a.local',
    });
    const freed = await call('DELETE', `/licenses/me/devices/${first.id}`, user.headers);
    expect(freed.statusCode).toBe(200);
    expect(myLicenseResponseSchema.parse(freed.json()).license!.devices).toHaveLength(1);
    expect(
      (await call('DELETE', `/licenses/me/devices/${randomUUID()}`, user.headers)).json(),
    ).toMatchObject({ code: 'DEVICE_NOT_FOUND' });
    expect((await program('activate', device(license.key, 'fingerprint-c'))).statusCode).toBe(200);

    // Validation: signed, the nonce echoed; the freed device is no longer activated.
    const valid = await program('validate', {
      key: license.key,
      fingerprint: 'fingerprint-c',
      nonce: 'nonce-0123456789',
    });
    expect(valid.statusCode).toBe(200);
    expect(await signedAnswer(valid)).toBe(true);
    const answer = licenseCheckResponseSchema.parse(valid.json());
    expect(answer).toMatchObject({
      valid: true,
      code: 'VALID',
      nonce: 'nonce-0123456789',
      license: { id: license.id, status: 'active', plan: { name: 'PRO' }, active_devices: 2 },
      device: { fingerprint: 'fingerprint-c' },
    });
    expect(Math.abs(Date.parse(answer.issued_at) - h.clock.now().getTime())).toBeLessThan(5_000);
    // One changed byte of the body, or of the signature, and it no longer verifies.
    const changed = Buffer.from(valid.rawPayload);
    changed[changed.indexOf('true')] = 'T'.charCodeAt(0);
    expect(await signedAnswer(valid, changed)).toBe(false);
    const header = parseLicenseSignatureHeader(String(valid.headers['flockr-signature']))!;
    const sig = Buffer.from(header.signature, 'base64');
    sig[10]! ^= 1;
    expect(
      await verifies(header.keyid, new Uint8Array(valid.rawPayload), sig.toString('base64')),
    ).toBe(false);

    const freedCheck = await program('validate', {
      key: license.key,
      fingerprint: 'fingerprint-a',
      nonce: 'nonce-a-12345678',
    });
    expect(freedCheck.json()).toMatchObject({ valid: false, code: 'NOT_ACTIVATED', device: null });

    // Entitlements and versions.
    const check = (extra: object) =>
      program('validate', {
        key: license.key,
        fingerprint: 'fingerprint-c',
        nonce: 'nonce-check-1234',
        ...extra,
      }).then((r) => r.json<{ code: string; message: string }>());
    expect(await check({ entitlement: 'DAILY_ACTIONS' })).toMatchObject({ code: 'VALID' });
    expect(await check({ entitlement: 'WHITE_LABEL' })).toMatchObject({
      code: 'ENTITLEMENT_MISSING',
      message: 'Your plan does not include this feature (WHITE_LABEL)',
    });
    await setMinimumVersion(h, '2.0.0');
    expect(await check({ version: '1.5.0' })).toMatchObject({
      code: 'VERSION_NOT_ALLOWED',
      message:
        'This version of the program is no longer supported. Please update to 2.0.0 or later',
    });
    expect(await check({ version: 'not-a-version' })).toMatchObject({
      code: 'VERSION_NOT_ALLOWED',
    });
    expect(await check({ version: '2.1.0' })).toMatchObject({ code: 'VALID' });
    await setMinimumVersion(h, null);
    const reported = (await myLicense(user.headers)).devices.find(
      (d) => d.fingerprint === 'fingerprint-c',
    );
    expect(reported?.app_version).toBe('2.1.0');

    // The heartbeat keeps the seat and answers as validate does.
    const beat = await program('heartbeat', { key: license.key, fingerprint: 'fingerprint-c' });
    expect(beat.json()).toMatchObject({ valid: true, code: 'VALID', nonce: null });
    expect(await signedAnswer(beat)).toBe(true);

    // The offline file, plain: signed over its data, for this device, valid 14 days.
    const plain = await program('checkout', { key: license.key, fingerprint: 'fingerprint-c' });
    expect(plain.statusCode).toBe(200);
    expect(await signedAnswer(plain)).toBe(true);
    const out = checkoutLicenseResponseSchema.parse(plain.json());
    const envelope = envelopeOf(out.license_file);
    expect(envelope).toMatchObject({ v: 1, alg: 'ed25519', enc: null, iv: null });
    expect(await fileVerifies(envelope)).toBe(true);
    const payload = licenseFilePayloadSchema.parse(
      JSON.parse(Buffer.from(envelope.data, 'base64').toString('utf8')),
    );
    expect(payload).toMatchObject({
      license: { id: license.id, status: 'active', plan: { name: 'PRO' } },
      device: { fingerprint: 'fingerprint-c', name: 'PC fingerprint-c' },
      issued_at: out.issued_at,
      expires_at: out.expires_at,
    });
    expect(Date.parse(payload.expires_at) - Date.parse(payload.issued_at)).toBe(14 * DAY);
    // A changed byte of the data or of the signature fails verification.
    const data = Buffer.from(envelope.data, 'base64');
    data[5]! ^= 1;
    expect(await fileVerifies({ ...envelope, data: data.toString('base64') })).toBe(false);
    const fileSig = Buffer.from(envelope.sig, 'base64');
    fileSig[0]! ^= 1;
    expect(await fileVerifies({ ...envelope, sig: fileSig.toString('base64') })).toBe(false);

    // Encrypted: the signature checks on the ciphertext; the key and fingerprint decrypt it.
    const sealed = await program('checkout', {
      key: license.key,
      fingerprint: 'fingerprint-c',
      encrypt: true,
    });
    const sealedEnvelope = envelopeOf(
      checkoutLicenseResponseSchema.parse(sealed.json()).license_file,
    );
    expect(sealedEnvelope).toMatchObject({ enc: 'aes-256-gcm' });
    expect(Buffer.from(sealedEnvelope.iv!, 'base64')).toHaveLength(12);
    expect(await fileVerifies(sealedEnvelope)).toBe(true);
    const opened = licenseFilePayloadSchema.parse(
      JSON.parse(decrypt(sealedEnvelope, license.key, 'fingerprint-c')),
    );
    expect(opened.device.fingerprint).toBe('fingerprint-c');
    expect(() => decrypt(sealedEnvelope, license.key, 'fingerprint-b')).toThrow();

    // No file for a device without a seat.
    expect(
      (await program('checkout', { key: license.key, fingerprint: 'fingerprint-a' })).json(),
    ).toMatchObject({ code: 'DEVICE_NOT_ACTIVATED' });

    // The program frees its own seat, once.
    const off = await program('deactivate', { key: license.key, fingerprint: 'fingerprint-b' });
    expect(off.json()).toMatchObject({ deactivated: true });
    expect(await signedAnswer(off)).toBe(true);
    expect(
      (await program('deactivate', { key: license.key, fingerprint: 'fingerprint-b' })).json(),
    ).toMatchObject({ deactivated: false });

    // Keys are read as people type them.
    const typed = license.key.toLowerCase().replaceAll('-', '').replaceAll('0', 'o');
    expect(
      (
        await program('validate', {
          key: typed,
          fingerprint: 'fingerprint-c',
          nonce: 'nonce-typed-1234',
        })
      ).json(),
    ).toMatchObject({ code: 'VALID' });

    // The audit trail has every change, with the owner as the actor.
    const actions = (await licenseAudit(license.id)).map((e) => e.action);
    expect(actions).toEqual([
      'license.create',
      'license.device_activate',
      'license.device_activate',
      'license.device_deactivate',
      'license.device_activate',
      'license.device_deactivate',
    ]);

    // The subscription ends: the license is EXPIRED, activations and files are refused.
    const expiresAt = Date.parse(license.expires_at);
    h.clock.advance(expiresAt - h.clock.now().getTime() + 60_000);
    try {
      const expired = await program('validate', {
        key: license.key,
        fingerprint: 'fingerprint-c',
        nonce: 'nonce-expired-12',
      });
      expect(expired.json()).toMatchObject({
        valid: false,
        code: 'EXPIRED',
        license: { status: 'expired' },
      });
      expect(await signedAnswer(expired)).toBe(true);
      expect(
        (await program('activate', device(license.key, 'fingerprint-d'))).json(),
      ).toMatchObject({ code: 'LICENSE_EXPIRED' });
      expect(
        (await program('checkout', { key: license.key, fingerprint: 'fingerprint-c' })).json(),
      ).toMatchObject({ code: 'LICENSE_EXPIRED' });
      const headers = await signIn(h.app, user.payload);
      expect((await myLicense(headers)).status).toBe('expired');
    } finally {
      h.clock.reset();
    }
  });

  it('refuses bad keys, changed keys, other accounts and rotated keys, changing nothing', async () => {
    const one = await buyer();
    const other = await buyer();
    expect((await program('activate', device(one.key, 'one-device'))).statusCode).toBe(200);
    expect((await program('activate', device(other.key, 'other-device'))).statusCode).toBe(200);

    const validate = (key: string, fingerprint = 'one-device') =>
      program('validate', { key, fingerprint, nonce: 'nonce-refused-1' });
    /** `key` with its character at `i` replaced by another of the alphabet. */
    const changed = (key: string, i: number) =>
      `${key.slice(0, i)}${key[i] === 'X' ? 'Y' : 'X'}${key.slice(i + 1)}`;
    for (const key of [
      'FLK-NOPE',
      'nothing like a key',
      changed(one.key, 30),
      changed(one.key, 6),
    ]) {
      const res = await validate(key);
      expect(res.statusCode, key).toBe(401);
      expect(res.json()).toMatchObject({ code: 'LICENSE_KEY_INVALID' });
      expect(await signedAnswer(res)).toBe(true);
    }
    // A key with one character changed names the same license with a wrong MAC, or another id.
    const flipped = one.key.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect((await validate(flipped)).statusCode).toBe(401);
    const otherId = `${other.key.slice(0, 20)}${one.key.slice(20)}`;
    expect((await validate(otherId)).statusCode).toBe(401);
    // Another account's key holds no seat for this device, and another device's fingerprint none.
    expect((await validate(other.key)).json()).toMatchObject({
      valid: false,
      code: 'NOT_ACTIVATED',
    });
    expect((await validate(one.key, 'other-device')).json()).toMatchObject({
      code: 'NOT_ACTIVATED',
    });
    expect(
      (await program('checkout', { key: other.key, fingerprint: 'one-device' })).json(),
    ).toMatchObject({ code: 'DEVICE_NOT_ACTIVATED' });
    // Nothing was written by the refused calls.
    const rows = await h.db
      .select()
      .from(licenseDevices)
      .where(eq(licenseDevices.licenseId, one.license.id));
    expect(rows).toHaveLength(1);

    // Rotation: the old key stops at once, the new one works with the same seats.
    const rotated = await call('POST', '/licenses/me/rotate', one.headers);
    expect(rotated.statusCode).toBe(200);
    const newKey = myLicenseResponseSchema.parse(rotated.json()).license!.key;
    expect(newKey).not.toBe(one.key);
    expect(newKey).toMatch(LICENSE_KEY_PATTERN);
    expect((await validate(one.key)).json()).toMatchObject({ code: 'LICENSE_KEY_INVALID' });
    expect((await validate(newKey)).json()).toMatchObject({ code: 'VALID' });
    expect((await licenseAudit(one.license.id)).map((e) => e.action)).toContain('license.rotate');

    // Without a license there is nothing to rotate.
    const newcomer = await registerUser(h.app, 'norotate');
    expect((await call('POST', '/licenses/me/rotate', newcomer.headers)).json()).toMatchObject({
      code: 'LICENSE_NOT_FOUND',
    });
  });

  it('one license per buyer: a renewal and an upgrade keep it, and raise the seats with the plan', async () => {
    const user = await buyer();
    const { sessionId } = await orderAndCheckout(h.app, user.headers, 'PRO+', 1);
    expect((await sandboxPay(h.app, user.headers, sessionId)).statusCode).toBe(200);
    const license = await myLicense(user.headers);
    expect(license).toMatchObject({
      id: user.license.id,
      key: user.key,
      plan: { name: 'PRO+' },
      max_devices: 5,
    });
    expect(license.entitlements).toContainEqual({ code: 'WHITE_LABEL', limit: null });
    expect(license.entitlements).toContainEqual({ code: 'TWITTER_ACCOUNTS', limit: null });
    const rows = await h.db.select().from(licenses).where(eq(licenses.userId, user.user.id));
    expect(rows).toHaveLength(1);
  });

  it('a refund makes it REFUNDED', async () => {
    const user = await buyer();
    expect((await program('activate', device(user.key, 'refund-device'))).statusCode).toBe(200);
    const refund = await call('PUT', `/admin/orders/${user.orderId}/status`, admin.headers, {
      status: 'REFUNDED',
    });
    expect(refund.statusCode).toBe(200);
    const res = await program('validate', {
      key: user.key,
      fingerprint: 'refund-device',
      nonce: 'nonce-refund-123',
    });
    expect(res.json()).toMatchObject({
      valid: false,
      code: 'REFUNDED',
      license: { status: 'refunded' },
    });
    expect((await program('activate', device(user.key, 'refund-device-2'))).json()).toMatchObject({
      code: 'LICENSE_REFUNDED',
    });
  });
});

describe('seats', () => {
  it('a device that stops checking in loses its seat: at the next activation, or by the job', async () => {
    const user = await buyer('PRO', 12);
    for (const fp of ['stale-dev-a', 'stale-dev-b'])
      expect((await program('activate', device(user.key, fp))).statusCode).toBe(200);
    expect((await program('activate', device(user.key, 'stale-dev-c'))).statusCode).toBe(403);

    h.clock.advance(31 * DAY);
    try {
      // Past LICENSE_DEVICE_TIMEOUT (30 days) they no longer count.
      const headers = await signIn(h.app, user.payload);
      const seen = await myLicense(headers);
      expect(seen).toMatchObject({ active_devices: 0, devices: [] });
      // A heartbeat now is too late: the device must activate again.
      expect(
        (await program('heartbeat', { key: user.key, fingerprint: 'stale-dev-a' })).json(),
      ).toMatchObject({ code: 'NOT_ACTIVATED' });
      // The next activation frees the other stale seat first.
      expect((await program('activate', device(user.key, 'stale-dev-c'))).json()).toMatchObject({
        activated: true,
        license: { active_devices: 1 },
      });
      const rows = await h.db
        .select()
        .from(licenseDevices)
        .where(eq(licenseDevices.licenseId, user.license.id));
      expect(
        rows
          .map((r) => [r.fingerprint, r.deactivationReason])
          .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
      ).toEqual([
        ['stale-dev-a', 'timeout'],
        ['stale-dev-b', 'timeout'],
        ['stale-dev-c', null],
      ]);
      // Audited as the system's (no actor).
      const timeouts = await h.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityId, user.license.id),
            eq(auditLog.action, 'license.device_deactivate'),
          ),
        );
      expect(timeouts.map((e) => e.actorId)).toEqual([null, null]);

      // The job frees the seats of the devices that stopped checking in, once.
      h.clock.advance(31 * DAY);
      expect(await deactivateStaleDevices(h.app.appContext)).toBeGreaterThanOrEqual(1);
      expect(await deactivateStaleDevices(h.app.appContext)).toBe(0);
      const left = await h.db
        .select()
        .from(licenseDevices)
        .where(
          and(eq(licenseDevices.licenseId, user.license.id), isNull(licenseDevices.deactivatedAt)),
        );
      expect(left).toEqual([]);
    } finally {
      h.clock.reset();
    }
  });

  it('20 activations at once of different devices against 5 seats leave exactly 5', async () => {
    const user = await buyer('PRO+');
    expect(user.license.max_devices).toBe(5);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        program('activate', device(user.key, `race-device-${i}`)),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(15);
    for (const refused of answers.filter((r) => r.statusCode === 403))
      expect(refused.json()).toMatchObject({ code: 'DEVICE_LIMIT_REACHED' });
    const active = await h.db
      .select()
      .from(licenseDevices)
      .where(
        and(eq(licenseDevices.licenseId, user.license.id), isNull(licenseDevices.deactivatedAt)),
      );
    expect(active).toHaveLength(5);
    expect((await myLicense(user.headers)).active_devices).toBe(5);
  });

  it('20 activations at once of the same device take one seat', async () => {
    const user = await buyer('PRO+');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => program('activate', device(user.key, 'same-device'))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((r) => r.json<{ activated: boolean }>().activated)).toHaveLength(1);
    const rows = await h.db
      .select()
      .from(licenseDevices)
      .where(eq(licenseDevices.licenseId, user.license.id));
    expect(rows).toHaveLength(1);
  });
});

describe('admins', () => {
  it('suspend, reinstate, deactivate one device and reset them all, audited', async () => {
    const user = await buyer();
    for (const fp of ['admin-dev-a', 'admin-dev-b'])
      expect((await program('activate', device(user.key, fp))).statusCode).toBe(200);
    const url = `/admin/users/${user.user.id}/license`;

    const seen = adminLicenseResponseSchema.parse((await call('GET', url, admin.headers)).json());
    expect(seen.license).toMatchObject({ status: 'active', key_generation: 1, active_devices: 2 });
    expect(seen.license).not.toHaveProperty('key');
    expect((await call('GET', url, user.headers)).statusCode).toBe(403);
    const stranger = await registerUser(h.app, 'nolicense');
    expect(
      (await call('GET', `/admin/users/${stranger.user.id}/license`, admin.headers)).json(),
    ).toEqual({
      license: null,
    });

    const suspended = await call('PUT', `${url}/suspension`, admin.headers, {
      suspended: true,
      reason: 'Chargeback',
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({
      license: { status: 'suspended', suspended: 'license', suspension_reason: 'Chargeback' },
    });
    const validate = () =>
      program('validate', { key: user.key, fingerprint: 'admin-dev-a', nonce: 'nonce-admin-123' });
    expect((await validate()).json()).toMatchObject({ valid: false, code: 'SUSPENDED' });
    expect((await program('activate', device(user.key, 'admin-dev-c'))).json()).toMatchObject({
      code: 'LICENSE_SUSPENDED',
    });
    expect((await myLicense(user.headers)).status).toBe('suspended');

    const reinstated = await call('PUT', `${url}/suspension`, admin.headers, { suspended: false });
    expect(reinstated.json()).toMatchObject({
      license: { status: 'active', suspended: null, suspended_at: null },
    });
    expect((await validate()).json()).toMatchObject({ valid: true, code: 'VALID' });

    // A suspended account suspends the license too.
    await call('PUT', `/admin/users/${user.user.id}/status`, admin.headers, {
      status: 'SUSPENDED',
    });
    expect((await validate()).json()).toMatchObject({
      code: 'SUSPENDED',
      license: { status: 'suspended' },
    });
    await call('PUT', `/admin/users/${user.user.id}/status`, admin.headers, { status: 'ACTIVE' });
    expect((await validate()).json()).toMatchObject({ code: 'VALID' });

    const b = seen.license!.devices.find((d) => d.fingerprint === 'admin-dev-b')!;
    const one = await call('DELETE', `${url}/devices/${b.id}`, admin.headers);
    expect(adminLicenseResponseSchema.parse(one.json()).license!.active_devices).toBe(1);

    const reset = await call('POST', `${url}/reset-devices`, admin.headers);
    expect(reset.statusCode).toBe(200);
    const after = adminLicenseResponseSchema.parse(reset.json()).license!;
    expect(after.active_devices).toBe(0);
    expect(after.devices.map((d) => d.deactivation_reason).sort()).toEqual(['admin', 'admin']);
    const headers = await signIn(h.app, user.payload);
    expect((await myLicense(headers)).devices).toEqual([]);
    expect((await validate()).json()).toMatchObject({ code: 'NOT_ACTIVATED' });

    const entries = await licenseAudit(user.license.id);
    expect(entries.map((e) => e.action)).toEqual([
      'license.create',
      'license.device_activate',
      'license.device_activate',
      'license.suspend',
      'license.reinstate',
      'license.device_deactivate',
      'license.devices_reset',
    ]);
    const name = user.user.username;
    const byAdmin = entries.filter((e) => e.actor?.id === admin.user.id).map((e) => e.summary);
    expect(byAdmin).toEqual([
      `${admin.user.username} suspended the license of ${name}`,
      `${admin.user.username} reinstated the license of ${name}`,
      `${admin.user.username} deactivated device PC admin-dev-b on the license of ${name}`,
      `${admin.user.username} deactivated every device of ${name}`,
    ]);
    expect(
      (
        await call('POST', `/admin/users/${stranger.user.id}/license/reset-devices`, admin.headers)
      ).json(),
    ).toMatchObject({ code: 'LICENSE_NOT_FOUND' });
  });

  it('plans carry entitlements and a seat limit, editable through the admin plan API', async () => {
    const list = adminPlansResponseSchema.parse(
      (await call('GET', '/admin/plans', admin.headers)).json(),
    );
    const pro = list.plans.find((p) => p.name === 'PRO')!;
    expect(pro).toMatchObject({ max_devices: 2 });
    expect(pro.entitlements).toContainEqual({ code: 'DAILY_ACTIONS', limit: 500 });
    expect(list.plans.find((p) => p.name === 'PRO+')).toMatchObject({ max_devices: 5 });

    const created = await call('POST', '/admin/plans', admin.headers, {
      name: `Team ${Date.now()}`,
      description: 'For teams',
      monthly_price: 99,
      yearly_price: 990,
      features: ['Everything'],
      entitlements: [{ code: 'TWITTER_ACCOUNTS', limit: 50 }, { code: 'WHITE_LABEL' }],
      max_devices: 10,
    });
    expect(created.statusCode).toBe(201);
    const plan = created.json<{ plan: { id: string } }>().plan;
    expect(created.json()).toMatchObject({
      plan: {
        max_devices: 10,
        entitlements: [
          { code: 'TWITTER_ACCOUNTS', limit: 50 },
          { code: 'WHITE_LABEL', limit: null },
        ],
      },
    });
    const updated = await call('PUT', `/admin/plans/${plan.id}`, admin.headers, {
      max_devices: 3,
      entitlements: [{ code: 'DAILY_ACTIONS', limit: 1000 }],
    });
    expect(updated.json()).toMatchObject({
      plan: { max_devices: 3, entitlements: [{ code: 'DAILY_ACTIONS', limit: 1000 }] },
    });
    for (const bad of [
      { entitlements: [{ code: 'A' }, { code: 'A' }] },
      { entitlements: [{ code: 'lower case' }] },
      { max_devices: 0 },
    ]) {
      const res = await call('PUT', `/admin/plans/${plan.id}`, admin.headers, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('the signing keys', () => {
  it('are published at the well-known address and in the API, with their kid', async () => {
    const api = await call('GET', '/licenses/keys');
    expect(api.json()).toEqual(keys);
    const [current] = keys.keys;
    expect(current).toMatchObject({ algorithm: 'ed25519', status: 'current' });
    const raw = Buffer.from(current!.public_key, 'base64');
    expect(raw).toHaveLength(32);
    expect(current!.kid).toBe(createHash('sha256').update(raw).digest('hex').slice(0, 16));
    expect(current!.public_key_pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(h.config.licenses.signingKeys.current.kid).toBe(current!.kid);
    // The private key is never in the configuration's text form.
    expect(JSON.stringify(h.config)).not.toMatch(/PRIVATE KEY/);
  });
});

describe('rate limits', () => {
  it('past RATE_LIMIT_LICENSE_PER_KEY calls with one key: 429 with Retry-After, signed', async () => {
    const limited = await createHarness({ rateLimits: { ...LIMITS, licensePerKey: 3 } });
    try {
      const user = await subscribedUser(limited.app);
      const res = await limited.app.inject({
        method: 'GET',
        url: '/api/v1/licenses/me',
        headers: user.headers,
      });
      const { key } = myLicenseResponseSchema.parse(res.json()).license!;
      const validate = (k: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/licenses/validate',
          payload: { key: k, fingerprint: 'limited-device', nonce: 'nonce-limited-12' },
        });
      // The same key however it is written counts as one.
      for (const written of [key, key.toLowerCase(), key.replaceAll('-', '')])
        expect((await validate(written)).statusCode).toBe(200);
      const refused = await validate(key);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['flockr-signature']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
