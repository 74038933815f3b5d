/**
 * Access guards (requirements §6, README "Admins"): the server enforces who may call each
 * endpoint, from its `access` in the route table. A guard runs on request, before the body is
 * read, and sets `request.auth`. A request is signed in when it carries `Authorization: Bearer
 * <session token>` that the app's `authenticate` accepts (app.ts wires in accounts/sign-in.ts:
 * valid, not revoked, account ACTIVE; read from the database, or from accounts/session-cache.ts
 * while nothing about the account changed). On an endpoint marked `apiToken` in the route table
 * (the release endpoints), `Authorization: Bearer flk_…` is accepted instead: an admin API token,
 * which `authenticateApiToken` (modules/api-tokens/service.ts) resolves to its admin; the same
 * role checks follow. Anywhere else such a token is not a session: 401.
 */
import type { FastifyRequest } from 'fastify';
import { API_TOKEN_PREFIX, isAdminRole, type Access } from '@flockr/contract';
import { forbidden, unauthorized } from '../lib/http-error.js';
import { rerunAfterDrop } from '../lib/read-rerun.js';
import type { Caller } from '../modules/accounts/session-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Who a bearer token belongs to. @throws 401 SESSION_EXPIRED / 403 ACCOUNT_SUSPENDED or
     * ACCOUNT_INACTIVE (HttpError).
     */
    authenticate(token: string): Promise<Caller>;
    /**
     * Who an admin API token (`flk_…`) acts as. @throws 401 SESSION_EXPIRED (unknown, revoked) /
     * 403 ACCOUNT_SUSPENDED or ACCOUNT_INACTIVE (HttpError).
     */
    authenticateApiToken(token: string): Promise<Caller>;
  }
  interface FastifyRequest {
    /** The signed-in caller, set by the access guard of a non-public route. */
    auth: Caller | null;
  }
}

/** The bearer token of `request`, or null when there is none. */
export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * The onRequest guard for `access` ('user', 'admin' or 'super-admin'), also taking admin API
 * tokens when `acceptsApiToken` (the endpoint's `apiToken` flag):
 * 401 AUTH_REQUIRED without a token; 401 SESSION_EXPIRED for a bad one (or an API token where it
 * is not accepted, or a revoked one); 403 ACCOUNT_SUSPENDED / ACCOUNT_INACTIVE; 403 FORBIDDEN for
 * a USER on an admin route (an API token of an admin since demoted too); 403 SUPER_ADMIN_ONLY for
 * an ADMIN on a super-admin route.
 */
export function accessGuard(access: Exclude<Access, 'public'>, acceptsApiToken = false) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('authRequired');
    const lookUp = () =>
      acceptsApiToken && token.startsWith(API_TOKEN_PREFIX)
        ? request.server.authenticateApiToken(token)
        : request.server.authenticate(token);
    let caller: Caller;
    try {
      caller = await lookUp();
    } catch (error) {
      // The lookup reads (an API token's last use is written idempotently): it runs again when
      // its connection was dropped, whatever the request's method (lib/read-rerun.ts).
      caller = await rerunAfterDrop(error, lookUp, { log: request.log });
    }
    if (access !== 'user' && !isAdminRole(caller.user.role)) throw forbidden('forbidden');
    if (access === 'super-admin' && caller.user.role !== 'SUPER_ADMIN')
      throw forbidden('superAdminOnly');
    request.auth = caller;
  };
}
