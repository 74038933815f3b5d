/** User presentation and profile rules. */
import type { User } from '@flockr/contract';
import { API_ERRORS } from '@flockr/contract';
import type {
  CountryCode,
  UpdateNotificationsRequest,
  UpdateProfileRequest,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { findSubscriptionByUser } from '../subscriptions/repository.js';
import { subscriptionStatus } from '../subscriptions/status.js';
import { findUserByUsername, updateUser } from './repository.js';

/** The user as the API shows it (contract `userSchema`): no password hash, ISO dates, subscription summary. */
export async function toUserDto(db: Executor, row: UserRow, now: Date): Promise<User> {
  const sub = await findSubscriptionByUser(db, row.id, now);
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
    subscription: sub
      ? {
          plan_name: sub.planName,
          status: subscriptionStatus(sub.subscription, now),
          expires_at: sub.subscription.expiresAt.toISOString(),
        }
      : null,
  };
}

/**
 * `PUT /user/profile`: changes username and/or country of `user`. Email is read-only (spec §5).
 * @throws 409 when the username belongs to someone else.
 */
export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  input: UpdateProfileRequest,
): Promise<User> {
  const values: { username?: string; country?: string | null } = {};
  if (input.username !== undefined && input.username !== user.username) {
    const other = await findUserByUsername(ctx.db, input.username);
    if (other && other.id !== user.id) throw conflict(API_ERRORS.usernameTaken);
    values.username = input.username;
  }
  if (input.country !== undefined) values.country = input.country;
  try {
    const row = Object.keys(values).length ? await updateUser(ctx.db, user.id, values) : user;
    if (!row) throw notFound(API_ERRORS.notFound);
    return toUserDto(ctx.db, row, ctx.now());
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(API_ERRORS.usernameTaken);
    throw error;
  }
}

/** `PUT /user/notifications`: sets the user's e-mail preferences. */
export async function updateNotifications(
  ctx: AppContext,
  user: UserRow,
  input: UpdateNotificationsRequest,
): Promise<User> {
  const row = await updateUser(ctx.db, user.id, {
    ...(input.notifications_enabled !== undefined && {
      notificationsEnabled: input.notifications_enabled,
    }),
    ...(input.marketing_emails !== undefined && { marketingEmails: input.marketing_emails }),
  });
  if (!row) throw notFound(API_ERRORS.notFound);
  return toUserDto(ctx.db, row, ctx.now());
}
