/**
 * The route table: every endpoint of the REST API under /api/v1 (requirements §7, and the calls
 * the spec leaves open), declared once. The server registers exactly these routes from it
 * (apps/api/src/http/route.ts), the OpenAPI document comes from the same schemas, and the web
 * client is typed from it. Error answers are `{ error, code }` (errors.ts, docs/errors.md).
 *
 * To add an endpoint: declare it here, then implement it with `route(app, API.<group>.<name>, …)`
 * in the feature's routes file (docs/architecture.md, "How to add an endpoint").
 */
import { z } from 'zod';
import {
  adminChangelogEntryResponseSchema,
  adminChangelogResponseSchema,
  adminDownloadResponseSchema,
  adminDownloadsResponseSchema,
  adminOrdersExportQuerySchema,
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  adminPaymentEventsQuerySchema,
  adminPaymentEventsResponseSchema,
  adminPlanResponseSchema,
  adminPlansResponseSchema,
  adminUserDetailSchema,
  adminUsersExportQuerySchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  auditExportQuerySchema,
  auditQuerySchema,
  auditResponseSchema,
  clearTestDataResponseSchema,
  createChangelogRequestSchema,
  createDownloadRequestSchema,
  dailyStatsResponseSchema,
  planInputSchema,
  planUpdateSchema,
  statsResponseSchema,
  testDataResponseSchema,
  updateChangelogRequestSchema,
  updateDownloadRequestSchema,
  updateOrderStatusRequestSchema,
  updateOrderStatusResponseSchema,
  updateUserRoleRequestSchema,
  updateUserStatusRequestSchema,
  updateUserStatusResponseSchema,
} from './admin.js';
import {
  authResponseSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  tokenRequestSchema,
} from './auth.js';
import {
  changelogEntriesResponseSchema,
  changelogEntryResponseSchema,
  changelogQuerySchema,
  changelogResponseSchema,
  changelogSearchQuerySchema,
  changelogVersionParamsSchema,
} from './changelog.js';
import { errorResponseSchema, idParamsSchema } from './common.js';
import {
  downloadFileQuerySchema,
  downloadHistoryResponseSchema,
  downloadLinkQuerySchema,
  downloadLinkResponseSchema,
  downloadNotFoundResponseSchema,
  emailDownloadLinkRequestSchema,
  emailDownloadLinkResponseSchema,
  latestVersionResponseSchema,
  versionsResponseSchema,
} from './downloads.js';
import {
  healthQuerySchema,
  businessHealthResponseSchema,
  orderStatusPreviewQuerySchema,
  statusPreviewResponseSchema,
  userStatusPreviewQuerySchema,
} from './guardrails.js';
import { endpoint, endpointKey, type Endpoint } from './http.js';
import {
  checkoutSessionParamsSchema,
  createPaymentRequestSchema,
  createPaymentResponseSchema,
  orderStatusResponseSchema,
  ordersQuerySchema,
  ordersResponseSchema,
  sandboxActionResponseSchema,
  sandboxCheckoutSchema,
  subscribeRequestSchema,
  subscribeResponseSchema,
  webhookProviderParamsSchema,
  webhookResponseSchema,
} from './orders.js';
import { plansResponseSchema } from './plans.js';
import {
  activateLicenseRequestSchema,
  activateLicenseResponseSchema,
  adminLicenseDeviceParamsSchema,
  adminLicenseResponseSchema,
  checkoutLicenseRequestSchema,
  checkoutLicenseResponseSchema,
  deactivateLicenseRequestSchema,
  deactivateLicenseResponseSchema,
  licenseCheckResponseSchema,
  licenseDeviceParamsSchema,
  licenseHeartbeatRequestSchema,
  licenseKeysResponseSchema,
  myLicenseResponseSchema,
  setLicenseSuspensionRequestSchema,
  validateLicenseRequestSchema,
} from './licenses.js';
import {
  adminDeadJobRetryResponseSchema,
  adminDeadJobsQuerySchema,
  adminDeadJobsResponseSchema,
  adminOutboxQuerySchema,
  adminOutboxResponseSchema,
  adminOutboxRetryResponseSchema,
} from './outbox.js';
import { siteConfigSchema } from './site.js';
import {
  adminArtifactResponseSchema,
  adminReleaseResponseSchema,
  adminReleasesResponseSchema,
  adoptionQuerySchema,
  adoptionResponseSchema,
  apiTokensResponseSchema,
  createApiTokenRequestSchema,
  createApiTokenResponseSchema,
  createReleaseRequestSchema,
  electronFeedParamsSchema,
  electronFeedTokenParamsSchema,
  feedFileParamsSchema,
  feedFileTokenParamsSchema,
  feedQuerySchema,
  myUpdatesResponseSchema,
  sparkleParamsSchema,
  sparkleTokenParamsSchema,
  squirrelMacParamsSchema,
  squirrelMacTokenParamsSchema,
  squirrelMacUpdateResponseSchema,
  squirrelWindowsParamsSchema,
  squirrelWindowsTokenParamsSchema,
  tauriParamsSchema,
  tauriTokenParamsSchema,
  tauriUpdateResponseSchema,
  updateMyUpdatesRequestSchema,
  updateReleaseRequestSchema,
  updateSettingsRequestSchema,
  updateSettingsResponseSchema,
  velopackParamsSchema,
  velopackTokenParamsSchema,
} from './updates.js';
import {
  cancelSubscriptionResponseSchema,
  mySubscriptionsResponseSchema,
  quoteQuerySchema,
  quoteResponseSchema,
} from './subscriptions.js';
import {
  updateNotificationsRequestSchema,
  updateProfileRequestSchema,
  userResponseSchema,
} from './users.js';

/** `{ 400: errorResponseSchema, … }` for the given error statuses. */
export function errors<const S extends number>(
  ...statuses: S[]
): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}

/** Liveness answer of `GET /health`. */
export const healthResponseSchema = z.object({ ok: z.literal(true) });

/** The state of one dependency in the readiness answer: reachable, or not configured at all. */
export const readinessCheckSchema = z.enum(['ok', 'failed', 'not configured']);

/**
 * Readiness answer of `GET /ready` (docs/operations.md): whether this instance should get
 * traffic. 200 with `ready: true` when the database answered `select 1`, Redis (when
 * REDIS_URL is set) answered PING and the object store (when S3_BUCKET is set) answered
 * HeadBucket, each within a second; 503 with `ready: false`, the failing
 * check marked `failed` and a Retry-After header when one did not, or while the instance drains
 * before shutting down (`draining: true`).
 */
export const readinessResponseSchema = z.object({
  ready: z.boolean(),
  /** True from the first SIGTERM on: the instance finishes its work and stops. */
  draining: z.boolean(),
  checks: z.object({
    database: readinessCheckSchema.exclude(['not configured']),
    redis: readinessCheckSchema,
    /** The S3-compatible bucket of program files; `not configured` when they are on disk. */
    object_store: readinessCheckSchema,
  }),
});

/** The whole API, by feature. */
export const API = {
  system: {
    health: endpoint({
      method: 'GET',
      path: '/health',
      summary: 'Liveness: the process answers',
      tag: 'system',
      access: 'public',
      responses: { 200: healthResponseSchema },
      hidden: true,
    }),
    ready: endpoint({
      method: 'GET',
      path: '/ready',
      summary:
        'Readiness: the database and Redis answer and the instance is not draining (503 otherwise)',
      tag: 'system',
      access: 'public',
      // Never cached (no `cache`: every API answer is no-store by default, plugins/cache-control.ts).
      responses: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      hidden: true,
    }),
    openapi: endpoint({
      method: 'GET',
      path: '/openapi.json',
      summary: 'This OpenAPI document',
      tag: 'system',
      access: 'public',
      responses: { 200: z.record(z.string(), z.unknown()) },
      cache: 'public',
      hidden: true,
    }),
  },

  site: {
    config: endpoint({
      method: 'GET',
      path: '/site/config',
      summary: 'Public site configuration (requirements §3)',
      tag: 'site',
      access: 'public',
      responses: { 200: siteConfigSchema },
      cache: 'public',
    }),
  },

  auth: {
    register: endpoint({
      method: 'POST',
      path: '/auth/register',
      summary: 'Create an account and sign in (requirements §7)',
      tag: 'auth',
      access: 'public',
      body: registerRequestSchema,
      responses: { 201: authResponseSchema, ...errors(400, 409, 429) },
    }),
    login: endpoint({
      method: 'POST',
      path: '/auth/login',
      summary:
        'Sign in with email and password (requirements §7); sets a device cookie that keeps this browser trusted',
      tag: 'auth',
      access: 'public',
      body: loginRequestSchema,
      responses: { 200: authResponseSchema, ...errors(400, 401, 403, 429) },
    }),
    me: endpoint({
      method: 'GET',
      path: '/auth/me',
      summary: 'The signed-in user (requirements §7)',
      tag: 'auth',
      access: 'user',
      responses: { 200: userResponseSchema, ...errors(401, 403) },
    }),
    logout: endpoint({
      method: 'POST',
      path: '/auth/logout',
      summary: 'Sign out: ends this session on the server',
      tag: 'auth',
      access: 'user',
      responses: { 204: null, ...errors(401, 403) },
    }),
    forgotPassword: endpoint({
      method: 'POST',
      path: '/auth/forgot-password',
      summary: 'E-mail a reset link (same answer whether or not the account exists)',
      tag: 'auth',
      access: 'public',
      body: forgotPasswordRequestSchema,
      responses: { 200: messageResponseSchema, ...errors(400, 429) },
    }),
    resetPassword: endpoint({
      method: 'POST',
      path: '/auth/reset-password',
      summary: 'Set a new password with a reset link (ends every session)',
      tag: 'auth',
      access: 'public',
      body: resetPasswordRequestSchema,
      responses: { 200: messageResponseSchema, ...errors(400, 429) },
    }),
    verifyEmail: endpoint({
      method: 'POST',
      path: '/auth/verify-email',
      summary: 'Confirm the e-mail address with the link sent at registration',
      tag: 'auth',
      access: 'public',
      body: tokenRequestSchema,
      responses: { 200: messageResponseSchema, ...errors(400, 429) },
    }),
    resendVerification: endpoint({
      method: 'POST',
      path: '/auth/resend-verification',
      summary: 'Send the confirmation link again',
      tag: 'auth',
      access: 'user',
      responses: { 200: messageResponseSchema, ...errors(401, 403, 409, 429) },
    }),
    changePassword: endpoint({
      method: 'POST',
      path: '/auth/change-password',
      summary: 'Change the password (ends every other session)',
      tag: 'auth',
      access: 'user',
      body: changePasswordRequestSchema,
      responses: { 200: messageResponseSchema, ...errors(400, 401, 403, 429) },
    }),
    changeEmail: endpoint({
      method: 'POST',
      path: '/auth/change-email',
      summary: 'Ask to change the e-mail address (applied when the link is opened)',
      tag: 'auth',
      access: 'user',
      body: changeEmailRequestSchema,
      responses: { 200: messageResponseSchema, ...errors(400, 401, 403, 409, 429) },
    }),
    confirmEmail: endpoint({
      method: 'POST',
      path: '/auth/confirm-email',
      summary: 'Apply an e-mail change with the link sent to the new address',
      tag: 'auth',
      access: 'public',
      body: tokenRequestSchema,
      responses: { 200: messageResponseSchema, ...errors(400, 409, 429) },
    }),
  },

  user: {
    updateProfile: endpoint({
      method: 'PUT',
      path: '/user/profile',
      summary: 'Change username and country (requirements §7)',
      tag: 'user',
      access: 'user',
      body: updateProfileRequestSchema,
      responses: { 200: userResponseSchema, ...errors(400, 401, 403, 409) },
    }),
    updateNotifications: endpoint({
      method: 'PUT',
      path: '/user/notifications',
      summary: 'Change e-mail preferences (requirements §7)',
      tag: 'user',
      access: 'user',
      body: updateNotificationsRequestSchema,
      responses: { 200: userResponseSchema, ...errors(400, 401, 403) },
    }),
    deleteAccount: endpoint({
      method: 'DELETE',
      path: '/user/account',
      summary: 'Delete the account (personal data removed, payments kept)',
      tag: 'user',
      access: 'user',
      body: deleteAccountRequestSchema,
      responses: { 204: null, ...errors(400, 401, 403) },
    }),
  },

  subscriptions: {
    plans: endpoint({
      method: 'GET',
      path: '/subscriptions/plans',
      summary:
        'Active plans and the yearly discount (requirements §7); with an ETag, 304 when If-None-Match matches',
      tag: 'subscriptions',
      access: 'public',
      responses: { 200: plansResponseSchema, 304: null },
      cache: 'public',
    }),
    subscribe: endpoint({
      method: 'POST',
      path: '/subscriptions/subscribe',
      summary: 'Place a PENDING order for a plan and period (requirements §7)',
      tag: 'subscriptions',
      access: 'user',
      body: subscribeRequestSchema,
      responses: { 201: subscribeResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    mine: endpoint({
      method: 'GET',
      path: '/subscriptions/my-subscriptions',
      summary: "The caller's subscription (requirements §7)",
      tag: 'subscriptions',
      access: 'user',
      responses: { 200: mySubscriptionsResponseSchema, ...errors(401, 403) },
    }),
    cancel: endpoint({
      method: 'DELETE',
      path: '/subscriptions/:id/cancel',
      summary: 'Cancel at period end: access continues until expires_at (requirements §7)',
      tag: 'subscriptions',
      access: 'user',
      params: idParamsSchema,
      responses: { 200: cancelSubscriptionResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    quote: endpoint({
      method: 'GET',
      path: '/subscriptions/quote',
      summary:
        'What paying for a plan and period would do now: price today, start, end, time converted (README "Subscriptions")',
      tag: 'subscriptions',
      access: 'user',
      query: quoteQuerySchema,
      responses: { 200: quoteResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    resume: endpoint({
      method: 'POST',
      path: '/subscriptions/:id/resume',
      summary: 'Undo a cancellation before the period ends',
      tag: 'subscriptions',
      access: 'user',
      params: idParamsSchema,
      responses: { 200: cancelSubscriptionResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
  },

  payments: {
    create: endpoint({
      method: 'POST',
      path: '/payments/create',
      summary: "Open the hosted checkout for the caller's own PENDING order (requirements §7)",
      tag: 'payments',
      access: 'user',
      body: createPaymentRequestSchema,
      responses: { 200: createPaymentResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    orders: endpoint({
      method: 'GET',
      path: '/payments/orders',
      summary: "The caller's orders, newest first (requirements §7)",
      tag: 'payments',
      access: 'user',
      query: ordersQuerySchema,
      responses: { 200: ordersResponseSchema, ...errors(400, 401, 403) },
    }),
    orderStatus: endpoint({
      method: 'GET',
      path: '/payments/orders/:id/status',
      summary: "Status of the caller's own order, polled while a payment is open (requirements §7)",
      tag: 'payments',
      access: 'user',
      params: idParamsSchema,
      responses: { 200: orderStatusResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    qr: endpoint({
      method: 'GET',
      path: '/payments/qr/:sessionId',
      summary: 'PNG QR code of an open payment page (the checkout session id is the capability)',
      tag: 'payments',
      access: 'public',
      params: checkoutSessionParamsSchema,
      responses: { 200: null, ...errors(400, 404) },
      produces: 'image/png',
    }),
    checkout: endpoint({
      method: 'GET',
      path: '/payments/sandbox/sessions/:sessionId',
      summary:
        "The sandbox payment page's data (the checkout session id is the capability: no sign-in)",
      tag: 'payments',
      access: 'public',
      params: checkoutSessionParamsSchema,
      responses: { 200: sandboxCheckoutSchema, ...errors(400, 404) },
    }),
    pay: endpoint({
      method: 'POST',
      path: '/payments/sandbox/sessions/:sessionId/pay',
      summary: 'Sandbox payment page: pay (the provider event fulfils the order once)',
      tag: 'payments',
      access: 'public',
      params: checkoutSessionParamsSchema,
      responses: { 200: sandboxActionResponseSchema, ...errors(400, 404, 409) },
    }),
    cancel: endpoint({
      method: 'POST',
      path: '/payments/sandbox/sessions/:sessionId/cancel',
      summary: 'Sandbox payment page: cancel (the order becomes FAILED)',
      tag: 'payments',
      access: 'public',
      params: checkoutSessionParamsSchema,
      responses: { 200: sandboxActionResponseSchema, ...errors(400, 404, 409) },
    }),
    webhook: endpoint({
      method: 'POST',
      path: '/payments/webhooks/:provider',
      summary:
        "A payment provider's signed event (Stripe-Signature or Sandbox-Signature over the raw body)",
      tag: 'payments',
      access: 'public',
      params: webhookProviderParamsSchema,
      bodyKind: 'raw',
      responses: { 200: webhookResponseSchema, ...errors(400, 404) },
    }),
  },

  downloads: {
    latest: endpoint({
      method: 'GET',
      path: '/downloads/latest',
      summary: 'The newest active version (requirements §7)',
      tag: 'downloads',
      access: 'user',
      responses: { 200: latestVersionResponseSchema, ...errors(401, 403, 404) },
    }),
    versions: endpoint({
      method: 'GET',
      path: '/downloads/versions',
      summary: 'Active versions, newest first (requirements §7)',
      tag: 'downloads',
      access: 'user',
      responses: { 200: versionsResponseSchema, ...errors(401, 403) },
    }),
    history: endpoint({
      method: 'GET',
      path: '/downloads/history',
      summary: "The caller's downloads, newest first (requirements §7)",
      tag: 'downloads',
      access: 'user',
      responses: { 200: downloadHistoryResponseSchema, ...errors(401, 403) },
    }),
    link: endpoint({
      method: 'GET',
      path: '/downloads/link',
      summary:
        "A signed link to a build of a version (requirements §7): the newest version when none is given; the platform, architecture and kind asked for, else the build for the caller's computer (docs/downloads.md). 404 BUILD_NOT_FOUND lists the builds the version has",
      tag: 'downloads',
      access: 'user',
      query: downloadLinkQuerySchema,
      responses: {
        200: downloadLinkResponseSchema,
        404: downloadNotFoundResponseSchema,
        ...errors(400, 401, 403),
      },
    }),
    emailLink: endpoint({
      method: 'POST',
      path: '/downloads/email-link',
      summary:
        "E-mails 24-hour links to every build of a version (the newest when none is given) to the caller's own address, to open on a computer; the build asked for, or the caller's computer's, first",
      tag: 'downloads',
      access: 'user',
      body: emailDownloadLinkRequestSchema,
      responses: { 200: emailDownloadLinkResponseSchema, ...errors(400, 401, 403, 404, 429) },
    }),
    file: endpoint({
      method: 'GET',
      path: '/downloads/file',
      summary:
        'The file behind a signed link (Range requests supported, RFC 9110 §14), or a 302 to a short-lived presigned URL of the object store',
      tag: 'downloads',
      access: 'public',
      query: downloadFileQuerySchema,
      responses: { 200: null, 206: null, 302: null, ...errors(400, 403, 404, 416) },
      produces: 'application/octet-stream',
    }),
  },

  updates: {
    me: endpoint({
      method: 'GET',
      path: '/updates/me',
      summary:
        "The caller's release channel, feed token, feed URLs and what the subscription gives the feeds",
      tag: 'updates',
      access: 'user',
      responses: { 200: myUpdatesResponseSchema, ...errors(401, 403) },
    }),
    updateMe: endpoint({
      method: 'PUT',
      path: '/updates/me',
      summary: 'Choose the release channel the caller is offered (stable, rc, beta or alpha)',
      tag: 'updates',
      access: 'user',
      body: updateMyUpdatesRequestSchema,
      responses: { 200: myUpdatesResponseSchema, ...errors(400, 401, 403) },
    }),
    rotateFeedToken: endpoint({
      method: 'POST',
      path: '/updates/me/feed-token',
      summary: "Replace the caller's feed token; the old one stops working at once",
      tag: 'updates',
      access: 'user',
      responses: { 200: myUpdatesResponseSchema, ...errors(401, 403) },
    }),
    electron: endpoint({
      method: 'GET',
      path: '/updates/electron/:file',
      summary:
        'electron-updater generic provider file ({channel}.yml, {channel}-mac.yml, {channel}-linux.yml, {channel}-linux-arm64.yml) (feed token in the Authorization header)',
      tag: 'updates',
      access: 'public',
      params: electronFeedParamsSchema,
      query: feedQuerySchema,
      responses: { 200: null, ...errors(400, 401, 403, 404) },
      produces: 'text/yaml',
    }),
    electronWithToken: endpoint({
      method: 'GET',
      path: '/updates/t/:feedToken/electron/:file',
      summary:
        'electron-updater generic provider file ({channel}.yml, {channel}-mac.yml, {channel}-linux.yml, {channel}-linux-arm64.yml) (feed token in the path)',
      tag: 'updates',
      access: 'public',
      params: electronFeedTokenParamsSchema,
      query: feedQuerySchema,
      responses: { 200: null, ...errors(400, 401, 403, 404) },
      produces: 'text/yaml',
    }),
    file: endpoint({
      method: 'GET',
      path: '/updates/files/:version/:filename',
      summary:
        'A file of a release, with Range and multi-range requests (RFC 9110 §14), or a 302 to the object store (feed token in the Authorization header)',
      tag: 'updates',
      access: 'public',
      params: feedFileParamsSchema,
      query: feedQuerySchema,
      responses: {
        200: null,
        206: null,
        302: null,
        ...errors(400, 401, 403, 404),
        416: errorResponseSchema,
      },
      produces: 'application/octet-stream',
    }),
    fileWithToken: endpoint({
      method: 'GET',
      path: '/updates/t/:feedToken/files/:version/:filename',
      summary:
        'A file of a release, with Range and multi-range requests (RFC 9110 §14), or a 302 to the object store (feed token in the path)',
      tag: 'updates',
      access: 'public',
      params: feedFileTokenParamsSchema,
      query: feedQuerySchema,
      responses: {
        200: null,
        206: null,
        302: null,
        ...errors(400, 401, 403, 404),
        416: errorResponseSchema,
      },
      produces: 'application/octet-stream',
    }),
    squirrelMac: endpoint({
      method: 'GET',
      path: '/updates/squirrel-mac/:channel/:arch/:currentVersion',
      summary:
        'Electron autoUpdater feed on macOS (Squirrel.Mac): the update, or 204 when up to date (feed token in the Authorization header)',
      tag: 'updates',
      access: 'public',
      params: squirrelMacParamsSchema,
      query: feedQuerySchema,
      responses: { 200: squirrelMacUpdateResponseSchema, 204: null, ...errors(400, 401, 403, 404) },
      produces: 'application/json',
    }),
    squirrelMacWithToken: endpoint({
      method: 'GET',
      path: '/updates/t/:feedToken/squirrel-mac/:channel/:arch/:currentVersion',
      summary:
        'Electron autoUpdater feed on macOS (Squirrel.Mac): the update, or 204 when up to date (feed token in the path)',
      tag: 'updates',
      access: 'public',
      params: squirrelMacTokenParamsSchema,
      query: feedQuerySchema,
      responses: { 200: squirrelMacUpdateResponseSchema, 204: null, ...errors(400, 401, 403, 404) },
      produces: 'application/json',
    }),
    squirrelWindows: endpoint({
      method: 'GET',
      path: '/updates/squirrel-win/:channel/:file',
      summary:
        'Squirrel.Windows RELEASES file, or a package it names (feed token in the Authorization header)',
      tag: 'updates',
      access: 'public',
      params: squirrelWindowsParamsSchema,
      query: feedQuerySchema,
      responses: { 200: null, 302: null, ...errors(400, 401, 403, 404) },
      produces: 'text/plain',
    }),
    squirrelWindowsWithToken: endpoint({
      method: 'GET',
      path: '/updates/t/:feedToken/squirrel-win/:channel/:file',
      summary: 'Squirrel.Windows RELEASES file, or a package it names (feed token in the path)',
      tag: 'updates',
      access: 'public',
      params: squirrelWindowsTokenParamsSchema,
      query: feedQuerySchema,
      responses: { 200: null, 302: null, ...errors(400, 401, 403, 404) },
      produces: 'text/plain',
    }),
    tauri: endpoint({
      method: 'GET',
      path: '/updates/tauri/:channel/:target/:arch/:currentVersion',
      summary:
        'Tauri v2 updater: the update, or 204 when up to date (feed token in the Authorization header)',
      tag: 'updates',
      access: 'public',
      params: tauriParamsSchema,
      query: feedQuerySchema,
      responses: { 200: tauriUpdateResponseSchema, 204: null, ...errors(400, 401, 403, 404) },
      produces: 'application/json',
    }),
    tauriWithToken: endpoint({
      method: 'GET',
      path: '/updates/t/:feedToken/tauri/:channel/:target/:arch/:currentVersion',
      summary: 'Tauri v2 updater: the update, or 204 when up to date (feed token in the path)',
      tag: 'updates',
      access: 'public',
      params: tauriTokenParamsSchema,
      query: feedQuerySchema,
      responses: { 200: tauriUpdateResponseSchema, 204: null, ...errors(400, 401, 403, 404) },
      produces: 'application/json',
    }),
    velopack: endpoint({
      method: 'GET',
      path: '/updates/velopack/:file',
      summary:
        'Velopack releases.{channel}.json, or a package it names (feed token in the Authorization header)',
      tag: 'updates',
      access: 'public',
      params: velopackParamsSchema,
      query: feedQuerySchema,
      responses: { 200: null, 302: null, ...errors(400, 401, 403, 404) },
      produces: 'application/json',
    }),
    velopackWithToken: endpoint({
      method: 'GET',
      path: '/updates/t/:feedToken/velopack/:file',
      summary: 'Velopack releases.{channel}.json, or a package it names (feed token in the path)',
      tag: 'updates',
      access: 'public',
      params: velopackTokenParamsSchema,
      query: feedQuerySchema,
      responses: { 200: null, 302: null, ...errors(400, 401, 403, 404) },
      produces: 'application/json',
    }),
    sparkle: endpoint({
      method: 'GET',
      path: '/updates/sparkle/:channel/appcast.xml',
      summary:
        'Sparkle appcast (RSS) of the macOS releases (feed token in the Authorization header)',
      tag: 'updates',
      access: 'public',
      params: sparkleParamsSchema,
      query: feedQuerySchema,
      responses: { 200: null, ...errors(400, 401, 403, 404) },
      produces: 'application/rss+xml',
    }),
    sparkleWithToken: endpoint({
      method: 'GET',
      path: '/updates/t/:feedToken/sparkle/:channel/appcast.xml',
      summary: 'Sparkle appcast (RSS) of the macOS releases (feed token in the path)',
      tag: 'updates',
      access: 'public',
      params: sparkleTokenParamsSchema,
      query: feedQuerySchema,
      responses: { 200: null, ...errors(400, 401, 403, 404) },
      produces: 'application/rss+xml',
    }),
  },

  licenses: {
    me: endpoint({
      method: 'GET',
      path: '/licenses/me',
      summary:
        "The caller's license: key, status, plan, entitlements, seat limit and the devices holding a seat (null before the first paid order)",
      tag: 'licenses',
      access: 'user',
      responses: { 200: myLicenseResponseSchema, ...errors(401, 403) },
    }),
    rotate: endpoint({
      method: 'POST',
      path: '/licenses/me/rotate',
      summary: "Replace the caller's license key; the old one stops working at once (audited)",
      tag: 'licenses',
      access: 'user',
      responses: { 200: myLicenseResponseSchema, ...errors(401, 403, 404) },
    }),
    deactivateMyDevice: endpoint({
      method: 'DELETE',
      path: '/licenses/me/devices/:id',
      summary: "Free the seat of one of the caller's devices (kept as deactivated; audited)",
      tag: 'licenses',
      access: 'user',
      params: licenseDeviceParamsSchema,
      responses: { 200: myLicenseResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    activate: endpoint({
      method: 'POST',
      path: '/licenses/activate',
      summary:
        "The program takes a seat for this device with the license key (idempotent per fingerprint; 403 DEVICE_LIMIT_REACHED past the plan's limit); signed answer (Flockr-Signature)",
      tag: 'licenses',
      access: 'public',
      body: activateLicenseRequestSchema,
      responses: { 200: activateLicenseResponseSchema, ...errors(400, 401, 403, 429) },
    }),
    validate: endpoint({
      method: 'POST',
      path: '/licenses/validate',
      summary:
        'Whether the license is valid on this device now, and why not (VALID, EXPIRED, SUSPENDED, REFUNDED, NOT_ACTIVATED, ENTITLEMENT_MISSING, VERSION_NOT_ALLOWED); echoes the nonce; signed answer',
      tag: 'licenses',
      access: 'public',
      body: validateLicenseRequestSchema,
      responses: { 200: licenseCheckResponseSchema, ...errors(400, 401, 429) },
    }),
    heartbeat: endpoint({
      method: 'POST',
      path: '/licenses/heartbeat',
      summary:
        'The device is still in use: keeps its seat (LICENSE_DEVICE_TIMEOUT) and answers as validate does; signed answer',
      tag: 'licenses',
      access: 'public',
      body: licenseHeartbeatRequestSchema,
      responses: { 200: licenseCheckResponseSchema, ...errors(400, 401, 429) },
    }),
    deactivate: endpoint({
      method: 'POST',
      path: '/licenses/deactivate',
      summary: "The program frees this device's seat (idempotent); signed answer",
      tag: 'licenses',
      access: 'public',
      body: deactivateLicenseRequestSchema,
      responses: { 200: deactivateLicenseResponseSchema, ...errors(400, 401, 429) },
    }),
    checkout: endpoint({
      method: 'POST',
      path: '/licenses/checkout',
      summary:
        'An offline license file for this activated device, valid LICENSE_FILE_TTL, optionally encrypted (docs/licenses.md); signed answer',
      tag: 'licenses',
      access: 'public',
      body: checkoutLicenseRequestSchema,
      responses: { 200: checkoutLicenseResponseSchema, ...errors(400, 401, 403, 429) },
    }),
    keys: endpoint({
      method: 'GET',
      path: '/licenses/keys',
      summary:
        "The seller's Ed25519 public keys that sign license answers and files (also at /.well-known/flockr-license-keys.json)",
      tag: 'licenses',
      access: 'public',
      responses: { 200: licenseKeysResponseSchema },
      cache: 'public',
    }),
  },

  changelog: {
    list: endpoint({
      method: 'GET',
      path: '/changelog',
      summary:
        'Published entries, newest release first, 10 a page (requirements §7, §9); with an ETag, 304 when If-None-Match matches',
      tag: 'changelog',
      access: 'public',
      query: changelogQuerySchema,
      responses: { 200: changelogResponseSchema, 304: null, ...errors(400) },
      cache: 'public',
    }),
    latest: endpoint({
      method: 'GET',
      path: '/changelog/latest',
      summary: 'The newest published entry (requirements §7)',
      tag: 'changelog',
      access: 'public',
      responses: { 200: changelogEntryResponseSchema, ...errors(404) },
      cache: 'public',
    }),
    search: endpoint({
      method: 'GET',
      path: '/changelog/search',
      summary: 'Published entries whose title or changes contain the terms (requirements §7)',
      tag: 'changelog',
      access: 'public',
      query: changelogSearchQuerySchema,
      responses: { 200: changelogEntriesResponseSchema, ...errors(400) },
      cache: 'public',
    }),
    byVersion: endpoint({
      method: 'GET',
      path: '/changelog/:version',
      summary: 'The published entry of a version (requirements §7)',
      tag: 'changelog',
      access: 'public',
      params: changelogVersionParamsSchema,
      responses: { 200: changelogEntryResponseSchema, ...errors(400, 404) },
      cache: 'public',
    }),
    recordView: endpoint({
      method: 'POST',
      path: '/changelog/:version/views',
      summary: 'Count one reader opening an entry (reading it never writes)',
      tag: 'changelog',
      access: 'public',
      params: changelogVersionParamsSchema,
      responses: { 204: null, ...errors(400, 404) },
    }),
  },

  admin: {
    stats: endpoint({
      method: 'GET',
      path: '/admin/stats',
      summary: 'Dashboard figures (requirements §3)',
      tag: 'admin',
      access: 'admin',
      responses: { 200: statsResponseSchema, ...errors(401, 403) },
    }),
    dailyStats: endpoint({
      method: 'GET',
      path: '/admin/stats/daily',
      summary: 'Revenue and sign-ups per day, last 30 days',
      tag: 'admin',
      access: 'admin',
      responses: { 200: dailyStatsResponseSchema, ...errors(401, 403) },
    }),
    health: endpoint({
      method: 'GET',
      path: '/admin/stats/health',
      summary:
        'Business health over a date range: revenue by month, active subscriptions by plan, new vs lapsed, due in 7/30 days, pending orders and their paid rate',
      tag: 'admin',
      access: 'admin',
      query: healthQuerySchema,
      responses: { 200: businessHealthResponseSchema, ...errors(400, 401, 403) },
    }),
    userStatusPreview: endpoint({
      method: 'GET',
      path: '/admin/users/:id/status/preview',
      summary: 'What setting this status would do (changes nothing)',
      tag: 'admin',
      access: 'admin',
      params: idParamsSchema,
      query: userStatusPreviewQuerySchema,
      responses: { 200: statusPreviewResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    orderStatusPreview: endpoint({
      method: 'GET',
      path: '/admin/orders/:id/status/preview',
      summary:
        'What moving the order to this status would do: time granted or taken back, e-mails (changes nothing)',
      tag: 'admin',
      access: 'admin',
      params: idParamsSchema,
      query: orderStatusPreviewQuerySchema,
      responses: { 200: statusPreviewResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    users: endpoint({
      method: 'GET',
      path: '/admin/users',
      summary: 'Users, paged, searched and filtered (requirements §7)',
      tag: 'admin',
      access: 'admin',
      query: adminUsersQuerySchema,
      responses: { 200: adminUsersResponseSchema, ...errors(400, 401, 403) },
    }),
    exportUsers: endpoint({
      method: 'GET',
      path: '/admin/users/export',
      summary:
        'The users list as CSV, every row matching its filters and sort, streamed (formula-safe cells)',
      tag: 'admin',
      access: 'admin',
      query: adminUsersExportQuerySchema,
      produces: 'text/csv',
      responses: { 200: null, ...errors(400, 401, 403) },
    }),
    user: endpoint({
      method: 'GET',
      path: '/admin/users/:id',
      summary: 'A user with orders, subscription and downloads',
      tag: 'admin',
      access: 'admin',
      params: idParamsSchema,
      responses: { 200: adminUserDetailSchema, ...errors(400, 401, 403, 404) },
    }),
    setUserStatus: endpoint({
      method: 'PUT',
      path: '/admin/users/:id/status',
      summary: 'Set a user status (not your own; other admins: SUPER_ADMIN only) (requirements §7)',
      tag: 'admin',
      access: 'admin',
      params: idParamsSchema,
      body: updateUserStatusRequestSchema,
      responses: { 200: updateUserStatusResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    userLicense: endpoint({
      method: 'GET',
      path: '/admin/users/:id/license',
      summary: "A user's license (without its key) and every device, deactivated ones too",
      tag: 'admin',
      access: 'admin',
      params: idParamsSchema,
      responses: { 200: adminLicenseResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    resetUserDevices: endpoint({
      method: 'POST',
      path: '/admin/users/:id/license/reset-devices',
      summary: "Deactivate every device of a user's license (frees all seats); audited",
      tag: 'admin',
      access: 'admin',
      params: idParamsSchema,
      responses: { 200: adminLicenseResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    deactivateUserDevice: endpoint({
      method: 'DELETE',
      path: '/admin/users/:id/license/devices/:deviceId',
      summary: "Deactivate one device of a user's license; audited",
      tag: 'admin',
      access: 'admin',
      params: adminLicenseDeviceParamsSchema,
      responses: { 200: adminLicenseResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    setUserLicenseSuspension: endpoint({
      method: 'PUT',
      path: '/admin/users/:id/license/suspension',
      summary:
        "Suspend a user's license (validate answers SUSPENDED, activation refused) or reinstate it; audited",
      tag: 'admin',
      access: 'admin',
      params: idParamsSchema,
      body: setLicenseSuspensionRequestSchema,
      responses: { 200: adminLicenseResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    setUserRole: endpoint({
      method: 'PUT',
      path: '/admin/users/:id/role',
      summary: 'Set a user role (SUPER_ADMIN only, not your own)',
      tag: 'admin',
      access: 'super-admin',
      params: idParamsSchema,
      body: updateUserRoleRequestSchema,
      responses: { 200: updateUserStatusResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    orders: endpoint({
      method: 'GET',
      path: '/admin/orders',
      summary: 'Orders with buyer and plan, paged, searched and filtered (requirements §7)',
      tag: 'admin',
      access: 'admin',
      query: adminOrdersQuerySchema,
      responses: { 200: adminOrdersResponseSchema, ...errors(400, 401, 403) },
    }),
    exportOrders: endpoint({
      method: 'GET',
      path: '/admin/orders/export',
      summary:
        'The orders list as CSV, every row matching its filters and sort, streamed (formula-safe cells)',
      tag: 'admin',
      access: 'admin',
      query: adminOrdersExportQuerySchema,
      produces: 'text/csv',
      responses: { 200: null, ...errors(400, 401, 403) },
    }),
    setOrderStatus: endpoint({
      method: 'PUT',
      path: '/admin/orders/:id/status',
      summary:
        'Move an order along the transition table, with its effect (requirements §7, docs/billing.md)',
      tag: 'admin',
      access: 'admin',
      params: idParamsSchema,
      body: updateOrderStatusRequestSchema,
      responses: { 200: updateOrderStatusResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    testData: endpoint({
      method: 'GET',
      path: '/admin/test-data',
      summary:
        'The payment mode now, and the test data kept out of every business figure: what clearing it would remove',
      tag: 'admin',
      access: 'admin',
      responses: { 200: testDataResponseSchema, ...errors(401, 403) },
    }),
    clearTestData: endpoint({
      method: 'DELETE',
      path: '/admin/test-data',
      summary:
        'Remove every test order and what it alone granted, in one transaction; live data untouched; audited; again removes nothing',
      tag: 'admin',
      access: 'admin',
      responses: { 200: clearTestDataResponseSchema, ...errors(401, 403) },
    }),
    paymentEvents: endpoint({
      method: 'GET',
      path: '/admin/payment-events',
      summary:
        'Provider events as received, newest first; outcome=unmatched lists events that named no order of ours',
      tag: 'admin',
      access: 'admin',
      query: adminPaymentEventsQuerySchema,
      responses: { 200: adminPaymentEventsResponseSchema, ...errors(400, 401, 403) },
    }),
    plans: endpoint({
      method: 'GET',
      path: '/admin/plans',
      summary: 'Every plan with subscribers and revenue (requirements §7)',
      tag: 'admin',
      access: 'admin',
      responses: { 200: adminPlansResponseSchema, ...errors(401, 403) },
    }),
    createPlan: endpoint({
      method: 'POST',
      path: '/admin/plans',
      summary: 'Create a plan (requirements §7)',
      tag: 'admin',
      access: 'admin',
      body: planInputSchema,
      responses: { 201: adminPlanResponseSchema, ...errors(400, 401, 403, 409) },
    }),
    updatePlan: endpoint({
      method: 'PUT',
      path: '/admin/plans/:id',
      summary: 'Update a plan; orders keep the price they were placed at (requirements §7)',
      tag: 'admin',
      access: 'admin',
      params: idParamsSchema,
      body: planUpdateSchema,
      responses: { 200: adminPlanResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    releases: endpoint({
      method: 'GET',
      path: '/admin/downloads',
      summary:
        'Every program version with its download count (requirements §7): the releases that have a file, in the spec\'s form (an alias of the release manager, docs/updates.md "One release capability")',
      tag: 'admin',
      access: 'admin',
      apiToken: true,
      responses: { 200: adminDownloadsResponseSchema, ...errors(401, 403) },
    }),
    createRelease: endpoint({
      method: 'POST',
      path: '/admin/downloads',
      summary:
        'Add a version hosted at a URL (requirements §7): a stable release with that one file, published when is_active; audited as release.create',
      tag: 'admin',
      access: 'admin',
      body: createDownloadRequestSchema,
      responses: { 201: adminDownloadResponseSchema, ...errors(400, 401, 403, 409) },
    }),
    uploadRelease: endpoint({
      method: 'POST',
      path: '/admin/downloads/upload',
      summary:
        'Add a version by uploading its file (multipart: version, release_date, filename?, is_active?, then file), as POST /admin/downloads does with a URL',
      tag: 'admin',
      access: 'admin',
      bodyKind: 'multipart',
      responses: { 201: adminDownloadResponseSchema, ...errors(400, 401, 403, 409, 413) },
    }),
    updateRelease: endpoint({
      method: 'PUT',
      path: '/admin/downloads/:id',
      summary:
        "Activate (publish) or deactivate (withdraw), re-date, archive or restore a version by the release manager's publish rule; audited as release.*",
      tag: 'admin',
      access: 'admin',
      params: idParamsSchema,
      body: updateDownloadRequestSchema,
      responses: { 200: adminDownloadResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    releaseDetails: endpoint({
      method: 'GET',
      path: '/admin/releases',
      summary:
        'Every release with its files, channel, rollout and state, and the minimum supported version',
      tag: 'admin',
      access: 'admin',
      apiToken: true,
      responses: { 200: adminReleasesResponseSchema, ...errors(401, 403) },
    }),
    createReleaseDraft: endpoint({
      method: 'POST',
      path: '/admin/releases',
      summary: 'Create a release on a channel (a draft unless publish is true); add its files next',
      tag: 'admin',
      access: 'admin',
      apiToken: true,
      body: createReleaseRequestSchema,
      responses: { 201: adminReleaseResponseSchema, ...errors(400, 401, 403, 409) },
    }),
    updateReleaseDetail: endpoint({
      method: 'PATCH',
      path: '/admin/releases/:id',
      summary:
        'Publish, withdraw, change channel or rollout, yank or restore a release (the publish rule PUT /admin/downloads/:id also follows); audited',
      tag: 'admin',
      access: 'admin',
      apiToken: true,
      params: idParamsSchema,
      body: updateReleaseRequestSchema,
      responses: { 200: adminReleaseResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    uploadArtifact: endpoint({
      method: 'POST',
      path: '/admin/releases/:id/artifacts',
      summary:
        'Add a file to a release (multipart: platform, arch, kind, filename?, signature?, ed_signature?, then file)',
      tag: 'admin',
      access: 'admin',
      apiToken: true,
      params: idParamsSchema,
      bodyKind: 'multipart',
      responses: { 201: adminArtifactResponseSchema, ...errors(400, 401, 403, 404, 409, 413) },
    }),
    updateSettings: endpoint({
      method: 'PUT',
      path: '/admin/update-settings',
      summary: 'Set the minimum supported version (older clients get a required update); audited',
      tag: 'admin',
      access: 'admin',
      apiToken: true,
      body: updateSettingsRequestSchema,
      responses: { 200: updateSettingsResponseSchema, ...errors(400, 401, 403) },
    }),
    adoption: endpoint({
      method: 'GET',
      path: '/admin/updates/adoption',
      summary: 'Versions in use per platform and day, share on the latest release, rollout reach',
      tag: 'admin',
      access: 'admin',
      query: adoptionQuerySchema,
      responses: { 200: adoptionResponseSchema, ...errors(400, 401, 403) },
    }),
    apiTokens: endpoint({
      method: 'GET',
      path: '/admin/api-tokens',
      summary: 'Admin API tokens for release pipelines (never the tokens themselves)',
      tag: 'admin',
      access: 'admin',
      responses: { 200: apiTokensResponseSchema, ...errors(401, 403) },
    }),
    createApiToken: endpoint({
      method: 'POST',
      path: '/admin/api-tokens',
      summary: 'Create an API token acting as the caller on the release endpoints; shown once',
      tag: 'admin',
      access: 'admin',
      body: createApiTokenRequestSchema,
      responses: { 201: createApiTokenResponseSchema, ...errors(400, 401, 403) },
    }),
    revokeApiToken: endpoint({
      method: 'DELETE',
      path: '/admin/api-tokens/:id',
      summary: 'Revoke an API token; it stops working at once',
      tag: 'admin',
      access: 'admin',
      params: idParamsSchema,
      responses: { 204: null, ...errors(401, 403, 404) },
    }),
    changelog: endpoint({
      method: 'GET',
      path: '/admin/changelog',
      summary: 'Every changelog entry, drafts included (requirements §7)',
      tag: 'admin',
      access: 'admin',
      responses: { 200: adminChangelogResponseSchema, ...errors(401, 403) },
    }),
    createChangelog: endpoint({
      method: 'POST',
      path: '/admin/changelog',
      summary: 'Create a changelog entry, published or draft (requirements §7)',
      tag: 'admin',
      access: 'admin',
      body: createChangelogRequestSchema,
      responses: { 201: adminChangelogEntryResponseSchema, ...errors(400, 401, 403, 409) },
    }),
    updateChangelog: endpoint({
      method: 'PUT',
      path: '/admin/changelog/:id',
      summary: 'Edit a changelog entry or publish a draft',
      tag: 'admin',
      access: 'admin',
      params: idParamsSchema,
      body: updateChangelogRequestSchema,
      responses: { 200: adminChangelogEntryResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    audit: endpoint({
      method: 'GET',
      path: '/admin/audit',
      summary: 'The audit trail of admin changes, newest first or in the chosen order',
      tag: 'admin',
      access: 'admin',
      query: auditQuerySchema,
      responses: { 200: auditResponseSchema, ...errors(400, 401, 403) },
    }),
    exportAudit: endpoint({
      method: 'GET',
      path: '/admin/audit/export',
      summary:
        'The audit log as CSV, every entry matching its filters and sort, streamed (formula-safe cells)',
      tag: 'admin',
      access: 'admin',
      query: auditExportQuerySchema,
      produces: 'text/csv',
      responses: { 200: null, ...errors(400, 401, 403) },
    }),
    outbox: endpoint({
      method: 'GET',
      path: '/admin/outbox',
      summary:
        'E-mails in the outbox, newest first; status=dead lists those given up after every retry (docs/jobs-and-email.md)',
      tag: 'admin',
      access: 'admin',
      query: adminOutboxQuerySchema,
      responses: { 200: adminOutboxResponseSchema, ...errors(400, 401, 403) },
    }),
    retryOutboxMessage: endpoint({
      method: 'POST',
      path: '/admin/outbox/:id/retry',
      summary:
        'Send a dead e-mail (failed every attempt) again now, with a fresh attempt count; audited',
      tag: 'admin',
      access: 'admin',
      params: idParamsSchema,
      responses: { 200: adminOutboxRetryResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    deadJobs: endpoint({
      method: 'GET',
      path: '/admin/jobs/dead',
      summary:
        "Background jobs that failed on every retry (pg-boss's dead-letter queue), oldest first",
      tag: 'admin',
      access: 'admin',
      query: adminDeadJobsQuerySchema,
      responses: { 200: adminDeadJobsResponseSchema, ...errors(400, 401, 403) },
    }),
    retryDeadJob: endpoint({
      method: 'POST',
      path: '/admin/jobs/dead/:id/retry',
      summary: 'Put a dead job back on the queue it failed on; audited',
      tag: 'admin',
      access: 'admin',
      params: idParamsSchema,
      responses: { 200: adminDeadJobRetryResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
  },
} as const;

/** Every endpoint of {@link API} in one list (the server checks it registered each one). */
export const ENDPOINTS = Object.values(API).flatMap((group) => Object.values(group));

/** Any endpoint of {@link API}: the union of the table's entries. */
export type AnyEndpoint = {
  [G in keyof typeof API]: (typeof API)[G][keyof (typeof API)[G]];
}[keyof typeof API];

/** The key of endpoint type `E` (see {@link EndpointKey}). */
type KeyOf<E> = E extends Endpoint ? `${E['method']} ${E['path']}` : never;

/**
 * An endpoint's key: its method and path, e.g. `'GET /auth/me'`, naming one endpoint of
 * {@link API} (routes.test.ts). The web app calls endpoints by key (`call('GET /auth/me')`): the
 * request needs nothing more, so the app's first chunk holds no schema, and the answer's schema
 * comes with the table, loaded on the first call (apps/web/src/lib/api-client.ts).
 */
export type EndpointKey = KeyOf<AnyEndpoint>;

/** The endpoint of {@link API} whose key is `K`. */
export type EndpointAt<K extends EndpointKey> = AnyEndpoint extends infer E
  ? E extends Endpoint
    ? K extends KeyOf<E>
      ? E
      : never
    : never
  : never;

let endpointsByKey: ReadonlyMap<string, Endpoint> | undefined;

/** The endpoint of {@link API} whose key is `key`; throws for a key the table does not have. */
export function endpointAt<K extends EndpointKey>(key: K): EndpointAt<K> {
  endpointsByKey ??= new Map(ENDPOINTS.map((e) => [endpointKey(e), e]));
  const found = endpointsByKey.get(key);
  if (!found) throw new Error(`No endpoint ${key} in the route table`);
  return found as EndpointAt<K>;
}
