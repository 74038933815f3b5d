/**
 * The one scheme behind license keys (modules/licenses/license-key.ts, docs/licenses.md "The
 * key") and feed tokens (modules/updates/feed-token.ts, docs/updates.md "Feed tokens"): a token
 * names an id (a UUID) and proves it with the first bytes of HMAC-SHA-256(key,
 * "{id}:{generation}"). The key is derived from the app's secret (`JWT_SECRET`) with HKDF-SHA-256
 * (RFC 5869, salt "flockr") and an `info` of each kind's own, so the kinds are unrelated.
 *
 * Tokens are versioned by their generation: nothing is stored but the generation, so a page can
 * show the token again, a rotation (generation + 1) stops the old one at once, and a database
 * leak yields no token. Each kind only chooses how the id and MAC are written (its prefix and
 * alphabet).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** A kind of keyed token: its key derivation and MAC. */
export interface KeyedTokenScheme {
  /** Bytes of the MAC a token carries. */
  readonly macBytes: number;
  /** The HMAC key for `appSecret` (32 bytes), derived once per secret (HKDF is not free). */
  key(appSecret: string): Buffer;
  /** The MAC of `id` at `generation` under `key`: the first `macBytes` bytes. Pure. */
  mac(key: Buffer, id: string, generation: number): Buffer;
  /** True when `given` is the MAC of `id` at `generation` (constant-time compare). */
  matches(key: Buffer, id: string, generation: number, given: Buffer): boolean;
}

/** The scheme of one kind of token: HKDF `info` and how many MAC bytes its tokens carry. */
export function keyedTokenScheme(info: string, macBytes: number): KeyedTokenScheme {
  const keys = new Map<string, Buffer>();
  const mac = (key: Buffer, id: string, generation: number) =>
    createHmac('sha256', key).update(`${id}:${generation}`).digest().subarray(0, macBytes);
  return {
    macBytes,
    key(appSecret) {
      let key = keys.get(appSecret);
      if (!key) {
        key = Buffer.from(hkdfSync('sha256', appSecret, 'flockr', info, 32));
        keys.set(appSecret, key);
      }
      return key;
    },
    mac,
    matches(key, id, generation, given) {
      const expected = mac(key, id, generation);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The 16 bytes of UUID `id`. Pure. */
export function uuidBytes(id: string): Buffer {
  return Buffer.from(id.replaceAll('-', ''), 'hex');
}

/** The UUID (lower-case, hyphenated) of 16 bytes. Pure. */
export function uuidOfBytes(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
