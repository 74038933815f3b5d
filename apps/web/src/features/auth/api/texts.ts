/** Texts of the auth screens that the contract does not hold (candidates for the contract). */

/** Default error of the password reset calls (asking for a link, setting the password). */
export const PASSWORD_RESET_FAILED_TEXT = 'Password reset failed';

/** Shown on /reset-password when the link has no token. */
export const RESET_TOKEN_MISSING_TEXT =
  'This password reset link is invalid or incomplete. Please request a new one.';

/** Shown after a successful reset when the server's answer carries no message. */
export const PASSWORD_RESET_DONE_TEXT =
  'Your password has been reset. You can now sign in with it.';
