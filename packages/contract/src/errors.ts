/**
 * Error catalogue (spec section 8) plus the server's own error texts. Every message a user can
 * see is defined here once; the API answers `{ "error": "<text>" }` with one of them.
 */
import { z } from 'zod';

/** Body of every error answer: `{ "error": "<text>" }`. */
export const errorResponseSchema = z
  .object({ error: z.string().describe('Human-readable error text, shown as is.') })
  .describe('Error answer');
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Texts of spec section 8, as the web app shows them. */
export const CLIENT_ERRORS = {
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  invalidResponseFormat: 'Invalid response format',
  download: {
    forbidden: 'Active subscription required to download',
    notFound: 'Download not found',
    unauthorized: 'Please login to download',
    tooManyRequests: 'Too many requests. Please try again later',
    serverError: 'Server error. Please try again later',
    /** `{status}` is replaced by the HTTP status. */
    otherStatus: 'Request failed with status {status}',
    failed: 'Download failed - please try again',
    noResponse: 'Download failed - no response received',
    inProgress: 'Download already in progress',
    loginFirst: 'Please login first to download',
    latestFailed: 'Failed to fetch latest version',
    versionsFailed: 'Failed to fetch versions',
    historyFailed: 'Failed to fetch download history',
  },
  defaults: {
    fetchPlans: 'Failed to fetch plans',
    fetchSubscriptions: 'Failed to fetch subscriptions',
    subscribe: 'Subscription failed',
    cancelSubscription: 'Failed to cancel subscription',
    fetchPaymentOrders: 'Failed to fetch payment orders',
    checkOrderStatus: 'Failed to check order status',
    fetchUsers: 'Failed to fetch users',
    updateUserStatus: 'Failed to update user status',
    fetchOrders: 'Failed to fetch orders',
    updateOrderStatus: 'Failed to update order status',
    createPlan: 'Failed to create plan',
    updatePlan: 'Failed to update plan',
    fetchDownloads: 'Failed to fetch downloads',
    createDownload: 'Failed to create download',
    fetchChangelogEntries: 'Failed to fetch changelog entries',
    createChangelog: 'Failed to create changelog',
    fetchStats: 'Failed to fetch stats',
    fetchChangelog: 'Failed to fetch changelog',
    fetchLatestChangelog: 'Failed to fetch latest changelog',
  },
  accessDenied: {
    profile: 'Please log in to view your profile',
    orders: 'Please log in to view your orders',
    admin: "You don't have permission to access the admin panel",
  },
} as const;

/**
 * Texts the API answers with. Where the spec has a text for the case it is reused
 * (download 401/403/404/429/500); the rest are ours, written for the person reading them.
 */
export const API_ERRORS = {
  authRequired: 'Authentication required',
  invalidToken: 'Your session has expired. Please log in again',
  invalidCredentials: 'Invalid email or password',
  accountSuspended: 'This account is suspended. Please contact support',
  accountInactive: 'This account is inactive. Please contact support',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  planNotFound: 'Plan not found',
  planNotPurchasable: 'This plan cannot be purchased',
  orderNotFound: 'Order not found',
  orderNotPending: 'This order can no longer be paid',
  orderExpired: 'This order has expired. Please place a new order',
  paymentNotFound: 'Payment not found',
  subscriptionRequired: CLIENT_ERRORS.download.forbidden,
  downloadNotFound: CLIENT_ERRORS.download.notFound,
  downloadLinkInvalid: 'This download link is invalid or has expired',
  downloadFileMissing: 'The file for this version is not available',
  changelogNotFound: 'Changelog entry not found',
  tooManyRequests: CLIENT_ERRORS.download.tooManyRequests,
  serverError: CLIENT_ERRORS.download.serverError,
  invalidJson: 'The request body is not valid JSON',
  payloadTooLarge: 'The request body is too large',
  unsupportedMediaType: 'Unsupported content type',
  invalidRequest: 'Invalid request',
  cannotChangeSelf: 'You cannot change your own status or role',
  superAdminOnly: 'Only a super admin can do this',
  /** `{from}` and `{to}` are replaced by order statuses. */
  orderTransition: 'An order cannot go from {from} to {to}',
  planNameTaken: 'A plan with this name already exists',
  versionTaken: 'This version already exists',
  changelogVersionTaken: 'A changelog entry for this version already exists',
  uploadMissingFile: 'Choose a file to upload',
  uploadTooLarge: 'The file is too large',
  nothingToUpdate: 'Nothing to update',
  passwordTooCommon: 'This password is too common. Please choose another one',
  resetLinkInvalid: 'This reset link is not valid. Please ask for a new one',
  resetLinkExpired: 'This reset link has expired. Please ask for a new one',
  resetLinkUsed: 'This reset link has already been used. Please ask for a new one',
  verifyLinkInvalid: 'This confirmation link is not valid',
  verifyLinkExpired: 'This confirmation link has expired. Please ask for a new one',
  verifyLinkUsed: 'This confirmation link has already been used',
  currentPasswordWrong: 'Your current password is not correct',
  passwordUnchanged: 'The new password must be different from the current one',
  emailUnchanged: 'This is already your e-mail address',
  alreadyVerified: 'Your e-mail address is already confirmed',
  webhookSignature: 'Invalid webhook signature',
  subscriptionNotCancelled: 'This subscription is not set to end',
  subscriptionEnded: 'This subscription has already ended',
} as const;

/**
 * Picks the text to show for a failed call, in the spec's order (section 8): the answer's
 * `error` field, then its `message` field, then the thrown error's message, then `fallback`.
 */
export function errorText(
  body: unknown,
  thrown: { message?: string } | null | undefined,
  fallback: string,
): string {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error.trim()) return error;
    if (typeof message === 'string' && message.trim()) return message;
  }
  if (thrown?.message?.trim()) return thrown.message;
  return fallback;
}

/**
 * Message for a failed download by HTTP status (spec section 8): 403, 404, 401, 429 and 500 have
 * fixed texts; any other status gives 'Request failed with status {status}'; no status at all
 * gives the default 'Download failed - please try again'.
 */
export function downloadErrorText(status: number | undefined): string {
  const t = CLIENT_ERRORS.download;
  switch (status) {
    case undefined:
      return t.failed;
    case 401:
      return t.unauthorized;
    case 403:
      return t.forbidden;
    case 404:
      return t.notFound;
    case 429:
      return t.tooManyRequests;
    case 500:
      return t.serverError;
    default:
      return t.otherStatus.replace('{status}', String(status));
  }
}
