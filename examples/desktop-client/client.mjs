/**
 * A Flockr license client: what a seller's desktop program does to use its license
 * (docs/licenses.md). Copy this file into your program; it needs Node 22 or later and one
 * package, `@noble/ed25519`, an implementation of Ed25519 (RFC 8032) independent of Node's.
 *
 * - `fetchPublicKeys` reads the seller's public keys once; a real program ships them (pins them)
 *   and passes them as `publicKeys` to every call.
 * - `activate`, `validate`, `heartbeat`, `deactivate` and `checkout` call the license API. Every
 *   answer must carry a valid `Flockr-Signature` (Ed25519 over the exact body bytes) by one of
 *   the pinned keys, be recent (`issued_at`), name the license of the key and this device, and,
 *   for `validate` and `heartbeat`, echo the random nonce this call sent. Anything else is
 *   refused with a `LicenseRefusedError`; an error the server signed is a `LicenseServerError`.
 * - `verifyOffline` checks a saved license file with no network at all.
 *
 * Cryptography: Ed25519 from `@noble/ed25519`; SHA-256, HKDF-SHA-256 and AES-256-GCM from the
 * platform's WebCrypto (`globalThis.crypto.subtle`). Nothing here reads the server's code.
 */
import * as ed from '@noble/ed25519';
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';

/** Where the license API lives under the server's address. */
export const LICENSE_API_PATH = '/api/v1/licenses';
/** Where the seller's public keys are published (also at `/api/v1/licenses/keys`). */
export const WELL_KNOWN_KEYS_PATH = '/.well-known/flockr-license-keys.json';
/** The answer header that carries the signature of the body. */
export const SIGNATURE_HEADER = 'Flockr-Signature';
/** How far `issued_at` may be from this computer's clock, by default: five minutes. */
export const DEFAULT_MAX_CLOCK_SKEW_MS = 5 * 60_000;
/** How long a call may take before the client gives up, by default: 15 seconds. */
const DEFAULT_TIMEOUT_MS = 15_000;

// The license file's format (docs/licenses.md "The license file").
const FILE_BEGIN = '-----BEGIN FLOCKR LICENSE FILE-----';
const FILE_END = '-----END FLOCKR LICENSE FILE-----';
const FILE_SIGNING_PREFIX = 'flockr-license-file/v1.';
const FILE_HKDF_SALT = 'flockr-license-file';
const FILE_HKDF_INFO = 'aes-256-gcm';

// License keys: FLK- and 8 groups of 5 Crockford base32 characters (25 bytes: the license id,
// 16 bytes, then 9 bytes of the server's MAC).
const KEY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const KEY_PATTERN = /^FLK(?:-[0-9A-HJKMNP-TV-Z]{5}){8}$/;

const utf8 = new TextEncoder();
const subtle = globalThis.crypto.subtle;

// ---------------------------------------------------------------------------------------------
// Types (JSDoc, so the file runs as plain JavaScript)
// ---------------------------------------------------------------------------------------------

/**
 * One pinned public key: its id (`kid`) and the raw 32-byte Ed25519 key.
 * @typedef {{ kid: string, publicKey: Uint8Array }} PublicKey
 */

/**
 * What every call to the server takes.
 * @typedef {object} CallOptions
 * @property {PublicKey[]} publicKeys The pinned keys; answers signed by any other are refused.
 * @property {() => Date} [now] This computer's clock (default: `new Date()`).
 * @property {number} [maxClockSkewMs] How far `issued_at` may be from `now` (default 5 min).
 * @property {number} [timeoutMs] Give up on a call after this many milliseconds (default 15 s).
 * @property {typeof fetch} [fetch] The HTTP client (default: the global `fetch`).
 */

/**
 * A license as the server describes it to the program.
 * @typedef {object} ProgramLicense
 * @property {string} id
 * @property {'active' | 'expired' | 'refunded' | 'suspended'} status
 * @property {{ id: string, name: string }} plan
 * @property {{ code: string, limit: number | null }[]} entitlements
 * @property {number} max_devices
 * @property {number} active_devices
 * @property {string} expires_at When the paid time ends (ISO 8601).
 */

/**
 * This device as the server describes it.
 * @typedef {object} ProgramDevice
 * @property {string} id
 * @property {string} fingerprint
 * @property {string} name
 * @property {'windows' | 'macos' | 'linux'} platform
 * @property {string} activated_at
 * @property {string} last_seen_at
 */

/**
 * The answer of `validate` and `heartbeat`.
 * @typedef {object} CheckAnswer
 * @property {boolean} valid True only with code VALID.
 * @property {'SUSPENDED' | 'REFUNDED' | 'EXPIRED' | 'NOT_ACTIVATED' | 'VERSION_NOT_ALLOWED' | 'ENTITLEMENT_MISSING' | 'VALID'} code
 * @property {string} message The result in words, to show the user.
 * @property {string | null} nonce
 * @property {string} issued_at
 * @property {ProgramLicense} license
 * @property {ProgramDevice | null} device Null when this device holds no seat.
 */

/**
 * The answer of `activate`.
 * @typedef {{ activated: boolean, issued_at: string, license: ProgramLicense, device: ProgramDevice }} ActivateAnswer
 */

/**
 * The answer of `deactivate`.
 * @typedef {{ deactivated: boolean, issued_at: string }} DeactivateAnswer
 */

/**
 * What a license file says, once verified.
 * @typedef {object} LicenseFilePayload
 * @property {{ id: string, status: string, plan: { id: string, name: string }, entitlements: { code: string, limit: number | null }[], expires_at: string }} license
 * @property {{ fingerprint: string, name: string }} device
 * @property {string} issued_at
 * @property {string} expires_at The file is refused after this instant.
 */

/**
 * A verified license file: its payload, the key that signed it, whether it was encrypted.
 * @typedef {{ payload: LicenseFilePayload, kid: string, encrypted: boolean }} VerifiedLicenseFile
 */

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/**
 * The client refused something: an answer or a file that is not signed by a pinned key, not
 * fresh, not for this license or device, or not well formed; or a key that is not a key.
 * `reason` is one of: KEY_MALFORMED, UNSIGNED, UNKNOWN_SIGNING_KEY, BAD_SIGNATURE, MALFORMED,
 * NONCE_MISMATCH, ANSWER_TOO_OLD, ANSWER_FROM_FUTURE, WRONG_LICENSE, WRONG_DEVICE,
 * CANNOT_DECRYPT, FILE_NOT_YET_VALID, FILE_EXPIRED.
 */
export class LicenseRefusedError extends Error {
  /**
   * @param {string} reason A code from the list above.
   * @param {string} message What happened, in words.
   */
  constructor(reason, message) {
    super(message);
    this.name = 'LicenseRefusedError';
    this.reason = reason;
  }
}

/**
 * The server answered with an error, and signed it: e.g. 401 LICENSE_KEY_INVALID, 403
 * DEVICE_LIMIT_REACHED (its message names the limit), 403 LICENSE_EXPIRED, 429.
 */
export class LicenseServerError extends Error {
  /**
   * @param {number} status The HTTP status.
   * @param {string} code The stable error code (docs/errors.md).
   * @param {string} message The server's text, to show the user.
   */
  constructor(status, code, message) {
    super(message);
    this.name = 'LicenseServerError';
    this.status = status;
    this.code = code;
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

/**
 * Bytes of standard base64 text (RFC 4648 §4); throws MALFORMED on anything else.
 * @param {string} text
 * @returns {Uint8Array}
 */
function fromBase64(text) {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0)
    throw new LicenseRefusedError('MALFORMED', 'Not base64');
  return new Uint8Array(Buffer.from(text, 'base64'));
}

/**
 * Lower-case hex of `bytes`.
 * @param {Uint8Array} bytes
 */
const toHex = (bytes) => Buffer.from(bytes).toString('hex');

/**
 * SHA-256 of `bytes`, as lower-case hex.
 * @param {Uint8Array} bytes
 * @returns {Promise<string>}
 */
async function sha256Hex(bytes) {
  return toHex(new Uint8Array(await subtle.digest('SHA-256', bytes)));
}

/**
 * JSON of UTF-8 `bytes`; throws MALFORMED when they are not.
 * @param {Uint8Array} bytes
 * @returns {any}
 */
function parseJson(bytes) {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new LicenseRefusedError('MALFORMED', 'Not JSON');
  }
}

/**
 * Milliseconds of an ISO 8601 instant; throws MALFORMED when it is not one.
 * @param {unknown} value
 * @param {string} what Named in the message.
 */
function instantOf(value, what) {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) throw new LicenseRefusedError('MALFORMED', `${what} is not a date`);
  return ms;
}

/** 16 random bytes as base64url: a nonce nobody can guess in advance. */
function randomNonce() {
  return Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(16))).toString('base64url');
}

// ---------------------------------------------------------------------------------------------
// License keys
// ---------------------------------------------------------------------------------------------

/**
 * A key as the user typed it, in its one written form `FLK-XXXXX-…` (upper case, hyphens every
 * 5 characters, O read as 0, I and L as 1: Crockford's base32, docs/licenses.md "The key").
 * The server accepts any of these forms, but the license file's encryption key is derived from
 * this written form, so the client always uses it.
 * @param {string} input
 * @returns {string}
 * @throws {LicenseRefusedError} KEY_MALFORMED when it is not a key's shape.
 */
export function normalizeLicenseKey(input) {
  const compact = String(input)
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/^FLK/, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  const key = `FLK-${(compact.match(/.{1,5}/g) ?? []).join('-')}`;
  if (!KEY_PATTERN.test(key))
    throw new LicenseRefusedError('KEY_MALFORMED', 'This is not a Flockr license key');
  return key;
}

/**
 * The license id a key names: its first 16 bytes as a UUID (docs/licenses.md "The key"). A
 * signed answer or license file for another license is refused by comparing with this.
 * @param {string} key Any form `normalizeLicenseKey` accepts.
 * @returns {string} e.g. `0190f2c4-…`.
 * @throws {LicenseRefusedError} KEY_MALFORMED.
 */
export function licenseIdOfKey(key) {
  let bits = 0n;
  for (const char of normalizeLicenseKey(key).slice(4).replaceAll('-', ''))
    bits = (bits << 5n) | BigInt(KEY_ALPHABET.indexOf(char));
  // 40 characters × 5 bits = 200 bits = 25 bytes; the id is the first 16 (the top 128 bits).
  const hex = (bits >> 72n).toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// ---------------------------------------------------------------------------------------------
// Public keys and signatures
// ---------------------------------------------------------------------------------------------

/**
 * The usable keys of a keys document (`{ keys: [{ kid, algorithm, public_key, … }] }`, as
 * published at /.well-known/flockr-license-keys.json): Ed25519 keys of 32 bytes whose `kid` is
 * the first 16 hex characters of the SHA-256 of the raw key (docs/licenses.md "Signing keys").
 * @param {any} document The parsed JSON.
 * @returns {Promise<PublicKey[]>}
 * @throws {LicenseRefusedError} MALFORMED when it holds no such key, or a kid does not match.
 */
export async function publicKeysFromDocument(document) {
  /** @type {PublicKey[]} */
  const keys = [];
  for (const entry of Array.isArray(document?.keys) ? document.keys : []) {
    if (entry?.algorithm !== 'ed25519' || typeof entry.public_key !== 'string') continue;
    const publicKey = fromBase64(entry.public_key);
    const kid = (await sha256Hex(publicKey)).slice(0, 16);
    if (publicKey.length !== 32 || kid !== entry.kid)
      throw new LicenseRefusedError('MALFORMED', `Public key ${entry.kid} does not match its kid`);
    keys.push({ kid, publicKey });
  }
  if (keys.length === 0) throw new LicenseRefusedError('MALFORMED', 'No Ed25519 public key');
  return keys;
}

/**
 * Fetches the seller's public keys from `baseUrl` + /.well-known/flockr-license-keys.json. Do
 * this once (when building the program) and ship the result: keys fetched at every start would
 * trust whoever answers at that address.
 * @param {string} baseUrl The server's address, e.g. `https://shop.example.com`.
 * @param {{ fetch?: typeof fetch }} [options]
 * @returns {Promise<PublicKey[]>}
 * @throws {Error} when the server does not answer 200; LicenseRefusedError MALFORMED.
 */
export async function fetchPublicKeys(baseUrl, options = {}) {
  const response = await (options.fetch ?? fetch)(urlOf(baseUrl, WELL_KNOWN_KEYS_PATH));
  if (!response.ok) throw new Error(`The public keys could not be read (HTTP ${response.status})`);
  return publicKeysFromDocument(await response.json());
}

/**
 * The pinned keys as a keys document (`{ keys: [{ kid, algorithm, public_key }] }`), to save
 * and read back with `publicKeysFromDocument`.
 * @param {PublicKey[]} keys
 */
export function publicKeysDocument(keys) {
  return {
    keys: keys.map((k) => ({
      kid: k.kid,
      algorithm: 'ed25519',
      public_key: Buffer.from(k.publicKey).toString('base64'),
    })),
  };
}

/**
 * Checks an Ed25519 signature (RFC 8032, with @noble/ed25519) by the pinned key `kid`.
 * @param {Uint8Array} message The exact bytes that were signed.
 * @param {string} kid The key id the signer named.
 * @param {Uint8Array} signature 64 bytes.
 * @param {PublicKey[]} publicKeys The pinned keys.
 * @throws {LicenseRefusedError} UNKNOWN_SIGNING_KEY (kid not pinned), BAD_SIGNATURE.
 */
async function verifySignature(message, kid, signature, publicKeys) {
  const key = publicKeys.find((k) => k.kid === kid);
  if (!key)
    throw new LicenseRefusedError('UNKNOWN_SIGNING_KEY', `Signed by an unknown key (${kid})`);
  // verifyAsync throws on a malformed signature or key, and answers false on a wrong one.
  const valid =
    signature.length === 64 &&
    (await ed.verifyAsync(signature, message, key.publicKey).catch(() => false));
  if (!valid) throw new LicenseRefusedError('BAD_SIGNATURE', 'The signature does not verify');
}

/**
 * Checks the `Flockr-Signature` header of an answer against its body: `keyid="…",
 * algorithm="ed25519", signature="<base64>"`, Ed25519 over exactly the bytes received
 * (docs/licenses.md "Signed answers").
 * @param {Uint8Array} body The answer's body, as received (before any parsing).
 * @param {string | null} header The header's value (null when absent).
 * @param {PublicKey[]} publicKeys The pinned keys.
 * @returns {Promise<void>} when the signature is good.
 * @throws {LicenseRefusedError} UNSIGNED, UNKNOWN_SIGNING_KEY, BAD_SIGNATURE.
 */
export async function verifyAnswerSignature(body, header, publicKeys) {
  /** @type {Record<string, string>} */
  const parts = {};
  for (const [, name, value] of (header ?? '').matchAll(/([a-z]+)="([^"]*)"/g))
    if (name && value !== undefined) parts[name] = value;
  if (!parts.keyid || parts.algorithm !== 'ed25519' || !parts.signature)
    throw new LicenseRefusedError(
      'UNSIGNED',
      `The answer has no ${SIGNATURE_HEADER} header with an ed25519 signature`,
    );
  let signature;
  try {
    signature = fromBase64(parts.signature);
  } catch {
    throw new LicenseRefusedError('BAD_SIGNATURE', 'The signature is not base64');
  }
  await verifySignature(body, parts.keyid, signature, publicKeys);
}

/**
 * Refuses an `issued_at` too far from `now`: older than `maxSkewMs` (an answer kept and
 * replayed) or later than `maxSkewMs` ahead (this clock is behind, or the answer was made for
 * later).
 * @param {unknown} issuedAt The answer's `issued_at`.
 * @param {Date} now
 * @param {number} maxSkewMs
 * @throws {LicenseRefusedError} MALFORMED, ANSWER_TOO_OLD, ANSWER_FROM_FUTURE.
 */
function checkIssuedAt(issuedAt, now, maxSkewMs) {
  const at = instantOf(issuedAt, 'issued_at');
  if (at < now.getTime() - maxSkewMs)
    throw new LicenseRefusedError('ANSWER_TOO_OLD', `The answer was issued at ${issuedAt}`);
  if (at > now.getTime() + maxSkewMs)
    throw new LicenseRefusedError(
      'ANSWER_FROM_FUTURE',
      `The answer was issued at ${issuedAt}, later than this computer's clock`,
    );
}

/**
 * Refuses a license or device that is not the one asked about.
 * @param {{ license?: { id?: unknown }, device?: { fingerprint?: unknown } | null }} answer
 * @param {string} key The license key (normalised).
 * @param {string} fingerprint This device's fingerprint.
 * @throws {LicenseRefusedError} WRONG_LICENSE, WRONG_DEVICE.
 */
function checkSubject(answer, key, fingerprint) {
  if (answer.license?.id !== licenseIdOfKey(key))
    throw new LicenseRefusedError('WRONG_LICENSE', 'The answer is about another license');
  if (answer.device && answer.device.fingerprint !== fingerprint)
    throw new LicenseRefusedError('WRONG_DEVICE', 'The answer is about another device');
}

// ---------------------------------------------------------------------------------------------
// Calling the license API
// ---------------------------------------------------------------------------------------------

/**
 * `baseUrl` (with or without a trailing slash, possibly with a path) followed by `path`.
 * @param {string} baseUrl
 * @param {string} path
 */
function urlOf(baseUrl, path) {
  return `${String(baseUrl).replace(/\/+$/, '')}${path}`;
}

/**
 * POSTs `body` as JSON to `/api/v1/licenses/{action}`, checks the answer's signature over its
 * exact bytes, then parses it.
 * @param {string} baseUrl
 * @param {string} action `activate`, `validate`, …
 * @param {object} body
 * @param {CallOptions} options
 * @returns {Promise<any>} the parsed answer of a 200.
 * @throws {LicenseRefusedError} on a bad or missing signature (errors included);
 *   {LicenseServerError} on a signed error answer.
 */
async function post(baseUrl, action, body, options) {
  if (!options?.publicKeys?.length)
    throw new TypeError('publicKeys is required: pin the keys of fetchPublicKeys');
  const response = await (options.fetch ?? fetch)(urlOf(baseUrl, `${LICENSE_API_PATH}/${action}`), {
    method: 'POST',
    signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  await verifyAnswerSignature(bytes, response.headers.get(SIGNATURE_HEADER), options.publicKeys);
  const answer = parseJson(bytes);
  if (!response.ok)
    throw new LicenseServerError(
      response.status,
      String(answer?.code ?? 'UNKNOWN'),
      String(answer?.error ?? `HTTP ${response.status}`),
    );
  return answer;
}

/**
 * The clock and tolerance of `options`.
 * @param {CallOptions} options
 */
function clockOf(options) {
  return {
    now: options.now ? options.now() : new Date(),
    maxSkewMs: options.maxClockSkewMs ?? DEFAULT_MAX_CLOCK_SKEW_MS,
  };
}

/**
 * `POST /api/v1/licenses/activate`: takes a seat on the license for this device. Calling it
 * again from a device that holds a seat is harmless (`activated: false`).
 * @param {string} baseUrl The server's address.
 * @param {string} key The license key (any form the user typed).
 * @param {{ fingerprint: string, name: string, platform: 'windows' | 'macos' | 'linux', hostname?: string, app_version?: string }} device
 * @param {CallOptions} options
 * @returns {Promise<ActivateAnswer>} checked: signed, fresh, this license and this device.
 * @throws {LicenseServerError} e.g. 403 DEVICE_LIMIT_REACHED (every seat is taken: free one
 *   on the account's profile), 401 LICENSE_KEY_INVALID, 403 LICENSE_EXPIRED;
 *   {LicenseRefusedError}.
 */
export async function activate(baseUrl, key, device, options) {
  const licenseKey = normalizeLicenseKey(key);
  const answer = await post(baseUrl, 'activate', { key: licenseKey, ...device }, options);
  const { now, maxSkewMs } = clockOf(options);
  checkIssuedAt(answer.issued_at, now, maxSkewMs);
  checkSubject(answer, licenseKey, device.fingerprint);
  if (!answer.device) throw new LicenseRefusedError('MALFORMED', 'The answer names no device');
  return answer;
}

/**
 * A validate or heartbeat call with a fresh nonce, and the checks of its answer.
 * @param {string} baseUrl
 * @param {'validate' | 'heartbeat'} action
 * @param {string} key
 * @param {string} fingerprint
 * @param {Record<string, string | undefined>} extra Fields of the request.
 * @param {CallOptions} options
 * @returns {Promise<CheckAnswer>}
 */
async function check(baseUrl, action, key, fingerprint, extra, options) {
  const licenseKey = normalizeLicenseKey(key);
  const nonce = randomNonce();
  const answer = await post(
    baseUrl,
    action,
    { key: licenseKey, fingerprint, nonce, ...extra },
    options,
  );
  // The nonce first: an answer recorded earlier and played back is refused whatever its age.
  if (answer.nonce !== nonce)
    throw new LicenseRefusedError('NONCE_MISMATCH', 'The answer is not for this request');
  const { now, maxSkewMs } = clockOf(options);
  checkIssuedAt(answer.issued_at, now, maxSkewMs);
  checkSubject(answer, licenseKey, fingerprint);
  if (typeof answer.valid !== 'boolean' || (answer.valid && answer.code !== 'VALID'))
    throw new LicenseRefusedError('MALFORMED', 'The answer has no result');
  return answer;
}

/**
 * `POST /api/v1/licenses/validate`: is the license valid on this device now? Sends a random
 * nonce and refuses an answer that is not signed by a pinned key, does not echo that nonce,
 * was issued more than `maxClockSkewMs` before or after `now`, or is about another license or
 * device. An authentic "no" is not an error: `valid` is false and `code` says why (EXPIRED,
 * SUSPENDED, REFUNDED, NOT_ACTIVATED, VERSION_NOT_ALLOWED, ENTITLEMENT_MISSING).
 * @param {string} baseUrl The server's address.
 * @param {string} key The license key.
 * @param {string} fingerprint This device's fingerprint.
 * @param {CallOptions & { entitlement?: string, version?: string }} options `entitlement`: a
 *   code the feature in use needs (e.g. WHITE_LABEL); `version`: this program's version.
 * @returns {Promise<CheckAnswer>}
 * @throws {LicenseRefusedError}; {LicenseServerError} e.g. 401 LICENSE_KEY_INVALID, 429.
 */
export async function validate(baseUrl, key, fingerprint, options) {
  const { entitlement, version } = options;
  return check(baseUrl, 'validate', key, fingerprint, { entitlement, version }, options);
}

/**
 * `POST /api/v1/licenses/heartbeat`: tells the server this device is still in use, so it keeps
 * its seat (a device silent for the server's LICENSE_DEVICE_TIMEOUT loses it). Answers and
 * checks as `validate`.
 * @param {string} baseUrl
 * @param {string} key
 * @param {string} fingerprint
 * @param {CallOptions & { appVersion?: string }} options
 * @returns {Promise<CheckAnswer>}
 * @throws {LicenseRefusedError}; {LicenseServerError}.
 */
export async function heartbeat(baseUrl, key, fingerprint, options) {
  const extra = { app_version: options.appVersion };
  return check(baseUrl, 'heartbeat', key, fingerprint, extra, options);
}

/**
 * `POST /api/v1/licenses/deactivate`: frees this device's seat (when the user signs out or
 * moves the program to another computer).
 * @param {string} baseUrl
 * @param {string} key
 * @param {string} fingerprint
 * @param {CallOptions} options
 * @returns {Promise<DeactivateAnswer>} `deactivated: false` when the device held no seat.
 * @throws {LicenseRefusedError}; {LicenseServerError} 401 LICENSE_KEY_INVALID.
 */
export async function deactivate(baseUrl, key, fingerprint, options) {
  const licenseKey = normalizeLicenseKey(key);
  const answer = await post(baseUrl, 'deactivate', { key: licenseKey, fingerprint }, options);
  const { now, maxSkewMs } = clockOf(options);
  checkIssuedAt(answer.issued_at, now, maxSkewMs);
  if (typeof answer.deactivated !== 'boolean')
    throw new LicenseRefusedError('MALFORMED', 'The answer has no result');
  return answer;
}

/**
 * `POST /api/v1/licenses/checkout`: an offline license file for this activated device, so the
 * program runs without network until the file's `expires_at`. The answer is checked like the
 * others and the file with `verifyOffline` before it is kept; with `path`, it is written there
 * (readable by this user only).
 * @param {string} baseUrl
 * @param {string} key
 * @param {string} fingerprint
 * @param {CallOptions & { encrypt?: boolean, path?: string }} options `encrypt`: the file's
 *   content is readable only with this key on this device (AES-256-GCM).
 * @returns {Promise<{ licenseFile: string, path: string | undefined } & VerifiedLicenseFile>}
 * @throws {LicenseRefusedError}; {LicenseServerError} 403 DEVICE_NOT_ACTIVATED, LICENSE_EXPIRED.
 */
export async function checkout(baseUrl, key, fingerprint, options) {
  const licenseKey = normalizeLicenseKey(key);
  const answer = await post(
    baseUrl,
    'checkout',
    { key: licenseKey, fingerprint, encrypt: options.encrypt ?? false },
    options,
  );
  const { now, maxSkewMs } = clockOf(options);
  checkIssuedAt(answer.issued_at, now, maxSkewMs);
  if (typeof answer.license_file !== 'string')
    throw new LicenseRefusedError('MALFORMED', 'The answer has no license file');
  const verified = await verifyOffline(answer.license_file, {
    publicKeys: options.publicKeys,
    key: licenseKey,
    fingerprint,
    now,
    maxClockSkewMs: maxSkewMs,
  });
  if (options.path) await writeFile(options.path, answer.license_file, { mode: 0o600 });
  return { licenseFile: answer.license_file, path: options.path, ...verified };
}

// ---------------------------------------------------------------------------------------------
// The offline license file
// ---------------------------------------------------------------------------------------------

/**
 * The envelope inside a license file's armor:
 * `-----BEGIN FLOCKR LICENSE FILE-----`, base64 lines, `-----END FLOCKR LICENSE FILE-----`.
 * @param {string} fileText
 * @throws {LicenseRefusedError} MALFORMED.
 */
function envelopeOf(fileText) {
  const lines = String(fileText).replace(/\r\n/g, '\n').trim().split('\n');
  if (lines[0] !== FILE_BEGIN || lines.at(-1) !== FILE_END || lines.length < 3)
    throw new LicenseRefusedError('MALFORMED', 'Not a Flockr license file');
  const envelope = parseJson(fromBase64(lines.slice(1, -1).join('')));
  if (
    envelope?.v !== 1 ||
    envelope.alg !== 'ed25519' ||
    typeof envelope.kid !== 'string' ||
    typeof envelope.data !== 'string' ||
    typeof envelope.sig !== 'string' ||
    (envelope.enc !== null && envelope.enc !== 'aes-256-gcm') ||
    (envelope.enc !== null && typeof envelope.iv !== 'string')
  )
    throw new LicenseRefusedError('MALFORMED', 'Not a version 1 Flockr license file');
  return envelope;
}

/**
 * The AES-256-GCM key of an encrypted license file: HKDF-SHA-256 (RFC 5869) over the UTF-8
 * bytes of the license key (written form) followed by the fingerprint, salt
 * "flockr-license-file", info "aes-256-gcm", 32 bytes (docs/licenses.md "The license file").
 * @param {string} licenseKey Normalised.
 * @param {string} fingerprint
 * @returns the AES-GCM key (a WebCrypto CryptoKey, for decrypting only).
 */
async function fileKey(licenseKey, fingerprint) {
  const material = await subtle.importKey(
    'raw',
    utf8.encode(licenseKey + fingerprint),
    'HKDF',
    false,
    ['deriveKey'],
  );
  return subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: utf8.encode(FILE_HKDF_SALT),
      info: utf8.encode(FILE_HKDF_INFO),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['decrypt'],
  );
}

/**
 * Verifies a license file with no network (docs/licenses.md "The license file"), in this
 * order: the armor and envelope; the Ed25519 signature by a pinned key over the ASCII bytes of
 * "flockr-license-file/v1." followed by `data`; decryption when encrypted (AES-256-GCM, key
 * from the license key and fingerprint: another key or device cannot read it); the license (the
 * key's) and the device (this fingerprint); and time: refused when `now` is before `issued_at`
 * by more than `maxClockSkewMs` (this clock was set back) or after `expires_at`.
 * @param {string} fileText The file as saved.
 * @param {{ publicKeys: PublicKey[], key?: string, fingerprint: string, now?: Date, maxClockSkewMs?: number }} options
 *   `key`: needed for an encrypted file, and checked against the file's license when given;
 *   `now`: this computer's clock (default: now).
 * @returns {Promise<VerifiedLicenseFile>}
 * @throws {LicenseRefusedError} MALFORMED, UNKNOWN_SIGNING_KEY, BAD_SIGNATURE, CANNOT_DECRYPT,
 *   WRONG_LICENSE, WRONG_DEVICE, FILE_NOT_YET_VALID, FILE_EXPIRED; KEY_MALFORMED.
 */
export async function verifyOffline(fileText, options) {
  const envelope = envelopeOf(fileText);
  let signature;
  try {
    signature = fromBase64(envelope.sig);
  } catch {
    throw new LicenseRefusedError('BAD_SIGNATURE', 'The signature is not base64');
  }
  // The signature covers `data` as written (the ciphertext when encrypted): check it first.
  await verifySignature(
    utf8.encode(FILE_SIGNING_PREFIX + envelope.data),
    envelope.kid,
    signature,
    options.publicKeys,
  );
  const licenseKey = options.key === undefined ? undefined : normalizeLicenseKey(options.key);
  let plain = fromBase64(envelope.data);
  if (envelope.enc === 'aes-256-gcm') {
    if (!licenseKey)
      throw new LicenseRefusedError(
        'CANNOT_DECRYPT',
        'The license key is needed to read this file',
      );
    try {
      const iv = fromBase64(envelope.iv);
      plain = new Uint8Array(
        await subtle.decrypt(
          { name: 'AES-GCM', iv },
          await fileKey(licenseKey, options.fingerprint),
          plain,
        ),
      );
    } catch {
      throw new LicenseRefusedError(
        'CANNOT_DECRYPT',
        'This license file is not for this license key and device',
      );
    }
  }
  /** @type {LicenseFilePayload} */
  const payload = parseJson(plain);
  if (licenseKey && payload.license?.id !== licenseIdOfKey(licenseKey))
    throw new LicenseRefusedError('WRONG_LICENSE', 'This license file is for another license');
  if (payload.device?.fingerprint !== options.fingerprint)
    throw new LicenseRefusedError('WRONG_DEVICE', 'This license file is for another device');
  const now = (options.now ?? new Date()).getTime();
  const issuedAt = instantOf(payload.issued_at, 'issued_at');
  const expiresAt = instantOf(payload.expires_at, 'expires_at');
  if (now < issuedAt - (options.maxClockSkewMs ?? DEFAULT_MAX_CLOCK_SKEW_MS))
    throw new LicenseRefusedError(
      'FILE_NOT_YET_VALID',
      `This license file was issued at ${payload.issued_at}: this computer's clock is behind`,
    );
  if (now > expiresAt)
    throw new LicenseRefusedError(
      'FILE_EXPIRED',
      `This license file expired at ${payload.expires_at}: connect to the internet to renew it`,
    );
  return { payload, kid: envelope.kid, encrypted: envelope.enc !== null };
}

// ---------------------------------------------------------------------------------------------
// This device
// ---------------------------------------------------------------------------------------------

const run = promisify(execFile);

/**
 * This computer's fingerprint: the hex SHA-256 of the operating system's machine id
 * (/etc/machine-id on Linux, IOPlatformUUID on macOS, MachineGuid in the registry on Windows),
 * stable across restarts and program updates, and not the id itself.
 * @returns {Promise<string>} 64 hex characters.
 * @throws {Error} when the machine id cannot be read.
 */
export async function machineFingerprint() {
  let id = '';
  if (process.platform === 'darwin') {
    const { stdout } = await run('ioreg', ['-rd1', '-c', 'IOPlatformExpertDevice']);
    id = /"IOPlatformUUID" = "([^"]+)"/.exec(stdout)?.[1] ?? '';
  } else if (process.platform === 'win32') {
    const { stdout } = await run('reg', [
      'query',
      'HKLM\\SOFTWARE\\Microsoft\\Cryptography',
      '/v',
      'MachineGuid',
    ]);
    id = /MachineGuid\s+REG_SZ\s+(\S+)/.exec(stdout)?.[1] ?? '';
  } else {
    for (const file of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
      id = await readFile(file, 'utf8').then(
        (text) => text.trim(),
        () => '',
      );
      if (id) break;
    }
  }
  if (!id) throw new Error('The machine id could not be read: pass a fingerprint');
  return sha256Hex(utf8.encode(id));
}

/**
 * The platform name the license API uses for this computer.
 * @returns {'windows' | 'macos' | 'linux'}
 */
export function currentPlatform() {
  if (process.platform === 'win32') return 'windows';
  if (process.platform === 'darwin') return 'macos';
  return 'linux';
}
