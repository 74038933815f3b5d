/**
 * Error catalogue: the API's own error texts (`API_ERRORS`) and their stable codes
 * (`API_ERROR_CODES`, listed in docs/errors.md). Every message a user can see is defined once,
 * here or in client-errors.ts (the texts of requirements §8, which the web app's first chunk uses);
 * the API answers `{ "error": "<text>", "code": "<CODE>" }` with one of them (the answer's schema,
 * `errorResponseSchema`, is in common.ts).
 */
import { BUILD_NOT_FOUND, CLIENT_ERRORS } from './client-errors.js';

/**
 * Texts the API answers with. Where the spec has a text for the case it is reused
 * (download 401/403/404/429/500); the rest are ours, written for the person reading them.
 */
export const API_ERRORS = {
  authRequired: 'Authentication required',
  invalidToken: 'Your session has expired. Please sign in again',
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
  /** Answered with the version and the computer in words (platforms.ts `buildNotFoundMessage`). */
  buildNotFound: 'This version has no build for this computer.',
  downloadLinkInvalid: 'This download link is invalid or has expired',
  downloadFileMissing: 'The file for this version is not available',
  feedTokenInvalid:
    'This update feed token is not valid. Copy the current feed address from your profile',
  feedNotFound: 'There is no such update feed',
  changelogNotFound: 'Changelog entry not found',
  tooManyRequests: CLIENT_ERRORS.download.tooManyRequests,
  serverError: CLIENT_ERRORS.download.serverError,
  serverBusy: 'The server is busy. Please try again in a moment',
  /** A service the request needs (the database) cannot be reached right now (503, Retry-After). */
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment',
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
  artifactNameTaken: 'This release already has a file with this name',
  apiTokenNotFound: 'API token not found',
  changelogVersionTaken: 'A changelog entry for this version already exists',
  uploadMissingFile: 'Choose a file to upload',
  uploadTooLarge: 'The file is too large',
  uploadMalformed: 'The upload is not a valid multipart form',
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
  webhookPayload: 'The webhook body is not an event this server can read',
  subscriptionNotCancelled: 'This subscription is not set to end',
  subscriptionEnded: 'This subscription has already ended',
  outboxMessageNotFound: 'E-mail not found',
  outboxNotRetryable:
    'Only an e-mail that failed every attempt can be sent again; this one is sent or still being tried',
  jobNotFound: 'Failed job not found',
  jobQueueUnavailable: 'There is no job queue on this server (embedded database)',
  licenseKeyInvalid:
    'This license key is not valid. Copy the current key from your profile page and try again',
  licenseNotFound: 'There is no license yet: it is created when your first order is paid',
  licenseDeviceNotFound: 'Device not found',
  /** `{devices}` is replaced by "2 devices" (or "1 device"): the plan's seat limit. */
  deviceLimitReached:
    'This license is already active on {devices}, its limit. Deactivate one in the program or on your profile page, then try again',
  deviceNotActivated: 'This device is not activated for this license. Activate it first',
  licenseExpired: 'This license has expired. Renew your subscription to use it again',
  licenseRefunded: 'This license was refunded and no longer gives access',
  licenseSuspended: 'This license is suspended. Please contact support',
} as const;

/** Key of an error the API answers with (a key of {@link API_ERRORS}). */
export type ApiErrorKey = keyof typeof API_ERRORS;

/**
 * The stable machine code of each error (`code` in every error answer). Clients branch on the
 * code, never on the text: texts may be reworded, codes never change. Listed in docs/errors.md.
 */
export const API_ERROR_CODES = {
  authRequired: 'AUTH_REQUIRED',
  invalidToken: 'SESSION_EXPIRED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  accountSuspended: 'ACCOUNT_SUSPENDED',
  accountInactive: 'ACCOUNT_INACTIVE',
  emailTaken: 'EMAIL_TAKEN',
  usernameTaken: 'USERNAME_TAKEN',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  planNotFound: 'PLAN_NOT_FOUND',
  planNotPurchasable: 'PLAN_NOT_PURCHASABLE',
  orderNotFound: 'ORDER_NOT_FOUND',
  orderNotPending: 'ORDER_NOT_PAYABLE',
  orderExpired: 'ORDER_EXPIRED',
  paymentNotFound: 'CHECKOUT_NOT_FOUND',
  subscriptionRequired: 'SUBSCRIPTION_REQUIRED',
  downloadNotFound: 'RELEASE_NOT_FOUND',
  buildNotFound: BUILD_NOT_FOUND,
  downloadLinkInvalid: 'DOWNLOAD_LINK_INVALID',
  feedTokenInvalid: 'FEED_TOKEN_INVALID',
  feedNotFound: 'FEED_NOT_FOUND',
  downloadFileMissing: 'ARTIFACT_MISSING',
  changelogNotFound: 'CHANGELOG_NOT_FOUND',
  tooManyRequests: 'RATE_LIMITED',
  serverError: 'SERVER_ERROR',
  serverBusy: 'SERVER_BUSY',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  invalidJson: 'INVALID_JSON',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  invalidRequest: 'INVALID_REQUEST',
  cannotChangeSelf: 'CANNOT_CHANGE_SELF',
  superAdminOnly: 'SUPER_ADMIN_ONLY',
  orderTransition: 'ORDER_TRANSITION_NOT_ALLOWED',
  planNameTaken: 'PLAN_NAME_TAKEN',
  versionTaken: 'VERSION_TAKEN',
  artifactNameTaken: 'ARTIFACT_NAME_TAKEN',
  apiTokenNotFound: 'API_TOKEN_NOT_FOUND',
  changelogVersionTaken: 'CHANGELOG_VERSION_TAKEN',
  uploadMissingFile: 'UPLOAD_MISSING_FILE',
  uploadTooLarge: 'UPLOAD_TOO_LARGE',
  uploadMalformed: 'UPLOAD_MALFORMED',
  nothingToUpdate: 'NOTHING_TO_UPDATE',
  passwordTooCommon: 'PASSWORD_TOO_COMMON',
  resetLinkInvalid: 'RESET_LINK_INVALID',
  resetLinkExpired: 'RESET_LINK_EXPIRED',
  resetLinkUsed: 'RESET_LINK_USED',
  verifyLinkInvalid: 'VERIFY_LINK_INVALID',
  verifyLinkExpired: 'VERIFY_LINK_EXPIRED',
  verifyLinkUsed: 'VERIFY_LINK_USED',
  currentPasswordWrong: 'CURRENT_PASSWORD_WRONG',
  passwordUnchanged: 'PASSWORD_UNCHANGED',
  emailUnchanged: 'EMAIL_UNCHANGED',
  alreadyVerified: 'ALREADY_VERIFIED',
  webhookSignature: 'WEBHOOK_SIGNATURE_INVALID',
  webhookPayload: 'WEBHOOK_PAYLOAD_INVALID',
  subscriptionNotCancelled: 'SUBSCRIPTION_NOT_CANCELLED',
  subscriptionEnded: 'SUBSCRIPTION_ENDED',
  outboxMessageNotFound: 'OUTBOX_MESSAGE_NOT_FOUND',
  outboxNotRetryable: 'OUTBOX_MESSAGE_NOT_DEAD',
  jobNotFound: 'JOB_NOT_FOUND',
  jobQueueUnavailable: 'JOB_QUEUE_UNAVAILABLE',
  licenseKeyInvalid: 'LICENSE_KEY_INVALID',
  licenseNotFound: 'LICENSE_NOT_FOUND',
  licenseDeviceNotFound: 'DEVICE_NOT_FOUND',
  deviceLimitReached: 'DEVICE_LIMIT_REACHED',
  deviceNotActivated: 'DEVICE_NOT_ACTIVATED',
  licenseExpired: 'LICENSE_EXPIRED',
  licenseRefunded: 'LICENSE_REFUNDED',
  licenseSuspended: 'LICENSE_SUSPENDED',
} as const satisfies Record<ApiErrorKey, string>;

/**
 * Codes of answers that carry a text of their own rather than one of {@link API_ERRORS}: a field
 * failed its rule (the text is the field's message from the contract, requirements §5).
 */
export const VALIDATION_FAILED = 'VALIDATION_FAILED';

/** Every code an error answer may carry. */
export const ERROR_CODES = [...Object.values(API_ERROR_CODES), VALIDATION_FAILED] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
