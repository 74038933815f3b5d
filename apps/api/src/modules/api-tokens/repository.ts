/**
 * Data access for admin API tokens (db/schema.ts `apiTokens`; docs/updates.md "Publishing from
 * CI"). Only a token's SHA-256 is stored; instants are UTC `Date`s.
 */
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { apiTokens, users, type UserRow } from '../../db/schema.js';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** `select fields` from the tokens joined with the admin each acts as (`api_tokens.user_id`). */
function tokensWithAdmin<F extends SelectedFields>(db: Executor, fields: F) {
  return db.select(fields).from(apiTokens).innerJoin(users, eq(users.id, apiTokens.userId));
}

/** Inserts a token (its hash and prefix, never the token) and returns the row. */
export async function insertApiToken(
  db: Executor,
  token: { name: string; tokenHash: string; prefix: string; userId: string },
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(token).returning();
  return row!;
}

/** Every token, newest first, with the username of the admin it acts as. */
export async function listApiTokenRows(
  db: Executor,
): Promise<{ token: ApiTokenRow; username: string }[]> {
  return tokensWithAdmin(db, { token: apiTokens, username: users.username }).orderBy(
    desc(apiTokens.createdAt),
    desc(apiTokens.id),
  );
}

/** The token whose SHA-256 is `tokenHash`, with its admin, or undefined (`api_tokens_hash_key`). */
export async function findApiTokenByHash(
  db: Executor,
  tokenHash: string,
): Promise<{ token: ApiTokenRow; user: UserRow } | undefined> {
  const [row] = await tokensWithAdmin(db, { token: apiTokens, user: users })
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Revokes token `id` at `now` unless it is revoked already. Returns the token as it was before,
 * with its admin's username, or undefined when there is no such token.
 */
export async function revokeApiTokenRow(
  db: Executor,
  id: string,
  now: Date,
): Promise<{ token: ApiTokenRow; username: string } | undefined> {
  const [before] = await tokensWithAdmin(db, { token: apiTokens, username: users.username })
    .where(eq(apiTokens.id, id))
    .for('update', { of: apiTokens });
  if (!before) return undefined;
  if (!before.token.revokedAt)
    await db.update(apiTokens).set({ revokedAt: now }).where(eq(apiTokens.id, id));
  return before;
}

/**
 * Sets token `id`'s `last_used_at` to `now` when it is unset or before `staleBefore` (one write
 * per token per interval, however many requests and instances use it at once).
 */
export async function touchApiToken(
  db: Executor,
  id: string,
  now: Date,
  staleBefore: Date,
): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, id),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, staleBefore)),
      ),
    );
}
