/**
 * Business constants and limits from requirements §9 (and a few from §2 and §4).
 * Every number the API or the web app needs lives here once.
 */

/** Base path of every REST call (requirements §7). */
export const API_BASE_PATH = '/api/v1';
/** Client-side request timeout in milliseconds (requirements §9). */
export const API_TIMEOUT_MS = 10_000;
/** How long the red download-error banner stays, in milliseconds (requirements §9). */
export const DOWNLOAD_ERROR_BANNER_MS = 5_000;
/** Default toast lifetime in milliseconds (requirements §9). */
export const TOAST_DURATION_MS = 5_000;
/** Toast exit animation length in milliseconds (requirements §9). */
export const TOAST_EXIT_MS = 300;
/** Delay between the registration Welcome screen and the redirect, in milliseconds (requirements §9). */
export const REGISTRATION_REDIRECT_DELAY_MS = 1_500;
/**
 * Header that suppresses a tunnel service's browser warning (requirements §7). Every request
 * carries it so the app keeps working when exposed through such a tunnel (ngrok's header name).
 */
export const TUNNEL_WARNING_HEADER = { name: 'ngrok-skip-browser-warning', value: 'true' } as const;

/** Browser localStorage keys of the auth state (requirements §9). */
export const STORAGE_KEYS = { token: 'auth_token', user: 'user' } as const;
/** Window events broadcast by the auth state (requirements §4). */
export const AUTH_EVENTS = { change: 'auth-change', expired: 'auth-expired' } as const;

/** Admin list page size; pages start at 1 (requirements §9). */
export const ADMIN_PAGE_SIZE = 10;
/** Public changelog page size (requirements §9). */
export const CHANGELOG_PAGE_SIZE = 10;
/** Items in each dashboard "recent" list (requirements §9). */
export const DASHBOARD_RECENT_COUNT = 5;
/** Largest `limit` any list accepts. */
export const MAX_PAGE_SIZE = 100;

/** Subscription durations in months: 1 = monthly, 12 = yearly (requirements §9). */
export const SUBSCRIPTION_DURATIONS = [1, 12] as const;
export type SubscriptionDuration = (typeof SUBSCRIPTION_DURATIONS)[number];

/** Password length floor and how many of the 5 criteria must hold (requirements §5 and §9). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MIN_CRITERIA = 4;
/** Longest password accepted, in characters (OWASP ASVS asks for at least 64 without truncation). */
export const PASSWORD_MAX_LENGTH = 128;
/** Username length bounds in characters (minimum from requirements §9; maximum is ours). */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;

/**
 * Country options of the register and profile forms (requirements §9). Values are ISO 3166-1
 * alpha-2 codes; labels are what users see.
 */
export const COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'CA', name: 'Canada' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'TR', name: 'Turkey' },
  { code: 'JP', name: 'Japan' },
  { code: 'AU', name: 'Australia' },
  { code: 'BR', name: 'Brazil' },
  { code: 'IN', name: 'India' },
] as const;
export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as unknown as readonly [
  (typeof COUNTRIES)[number]['code'],
  ...(typeof COUNTRIES)[number]['code'][],
];
export type CountryCode = (typeof COUNTRIES)[number]['code'];

/** Plan names seeded at first start (requirements §3 names FREE and PRO; PRO+ from the comparison table). */
export const PLAN_NAMES = { free: 'FREE', pro: 'PRO', proPlus: 'PRO+' } as const;

/**
 * Pro vs Pro+ feature comparison table shown on /plans (requirements §9). Each row: the feature
 * and what each plan gets; `true`/`false` render as a tick or a dash.
 */
export const PLAN_COMPARISON = [
  { feature: 'Twitter accounts', pro: '5', proPlus: 'Unlimited' },
  { feature: 'Daily actions', pro: '500', proPlus: 'Unlimited' },
  { feature: 'Email support', pro: true, proPlus: true },
  { feature: 'Priority support', pro: false, proPlus: true },
  { feature: 'Phone support', pro: false, proPlus: true },
  { feature: 'White-label', pro: false, proPlus: true },
] as const;

/** Support reply time claimed on /support, in hours (requirements §9). */
export const SUPPORT_REPLY_HOURS = 24;

/** Retention and notice periods the legal pages state (requirements §9). */
export const RETENTION = {
  paymentRecordsYears: 7,
  usageLogsYears: 2,
  supportCommunicationsYears: 3,
  priceChangeNoticeDays: 30,
} as const;

/** Default lifetime of a PENDING order before it expires, in milliseconds (24 h). */
export const ORDER_TTL_MS = 24 * 60 * 60 * 1000;
/** Lifetime of a signed download link, in milliseconds (5 minutes). */
export const DOWNLOAD_LINK_TTL_MS = 5 * 60 * 1000;
/**
 * Lifetime of a download link sent by e-mail (to open on a computer later), in milliseconds
 * (24 hours). The subscription is checked again when the file is fetched.
 */
export const EMAILED_DOWNLOAD_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** Largest program file an admin may upload, in bytes (2 GiB). */
export const MAX_UPLOAD_BYTES = 2 * 1024 ** 3;
