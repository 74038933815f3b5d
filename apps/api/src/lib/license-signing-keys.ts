/**
 * The seller's Ed25519 license signing keys (docs/licenses.md "Signing keys"): read from
 * LICENSE_SIGNING_KEY (a PKCS#8 PEM private key, or the base64 of its 32-byte seed), else from
 * `DATA_DIR/license-signing-key` (PKCS#8 PEM, mode 0600), generated on first start like the JWT
 * secret. LICENSE_SIGNING_KEY_PREVIOUS (the same forms, or an SPKI PEM public key) is the key
 * used before a rotation: it signs nothing, but is published as `previous` so programs keep
 * accepting answers and files it signed until they renew them.
 *
 * Keys are node:crypto `KeyObject`s (RFC 8032 Ed25519): they print and serialise as `{}`, so a
 * configuration object that reaches a log line never carries key material.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** One signing key: its id, public parts and, for the current key, the private key. */
export interface LicenseSigningKey {
  /** First 16 hex characters of SHA-256 of the raw 32-byte public key. */
  kid: string;
  publicKey: KeyObject;
  /** The raw 32-byte public key (RFC 8032 §5.1.5 encoding). */
  rawPublicKey: Buffer;
  /** The public key as a PEM SubjectPublicKeyInfo. */
  publicKeyPem: string;
}

/** The key that signs now, and the one before the last rotation (published only). */
export interface LicenseSigningKeys {
  current: LicenseSigningKey & { privateKey: KeyObject };
  previous: LicenseSigningKey | undefined;
}

/** The file under DATA_DIR that keeps a generated key. */
export const LICENSE_SIGNING_KEY_FILE = 'license-signing-key';

/** DER prefix of a PKCS#8 Ed25519 private key before its 32-byte seed (RFC 8410 §7). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The public parts and id of `publicKey`. */
function describe(publicKey: KeyObject): LicenseSigningKey {
  // An Ed25519 SPKI is a fixed 12-byte header followed by the raw 32-byte key (RFC 8410 §4).
  const rawPublicKey = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return {
    kid: createHash('sha256').update(rawPublicKey).digest('hex').slice(0, 16),
    publicKey,
    rawPublicKey: Buffer.from(rawPublicKey),
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
}

/**
 * The Ed25519 private key in `value`: a PKCS#8 PEM, or the base64 of the 32-byte seed.
 * @throws Error (without the value) when it is neither, or not an Ed25519 key.
 */
export function parsePrivateSigningKey(
  value: string,
): LicenseSigningKey & { privateKey: KeyObject } {
  const text = value.trim();
  let privateKey: KeyObject;
  try {
    if (text.includes('-----BEGIN')) {
      privateKey = createPrivateKey(text);
    } else {
      const seed = Buffer.from(text, 'base64');
      if (seed.length !== 32) throw new Error('not 32 bytes');
      privateKey = createPrivateKey({
        key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
        format: 'der',
        type: 'pkcs8',
      });
    }
  } catch {
    throw new Error('must be an Ed25519 PKCS#8 PEM private key or the base64 of its 32-byte seed');
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('must be an Ed25519 key');
  return { ...describe(createPublicKey(privateKey)), privateKey };
}

/**
 * An Ed25519 key given for its public part: a private key as {@link parsePrivateSigningKey}
 * reads it, or an SPKI PEM public key.
 * @throws Error (without the value) when it is none of these.
 */
export function parsePublicSigningKey(value: string): LicenseSigningKey {
  const text = value.trim();
  if (text.includes('-----BEGIN PUBLIC KEY-----')) {
    let publicKey: KeyObject;
    try {
      publicKey = createPublicKey(text);
    } catch {
      throw new Error('is not a readable PEM public key');
    }
    if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error('must be an Ed25519 key');
    return describe(publicKey);
  }
  const { privateKey: _private, ...publicParts } = parsePrivateSigningKey(text);
  return publicParts;
}

/** A new Ed25519 private key as a PKCS#8 PEM. */
export function generateSigningKeyPem(): string {
  return generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString();
}

/**
 * Reads `dataDir/license-signing-key`, creating it (mode 0600) with a new key the first time.
 * When two processes start at once, the second reads the file the first wrote.
 */
export function persistedSigningKey(dataDir: string): string {
  const file = path.join(dataDir, LICENSE_SIGNING_KEY_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  mkdirSync(dataDir, { recursive: true });
  const pem = generateSigningKeyPem();
  try {
    writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
    return pem;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8');
    throw error;
  }
}

/**
 * The signing keys from the environment's values, else the persisted key under `dataDir`.
 * @throws Error naming the variable that could not be read (never its value).
 */
export function loadLicenseSigningKeys(
  current: string | undefined,
  previous: string | undefined,
  dataDir: string,
): LicenseSigningKeys {
  let currentKey: LicenseSigningKeys['current'];
  try {
    currentKey = parsePrivateSigningKey(current ?? persistedSigningKey(dataDir));
  } catch (error) {
    const where = current
      ? 'LICENSE_SIGNING_KEY'
      : `${path.join(dataDir, LICENSE_SIGNING_KEY_FILE)}`;
    throw new Error(`${where} ${(error as Error).message}`, { cause: error });
  }
  let previousKey: LicenseSigningKey | undefined;
  if (previous) {
    try {
      previousKey = parsePublicSigningKey(previous);
    } catch (error) {
      throw new Error(`LICENSE_SIGNING_KEY_PREVIOUS ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  // The same key given twice is published once.
  if (previousKey?.kid === currentKey.kid) previousKey = undefined;
  return { current: currentKey, previous: previousKey };
}
