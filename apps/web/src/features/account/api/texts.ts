/** Texts of the e-mail confirmation screens that the contract does not hold (candidates for it). */

/** Text of the banner for a signed-in user whose address is not confirmed yet, naming `email`. */
export const verifyBannerText = (email: string) =>
  `Please confirm your e-mail address. We sent a link to ${email}.`;

/** The banner's text on a phone: its first sentence, without the address. */
export const VERIFY_BANNER_SHORT_TEXT = 'Please confirm your e-mail address.';

/** Shown on /verify-email and /confirm-email when the link has no token (no call is made). */
export const EMAIL_LINK_TOKEN_MISSING_TEXT =
  'This confirmation link is incomplete. Please open the full link from your e-mail.';

/** Default error texts of the e-mail confirmation calls, used when the server gives no text. */
export const EMAIL_LINK_ERRORS = {
  verify: 'Failed to confirm your e-mail address',
  confirm: 'Failed to change your e-mail address',
  resend: 'Failed to send the confirmation e-mail',
} as const;
