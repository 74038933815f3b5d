/**
 * Registration and login (spec sections 5–7). Passwords are hashed with scrypt; answers never
 * say whether an email exists when credentials are wrong.
 */
import { randomUUID } from 'node:crypto';
import { API_ERRORS } from '@flockr/contract';
import type { AuthResponse, LoginRequest, RegisterRequest } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { conflict, forbidden, unauthorized } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password.js';
import { assertNotCommon, sendVerification } from '../accounts/service.js';
import { insertSession } from '../sessions/repository.js';
import { findUserByEmail, findUserByUsername, insertUser } from '../users/repository.js';
import { toUserDto } from '../users/service.js';

/** Parsed register payload (emails lower-cased, defaults applied). */
type RegisterInput = Required<Pick<RegisterRequest, 'username' | 'email' | 'password'>> &
  Pick<RegisterRequest, 'country'> & { notifications_enabled: boolean };

/**
 * Creates a USER account and signs it in.
 * @throws 409 'An account with this email already exists' / 'This username is already taken'.
 */
export async function register(ctx: AppContext, input: RegisterInput): Promise<AuthResponse> {
  assertNotCommon(input.password);
  if (await findUserByEmail(ctx.db, input.email)) throw conflict(API_ERRORS.emailTaken);
  if (await findUserByUsername(ctx.db, input.username)) throw conflict(API_ERRORS.usernameTaken);
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHashCost);
  let user: UserRow;
  try {
    user = await insertUser(ctx.db, {
      username: input.username,
      email: input.email,
      passwordHash,
      country: input.country ?? null,
      notificationsEnabled: input.notifications_enabled,
      marketingEmails: input.notifications_enabled,
    });
  } catch (error) {
    // Two registrations raced past the checks above: the unique index decides.
    if (isUniqueViolation(error, 'users_email_lower_key')) throw conflict(API_ERRORS.emailTaken);
    if (isUniqueViolation(error, 'users_username_lower_key'))
      throw conflict(API_ERRORS.usernameTaken);
    throw error;
  }
  ctx.log.info({ userId: user.id }, 'user registered');
  await sendVerification(ctx, user);
  return issueSession(ctx, user, false);
}

let cachedDummyHash: Promise<string> | undefined;

/**
 * Checks credentials and signs the user in. Unknown email and wrong password give the same 401
 * 'Invalid email or password' after the same amount of hashing work. SUSPENDED and INACTIVE
 * accounts get 403 (only after the password was right, so it reveals nothing new).
 */
export async function login(
  ctx: AppContext,
  input: Required<Pick<LoginRequest, 'email' | 'password'>> & { remember_me: boolean },
): Promise<AuthResponse> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) {
    cachedDummyHash ??= dummyHash(ctx.config.passwordHashCost);
    await verifyPassword(input.password, await cachedDummyHash);
    throw unauthorized(API_ERRORS.invalidCredentials);
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    throw unauthorized(API_ERRORS.invalidCredentials);
  }
  if (user.status === 'SUSPENDED') throw forbidden(API_ERRORS.accountSuspended);
  if (user.status === 'INACTIVE') throw forbidden(API_ERRORS.accountInactive);
  return issueSession(ctx, user, input.remember_me);
}

/**
 * Signs a session token for `user`: lifetime SESSION_TTL_HOURS (default 24 h), or
 * REMEMBER_ME_TTL_DAYS (default 30 days) when `rememberMe`. The session is stored so the server
 * can end it (sign out, password change, deletion).
 */
export async function issueSession(
  ctx: AppContext,
  user: UserRow,
  rememberMe: boolean,
): Promise<AuthResponse> {
  const ttl = rememberMe ? ctx.config.rememberMeTtlMs : ctx.config.sessionTtlMs;
  const id = randomUUID();
  const { token, expiresAt } = await ctx.tokens.sign('session', user.id, ttl, {}, id);
  await insertSession(ctx.db, { id, userId: user.id, rememberMe, expiresAt });
  return {
    token,
    expires_at: expiresAt.toISOString(),
    user: await toUserDto(ctx.db, user, ctx.now()),
  };
}
