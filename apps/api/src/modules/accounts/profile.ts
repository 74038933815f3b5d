/**
 * The account as its owner sees and changes it (requirements §3 and §7): the user answer with its
 * subscription summary, profile and e-mail preferences, and deleting the account.
 */
import { randomBytes } from 'node:crypto';
import type {
  CountryCode,
  UpdateNotificationsRequest,
  UpdateProfileRequest,
  User,
  UserSubscription,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { MemoryAnswer } from '../../lib/memory-answers.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import { brandOf, templates } from '../../mail/templates.js';
import { figureTotals, signupsPerDaySince, type FigureTotals } from '../figures/service.js';
import { subscriptionSummaries } from '../subscriptions/service.js';
import { deliverOutbox } from '../outbox/service.js';
import { queueAccountMail } from './recovery.js';
import { sessionCacheOf } from './session-cache.js';
import {
  anonymiseUser,
  countUsersNotActive,
  findUserById,
  findUserByUsername,
  retireUserTokens,
  revokeUserSessions,
  updateUser,
} from './repository.js';

/**
 * The user as the API shows it (contract `userSchema`): no password hash, ISO dates, and the
 * subscription summary given (`null` when they never paid). Does no I/O.
 */
function toUserDto(row: UserRow, subscription: UserSubscription | null): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    status: row.status,
    country: (row.country as CountryCode | null) ?? null,
    notifications_enabled: row.notificationsEnabled,
    marketing_emails: row.marketingEmails,
    email_verified: row.emailVerifiedAt !== null,
    created_at: row.createdAt.toISOString(),
    subscription,
  };
}

/** The account `id` (deleted ones included), or undefined. */
export function findAccountById(ctx: AppContext, id: string): Promise<UserRow | undefined> {
  return findUserById(ctx.db, id);
}

/**
 * `GET /auth/me` for the caller signed in with `token`: `{ user }` as JSON text with its ETag,
 * kept in session-cache.ts until the account or its subscription changes, or until the
 * subscription's `expires_at` (when its status turns EXPIRED).
 */
export function meAnswer(ctx: AppContext, token: string, row: UserRow): Promise<MemoryAnswer> {
  return sessionCacheOf(ctx).me(token, async () => {
    const user = await userView(ctx, row);
    const expires = user.subscription ? Date.parse(user.subscription.expires_at) : Infinity;
    return { body: { user }, until: expires > ctx.now().getTime() ? expires : Infinity };
  });
}

/** Several users as the API shows them, with their subscriptions read in one query. */
export async function userViews(db: Executor, rows: UserRow[], now: Date): Promise<User[]> {
  const summaries = await subscriptionSummaries(
    db,
    rows.map((r) => r.id),
    now,
  );
  return rows.map((r) => toUserDto(r, summaries.get(r.id) ?? null));
}

/** One user as the API shows it (`GET /auth/me` and every answer carrying a user). */
export async function userView(ctx: AppContext, row: UserRow): Promise<User> {
  const [user] = await userViews(ctx.db, [row], ctx.now());
  return user!;
}

/**
 * `PUT /user/profile`: changes username and/or country. Email is read-only (requirements §5).
 * @throws 409 USERNAME_TAKEN.
 */
export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  input: UpdateProfileRequest,
): Promise<User> {
  const values: { username?: string; country?: string | null } = {};
  if (input.username !== undefined && input.username !== user.username) {
    const other = await findUserByUsername(ctx.db, input.username);
    if (other && other.id !== user.id) throw conflict('usernameTaken');
    values.username = input.username;
  }
  if (input.country !== undefined) values.country = input.country;
  try {
    const row = Object.keys(values).length
      ? await updateUser(ctx.db, user.id, values, ctx.now())
      : user;
    if (!row) throw notFound('notFound');
    return userView(ctx, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('usernameTaken');
    throw error;
  }
}

/** `PUT /user/notifications`: sets the user's e-mail preferences. */
export async function updateNotifications(
  ctx: AppContext,
  user: UserRow,
  input: UpdateNotificationsRequest,
): Promise<User> {
  const row = await updateUser(
    ctx.db,
    user.id,
    {
      ...(input.notifications_enabled !== undefined && {
        notificationsEnabled: input.notifications_enabled,
      }),
      ...(input.marketing_emails !== undefined && { marketingEmails: input.marketing_emails }),
    },
    ctx.now(),
  );
  if (!row) throw notFound('notFound');
  return userView(ctx, row);
}

/**
 * `DELETE /user/account`: removes the personal data (username, email, password, country and
 * preferences replaced or cleared), ends every session and open link, and keeps orders and
 * payments, now without personal data, for the retention period the legal pages state.
 * @throws 400 CURRENT_PASSWORD_WRONG.
 */
export async function deleteAccount(
  ctx: AppContext,
  user: UserRow,
  password: string,
): Promise<void> {
  if (!(await ctx.passwords.verify(password, user.passwordHash)).ok)
    throw badRequest('currentPasswordWrong');
  const now = ctx.now();
  const tag = `deleted-${user.id.slice(0, 8)}-${randomBytes(3).toString('hex')}`;
  const mailId = await ctx.db.transaction(async (tx) => {
    await anonymiseUser(
      tx,
      user.id,
      { tag, passwordHash: `deleted$${randomBytes(16).toString('hex')}` },
      now,
    );
    await revokeUserSessions(tx, user.id, now);
    await retireUserTokens(tx, user.id, now);
    // The notice goes to the address the account had (the row no longer holds it).
    return queueAccountMail(
      ctx,
      tx,
      user.email,
      templates.accountDeleted(brandOf(ctx.config), user.username),
      { kind: 'account-deleted', dedupeKey: `account-deleted:${user.id}` },
    );
  });
  await deliverOutbox(ctx, [mailId]);
}

/**
 * Number of accounts (the kept sign-up figure) and of ACTIVE ones: the total less the few that
 * are not, counted from their partial index (the dashboard; no scan of the users). `totals` are
 * the figure totals when the caller has read them already (one read per request).
 */
export async function accountCounts(
  db: Executor,
  totals: Promise<FigureTotals> = figureTotals(db),
): Promise<{ total: number; active: number }> {
  const [{ signups }, notActive] = await Promise.all([totals, countUsersNotActive(db)]);
  return { total: signups, active: signups - notActive };
}

/** Sign-ups per UTC day since `from`, keyed by `YYYY-MM-DD` (the dashboard chart). */
export function signupsSince(db: Executor, from: Date): Promise<Map<string, number>> {
  return signupsPerDaySince(db, from);
}
