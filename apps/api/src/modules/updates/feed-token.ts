/**
 * Feed tokens (docs/updates.md "Feed tokens"): the secret an updater presents to fetch its user's
 * feeds and files, in the path (`/updates/t/{token}/…`) or as `Authorization: Bearer {token}`.
 *
 * A token is `flf_` + base64url(user id, 16 bytes) + base64url(its 18-byte MAC in the
 * keyed-token scheme: lib/keyed-token.ts, HKDF info "flockr feed token", generation
 * `users.feed_token_version`), 50 characters.
 */
import { timingSafeEqual } from 'node:crypto';
import { keyedTokenScheme, uuidBytes, uuidOfBytes } from '../../lib/keyed-token.js';

const PREFIX = 'flf_';
/** Feed tokens in the keyed-token scheme: their key derivation and 18-byte MAC. */
export const FEED_TOKENS = keyedTokenScheme('flockr feed token', 18);
/** Length of a feed token in characters. */
export const FEED_TOKEN_LENGTH = PREFIX.length + 22 + 24;
const TOKEN_PATTERN = /^flf_[A-Za-z0-9_-]{46}$/;

/** The feed token of `userId` at `generation` (`users.feed_token_version`). Pure. */
export function feedTokenOf(key: Buffer, userId: string, generation: number): string {
  const mac = FEED_TOKENS.mac(key, userId, generation);
  return PREFIX + uuidBytes(userId).toString('base64url') + mac.toString('base64url');
}

/** The user id a well-formed token names, or undefined; says nothing about its validity. Pure. */
export function feedTokenUserId(token: string): string | undefined {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const id = Buffer.from(token.slice(PREFIX.length, PREFIX.length + 22), 'base64url');
  return id.length === 16 ? uuidOfBytes(id) : undefined;
}

/**
 * True when `token` is the current token of `userId` at `generation`: the whole token compared
 * in constant time (so only the one spelling of it that `feedTokenOf` writes is accepted).
 */
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
