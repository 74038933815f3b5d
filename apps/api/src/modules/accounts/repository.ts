/**
 * Data access for accounts: users, sign-in sessions and the single-use e-mail tokens. Every
 * function takes a database or an open transaction (`db`) explicitly, so a service can run
 * several of them in one transaction.
 */
import { and, count, eq, inArray, isNull, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortDirection, UserRole, UserSortColumn, UserStatus } from '@flockr/contract';
import { preparedQuery, type Executor } from '../../db/client.js';
import {
  sessions,
  userTokens,
  users,
  userSearchMatches,
  type SessionRow,
  type UserRow,
  type UserTokenRow,
} from '../../db/schema.js';
import {
  afterKey,
  countRows,
  idIn,
  orderByKey,
  searchPage,
  withinDates,
  type ListOrder,
} from '../../db/list-order.js';

// ——— users ———

/** The user with `id`, or undefined. `lock` takes a row lock (inside a transaction). */
export async function findUserById(
  db: Executor,
  id: string,
  lock = false,
): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(eq(users.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The user whose email equals `email` case-insensitively, or undefined. Prepared: every sign-in
 * asks it (db/client.ts `preparedQuery`).
 */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await preparedQuery(db, 'user_by_email', (d) =>
    d
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${sql.placeholder('email')})`)
      .limit(1)
      .prepare('user_by_email'),
  ).execute({ email });
  return row;
}

/** The user whose username equals `username` case-insensitively, or undefined. */
export async function findUserByUsername(
  db: Executor,
  username: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

/** Inserts a user and returns the row. A unique violation (code 23505) surfaces as thrown. */
export async function insertUser(
  db: Executor,
  values: typeof users.$inferInsert,
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Updates the user `id` with `values` (and `updated_at` = `now`); returns the new row. */
export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<typeof users.$inferInsert>,
  now: Date = new Date(),
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Filters of the admin user list. */
export interface UserFilter {
  /** Case-insensitive substring of username or email. */
  search?: string;
  status?: UserStatus;
  role?: UserRole;
  /** Joined on or after this UTC date (`YYYY-MM-DD`). */
  from?: string;
  /** Joined on or before this UTC date. */
  to?: string;
}

/** The sort of the admin user list: a column and direction (default: newest first). */
export interface UserSort {
  sort?: UserSortColumn;
  dir?: SortDirection;
}

/** Sort keys of the user columns (texts case-insensitive, roles and statuses by name). */
const USER_SORT_KEYS: Record<UserSortColumn, SQL | AnyColumn> = {
  username: sql`lower(${users.username})`,
  email: sql`lower(${users.email})`,
  role: sql`${users.role}::text`,
  status: sql`${users.status}::text`,
  created_at: users.createdAt,
};

function userOrder({ sort = 'created_at', dir = 'desc' }: UserSort): ListOrder {
  return { key: USER_SORT_KEYS[sort], dir };
}

function userWhere(filter: UserFilter): SQL | undefined {
  return and(
    filter.search ? userSearchMatches(filter.search) : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
    filter.role ? eq(users.role, filter.role) : undefined,
    withinDates(users.createdAt, filter.from, filter.to),
  );
}

/**
 * A page of users in `sort` order (default newest first), and the total matching `filter`
 * (exact up to EXACT_COUNT_LIMIT, else estimated: `countRows`). A search is run once: its
 * matches are counted and the page's ids picked in one statement (`searchPage`), then those
 * users are read.
 */
export async function listUsers(
  db: Executor,
  filter: UserFilter,
  page: { offset: number; limit: number },
  sort: UserSort = {},
): Promise<{ rows: UserRow[]; total: number; estimate: boolean }> {
  const where = userWhere(filter);
  if (filter.search) {
    const order = userOrder(sort);
    const matching = db
      .select({ id: users.id, key: sql`${order.key}`.as('key') })
      .from(users)
      .where(where)
      .getSQL();
    const { total, estimate, pageIds } = await searchPage(db, matching, order.dir, page);
    const rows = !pageIds
      ? await userPageQuery(db, filter, page, sort)
      : pageIds.length
        ? await userPageQuery(db, { ids: pageIds }, { offset: 0, limit: pageIds.length }, sort)
        : [];
    return { rows, total, estimate };
  }
  const [rows, { total, estimate }] = await Promise.all([
    userPageQuery(db, filter, page, sort),
    countRows(db, () => db.select({ id: users.id }).from(users).where(where)),
  ]);
  return { rows, total, estimate };
}

/**
 * One page of users matching `filter` in `sort` order, without counting them (the caller knows
 * the total, or needs none): the statement of {@link userPageQuery}.
 */
export async function usersPage(
  db: Executor,
  filter: UserFilter,
  page: { offset: number; limit: number },
  sort: UserSort = {},
): Promise<UserRow[]> {
  return userPageQuery(db, filter, page, sort);
}

/**
 * The statement behind one page of {@link listUsers}, unexecuted (its tests EXPLAIN it to check
 * the indexes serve it): the users matching `filter`, or those of `ids` (a search's page, found
 * by `searchPage`). The page's ids are found first (from an index alone when the
 * sort and filter allow: `users_created_idx` holds `created_at` and `id`) and only those rows
 * are read, so page 5,000 reads 50,000 index entries, not 50,000 rows.
 */
export function userPageQuery(
  db: Executor,
  filter: UserFilter | { ids: readonly string[] },
  page: { offset: number; limit: number },
  sort: UserSort = {},
) {
  const order = userOrder(sort);
  const pageIds = db
    .select({ id: users.id })
    .from(users)
    .where('ids' in filter ? idIn(users.id, filter.ids) : userWhere(filter))
    .orderBy(...orderByKey(order, users.id))
    .limit(page.limit)
    .offset(page.offset);
  return db
    .select()
    .from(users)
    .where(inArray(users.id, pageIds))
    .orderBy(...orderByKey(order, users.id));
}

/** Number of users whose status is not ACTIVE (served by users_not_active_idx). */
export async function countUsersNotActive(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(ne(users.status, 'ACTIVE'));
  return row?.n ?? 0;
}

/**
 * Up to `limit` users matching `filter` in `sort` order, after the user `afterId` (from the
 * start when undefined): one batch of an export.
 */
export async function userBatch(
  db: Executor,
  filter: UserFilter,
  sort: UserSort,
  afterId: string | undefined,
  limit: number,
): Promise<UserRow[]> {
  const order = userOrder(sort);
  const last = sql`select ${order.key}, ${users.id} from ${users} where ${users.id} = ${afterId}`;
  return db
    .select()
    .from(users)
    .where(and(userWhere(filter), afterId ? afterKey(order, users.id, last) : undefined))
    .orderBy(...orderByKey(order, users.id))
    .limit(limit);
}

/**
 * Replaces the password hash of user `id` with `next` only while it is still `previous` (a
 * password change that happened meanwhile wins). Does not touch `updated_at`: the password is
 * the same, only its stored form changes.
 */
export async function replacePasswordHash(
  db: Executor,
  id: string,
  previous: string,
  next: string,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: next })
    .where(and(eq(users.id, id), eq(users.passwordHash, previous)));
}

/**
 * Anonymises a deleted account in place: username, email and password replaced, country and
 * preferences cleared, status INACTIVE, `deleted_at` set. Orders and payments keep pointing at it.
 */
export async function anonymiseUser(
  db: Executor,
  id: string,
  replacement: { tag: string; passwordHash: string },
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      username: replacement.tag,
      email: `${replacement.tag}@deleted.invalid`,
      passwordHash: replacement.passwordHash,
      country: null,
      notificationsEnabled: false,
      marketingEmails: false,
      emailVerifiedAt: null,
      status: 'INACTIVE',
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, id));
}

// ——— sessions ———

/**
 * Stores a new session (its id is the session token's `jti`; `expiresAt` an instant). Prepared:
 * every sign-in writes one.
 */
export async function insertSession(
  db: Executor,
  values: { id: string; userId: string; rememberMe: boolean; expiresAt: Date },
): Promise<void> {
  await preparedQuery(db, 'insert_session', (d) =>
    d
      .insert(sessions)
      .values({
        id: sql.placeholder('id'),
        userId: sql.placeholder('userId'),
        rememberMe: sql.placeholder('rememberMe'),
        expiresAt: sql.placeholder('expiresAt'),
      })
      .prepare('insert_session'),
  ).execute(values);
}

/**
 * The session `id` with its user, or undefined. Prepared: the first request of each token (and
 * each after the session cache lets it go) asks it.
 */
export async function findSessionWithUser(
  db: Executor,
  id: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await preparedQuery(db, 'session_with_user', (d) =>
    d
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1)
      .prepare('session_with_user'),
  ).execute({ id });
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

// ——— single-use e-mail tokens ———

export type TokenPurpose = UserTokenRow['purpose'];

/** Marks every unused token of `userId` (of `purpose`, or of any purpose) as used at `now`. */
export async function retireUserTokens(
  db: Executor,
  userId: string,
  now: Date,
  purpose?: TokenPurpose,
): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.userId, userId),
        purpose ? eq(userTokens.purpose, purpose) : undefined,
        isNull(userTokens.usedAt),
      ),
    );
}

/** Stores a token (its SHA-256 only). */
export async function insertUserToken(
  db: Executor,
  values: typeof userTokens.$inferInsert,
): Promise<void> {
  await db.insert(userTokens).values(values);
}

/** The token with hash `tokenHash` for `purpose`, locked FOR UPDATE, or undefined. */
export async function lockUserToken(
  db: Executor,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<UserTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose)))
    .for('update')
    .limit(1);
  return row;
}

/** Marks token `id` used at `now`. */
export async function markUserTokenUsed(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(userTokens).set({ usedAt: now }).where(eq(userTokens.id, id));
}
