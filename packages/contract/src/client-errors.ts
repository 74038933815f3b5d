/**
 * The texts of requirements §8 as the web app shows them, and how a failed call's text is chosen.
 * Kept apart from the API's catalogue (errors.ts) and without zod: every page's first chunk uses
 * them (zod-free.test.ts), and nothing else belongs in that chunk.
 */

/** Texts of requirements §8, as the web app shows them. */
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
    /** Ours: the download centre's "E-mail me the link" (the spec has no such call). */
    emailLinkFailed: 'Failed to send the download link',
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
  /** Defaults of the sandbox payment page's calls (ours: the spec shows no payment page). */
  sandbox: {
    load: 'Failed to load checkout session',
    pay: 'Payment failed',
    cancel: 'Failed to cancel payment',
  },
  accessDenied: {
    profile: 'Please log in to view your profile',
    orders: 'Please log in to view your orders',
    /** Ours, in the spec's words for the other signed-in pages: the download centre. */
    downloads: 'Please log in to view your downloads',
    admin: "You don't have permission to access the admin panel",
  },
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
 * Message for a failed download by HTTP status (requirements §8): 403, 404, 401, 429 and 500 have
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

/**
 * The code of a 404 from `GET /downloads/link` for a version without a build for the computer
 * (docs/downloads.md): every Download button (the first chunk of every page) tells it from the
 * spec's 404, so it lives here rather than only in errors.ts's catalogue, which uses it.
 */
export const BUILD_NOT_FOUND = 'BUILD_NOT_FOUND';
