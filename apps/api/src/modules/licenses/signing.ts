/**
 * Signatures of the program's license answers and files (docs/licenses.md "Signed answers"):
 * Ed25519 (RFC 8032) with the seller's current key, verifiable with the public keys published at
 * `/.well-known/flockr-license-keys.json` alone. Pure functions of the keys.
 */
import { sign } from 'node:crypto';
import type { LicenseKeysResponse } from '@flockr/contract';
import type { LicenseSigningKeys } from '../../lib/license-signing-keys.js';

/**
 * The `Flockr-Signature` value for an answer whose body is exactly `body`:
 * `keyid="<kid>", algorithm="ed25519", signature="<base64 of the 64-byte signature>"`.
 */
export function signatureHeader(keys: LicenseSigningKeys, body: string | Buffer): string {
  const signature = sign(null, Buffer.from(body), keys.current.privateKey).toString('base64');
  return `keyid="${keys.current.kid}", algorithm="ed25519", signature="${signature}"`;
}

/** The Ed25519 signature of `message` with the current key (64 bytes). */
export function signBytes(keys: LicenseSigningKeys, message: Buffer): Buffer {
  return sign(null, message, keys.current.privateKey);
}

/** `GET /licenses/keys`: the current key, then the previous one when configured. */
export function licenseKeysDocument(keys: LicenseSigningKeys): LicenseKeysResponse {
  const entry = (
    key: LicenseSigningKeys['current'] | NonNullable<LicenseSigningKeys['previous']>,
    status: 'current' | 'previous',
  ) => ({
    kid: key.kid,
    algorithm: 'ed25519' as const,
    public_key: key.rawPublicKey.toString('base64'),
    public_key_pem: key.publicKeyPem,
    status,
  });
  return {
    keys: [
      entry(keys.current, 'current'),
      ...(keys.previous ? [entry(keys.previous, 'previous')] : []),
    ],
  };
}
