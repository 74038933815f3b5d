/**
 * Authentication guards. A request is signed in when it carries `Authorization: Bearer <JWT>`
 * with a valid session token (HS256, audience `session`, not expired) whose session (the token's
 * `jti`) has not been revoked and whose user still exists and is ACTIVE. The user is read from the database on every request, so a status or role
 * change takes effect at once, not when the token expires.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_ERRORS, isAdminRole } from '@flockr/contract';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { forbidden, unauthorized } from '../lib/http-error.js';
import { findSession } from '../modules/sessions/repository.js';
import { findUserById } from '../modules/users/repository.js';

/** The signed-in caller: their user row and the session (token) id. */
export interface AuthState {
  user: UserRow;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState | null;
  }
}

/** Reads the bearer token of `request`, or null when there is none. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Resolves the caller of `request`. Returns null for no token; throws 401 for a bad or expired
 * token or a deleted user, 403 for a SUSPENDED or INACTIVE account (so its sessions stop at once).
 */
export async function resolveAuth(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<AuthState | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await ctx.tokens.verify('session', token);
  if (!claims) throw unauthorized(API_ERRORS.invalidToken);
  const session = await findSession(ctx.db, claims.jti);
  if (
    !session ||
    session.userId !== claims.sub ||
    session.revokedAt ||
    session.expiresAt <= ctx.now()
  ) {
    throw unauthorized(API_ERRORS.invalidToken);
  }
  const user = await findUserById(ctx.db, claims.sub);
  if (!user || user.deletedAt) throw unauthorized(API_ERRORS.invalidToken);
  if (user.status === 'SUSPENDED') throw forbidden(API_ERRORS.accountSuspended);
  if (user.status === 'INACTIVE') throw forbidden(API_ERRORS.accountInactive);
  return { user, sessionId: claims.jti };
}

/** preHandler: the caller must be signed in (401 otherwise). Sets `request.auth`. */
export function requireUser(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const auth = await resolveAuth(ctx, request);
    if (!auth) throw unauthorized(API_ERRORS.authRequired);
    request.auth = auth;
  };
}

/** preHandler: the caller must be signed in as ADMIN or SUPER_ADMIN (401 / 403 otherwise). */
export function requireAdmin(ctx: AppContext) {
  const requireSignedIn = requireUser(ctx);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await requireSignedIn(request, reply);
    if (!isAdminRole(request.auth?.user.role)) throw forbidden(API_ERRORS.forbidden);
  };
}

/** Route hook after {@link requireAdmin}: only a SUPER_ADMIN passes (403 otherwise). */
export function requireSuperAdmin() {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.auth?.user.role !== 'SUPER_ADMIN') throw forbidden(API_ERRORS.superAdminOnly);
  };
}

/** The signed-in user of a request that passed {@link requireUser}. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw unauthorized(API_ERRORS.authRequired);
  return request.auth.user;
}
