/**
 * Admin API tokens (docs/updates.md "Publishing from CI"): a release pipeline (`npm run release`)
 * sends `Authorization: Bearer flk_…` instead of a session and acts as the admin who created the
 * token, on the release endpoints only (those with `apiToken: true` in the route table, enforced
 * by plugins/auth.ts).
 *
 * A token is `flk_` and 32 random bytes in base64url (43 characters), shown once when created.
 * Only its SHA-256 (hex) is stored, with its first characters (`prefix`) to recognise it in lists:
 * a random 256-bit secret needs no slow hash, and a leaked table gives no usable token. A token
 * works until revoked, and only while its admin is ACTIVE and still an admin (checked on every
 * request; nothing is cached, so a revocation, suspension or demotion applies to the next call).
 * `last_used_at` is written at most once per API_TOKEN_TOUCH_MS.
 */
import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, type ApiToken } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { notFound, unauthorized } from '../../lib/http-error.js';
import { assertAccountActive } from '../accounts/sign-in.js';
import type { Caller } from '../accounts/session-cache.js';
import { recordAudit } from '../audit/service.js';
import {
  findApiTokenByHash,
  insertApiToken,
  listApiTokenRows,
  revokeApiTokenRow,
  touchApiToken,
  type ApiTokenRow,
} from './repository.js';

/** Random bytes of a token (256 bits). */
const TOKEN_BYTES = 32;
/** Characters of a token kept as its `prefix`: `flk_` and 8 more. */
const PREFIX_LENGTH = API_TOKEN_PREFIX.length + 8;
/** Least time between two writes of a token's `last_used_at`, in ms (1 minute). */
export const API_TOKEN_TOUCH_MS = 60_000;

/** The stored hash of `token`: hex SHA-256. Pure. */
export function apiTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token as listed (never the token itself). Pure. */
function apiTokenView(row: ApiTokenRow, username: string): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_by: username,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * `POST /admin/api-tokens`: creates a token named `name` acting as `actor`. Returns the token
 * (shown this once) and its listing. Audited as api_token.create (name and prefix only).
 */
export async function createApiToken(
  ctx: AppContext,
  actor: UserRow,
  input: { name: string },
): Promise<{ token: string; api_token: ApiToken }> {
  const token = `${API_TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertApiToken(tx, {
      name: input.name,
      tokenHash: apiTokenHash(token),
      prefix: token.slice(0, PREFIX_LENGTH),
      userId: actor.id,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'api_token.create',
      entityType: 'api_token',
      entityId: inserted.id,
      before: null,
      after: { name: inserted.name, prefix: inserted.prefix, acts_as: actor.username },
    });
    return inserted;
  });
  return { token, api_token: apiTokenView(row, actor.username) };
}

/** `GET /admin/api-tokens`: every token, revoked ones too, newest first. */
export async function listApiTokens(ctx: AppContext): Promise<{ tokens: ApiToken[] }> {
  const rows = await listApiTokenRows(ctx.db);
  return { tokens: rows.map((r) => apiTokenView(r.token, r.username)) };
}

/**
 * `DELETE /admin/api-tokens/{id}`: revokes the token; it is refused from the next request on.
 * Revoking a revoked token changes nothing. Audited as api_token.revoke.
 * @throws 404 API_TOKEN_NOT_FOUND.
 */
export async function revokeApiToken(ctx: AppContext, actor: UserRow, id: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await revokeApiTokenRow(tx, id, now);
    if (!before) throw notFound('apiTokenNotFound');
    if (before.token.revokedAt) return;
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'api_token.revoke',
      entityType: 'api_token',
      entityId: id,
      before: { name: before.token.name, prefix: before.token.prefix, revoked_at: null },
      after: { name: before.token.name, prefix: before.token.prefix, revoked_at: now },
    });
  });
}

/**
 * Who an API token acts as: its admin, while the token is not revoked and the account exists and
 * is ACTIVE (the access guard then checks the role, so a demoted admin's token gets 403). Writes
 * `last_used_at` when it is older than API_TOKEN_TOUCH_MS. The caller's `sessionId` is
 * `api-token:{id}` (no session: nothing signs out a token but revoking it).
 * @throws 401 SESSION_EXPIRED for an unknown or revoked token or a deleted account; 403
 * ACCOUNT_SUSPENDED / ACCOUNT_INACTIVE.
 */
export async function authenticateApiToken(ctx: AppContext, token: string): Promise<Caller> {
  const found = await findApiTokenByHash(ctx.db, apiTokenHash(token));
  if (!found || found.token.revokedAt || found.user.deletedAt) throw unauthorized('invalidToken');
  assertAccountActive(found.user);
  const now = ctx.now();
  const staleBefore = new Date(now.getTime() - API_TOKEN_TOUCH_MS);
  if (!found.token.lastUsedAt || found.token.lastUsedAt < staleBefore) {
    try {
      await touchApiToken(ctx.db, found.token.id, now, staleBefore);
    } catch (error) {
      // Bookkeeping only: the request goes on.
      ctx.log.warn({ err: error, apiTokenId: found.token.id }, 'api token last use not recorded');
    }
  }
  return { user: found.user, sessionId: `api-token:${found.token.id}` };
}
