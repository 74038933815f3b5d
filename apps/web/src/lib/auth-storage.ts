/**
 * Pure helpers for the session's persistence in browser storage (requirements §4 and §9: keys
 * `auth_token` and `user`) and its window events. Kept apart from React so the API client can end
 * the session without importing the session hooks. No zod here: this runs in every page's first
 * chunk, so the stored user is checked by shape ({@link looksLikeUser}) and confirmed by the
 * server (`GET /auth/me`, parsed with the full schema) right after.
 */
import { AUTH_EVENTS, STORAGE_KEYS, USER_ROLES, USER_STATUSES, type User } from '@flockr/contract';

/** A restored session: the bearer token and the user stored with it. */
export interface StoredAuth {
  token: string;
  user: User;
}

/** localStorage, or null where the browser refuses access to it (privacy modes, sandboxed frames). */
function defaultStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/**
 * True when `value` has the shape of a {@link User}: every field the screens read, of its type,
 * with a known role and status. Looser than the contract's `userSchema` (no id or date formats),
 * which the session's refresh from `GET /auth/me` applies right after the stored user shows.
 */
export function looksLikeUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  const sub = user.subscription as Record<string, unknown> | null | undefined;
  return (
    isString(user.id) &&
    isString(user.username) &&
    isString(user.email) &&
    (USER_ROLES as readonly unknown[]).includes(user.role) &&
    (USER_STATUSES as readonly unknown[]).includes(user.status) &&
    (user.country === null || isString(user.country)) &&
    isBoolean(user.notifications_enabled) &&
    isBoolean(user.marketing_emails) &&
    isBoolean(user.email_verified) &&
    isString(user.created_at) &&
    (sub === null ||
      (typeof sub === 'object' &&
        isString(sub.plan_name) &&
        isString(sub.status) &&
        isString(sub.expires_at)))
  );
}

/** Returns the stored bearer token, or null. */
export function readStoredToken(storage: Storage | null = defaultStorage()): string | null {
  try {
    return storage?.getItem(STORAGE_KEYS.token) || null;
  } catch {
    return null;
  }
}

/**
 * Restores the session from storage (requirements §4). Returns null when either entry is missing;
 * when the stored user cannot be read (bad JSON or not shaped as a user: {@link looksLikeUser})
 * both entries are cleared.
 */
export function readStoredAuth(storage: Storage | null = defaultStorage()): StoredAuth | null {
  if (!storage) return null;
  let token: string | null;
  let rawUser: string | null;
  try {
    token = storage.getItem(STORAGE_KEYS.token);
    rawUser = storage.getItem(STORAGE_KEYS.user);
  } catch {
    return null;
  }
  if (!token || !rawUser) {
    if (token || rawUser) clearStoredAuth(storage);
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawUser);
  } catch {
    clearStoredAuth(storage);
    return null;
  }
  if (!looksLikeUser(parsed)) {
    clearStoredAuth(storage);
    return null;
  }
  return { token, user: parsed };
}

/** Stores the token and user after login or register (requirements §4). */
export function writeStoredAuth(
  token: string,
  user: User,
  storage: Storage | null = defaultStorage(),
): void {
  try {
    storage?.setItem(STORAGE_KEYS.token, token);
    storage?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  } catch {
    // Storage full or refused: the session still works for this page view.
  }
}

/** Replaces the stored user (after /auth/me or a profile update), keeping the token. */
export function writeStoredUser(user: User, storage: Storage | null = defaultStorage()): void {
  try {
    storage?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  } catch {
    // See writeStoredAuth.
  }
}

/** Removes both auth entries (logout, 401, corrupt user; requirements §4). */
export function clearStoredAuth(storage: Storage | null = defaultStorage()): void {
  try {
    storage?.removeItem(STORAGE_KEYS.token);
    storage?.removeItem(STORAGE_KEYS.user);
  } catch {
    // Nothing stored that we can reach.
  }
}

/** Broadcasts the `auth-change` window event with the new user, or null after logout. */
export function dispatchAuthChange(user: User | null): void {
  window.dispatchEvent(new CustomEvent<User | null>(AUTH_EVENTS.change, { detail: user }));
}

/** Ends the session after a 401: clears storage and broadcasts `auth-expired` (requirements §4). */
export function expireSession(): void {
  clearStoredAuth();
  window.dispatchEvent(new CustomEvent(AUTH_EVENTS.expired));
}
