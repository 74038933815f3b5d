/**
 * Account recovery and changes by e-mail link (OWASP ASVS V6): forgot and reset password,
 * e-mail verification, change password, change e-mail with confirmation. Links carry a
 * single-use token of 256 random bits; only its SHA-256 is stored. Lifetimes: reset 1 hour,
 * verification and e-mail change 24 hours (README "E-mail"). Every e-mail is written to the outbox
 * in the transaction that issues its link or makes its change, then sent after the commit
 * (docs/jobs-and-email.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import { FORGOT_PASSWORD_MESSAGE, type ApiErrorKey } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { UserRow, UserTokenRow } from '../../db/schema.js';
import { isCommonPassword } from '../../lib/common-passwords.js';
import { badRequest, conflict } from '../../lib/http-error.js';
import { brandOf, templates, type Rendered } from '../../mail/templates.js';
import { deliverOutbox, enqueueMail } from '../outbox/service.js';
import {
  findUserByEmail,
  findUserById,
  insertUserToken,
  lockUserToken,
  markUserTokenUsed,
  retireUserTokens,
  revokeUserSessions,
  updateUser,
  type TokenPurpose,
} from './repository.js';

/** Lifetimes of e-mail links in milliseconds, by purpose. */
const LINK_TTL_MS: Record<TokenPurpose, number> = {
  PASSWORD_RESET: 60 * 60_000,
  EMAIL_VERIFY: 24 * 60 * 60_000,
  EMAIL_CHANGE: 24 * 60 * 60_000,
};

/** Hex SHA-256 of a link token: the only form stored. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Creates a link token for `userId` and `purpose` (earlier unused ones of that purpose stop
 * working) and returns the token itself, which only the e-mail carries, and its stored hash
 * (which names the link in the outbox's dedupe keys).
 */
async function issueLinkToken(
  db: Executor,
  userId: string,
  purpose: TokenPurpose,
  now: Date,
  newEmail?: string,
): Promise<{ token: string; hash: string }> {
  const token = randomBytes(32).toString('base64url');
  const hash = hashToken(token);
  await retireUserTokens(db, userId, now, purpose);
  await insertUserToken(db, {
    userId,
    purpose,
    tokenHash: hash,
    newEmail: newEmail ?? null,
    expiresAt: new Date(now.getTime() + LINK_TTL_MS[purpose]),
  });
  return { token, hash };
}

/** Error keys for a link that is not valid, has expired, or was used. */
interface LinkErrors {
  invalid: ApiErrorKey;
  expired: ApiErrorKey;
  used: ApiErrorKey;
}
const RESET_LINK: LinkErrors = {
  invalid: 'resetLinkInvalid',
  expired: 'resetLinkExpired',
  used: 'resetLinkUsed',
};
const CONFIRM_LINK: LinkErrors = {
  invalid: 'verifyLinkInvalid',
  expired: 'verifyLinkExpired',
  used: 'verifyLinkUsed',
};

/**
 * Checks link `token` for `purpose` and marks it used, inside the caller's transaction with the
 * row locked, so two uses at once cannot both succeed. Returns the token's row.
 * @throws 400 with the link's invalid / expired / used error.
 */
async function consumeLinkToken(
  tx: Executor,
  token: string,
  purpose: TokenPurpose,
  now: Date,
  errors: LinkErrors,
): Promise<UserTokenRow> {
  const row = await lockUserToken(tx, hashToken(token), purpose);
  if (!row) throw badRequest(errors.invalid);
  if (row.usedAt) throw badRequest(errors.used);
  if (row.expiresAt <= now) throw badRequest(errors.expired);
  await markUserTokenUsed(tx, row.id, now);
  return row;
}

/**
 * Writes a transactional account e-mail to the outbox with `tx`, the transaction of its cause;
 * `kind` says what it is and `dedupeKey` names the cause (unique). Returns the outbox id to
 * deliver after the commit (`deliverOutbox`); a delivery failure is retried there, never shown
 * to the user.
 */
export async function queueAccountMail(
  ctx: AppContext,
  tx: Executor,
  to: string,
  message: Rendered,
  mail: { kind: string; dedupeKey: string },
): Promise<string | undefined> {
  return enqueueMail(tx, ctx.now(), { to, ...message, ...mail });
}

/** Runs `work` after the answer is sent, so its duration cannot be measured by the caller. */
function inBackground(ctx: AppContext, work: () => Promise<void>): void {
  setImmediate(() => {
    work().catch((error: unknown) =>
      ctx.log.error({ err: error }, 'background account task failed'),
    );
  });
}

/** @throws 400 PASSWORD_TOO_COMMON when `password` is among the most common passwords. */
export function assertNotCommon(password: string): void {
  if (isCommonPassword(password)) throw badRequest('passwordTooCommon');
}

/**
 * Issues an e-mail confirmation link for `user` and writes its e-mail to the outbox, both with
 * `tx` (at registration, the transaction that creates the account). Returns the outbox id to
 * deliver after the commit.
 */
export async function queueVerification(
  ctx: AppContext,
  tx: Executor,
  user: UserRow,
): Promise<string | undefined> {
  const { token, hash } = await issueLinkToken(tx, user.id, 'EMAIL_VERIFY', ctx.now());
  const url = `${ctx.config.publicUrl}/verify-email?token=${token}`;
  return queueAccountMail(
    ctx,
    tx,
    user.email,
    templates.verifyEmail(brandOf(ctx.config), user.username, url),
    { kind: 'email-verify', dedupeKey: `link:${hash}` },
  );
}

/** Sends a new e-mail confirmation link to `user` (on request). */
export async function sendVerification(ctx: AppContext, user: UserRow): Promise<void> {
  const id = await ctx.db.transaction((tx) => queueVerification(ctx, tx, user));
  await deliverOutbox(ctx, [id]);
}

/**
 * `POST /auth/forgot-password`: always the same answer, status and timing; the lookup, the
 * token and the e-mail happen after the answer, and only for an existing account.
 */
export function forgotPassword(ctx: AppContext, email: string): { message: string } {
  inBackground(ctx, async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user || user.deletedAt) return;
    const id = await ctx.db.transaction(async (tx) => {
      const { token, hash } = await issueLinkToken(tx, user.id, 'PASSWORD_RESET', ctx.now());
      const url = `${ctx.config.publicUrl}/reset-password?token=${token}`;
      return queueAccountMail(
        ctx,
        tx,
        user.email,
        templates.passwordReset(brandOf(ctx.config), user.username, url),
        { kind: 'password-reset', dedupeKey: `link:${hash}` },
      );
    });
    await deliverOutbox(ctx, [id]);
  });
  return { message: FORGOT_PASSWORD_MESSAGE };
}

/**
 * `POST /auth/reset-password`: checks the password rules, consumes the link (single use,
 * 1 hour), sets the password and ends every session of the user, in one transaction.
 * @throws 400 RESET_LINK_INVALID / _EXPIRED / _USED; PASSWORD_TOO_COMMON.
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<{ message: string }> {
  assertNotCommon(password);
  const passwordHash = await ctx.passwords.hash(password);
  const now = ctx.now();
  const id = await ctx.db.transaction(async (tx) => {
    const link = await consumeLinkToken(tx, token, 'PASSWORD_RESET', now, RESET_LINK);
    const user = (await updateUser(tx, link.userId, { passwordHash }, now))!;
    await revokeUserSessions(tx, link.userId, now);
    return queueAccountMail(
      ctx,
      tx,
      user.email,
      templates.passwordChanged(brandOf(ctx.config), user.username),
      { kind: 'password-changed', dedupeKey: `password-changed:${link.id}` },
    );
  });
  await deliverOutbox(ctx, [id]);
  return { message: 'Your password was changed. Please sign in with your new password.' };
}

/** `POST /auth/verify-email`: confirms the address the link was sent to. */
export async function verifyEmail(ctx: AppContext, token: string): Promise<{ message: string }> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const link = await consumeLinkToken(tx, token, 'EMAIL_VERIFY', now, CONFIRM_LINK);
    await updateUser(tx, link.userId, { emailVerifiedAt: now }, now);
  });
  return { message: 'Your e-mail address is confirmed.' };
}

/** `POST /auth/resend-verification`. @throws 409 ALREADY_VERIFIED. */
export async function resendVerification(
  ctx: AppContext,
  user: UserRow,
): Promise<{ message: string }> {
  if (user.emailVerifiedAt) throw conflict('alreadyVerified');
  await sendVerification(ctx, user);
  return { message: `We sent a new confirmation link to ${user.email}.` };
}

/**
 * `POST /auth/change-password`: needs the current password; ends every other session.
 * @throws 400 CURRENT_PASSWORD_WRONG, PASSWORD_UNCHANGED, PASSWORD_TOO_COMMON.
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
  current: string,
  next: string,
): Promise<{ message: string }> {
  if (!(await ctx.passwords.verify(current, user.passwordHash)).ok) {
    throw badRequest('currentPasswordWrong');
  }
  if (current === next) throw badRequest('passwordUnchanged');
  assertNotCommon(next);
  const passwordHash = await ctx.passwords.hash(next);
  const now = ctx.now();
  const id = await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash }, now);
    await revokeUserSessions(tx, user.id, now, sessionId);
    return queueAccountMail(
      ctx,
      tx,
      user.email,
      templates.passwordChanged(brandOf(ctx.config), user.username),
      // One change: this user, this instant, this session (no natural row id to name it by).
      {
        kind: 'password-changed',
        dedupeKey: `password-changed:${user.id}:${sessionId}:${now.toISOString()}`,
      },
    );
  });
  await deliverOutbox(ctx, [id]);
  return { message: 'Your password was changed. Other devices were signed out.' };
}

/**
 * `POST /auth/change-email`: sends a confirmation link to the new address and tells the old one;
 * nothing changes until the link is opened.
 * @throws 400 CURRENT_PASSWORD_WRONG or EMAIL_UNCHANGED; 409 EMAIL_TAKEN.
 */
export async function requestEmailChange(
  ctx: AppContext,
  user: UserRow,
  newEmail: string,
  password: string,
): Promise<{ message: string }> {
  if (!(await ctx.passwords.verify(password, user.passwordHash)).ok)
    throw badRequest('currentPasswordWrong');
  if (newEmail === user.email.toLowerCase()) throw badRequest('emailUnchanged');
  if (await findUserByEmail(ctx.db, newEmail)) throw conflict('emailTaken');
  const ids = await ctx.db.transaction(async (tx) => {
    const { token, hash } = await issueLinkToken(tx, user.id, 'EMAIL_CHANGE', ctx.now(), newEmail);
    const url = `${ctx.config.publicUrl}/confirm-email?token=${token}`;
    return [
      await queueAccountMail(
        ctx,
        tx,
        newEmail,
        templates.confirmEmailChange(brandOf(ctx.config), user.username, url),
        { kind: 'email-change-confirm', dedupeKey: `link:${hash}` },
      ),
      await queueAccountMail(
        ctx,
        tx,
        user.email,
        templates.emailChangeRequested(brandOf(ctx.config), user.username, newEmail),
        { kind: 'email-change-requested', dedupeKey: `email-change-requested:${hash}` },
      ),
    ];
  });
  await deliverOutbox(ctx, ids);
  return {
    message: `We sent a confirmation link to ${newEmail}. Your address changes when you open it.`,
  };
}

/**
 * `POST /auth/confirm-email`: applies a requested e-mail change.
 * @throws 400 VERIFY_LINK_INVALID / _EXPIRED / _USED; 409 EMAIL_TAKEN meanwhile.
 */
export async function confirmEmailChange(
  ctx: AppContext,
  token: string,
): Promise<{ message: string }> {
  const now = ctx.now();
  const changed = await ctx.db.transaction(async (tx) => {
    const link = await consumeLinkToken(tx, token, 'EMAIL_CHANGE', now, CONFIRM_LINK);
    if (!link.newEmail) throw badRequest('verifyLinkInvalid');
    if (await findUserByEmail(tx, link.newEmail)) throw conflict('emailTaken');
    const previous = (await findUserById(tx, link.userId))!;
    const updated = (await updateUser(
      tx,
      previous.id,
      { email: link.newEmail, emailVerifiedAt: now },
      now,
    ))!;
    const mailId = await queueAccountMail(
      ctx,
      tx,
      previous.email,
      templates.emailChanged(brandOf(ctx.config), previous.username, updated.email),
      { kind: 'email-changed', dedupeKey: `email-changed:${link.id}` },
    );
    return { mailId, email: updated.email };
  });
  await deliverOutbox(ctx, [changed.mailId]);
  return { message: `Your e-mail address is now ${changed.email}.` };
}
