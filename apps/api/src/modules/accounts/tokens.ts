/**
 * Single-use e-mail tokens (password reset, e-mail verification, e-mail change): 256 random bits,
 * base64url; only their SHA-256 is stored (OWASP ASVS V6.4: reset secrets stored hashed).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userTokens, type UserTokenRow } from '../../db/schema.js';

export type TokenPurpose = UserTokenRow['purpose'];

/** Lifetimes in milliseconds: reset 1 hour (issue 5), verification and e-mail change 24 hours. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  PASSWORD_RESET: 60 * 60_000,
  EMAIL_VERIFY: 24 * 60 * 60_000,
  EMAIL_CHANGE: 24 * 60 * 60_000,
};

/** Hex SHA-256 of a token, the only form stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Creates a token for `userId` and `purpose` (earlier unused ones of the same purpose stop
 * working) and returns the token itself, which only the e-mail will carry.
 */
export async function issueToken(
  db: Executor,
  userId: string,
  purpose: TokenPurpose,
  now: Date,
  newEmail?: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
      ),
    );
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    newEmail: newEmail ?? null,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

export type ConsumeResult =
  | { status: 'ok'; row: UserTokenRow }
  | { status: 'invalid' }
  | { status: 'expired' }
  | { status: 'used' };

/**
 * Checks `token` for `purpose` and, when valid, marks it used (inside the caller's transaction,
 * with the row locked so two uses at once cannot both succeed).
 */
export async function consumeToken(
  tx: Executor,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<ConsumeResult> {
  const [row] = await tx
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, purpose)))
    .for('update')
    .limit(1);
  if (!row) return { status: 'invalid' };
  if (row.usedAt) return { status: 'used' };
  if (row.expiresAt <= now) return { status: 'expired' };
  await tx.update(userTokens).set({ usedAt: now }).where(eq(userTokens.id, row.id));
  return { status: 'ok', row };
}
