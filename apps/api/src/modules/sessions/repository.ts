/** Data access for sign-in sessions. */
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessions, type SessionRow } from '../../db/schema.js';

/** Stores a new session `id` (the token's `jti`) for `userId`. */
export async function insertSession(
  db: Executor,
  values: typeof sessions.$inferInsert,
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The session `id`, or undefined. */
export async function findSession(db: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row;
}

/** Revokes session `id` (sign out). */
export async function revokeSession(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Revokes every open session of `userId`, except `keepId` when given. Returns how many. */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  now: Date,
  keepId?: string,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepId ? ne(sessions.id, keepId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}
