/**
 * License keys (docs/licenses.md "The key"): what the program and its user type or paste.
 *
 * A key is `FLK-` and 8 groups of 5 Crockford base32 characters (https://www.crockford.com/base32.html)
 * encoding 25 bytes: the license id (16 bytes, the UUID's bytes) followed by its 9-byte MAC in
 * the keyed-token scheme (lib/keyed-token.ts, HKDF info "flockr license key", generation
 * `licenses.key_generation`). A key is looked up by the id it embeds, then its MAC compared in
 * constant time.
 */
import { keyedTokenScheme, uuidBytes, uuidOfBytes } from '../../lib/keyed-token.js';

/** Crockford's alphabet: digits and letters without I, L, O and U. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PREFIX = 'FLK';
const ID_BYTES = 16;
/** License keys in the keyed-token scheme: their key derivation and 9-byte MAC. */
export const LICENSE_KEYS = keyedTokenScheme('flockr license key', 9);
/** Characters of a key's body: (16 + 9) bytes × 8 / 5 bits. */
const BODY_CHARS = ((ID_BYTES + LICENSE_KEYS.macBytes) * 8) / 5;
const GROUP = 5;

/** Crockford base32 of `bytes` (a whole number of 5-bit groups: bytes × 8 divisible by 5). */
function encode(bytes: Buffer): string {
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  const chars = (bytes.length * 8) / 5;
  let out = '';
  for (let i = chars - 1; i >= 0; i -= 1) out += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return out;
}

/** The bytes of Crockford base32 `chars` (upper case, canonical letters), or undefined. */
function decode(chars: string, byteCount: number): Buffer | undefined {
  let bits = 0n;
  for (const char of chars) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return undefined;
    bits = (bits << 5n) | BigInt(value);
  }
  const out = Buffer.alloc(byteCount);
  for (let i = byteCount - 1; i >= 0; i -= 1) {
    out[i] = Number(bits & 255n);
    bits >>= 8n;
  }
  return out;
}

/** The key of license `licenseId` at `generation` (`licenses.key_generation`). Pure. */
export function licenseKeyOf(secret: Buffer, licenseId: string, generation: number): string {
  const id = uuidBytes(licenseId);
  const body = encode(Buffer.concat([id, LICENSE_KEYS.mac(secret, licenseId, generation)]));
  const groups = body.match(new RegExp(`.{${GROUP}}`, 'g'))!;
  return [PREFIX, ...groups].join('-');
}

/** A key as read: the license id it names and its MAC (unchecked). */
export interface ParsedLicenseKey {
  licenseId: string;
  mac: Buffer;
}

/**
 * Reads a key as a person may type it: any case, with or without hyphens or spaces, O for 0
 * and I or L for 1 (Crockford's decoding). Undefined when it is not a key's shape; says nothing
 * about its validity. Pure.
 */
export function parseLicenseKey(input: string): ParsedLicenseKey | undefined {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  if (!compact.startsWith(PREFIX)) return undefined;
  const body = compact.slice(PREFIX.length).replace(/O/g, '0').replace(/[IL]/g, '1');
  if (body.length !== BODY_CHARS) return undefined;
  const bytes = decode(body, ID_BYTES + LICENSE_KEYS.macBytes);
  if (!bytes) return undefined;
  return {
    licenseId: uuidOfBytes(bytes.subarray(0, ID_BYTES)),
    mac: bytes.subarray(ID_BYTES),
  };
}

/** True when `parsed` is the key of its license at `generation` (constant-time compare). */
export function licenseKeyMatches(
  secret: Buffer,
  parsed: ParsedLicenseKey,
  generation: number,
): boolean {
  return LICENSE_KEYS.matches(secret, parsed.licenseId, generation, parsed.mac);
}
