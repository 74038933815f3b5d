/**
 * Password hashing with Node's scrypt (RFC 7914), at OWASP's Password Storage Cheat Sheet
 * parameters by default: N=2^17, r=8, p=1, 16-byte random salt, 32-byte key. The async form runs
 * on libuv's thread pool, so it never blocks the event loop. Stored format:
 * `scrypt$<N>$<r>$<p>$<salt base64>$<key base64>`, so parameters can change without breaking
 * existing hashes.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
) => Promise<Buffer>;

const KEY_LENGTH = 32;
const R = 8;
const P = 1;

/** Memory scrypt needs for cost `n` (128 · N · r bytes), plus headroom. */
const maxmem = (n: number, r: number) => 128 * n * r + 16 * 1024 * 1024;

/** Hashes `password` with scrypt at cost `n` (a power of two). Returns the stored string. */
export async function hashPassword(password: string, n: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, {
    N: n,
    r: R,
    p: P,
    maxmem: maxmem(n, R),
  });
  return ['scrypt', n, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Checks `password` against a stored hash in constant time. Returns false for a malformed hash
 * instead of throwing.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, nText, rText, pText, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !nText || !rText || !pText || !saltText || !keyText) return false;
  const n = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  const expected = Buffer.from(keyText, 'base64');
  const actual = await scrypt(
    password.normalize('NFKC'),
    Buffer.from(saltText, 'base64'),
    expected.length,
    {
      N: n,
      r,
      p,
      maxmem: maxmem(n, r),
    },
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password, checked when a login names an unknown email so that the answer
 * takes as long as for a known one (no timing oracle for which emails exist).
 */
export async function dummyHash(n: number): Promise<string> {
  return hashPassword(randomBytes(16).toString('hex'), n);
}
