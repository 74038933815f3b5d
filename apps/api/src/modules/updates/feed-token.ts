/**
 * Feed tokens (docs/updates.md "Feed tokens"): the secret an updater presents to fetch its user's
 * feeds and files, in the path (`/updates/t/{token}/…`) or as `Authorization: Bearer {token}`.
 *
 * A token is `flf_` + base64url(user id, 16 bytes) + base64url(first 18 bytes of
 * HMAC-SHA-256(key, "{user id}:{generation}")), 50 characters. The key is derived from the app's
 * secret with HKDF-SHA-256 (RFC 5869), info "flockr feed token". Nothing is stored but the
 * generation (`users.feed_token_version`): the user's page can show the token again, a rotation
 * (generation + 1) stops the old one at once, and a database leak yields no token.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const PREFIX = 'flf_';
const MAC_BYTES = 18;
/** Length of a feed token in characters. */
export const FEED_TOKEN_LENGTH = PREFIX.length + 22 + 24;
const TOKEN_PATTERN = /^flf_[A-Za-z0-9_-]{46}$/;

/** The HMAC key of feed tokens, derived once from the app's secret (`JWT_SECRET`). */
export function feedTokenKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'flockr', 'flockr feed token', 32));
}

function mac(key: Buffer, userId: string, generation: number): Buffer {
  return createHmac('sha256', key)
    .update(`${userId}:${generation}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** The feed token of `userId` at `generation` (`users.feed_token_version`). Pure. */
export function feedTokenOf(key: Buffer, userId: string, generation: number): string {
  const id = Buffer.from(userId.replaceAll('-', ''), 'hex');
  return PREFIX + id.toString('base64url') + mac(key, userId, generation).toString('base64url');
}

/** The user id a well-formed token names, or undefined; says nothing about its validity. Pure. */
export function feedTokenUserId(token: string): string | undefined {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const hex = Buffer.from(token.slice(PREFIX.length, PREFIX.length + 22), 'base64url').toString(
    'hex',
  );
  if (hex.length !== 32) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** True when `token` is the current token of `userId` at `generation` (constant-time compare). */
export function feedTokenMatches(
  key: Buffer,
  token: string,
  userId: string,
  generation: number,
): boolean {
  const expected = Buffer.from(feedTokenOf(key, userId, generation));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
