/**
 * The license API (docs/licenses.md) driven by the reference desktop client
 * (examples/desktop-client/client.mjs), which verifies every answer with @noble/ed25519 and the
 * public keys it pinned once, against the app listening on a free port of 127.0.0.1: a
 * subscriber activates, validates (signature and nonce checked by the client), checks out an
 * offline file that verifies with no network, meets the seat limit, frees a seat from their
 * profile, and sees the license expire online and the file expire offline. Then what the client
 * refuses: a changed byte in an answer or a file, a replayed answer, an answer or file for
 * another account's key or another device. The CLI (cli.mjs) runs once as a child process.
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deviceLimitMessage, type MyLicenseResponse } from '@flockr/contract';
import * as client from '../../../../../examples/desktop-client/client.mjs';
import { createHarness, subscribedUser, type Harness } from '../../test/harness.js';

const exampleDir = fileURLToPath(
  new URL('../../../../../examples/desktop-client/', import.meta.url),
);
const cli = path.join(exampleDir, 'cli.mjs');
const run = promisify(execFile);

const DAY = 86_400_000;

/** Machine-like fingerprints: hex SHA-256 strings, distinct per name. */
const fp = (name: string) => name.padEnd(64, '0').replace(/[^0-9a-f]/g, 'f');

/** `bytes` with the byte at `index` changed (bits flipped, so always different). */
function flip(bytes: Uint8Array, index: number): Uint8Array {
  const out = new Uint8Array(bytes);
  out[index] = out[index]! ^ 0x01;
  return out;
}

/** A recorded HTTP answer: status, headers and the exact body bytes. */
interface Recorded {
  status: number;
  headers: Headers;
  body: Uint8Array;
  request: { url: string; body: Record<string, unknown> };
}

/** The answer `recorded` again, as a new Response with `body` (default: the same bytes). */
const replay = (recorded: Recorded, body: Uint8Array = recorded.body, headers = recorded.headers) =>
  new Response(body.slice(), { status: recorded.status, headers });

/**
 * A fetch that goes to the server, lets `rewrite` change the request body first (a
 * man-in-the-middle sending a valid request of its own), records each answer in `log` and
 * lets `answer` replace it.
 */
function interceptingFetch(
  log: Recorded[],
  opts: {
    rewrite?: (body: Record<string, unknown>) => Record<string, unknown>;
    answer?: (recorded: Recorded) => Response;
  } = {},
): typeof fetch {
  return async (input, init) => {
    const url = String(input);
    let body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    if (opts.rewrite) body = opts.rewrite(body);
    const response = await fetch(url, { ...init, body: JSON.stringify(body) });
    const recorded: Recorded = {
      status: response.status,
      headers: response.headers,
      body: new Uint8Array(await response.arrayBuffer()),
      request: { url, body },
    };
    log.push(recorded);
    return opts.answer ? opts.answer(recorded) : replay(recorded);
  };
}

/** The JSON envelope inside an armored license file. */
function envelopeOf(file: string): Record<string, unknown> {
  const lines = file.trim().split('\n');
  return JSON.parse(Buffer.from(lines.slice(1, -1).join(''), 'base64').toString('utf8'));
}

/** The armored file with its envelope changed by `change`, re-armored as the server does. */
function withEnvelope(file: string, change: (envelope: Record<string, unknown>) => void): string {
  const lines = file.trim().split('\n');
  const envelope = envelopeOf(file);
  change(envelope);
  const body = Buffer.from(JSON.stringify(envelope), 'utf8').toString('base64');
  return `${lines[0]}\n${body.match(/.{1,64}/g)!.join('\n')}\n${lines.at(-1)}\n`;
}

/** Base64 text with one byte of what it encodes changed. */
const flipBase64 = (text: string, index: number) =>
  Buffer.from(flip(Buffer.from(text, 'base64'), index)).toString('base64');

/** A promise's rejection, for checking its class and fields. */
async function refusal(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a refusal, got an answer');
}

describe('the reference desktop client against the license API', () => {
  let h: Harness;
  let url: string;
  let tmp: string;
  let owner: Awaited<ReturnType<typeof subscribedUser>>;
  let key: string;
  let maxDevices: number;
  let publicKeys: client.PublicKey[];
  /** What every call of the client takes: the pinned keys and the server's (test) clock. */
  let pinned: client.CallOptions;
  const A = fp('a1');
  const B = fp('b2');
  const C = fp('c3');
  const device = (fingerprint: string, name: string) => ({
    fingerprint,
    name,
    platform: 'windows' as const,
    hostname: `${name.toLowerCase()}.local`,
    app_version: '1.2.0',
  });
  let encryptedFile: string;
  let plainFile: string;

  /** The owner's license as /profile shows it. */
  async function myLicense(headers = owner.headers) {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/licenses/me', headers });
    expect(res.statusCode).toBe(200);
    return res.json<MyLicenseResponse>().license!;
  }

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'flockr-reference-client-'));
    // The per-key limit of the program's API (60 in 15 minutes) is lifted: this file makes
    // more calls with one key than a program would. The limits have tests of their own.
    h = await createHarness({
      rateLimits: {
        loginPerIp: 10_000,
        loginPerAccount: 10_000,
        sensitivePerIp: 10_000,
        licensePerIp: 10_000,
        licensePerKey: 10_000,
        windowMs: 15 * 60_000,
      },
    });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    h.config.publicUrl = url;
    owner = await subscribedUser(h.app);
    const license = await myLicense();
    key = license.key;
    maxDevices = license.max_devices;
    publicKeys = await client.fetchPublicKeys(url);
    pinned = { publicKeys, now: h.clock.now };
  });

  afterAll(async () => {
    await h?.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it('pins the public keys of /.well-known/flockr-license-keys.json (those of /api/v1/licenses/keys)', async () => {
    const res = await fetch(`${url}/api/v1/licenses/keys`);
    const doc = (await res.json()) as { keys: { kid: string; status: string }[] };
    expect(publicKeys.map((k) => k.kid)).toEqual(doc.keys.map((k) => k.kid));
    expect(publicKeys[0]!.publicKey).toHaveLength(32);
    // A document whose kid is not the key's own digest is refused.
    const wrong = {
      keys: [{ ...client.publicKeysDocument(publicKeys).keys[0], kid: '0'.repeat(16) }],
    };
    expect(await refusal(client.publicKeysFromDocument(wrong))).toMatchObject({
      reason: 'MALFORMED',
    });
  });

  it('activates this device with the key as the user typed it (once: a second call keeps the seat)', async () => {
    expect(client.licenseIdOfKey(key)).toBe((await myLicense()).id);
    const typed = key.toLowerCase().replaceAll('-', '').replaceAll('0', 'o');
    const first = await client.activate(url, typed, device(A, 'Desk'), pinned);
    expect(first).toMatchObject({
      activated: true,
      license: { id: client.licenseIdOfKey(key), status: 'active', max_devices: maxDevices },
      device: { fingerprint: A, name: 'Desk', platform: 'windows' },
    });
    expect(first.license.active_devices).toBe(1);
    const again = await client.activate(url, key, device(A, 'Desk'), pinned);
    expect(again).toMatchObject({ activated: false, device: { id: first.device.id } });
    expect((await myLicense()).devices.map((d) => d.fingerprint)).toEqual([A]);
  });

  it('validates: a fresh nonce each time, echoed in an answer signed by a pinned key', async () => {
    const log: Recorded[] = [];
    const options = { ...pinned, fetch: interceptingFetch(log) };
    const answer = await client.validate(url, key, A, { ...options, version: '1.2.0' });
    expect(answer).toMatchObject({ valid: true, code: 'VALID', device: { fingerprint: A } });
    await client.validate(url, key, A, options);
    const [first, second] = log;
    expect(first!.request.body.nonce).toBe(answer.nonce);
    expect(second!.request.body.nonce).not.toBe(first!.request.body.nonce);
    // The signature the client checked: Ed25519 over these exact bytes, by the pinned key.
    const header = first!.headers.get(client.SIGNATURE_HEADER)!;
    expect(header).toMatch(/^keyid="[0-9a-f]{16}", algorithm="ed25519", signature="[^"]+"$/);
    await expect(client.verifyAnswerSignature(first!.body, header, publicKeys)).resolves.toBe(
      undefined,
    );
    // An authentic "no" is an answer, not an error.
    expect(
      await client.validate(url, key, A, { ...pinned, entitlement: 'WHITE_LABEL' }),
    ).toMatchObject({ valid: false, code: 'ENTITLEMENT_MISSING' });
    expect(
      await client.validate(url, key, A, { ...pinned, entitlement: 'TWITTER_ACCOUNTS' }),
    ).toMatchObject({ valid: true, code: 'VALID' });
    expect(await client.heartbeat(url, key, A, { ...pinned, appVersion: '1.2.1' })).toMatchObject({
      valid: true,
      code: 'VALID',
    });
  });

  it('checks out offline files (plain and encrypted) that verify with no network', async () => {
    const plainPath = path.join(tmp, 'plain.flockr');
    const encryptedPath = path.join(tmp, 'encrypted.flockr');
    const plain = await client.checkout(url, key, A, { ...pinned, path: plainPath });
    const encrypted = await client.checkout(url, key, A, {
      ...pinned,
      encrypt: true,
      path: encryptedPath,
    });
    plainFile = await readFile(plainPath, 'utf8');
    encryptedFile = await readFile(encryptedPath, 'utf8');
    expect(plainFile).toBe(plain.licenseFile);
    expect(encryptedFile).toMatch(
      /^-----BEGIN FLOCKR LICENSE FILE-----\n([A-Za-z0-9+/=]{64}\n)*[A-Za-z0-9+/=]{1,64}\n-----END FLOCKR LICENSE FILE-----\n$/,
    );
    expect(encrypted.encrypted).toBe(true);
    // The encrypted file's data is not readable as such; the plain one's is the payload.
    const dataOf = (file: string) => Buffer.from(String(envelopeOf(file).data), 'base64');
    expect(envelopeOf(encryptedFile)).toMatchObject({ v: 1, alg: 'ed25519', enc: 'aes-256-gcm' });
    expect(() => JSON.parse(dataOf(encryptedFile).toString('utf8'))).toThrow();
    expect(JSON.parse(dataOf(plainFile).toString('utf8'))).toMatchObject({
      device: { fingerprint: A },
    });

    // No network: any request would throw.
    const noNetwork = vi.fn(() => {
      throw new Error('no network offline');
    });
    vi.stubGlobal('fetch', noNetwork);
    try {
      const now = h.clock.now();
      for (const file of [plainFile, encryptedFile]) {
        const verified = await client.verifyOffline(file, { publicKeys, key, fingerprint: A, now });
        expect(verified.payload).toMatchObject({
          license: { id: client.licenseIdOfKey(key), status: 'active', plan: { name: 'PRO' } },
          device: { fingerprint: A, name: 'Desk' },
        });
        expect(Date.parse(verified.payload.expires_at)).toBeGreaterThan(now.getTime());
      }
      // The plain file checks without the key too (signature, device, time).
      await expect(
        client.verifyOffline(plainFile, { publicKeys, fingerprint: A, now }),
      ).resolves.toMatchObject({ encrypted: false });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(noNetwork).not.toHaveBeenCalled();
  });

  it('the CLI activates, validates, checks out, verifies offline and deactivates', async () => {
    const state = path.join(tmp, 'cli-state');
    const fingerprint = fp('cl1');
    const cliRun = async (...args: string[]) => {
      const all = [cli, ...args, '--fingerprint', fingerprint, '--state', state];
      const { stdout } = await run(process.execPath, all, { cwd: exampleDir });
      return stdout;
    };
    const online = ['--server', url, '--key', key];
    expect(await cliRun('activate', ...online, '--name', 'CLI box')).toMatch(
      /Pinned 1 public key\(s\).*\nActivated this device "CLI box"/s,
    );
    expect(await cliRun('validate', ...online)).toMatch(/^Validated: VALID/);
    expect(await cliRun('checkout', ...online, '--encrypt')).toMatch(
      /Saved the encrypted license file in .*license\.flockr \(verified\)/,
    );
    // verify needs no server: none is given.
    expect(await cliRun('verify', '--key', key)).toMatch(
      /^Verified .* offline \(signed by [0-9a-f]{16}, decrypted\)/,
    );
    const expired = await refusal(
      cliRun('verify', '--key', key, '--now', new Date(Date.now() + 400 * DAY).toISOString()),
    );
    expect(expired).toMatchObject({ code: 1 });
    expect(String(expired.stderr)).toMatch(/^Refused \(FILE_EXPIRED\)/);
    expect(await cliRun('deactivate', ...online)).toMatch(/Deactivated this device/);
    expect((await myLicense()).devices.map((d) => d.fingerprint)).toEqual([A]);
  });

  it('refuses a device past the seat limit, naming it; the owner frees a seat and it activates', async () => {
    const fillers = Array.from({ length: maxDevices - 1 }, (_, i) => fp(`b${i}`));
    for (const fingerprint of fillers)
      await client.activate(url, key, device(fingerprint, 'Laptop'), pinned);
    const refused = await refusal(client.activate(url, key, device(C, 'Tower'), pinned));
    expect(refused).toBeInstanceOf(client.LicenseServerError);
    expect(refused).toMatchObject({
      status: 403,
      code: 'DEVICE_LIMIT_REACHED',
      message: deviceLimitMessage(maxDevices),
    });
    expect(refused.message).toContain(`${maxDevices} devices`);

    const freed = (await myLicense()).devices.find((d) => d.fingerprint === fillers[0])!;
    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/licenses/me/devices/${freed.id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    // The freed device is told so, in a signed answer.
    expect(await client.validate(url, key, fillers[0]!, pinned)).toMatchObject({
      valid: false,
      code: 'NOT_ACTIVATED',
      device: null,
    });
    const activated = await client.activate(url, key, device(C, 'Tower'), pinned);
    expect(activated).toMatchObject({ activated: true, device: { fingerprint: C } });
    expect(activated.license.active_devices).toBe(maxDevices);
  });

  describe('what the client refuses', () => {
    /** One validation of device A through a fetch that changes the answer with `answer`. */
    const validateThrough = (answer: (recorded: Recorded) => Response) =>
      refusal(
        client.validate(url, key, A, { ...pinned, fetch: interceptingFetch([], { answer }) }),
      );

    it('a validation answer with one byte of its body changed', async () => {
      for (const index of [0, 10, 40, -1]) {
        const error = await validateThrough((r) =>
          replay(r, flip(r.body, (index + r.body.length) % r.body.length)),
        );
        expect(error).toBeInstanceOf(client.LicenseRefusedError);
        expect(error).toMatchObject({ reason: 'BAD_SIGNATURE' });
      }
      // "valid":false → "valid":true, the same length: still the signature.
      const forged = await validateThrough((r) => {
        const text = Buffer.from(r.body)
          .toString('utf8')
          .replace('"code":"VALID"', '"code":"VALIE"');
        return replay(r, new Uint8Array(Buffer.from(text)));
      });
      expect(forged).toMatchObject({ reason: 'BAD_SIGNATURE' });
    });

    it('an answer whose signature is changed, missing, by an unknown key id, or by another key', async () => {
      const withHeader = (r: Recorded, value: string | null) => {
        const headers = new Headers(r.headers);
        if (value === null) headers.delete(client.SIGNATURE_HEADER);
        else headers.set(client.SIGNATURE_HEADER, value);
        return replay(r, r.body, headers);
      };
      const parts = (r: Recorded) =>
        /keyid="([^"]+)", algorithm="ed25519", signature="([^"]+)"/.exec(
          r.headers.get(client.SIGNATURE_HEADER)!,
        )!;
      expect(
        await validateThrough((r) => {
          const [, kid, sig] = parts(r);
          return withHeader(
            r,
            `keyid="${kid}", algorithm="ed25519", signature="${flipBase64(sig!, 5)}"`,
          );
        }),
      ).toMatchObject({ reason: 'BAD_SIGNATURE' });
      expect(await validateThrough((r) => withHeader(r, null))).toMatchObject({
        reason: 'UNSIGNED',
      });
      expect(
        await validateThrough((r) =>
          withHeader(
            r,
            r.headers
              .get(client.SIGNATURE_HEADER)!
              .replace(/keyid="[^"]+"/, 'keyid="0123456789abcdef"'),
          ),
        ),
      ).toMatchObject({ reason: 'UNKNOWN_SIGNING_KEY' });
      // An attacker's own Ed25519 key, claiming the seller's key id.
      const attacker = generateKeyPairSync('ed25519');
      expect(
        await validateThrough((r) => {
          const [, kid] = parts(r);
          const signature = sign(null, r.body, attacker.privateKey).toString('base64');
          return withHeader(r, `keyid="${kid}", algorithm="ed25519", signature="${signature}"`);
        }),
      ).toMatchObject({ reason: 'BAD_SIGNATURE' });
    });

    it('a replayed answer: the answer to nonce A presented for nonce B', async () => {
      const log: Recorded[] = [];
      const first = await client.validate(url, key, A, {
        ...pinned,
        fetch: interceptingFetch(log),
      });
      expect(first.valid).toBe(true);
      const recorded = log[0]!;
      // The second request goes out with a new nonce; the old signed answer comes back.
      const error = await validateThrough(() => replay(recorded));
      expect(error).toMatchObject({ reason: 'NONCE_MISMATCH' });
      // An answer older (or later) than the tolerance is refused even with its nonce.
      const later = () => new Date(h.clock.now().getTime() + 10 * 60_000);
      const earlier = () => new Date(h.clock.now().getTime() - 10 * 60_000);
      expect(await refusal(client.validate(url, key, A, { ...pinned, now: later }))).toMatchObject({
        reason: 'ANSWER_TOO_OLD',
      });
      expect(
        await refusal(client.validate(url, key, A, { ...pinned, now: earlier })),
      ).toMatchObject({ reason: 'ANSWER_FROM_FUTURE' });
    });

    it("another account's key or another device: authentic answers about another license or device", async () => {
      const other = await subscribedUser(h.app);
      const otherKey = (await myLicense(other.headers)).key;
      await client.activate(url, otherKey, device(A, 'Desk'), pinned);
      // Someone in the middle sends a valid request of its own instead of this program's.
      const swapKey = interceptingFetch([], { rewrite: (body) => ({ ...body, key: otherKey }) });
      expect(
        await refusal(client.validate(url, key, A, { ...pinned, fetch: swapKey })),
      ).toMatchObject({ reason: 'WRONG_LICENSE' });
      const swapDevice = interceptingFetch([], {
        rewrite: (body) => ({ ...body, fingerprint: C }),
      });
      expect(
        await refusal(client.validate(url, key, A, { ...pinned, fetch: swapDevice })),
      ).toMatchObject({ reason: 'WRONG_DEVICE' });
      expect(
        await refusal(
          client.activate(url, key, device(A, 'Desk'), { ...pinned, fetch: swapDevice }),
        ),
      ).toMatchObject({ reason: 'WRONG_DEVICE' });
      // The other account's key on its own is valid on this device (it activated there).
      expect(await client.validate(url, otherKey, A, pinned)).toMatchObject({ valid: true });
    });

    it('a license file with one byte of its data or signature changed, or a key id not pinned', async () => {
      const now = h.clock.now();
      for (const file of [plainFile, encryptedFile]) {
        const verify = (text: string) =>
          refusal(client.verifyOffline(text, { publicKeys, key, fingerprint: A, now }));
        for (const index of [0, 17, 60]) {
          expect(
            await verify(withEnvelope(file, (e) => (e.data = flipBase64(String(e.data), index)))),
          ).toMatchObject({ reason: 'BAD_SIGNATURE' });
          expect(
            await verify(withEnvelope(file, (e) => (e.sig = flipBase64(String(e.sig), index)))),
          ).toMatchObject({ reason: 'BAD_SIGNATURE' });
        }
        expect(await verify(withEnvelope(file, (e) => (e.kid = '0123456789abcdef')))).toMatchObject(
          { reason: 'UNKNOWN_SIGNING_KEY' },
        );
        expect(await verify(file.replace('FLOCKR LICENSE', 'FLOCKR LICENCE'))).toMatchObject({
          reason: 'MALFORMED',
        });
      }
      // The envelope's enc and iv are outside the signature, but lying about them gains nothing:
      // the ciphertext read as a payload is not JSON, a payload read as ciphertext fails its tag.
      const verify = (text: string) =>
        refusal(client.verifyOffline(text, { publicKeys, key, fingerprint: A, now }));
      expect(
        await verify(withEnvelope(encryptedFile, (e) => ((e.enc = null), (e.iv = null)))),
      ).toMatchObject({ reason: 'MALFORMED' });
      expect(
        await verify(
          withEnvelope(plainFile, (e) => {
            e.enc = 'aes-256-gcm';
            e.iv = envelopeOf(encryptedFile).iv;
          }),
        ),
      ).toMatchObject({ reason: 'CANNOT_DECRYPT' });
      expect(
        await verify(withEnvelope(encryptedFile, (e) => (e.iv = flipBase64(String(e.iv), 0)))),
      ).toMatchObject({ reason: 'CANNOT_DECRYPT' });
      // A file that is not signed by a pinned key: signed by an attacker over the same rule.
      const attacker = generateKeyPairSync('ed25519');
      const forged = withEnvelope(plainFile, (e) => {
        const payload = JSON.parse(Buffer.from(String(e.data), 'base64').toString('utf8'));
        payload.expires_at = new Date(now.getTime() + 3650 * DAY).toISOString();
        e.data = Buffer.from(JSON.stringify(payload)).toString('base64');
        e.sig = sign(
          null,
          Buffer.from(`flockr-license-file/v1.${e.data}`),
          attacker.privateKey,
        ).toString('base64');
      });
      expect(
        await refusal(client.verifyOffline(forged, { publicKeys, key, fingerprint: A, now })),
      ).toMatchObject({ reason: 'BAD_SIGNATURE' });
    });

    it("a license file used with another account's key or on another device", async () => {
      const now = h.clock.now();
      const other = await subscribedUser(h.app);
      const otherKey = (await myLicense(other.headers)).key;
      const verify = (file: string, opts: { key: string; fingerprint: string }) =>
        refusal(client.verifyOffline(file, { publicKeys, now, ...opts }));
      // Encrypted: only this key on this device can read it.
      expect(await verify(encryptedFile, { key: otherKey, fingerprint: A })).toMatchObject({
        reason: 'CANNOT_DECRYPT',
      });
      expect(await verify(encryptedFile, { key, fingerprint: B })).toMatchObject({
        reason: 'CANNOT_DECRYPT',
      });
      // Plain: readable, but it names another license and another device.
      expect(await verify(plainFile, { key: otherKey, fingerprint: A })).toMatchObject({
        reason: 'WRONG_LICENSE',
      });
      expect(await verify(plainFile, { key, fingerprint: B })).toMatchObject({
        reason: 'WRONG_DEVICE',
      });
      // A clock set back before the file was issued.
      const issuedAt = Date.parse(
        (await client.verifyOffline(plainFile, { publicKeys, key, fingerprint: A, now })).payload
          .issued_at,
      );
      expect(
        await refusal(
          client.verifyOffline(plainFile, {
            publicKeys,
            key,
            fingerprint: A,
            now: new Date(issuedAt - 60 * 60_000),
          }),
        ),
      ).toMatchObject({ reason: 'FILE_NOT_YET_VALID' });
    });
  });

  it('deactivates from the program: the seat is free, and a second call says it held none', async () => {
    expect(await client.deactivate(url, key, C, pinned)).toMatchObject({ deactivated: true });
    expect(await client.deactivate(url, key, C, pinned)).toMatchObject({ deactivated: false });
    expect((await myLicense()).devices.map((d) => d.fingerprint)).not.toContain(C);
  });

  it('after the subscription ends: validate says EXPIRED, activation and checkout are refused, the file expires offline', async () => {
    const { expires_at } = await myLicense();
    const fileExpiresAt = Date.parse(
      (await client.verifyOffline(encryptedFile, { publicKeys, key, fingerprint: A })).payload
        .expires_at,
    );
    // Offline, the file is good until its own expiry and refused one millisecond after.
    await expect(
      client.verifyOffline(encryptedFile, {
        publicKeys,
        key,
        fingerprint: A,
        now: new Date(fileExpiresAt),
      }),
    ).resolves.toMatchObject({ encrypted: true });
    expect(
      await refusal(
        client.verifyOffline(encryptedFile, {
          publicKeys,
          key,
          fingerprint: A,
          now: new Date(fileExpiresAt + 1),
        }),
      ),
    ).toMatchObject({ reason: 'FILE_EXPIRED' });

    h.clock.advance(Date.parse(expires_at) - h.clock.now().getTime() + DAY);
    const answer = await client.validate(url, key, A, pinned);
    expect(answer).toMatchObject({
      valid: false,
      code: 'EXPIRED',
      license: { status: 'expired', expires_at },
    });
    // Each call made in turn (a rejection made early would go unhandled meanwhile).
    for (const call of [
      () => client.activate(url, key, device(fp('d4'), 'New'), pinned),
      () => client.checkout(url, key, A, pinned),
    ]) {
      expect(await refusal(call())).toMatchObject({ status: 403, code: 'LICENSE_EXPIRED' });
    }
    // The file checked out before is refused now (its own expiry has passed too).
    expect(
      await refusal(
        client.verifyOffline(encryptedFile, {
          publicKeys,
          key,
          fingerprint: A,
          now: h.clock.now(),
        }),
      ),
    ).toMatchObject({ reason: 'FILE_EXPIRED' });
  });
});
