/**
 * The offline license file (docs/licenses.md "The license file", byte for byte):
 *
 * ```
 * -----BEGIN FLOCKR LICENSE FILE-----\n
 * <base64 of the envelope JSON, in lines of 64 characters, each ending in \n>
 * -----END FLOCKR LICENSE FILE-----\n
 * ```
 *
 * The envelope is `{"v":1,"alg":"ed25519","kid":…,"enc":null|"aes-256-gcm","iv":null|base64,
 * "data":base64,"sig":base64}`; `sig` is Ed25519 over the ASCII bytes of
 * `"flockr-license-file/v1." + data` (the base64 text, so the ciphertext when encrypted: the
 * signature checks with the public key alone). Encrypted, `data` is AES-256-GCM ciphertext
 * followed by its 16-byte tag, under the key HKDF-SHA-256(ikm = license key + fingerprint, salt
 * "flockr-license-file", info "aes-256-gcm", 32 bytes) and a random 12-byte IV. Pure but for the
 * random IV.
 */
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import {
  LICENSE_FILE_BEGIN,
  LICENSE_FILE_END,
  LICENSE_FILE_HKDF,
  LICENSE_FILE_SIGNING_PREFIX,
  type LicenseFileEnvelope,
  type LicenseFilePayload,
} from '@flockr/contract';
import type { LicenseSigningKeys } from '../../lib/license-signing-keys.js';
import { signBytes } from './signing.js';

/**
 * The file's AES-256 key for `licenseKey` (as shown, `FLK-…`) and `fingerprint` (as the program
 * sent it): HKDF-SHA-256 over the UTF-8 bytes of the two, concatenated.
 */
export function licenseFileKey(licenseKey: string, fingerprint: string): Buffer {
  return Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(licenseKey + fingerprint, 'utf8'),
      LICENSE_FILE_HKDF.salt,
      LICENSE_FILE_HKDF.info,
      32,
    ),
  );
}

/** Base64 of `text` in lines of 64 characters, each ending in a line feed (RFC 7468 §2). */
function armorLines(base64: string): string {
  return base64
    .match(/.{1,64}/g)!
    .map((line) => `${line}\n`)
    .join('');
}

/**
 * The license file for `payload`, signed with the current key; encrypted for `encryptFor` (the
 * license key and the device's fingerprint) when given.
 */
export function licenseFileOf(
  keys: LicenseSigningKeys,
  payload: LicenseFilePayload,
  encryptFor?: { licenseKey: string; fingerprint: string },
): string {
  const plain = Buffer.from(JSON.stringify(payload), 'utf8');
  let data: string;
  let iv: string | null = null;
  if (encryptFor) {
    const nonce = randomBytes(12);
    const cipher = createCipheriv(
      'aes-256-gcm',
      licenseFileKey(encryptFor.licenseKey, encryptFor.fingerprint),
      nonce,
    );
    data = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString(
      'base64',
    );
    iv = nonce.toString('base64');
  } else {
    data = plain.toString('base64');
  }
  const sig = signBytes(keys, Buffer.from(LICENSE_FILE_SIGNING_PREFIX + data, 'ascii'));
  const envelope: LicenseFileEnvelope = {
    v: 1,
    alg: 'ed25519',
    kid: keys.current.kid,
    enc: encryptFor ? 'aes-256-gcm' : null,
    iv,
    data,
    sig: sig.toString('base64'),
  };
  const body = Buffer.from(JSON.stringify(envelope), 'utf8').toString('base64');
  return `${LICENSE_FILE_BEGIN}\n${armorLines(body)}${LICENSE_FILE_END}\n`;
}
