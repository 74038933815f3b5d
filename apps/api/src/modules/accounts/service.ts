/**
 * Account recovery and management (issue 5, OWASP ASVS 5.0 V6/V7): forgot and reset password,
 * e-mail verification, change password, change e-mail with confirmation, delete account.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { API_ERRORS, FORGOT_PASSWORD_MESSAGE } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { userTokens, users, type UserRow } from '../../db/schema.js';
import { badRequest, conflict } from '../../lib/http-error.js';
import { isCommonPassword } from '../../lib/common-passwords.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { brandOf, templates, type Rendered } from '../../mail/templates.js';
import { revokeUserSessions } from '../sessions/repository.js';
import { findUserByEmail, findUserById, updateUser } from '../users/repository.js';
import { consumeToken, issueToken, type ConsumeResult } from './tokens.js';

/** Sends a transactional e-mail; a delivery failure is logged, never shown to the user. */
async function mail(ctx: AppContext, to: string, message: Rendered): Promise<void> {
  try {
    await ctx.mailer.send({ to, ...message, kind: 'transactional' });
  } catch (error) {
    ctx.log.error({ err: error }, 'e-mail delivery failed');
  }
}

/** Runs `work` after the answer is sent, so its duration cannot be measured by the caller. */
function inBackground(ctx: AppContext, work: () => Promise<void>): void {
  setImmediate(() => {
    work().catch((error: unknown) =>
      ctx.log.error({ err: error }, 'background account task failed'),
    );
  });
}

/** @throws 400 when `password` is among the most common passwords. */
export function assertNotCommon(password: string): void {
  if (isCommonPassword(password)) throw badRequest(API_ERRORS.passwordTooCommon);
}

/** Sends the e-mail verification link to `user` (at registration and on request). */
export async function sendVerification(ctx: AppContext, user: UserRow): Promise<void> {
  const token = await issueToken(ctx.db, user.id, 'EMAIL_VERIFY', ctx.now());
  const url = `${ctx.config.publicUrl}/verify-email?token=${token}`;
  await mail(ctx, user.email, templates.verifyEmail(brandOf(ctx.config), user.username, url));
}

/**
 * `POST /auth/forgot-password`: always the same answer, status and timing; the lookup, the
 * token and the e-mail happen after the answer, and only for an existing account.
 */
export function forgotPassword(ctx: AppContext, email: string): { message: string } {
  inBackground(ctx, async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user || user.deletedAt) return;
    const token = await issueToken(ctx.db, user.id, 'PASSWORD_RESET', ctx.now());
    const url = `${ctx.config.publicUrl}/reset-password?token=${token}`;
    await mail(ctx, user.email, templates.passwordReset(brandOf(ctx.config), user.username, url));
  });
  return { message: FORGOT_PASSWORD_MESSAGE };
}

function tokenError(
  result: Exclude<ConsumeResult, { status: 'ok' }>,
  texts: { invalid: string; expired: string; used: string },
) {
  return badRequest(texts[result.status]);
}

/**
 * `POST /auth/reset-password`: checks the password rules, consumes the token (single use,
 * 1 hour), sets the password and ends every session of the user, in one transaction.
 * @throws 400 invalid, expired or used link; common password.
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<{ message: string }> {
  assertNotCommon(password);
  const passwordHash = await hashPassword(password, ctx.config.passwordHashCost);
  const now = ctx.now();
  const user = await ctx.db.transaction(async (tx) => {
    const result = await consumeToken(tx, token, 'PASSWORD_RESET', now);
    if (result.status !== 'ok') {
      throw tokenError(result, {
        invalid: API_ERRORS.resetLinkInvalid,
        expired: API_ERRORS.resetLinkExpired,
        used: API_ERRORS.resetLinkUsed,
      });
    }
    const updated = await updateUser(tx, result.row.userId, { passwordHash });
    await revokeUserSessions(tx, result.row.userId, now);
    return updated!;
  });
  await mail(ctx, user.email, templates.passwordChanged(brandOf(ctx.config), user.username));
  return { message: 'Your password was changed. Please sign in with your new password.' };
}

/** `POST /auth/verify-email`: confirms the address the link was sent to. */
export async function verifyEmail(ctx: AppContext, token: string): Promise<{ message: string }> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const result = await consumeToken(tx, token, 'EMAIL_VERIFY', now);
    if (result.status !== 'ok') {
      throw tokenError(result, {
        invalid: API_ERRORS.verifyLinkInvalid,
        expired: API_ERRORS.verifyLinkExpired,
        used: API_ERRORS.verifyLinkUsed,
      });
    }
    await updateUser(tx, result.row.userId, { emailVerifiedAt: now });
  });
  return { message: 'Your e-mail address is confirmed.' };
}

/** `POST /auth/resend-verification`. @throws 409 when already confirmed. */
export async function resendVerification(
  ctx: AppContext,
  user: UserRow,
): Promise<{ message: string }> {
  if (user.emailVerifiedAt) throw conflict(API_ERRORS.alreadyVerified);
  await sendVerification(ctx, user);
  return { message: `We sent a new confirmation link to ${user.email}.` };
}

/**
 * `POST /auth/change-password`: needs the current password; ends every other session.
 * @throws 400 wrong current password, same password, common password.
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
  current: string,
  next: string,
): Promise<{ message: string }> {
  if (!(await verifyPassword(current, user.passwordHash)))
    throw badRequest(API_ERRORS.currentPasswordWrong);
  if (current === next) throw badRequest(API_ERRORS.passwordUnchanged);
  assertNotCommon(next);
  const passwordHash = await hashPassword(next, ctx.config.passwordHashCost);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeUserSessions(tx, user.id, ctx.now(), sessionId);
  });
  await mail(ctx, user.email, templates.passwordChanged(brandOf(ctx.config), user.username));
  return { message: 'Your password was changed. Other devices were signed out.' };
}

/**
 * `POST /auth/change-email`: sends a confirmation link to the new address and tells the old one;
 * nothing changes until the link is opened.
 * @throws 400 wrong password or same address; 409 address taken.
 */
export async function requestEmailChange(
  ctx: AppContext,
  user: UserRow,
  newEmail: string,
  password: string,
): Promise<{ message: string }> {
  if (!(await verifyPassword(password, user.passwordHash)))
    throw badRequest(API_ERRORS.currentPasswordWrong);
  if (newEmail === user.email.toLowerCase()) throw badRequest(API_ERRORS.emailUnchanged);
  if (await findUserByEmail(ctx.db, newEmail)) throw conflict(API_ERRORS.emailTaken);
  const token = await issueToken(ctx.db, user.id, 'EMAIL_CHANGE', ctx.now(), newEmail);
  const url = `${ctx.config.publicUrl}/confirm-email?token=${token}`;
  await mail(ctx, newEmail, templates.confirmEmailChange(brandOf(ctx.config), user.username, url));
  await mail(
    ctx,
    user.email,
    templates.emailChangeRequested(brandOf(ctx.config), user.username, newEmail),
  );
  return {
    message: `We sent a confirmation link to ${newEmail}. Your address changes when you open it.`,
  };
}

/** `POST /auth/confirm-email`: applies a requested e-mail change. @throws 400 bad link; 409 taken meanwhile. */
export async function confirmEmailChange(
  ctx: AppContext,
  token: string,
): Promise<{ message: string }> {
  const now = ctx.now();
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const result = await consumeToken(tx, token, 'EMAIL_CHANGE', now);
    if (result.status !== 'ok' || !result.row.newEmail) {
      throw tokenError(result.status === 'ok' ? { status: 'invalid' } : result, {
        invalid: API_ERRORS.verifyLinkInvalid,
        expired: API_ERRORS.verifyLinkExpired,
        used: API_ERRORS.verifyLinkUsed,
      });
    }
    const taken = await findUserByEmail(tx, result.row.newEmail);
    if (taken) throw conflict(API_ERRORS.emailTaken);
    const previous = (await findUserById(tx, result.row.userId))!;
    const updated = (await updateUser(tx, previous.id, {
      email: result.row.newEmail,
      emailVerifiedAt: now,
    }))!;
    return { before: previous, after: updated };
  });
  await mail(
    ctx,
    before.email,
    templates.emailChanged(brandOf(ctx.config), before.username, after.email),
  );
  return { message: `Your e-mail address is now ${after.email}.` };
}

/**
 * `DELETE /user/account`: removes the personal data (username, email, password, country and
 * preferences are replaced or cleared), ends every session and open link, and keeps orders and
 * payments, now without personal data, for the retention period the legal pages state.
 * @throws 400 wrong password.
 */
export async function deleteAccount(
  ctx: AppContext,
  user: UserRow,
  password: string,
): Promise<void> {
  if (!(await verifyPassword(password, user.passwordHash)))
    throw badRequest(API_ERRORS.currentPasswordWrong);
  const now = ctx.now();
  const tag = `deleted-${user.id.slice(0, 8)}-${randomBytes(3).toString('hex')}`;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        username: tag,
        email: `${tag}@deleted.invalid`,
        passwordHash: `deleted$${randomBytes(16).toString('hex')}`,
        country: null,
        notificationsEnabled: false,
        marketingEmails: false,
        emailVerifiedAt: null,
        status: 'INACTIVE',
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, now);
    await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(and(eq(userTokens.userId, user.id), isNull(userTokens.usedAt)));
  });
  await mail(ctx, user.email, templates.accountDeleted(brandOf(ctx.config), user.username));
}
