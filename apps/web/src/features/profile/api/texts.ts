/**
 * Texts of the account-security screens that the contract does not hold (candidates for the
 * contract). Server answers (`{ message }` and `{ error }`) are shown as they come.
 */

/** Under "Confirm new password" when it differs from the new password. */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** Toast after `DELETE /user/account` answered 204. */
export const ACCOUNT_DELETED_TOAST = 'Your account was deleted';

/** Default error texts of the account-security calls, used when the server gives no text. */
export const ACCOUNT_ERRORS = {
  changePassword: 'Failed to change password',
  changeEmail: 'Failed to update email',
  deleteAccount: 'Failed to delete account',
} as const;
