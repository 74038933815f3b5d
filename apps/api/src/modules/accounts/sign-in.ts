/**
 * Registration, sign-in and sessions (requirements §5–§7; README "Sessions", "Passwords").
 * Passwords are hashed with argon2id (lib/password.ts); a wrong password and an unknown email get
 * the same answer after the same hashing work, and an older hash is replaced at the next
 * successful sign-in. Each session token names a session stored here, so the server can
 * end it (sign out, password change or reset, account deletion).
 */
import { randomUUID } from 'node:crypto';
import type { AuthResponse, LoginRequest, RegisterRequest } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, forbidden, unauthorized } from '../../lib/http-error.js';
import { userView } from './profile.js';
import { sessionCacheOf, type Caller } from './session-cache.js';
import { deliverOutbox } from '../outbox/service.js';
import { assertNotCommon, queueVerification } from './recovery.js';
import {
  findSessionWithUser,
  findUserByEmail,
  findUserByUsername,
  insertSession,
  insertUser,
  replacePasswordHash,
  revokeSession,
} from './repository.js';

/**
 * The one rule for whether an existing account may act (sign in, call the API, fetch a file
 * behind a link issued earlier): SUSPENDED and INACTIVE accounts may not (README "Admins").
 * @throws 403 ACCOUNT_SUSPENDED / ACCOUNT_INACTIVE.
 */
export function assertAccountActive(user: Pick<UserRow, 'status'>): void {
  if (user.status === 'SUSPENDED') throw forbidden('accountSuspended');
  if (user.status === 'INACTIVE') throw forbidden('accountInactive');
}

/** Parsed register payload (email lower-cased, country as its code, defaults applied). */
type RegisterInput = Required<Pick<RegisterRequest, 'username' | 'email' | 'password'>> & {
  country?: string | undefined;
  notifications_enabled: boolean;
};

/**
 * `POST /auth/register`: creates a USER account, sends the confirmation link and signs it in.
 * @throws 409 EMAIL_TAKEN / USERNAME_TAKEN; 400 PASSWORD_TOO_COMMON.
 */
export async function register(ctx: AppContext, input: RegisterInput): Promise<AuthResponse> {
  assertNotCommon(input.password);
  if (await findUserByEmail(ctx.db, input.email)) throw conflict('emailTaken');
  if (await findUserByUsername(ctx.db, input.username)) throw conflict('usernameTaken');
  const passwordHash = await ctx.passwords.hash(input.password);
  let user: UserRow;
  let verification: string | undefined;
  try {
    user = await ctx.db.transaction(async (tx) => {
      const row = await insertUser(tx, {
        username: input.username,
        email: input.email,
        passwordHash,
        country: input.country ?? null,
        notificationsEnabled: input.notifications_enabled,
        marketingEmails: input.notifications_enabled,
      });
      // The confirmation link and its e-mail commit with the account (docs/jobs-and-email.md).
      verification = await queueVerification(ctx, tx, row);
      return row;
    });
  } catch (error) {
    // Two registrations raced past the checks above: the unique index decides.
    if (isUniqueViolation(error, 'users_email_lower_key')) throw conflict('emailTaken');
    if (isUniqueViolation(error, 'users_username_lower_key')) throw conflict('usernameTaken');
    throw error;
  }
  ctx.metrics.signup();
  ctx.log.info({ userId: user.id }, 'user registered');
  await deliverOutbox(ctx, [verification]);
  return issueSession(ctx, user, false);
}

/**
 * `POST /auth/login`: checks the credentials and signs the user in. Unknown email and wrong
 * password give the same 401 INVALID_CREDENTIALS after the same hashing work; SUSPENDED and
 * INACTIVE accounts get 403 only after the password was right (so it reveals nothing new). A
 * right password stored under an older scheme or cost is re-hashed and stored.
 * @throws 503 SERVER_BUSY (with Retry-After) when too many passwords are being checked.
 */
export async function login(
  ctx: AppContext,
  input: Required<Pick<LoginRequest, 'email' | 'password'>> & { remember_me: boolean },
): Promise<AuthResponse> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) {
    await ctx.passwords.verifyDummy(input.password);
    throw unauthorized('invalidCredentials');
  }
  const check = await ctx.passwords.verify(input.password, user.passwordHash);
  if (!check.ok) throw unauthorized('invalidCredentials');
  assertAccountActive(user);
  if (check.needsRehash) await upgradeHash(ctx, user, input.password);
  return issueSession(ctx, user, input.remember_me);
}

/**
 * Stores a fresh hash of `password` (known to be right) for `user`. Best effort: a busy hasher
 * or a failed write leaves the old hash, which still verifies, and the sign-in goes on.
 */
async function upgradeHash(ctx: AppContext, user: UserRow, password: string): Promise<void> {
  try {
    await replacePasswordHash(
      ctx.db,
      user.id,
      user.passwordHash,
      await ctx.passwords.hash(password),
    );
  } catch (error) {
    ctx.log.warn({ userId: user.id, err: error }, 'password hash upgrade skipped');
  }
}

/**
 * Signs a session token for `user`: lifetime SESSION_TTL_HOURS (default 24 h), or
 * REMEMBER_ME_TTL_DAYS (default 30 days) when `rememberMe`, and stores the session.
 */
async function issueSession(
  ctx: AppContext,
  user: UserRow,
  rememberMe: boolean,
): Promise<AuthResponse> {
  const ttl = rememberMe ? ctx.config.rememberMeTtlMs : ctx.config.sessionTtlMs;
  const id = randomUUID();
  const { token, expiresAt } = await ctx.tokens.sign('session', user.id, ttl, {}, id);
  await insertSession(ctx.db, { id, userId: user.id, rememberMe, expiresAt });
  return { token, expires_at: expiresAt.toISOString(), user: await userView(ctx, user) };
}

/**
 * Who a bearer token belongs to: a valid session token (HS256, audience `session`, not expired)
 * whose session is neither revoked nor expired and whose user exists and is ACTIVE. The answer is
 * kept in session-cache.ts until the account, the session or the subscription changes (the
 * database's notice clears it before the change's commit returns, so a sign-out, suspension or
 * role change applies to the next request), or for at most ACCOUNT_CACHE_MAX_AGE_MS.
 * @throws 401 SESSION_EXPIRED for a bad, expired or revoked token or a deleted account; 403
 * ACCOUNT_SUSPENDED / ACCOUNT_INACTIVE.
 */
export async function authenticate(ctx: AppContext, token: string): Promise<Caller> {
  const cache = sessionCacheOf(ctx);
  return (
    cache.caller(token) ??
    cache.remember(token, async () => {
      const claims = await ctx.tokens.verify('session', token);
      if (!claims) throw unauthorized('invalidToken');
      const found = await findSessionWithUser(ctx.db, claims.jti);
      if (
        !found ||
        found.session.userId !== claims.sub ||
        found.session.revokedAt ||
        found.session.expiresAt <= ctx.now() ||
        found.user.deletedAt
      ) {
        throw unauthorized('invalidToken');
      }
      assertAccountActive(found.user);
      return {
        caller: { user: found.user, sessionId: claims.jti },
        until: Math.min(found.session.expiresAt.getTime(), claims.exp * 1000),
      };
    })
  );
}

/** `POST /auth/logout`: ends session `sessionId` on the server. */
export async function signOut(ctx: AppContext, sessionId: string): Promise<void> {
  await revokeSession(ctx.db, sessionId, ctx.now());
}
