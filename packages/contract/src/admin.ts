/** Admin calls (requirements §7, /admin/*) and admin stats (requirements §3). */
import { z } from 'zod';
import { isoDateTimeSchema, paginationQuerySchema, paginationSchema } from './common.js';
import { TEXT_MESSAGES, isCleanText, text } from './text.js';
import { ADMIN_PAGE_SIZE } from './constants.js';
import { adminDownloadSchema, downloadEventSchema, versionSchema } from './downloads.js';
import { subscriptionSchema } from './subscriptions.js';
import { changelogEntrySchema } from './changelog.js';
import { orderSchema, orderStatusSchema } from './orders.js';
import { PAYMENTS_MODES } from './payments-mode.js';
import { adminPlanSchema, priceSchema } from './plans.js';
import { afterExpiryAccessSchema } from './updates.js';
import { entitlementsSchema, maxDevicesSchema } from './licenses.js';
import { userRoleSchema, userSchema, userStatusSchema } from './users.js';

const adminPagination = paginationQuerySchema.extend({
  limit: paginationQuerySchema.shape.limit.unwrap().default(ADMIN_PAGE_SIZE),
});

/** Sort directions of the admin lists: ascending (A→Z, oldest, smallest first) or descending. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * Sorting and date range of a server-side admin list: `sort` names a column (the list's default
 * is `created_at`), `dir` its direction (default `desc`), `from` / `to` are UTC dates
 * (`YYYY-MM-DD`, both inclusive) on the row's creation time.
 */
function sortAndDates<const C extends readonly [string, ...string[]]>(columns: C) {
  return {
    sort: z.enum(columns).optional().describe('Column to sort by; default created_at'),
    dir: z.enum(SORT_DIRECTIONS).optional().describe('Sort direction; default desc'),
    from: z.iso.date().optional().describe('Created on or after this UTC date'),
    to: z.iso.date().optional().describe('Created on or before this UTC date'),
  };
}

/** A date range must not end before it starts (checked on every list and export query). */
const datesInOrder: [
  (v: { from?: string; to?: string }) => boolean,
  { message: string; path: string[] },
] = [
  (v) => !v.from || !v.to || v.from <= v.to,
  { message: 'The end date must not be before the start date', path: ['to'] },
];

/** Columns the users list sorts by. */
export const USER_SORT_COLUMNS = ['username', 'email', 'role', 'status', 'created_at'] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

/** Filters of the users list and its export: search in username or email, status, role, sort, dates. */
const userListFilters = z.object({
  search: text().trim().max(100).optional(),
  status: userStatusSchema.optional(),
  role: userRoleSchema.optional(),
  ...sortAndDates(USER_SORT_COLUMNS),
});

/** `GET /admin/users` query: paging (page from 1, size 10), search in username or email, filters. */
export const adminUsersQuerySchema = adminPagination
  .extend(userListFilters.shape)
  .refine(...datesInOrder);
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

/** `GET /admin/users/export` query: the list's filters and sort, every matching row. */
export const adminUsersExportQuerySchema = userListFilters.refine(...datesInOrder);
export type AdminUsersExportQuery = z.input<typeof adminUsersExportQuerySchema>;

export const adminUsersResponseSchema = z.object({
  users: z.array(userSchema),
  pagination: paginationSchema,
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** `PUT /admin/users/{id}/status` payload. */
export const updateUserStatusRequestSchema = z.object({ status: userStatusSchema });
export const updateUserStatusResponseSchema = z.object({ user: userSchema });

/** An order as admins see it: adds the buyer and plan name (requirements §3) and the admin note. */
export const adminOrderSchema = orderSchema.extend({
  user: z.object({ username: z.string(), email: z.string() }),
  plan: z.object({ name: z.string() }),
  admin_note: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** Columns the orders list sorts by (`username`: the buyer, `plan`: the plan's name). */
export const ORDER_SORT_COLUMNS = ['created_at', 'username', 'plan', 'amount', 'status'] as const;
export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];

/** Filters of the orders list and its export: status, mode, search, sort, dates. */
const orderListFilters = z.object({
  status: orderStatusSchema.optional(),
  mode: z
    .enum(PAYMENTS_MODES)
    .optional()
    .describe('live: real orders only; test: test orders only (docs/billing.md "Test mode")'),
  search: text().trim().max(100).optional(),
  ...sortAndDates(ORDER_SORT_COLUMNS),
});

/** `GET /admin/orders` query. */
export const adminOrdersQuerySchema = adminPagination
  .extend(orderListFilters.shape)
  .refine(...datesInOrder);

/** `GET /admin/orders/export` query: the list's filters and sort, every matching row. */
export const adminOrdersExportQuerySchema = orderListFilters.refine(...datesInOrder);
export type AdminOrdersExportQuery = z.input<typeof adminOrdersExportQuerySchema>;

export const adminOrdersResponseSchema = z.object({
  orders: z.array(adminOrderSchema),
  pagination: paginationSchema,
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

/** Statuses an admin may set (requirements §4). EXPIRED is set only by the clock. */
export const ADMIN_SETTABLE_ORDER_STATUSES = [
  'PENDING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'REFUNDED',
] as const;

/** `PUT /admin/orders/{id}/status` payload. */
export const updateOrderStatusRequestSchema = z.object({
  status: z.enum(ADMIN_SETTABLE_ORDER_STATUSES),
  admin_note: text({ multiline: true }).trim().max(1000).optional(),
});
export const updateOrderStatusResponseSchema = z.object({ order: adminOrderSchema });

/** Admin plan form (requirements §5): every field required; features one per line, blanks dropped. */
export const planInputSchema = z.object({
  name: text({ required: 'Name is required' }).trim().min(1, 'Name is required').max(50),
  description: text({ required: 'Description is required', multiline: true })
    .trim()
    .min(1, 'Description is required')
    .max(500),
  monthly_price: priceSchema,
  yearly_price: priceSchema,
  features: z
    .array(text().trim())
    .transform((list) => list.filter((f) => f.length > 0))
    .pipe(z.array(z.string().max(200)).min(1, 'At least one feature is required')),
  is_active: z.boolean().default(true),
  /** What the plan gives after its subscription ends (docs/updates.md "Access"). */
  after_expiry_access: afterExpiryAccessSchema.default('keep_released'),
  /** What a license on the plan gives, by code with an optional limit (docs/licenses.md). */
  entitlements: entitlementsSchema.default([]),
  /** Devices a license on the plan may have active at once (docs/licenses.md "Seats"). */
  max_devices: maxDevicesSchema.default(1),
});
export type PlanInput = z.input<typeof planInputSchema>;
/** `PUT /admin/plans/{id}` payload: any plan fields (absent ones stay as they are). */
export const planUpdateSchema = planInputSchema
  .extend({
    is_active: z.boolean(),
    after_expiry_access: afterExpiryAccessSchema,
    entitlements: entitlementsSchema,
    max_devices: maxDevicesSchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type PlanUpdate = z.input<typeof planUpdateSchema>;

export const adminPlansResponseSchema = z.object({ plans: z.array(adminPlanSchema) });
export const adminPlanResponseSchema = z.object({ plan: adminPlanSchema });

/**
 * `POST /admin/downloads` payload (requirements §5: version, url, filename, file size, release
 * date). For a file uploaded to this server use `POST /admin/downloads/upload` (multipart).
 */
export const createDownloadRequestSchema = z.object({
  version: versionSchema,
  download_url: z
    .url({ protocol: /^https?$/, error: 'Download URL must be a valid http(s) URL' })
    .max(2000, 'Download URL must be at most 2000 characters')
    .refine((v) => isCleanText(v), TEXT_MESSAGES.controlCharacters),
  filename: text({ required: 'Filename is required' })
    .trim()
    .min(1, 'Filename is required')
    .max(255),
  file_size: z
    .number({ error: 'File size is required' })
    .int()
    .min(1, 'File size must be at least 1 byte'),
  release_date: z.iso.date({ error: 'Release date is required' }),
  is_active: z.boolean().default(true),
});
/** A version as admins see it: with when it was archived (hidden for good, never deleted). */
export const adminReleaseSchema = adminDownloadSchema.extend({
  archived_at: isoDateTimeSchema.nullable().default(null),
});
export type AdminRelease = z.infer<typeof adminReleaseSchema>;
export const adminDownloadsResponseSchema = z.object({ downloads: z.array(adminReleaseSchema) });
export const adminDownloadResponseSchema = z.object({ download: adminReleaseSchema });

/** `POST /admin/changelog` payload (requirements §5). */
export const createChangelogRequestSchema = z.object({
  version: versionSchema,
  title: text({ required: 'Title is required' }).trim().min(1, 'Title is required').max(200),
  changes: text({ required: 'Changes are required', multiline: true })
    .trim()
    .min(1, 'Changes are required')
    .max(20_000),
  release_date: z.iso.date({ error: 'Release date is required' }),
  is_published: z.boolean().default(false),
});
/** A changelog entry as admins see it: with when it was archived (off the site, never deleted). */
export const adminChangelogEntrySchema = changelogEntrySchema.extend({
  archived_at: isoDateTimeSchema.nullable().default(null),
});
export type AdminChangelogEntry = z.infer<typeof adminChangelogEntrySchema>;
export const adminChangelogResponseSchema = z.object({
  changelog_entries: z.array(adminChangelogEntrySchema),
});
export const adminChangelogEntryResponseSchema = z.object({ entry: adminChangelogEntrySchema });

/** Admin stats (requirements §3). Revenue is completed minus refunded, per currency. */
export const statsSchema = z.object({
  users: z.object({ total: z.number().int(), active: z.number().int() }),
  orders: z.object({ total: z.number().int(), completed: z.number().int() }),
  subscriptions: z.object({ active: z.number().int(), total: z.number().int() }),
  revenue: z.object({
    total: z.number().describe('Decimal, in `currency`'),
    currency: z.string().length(3),
    by_currency: z.array(z.object({ currency: z.string().length(3), total: z.number() })),
  }),
  recent_users: z.array(userSchema),
  recent_orders: z.array(adminOrderSchema),
  generated_at: isoDateTimeSchema,
});
export const statsResponseSchema = z.object({ stats: statsSchema });
export type Stats = z.infer<typeof statsSchema>;

/** A sum of money in one currency, decimal. */
const moneyTotalSchema = z.object({ currency: z.string().length(3), total: z.number() });

/**
 * `GET /admin/test-data`: the mode payments run in now, and the test data kept apart from every
 * business figure (docs/billing.md "Test mode"): test orders placed and completed, their amounts
 * per currency (decimal; completed minus refunded, as revenue would count them), the
 * subscriptions that test orders alone granted, the licenses clearing would remove, and the
 * provider events recorded in test mode. What `DELETE /admin/test-data` would remove.
 */
export const testDataSummarySchema = z.object({
  payments_mode: z.enum(PAYMENTS_MODES),
  orders: z.object({ total: z.number().int(), completed: z.number().int() }),
  amounts: z.array(moneyTotalSchema).describe('Completed test orders per currency, decimal'),
  subscriptions: z.number().int().describe('Subscriptions granted by test orders only'),
  licenses: z
    .number()
    .int()
    .describe('Licenses created by a test order of a buyer with no live order'),
  payment_events: z.number().int().describe('Provider events recorded in test mode'),
});
export type TestDataSummary = z.infer<typeof testDataSummarySchema>;
export const testDataResponseSchema = z.object({ test_data: testDataSummarySchema });

/**
 * `DELETE /admin/test-data` answer: what was removed, in one transaction (docs/billing.md "Clearing
 * test data"). `subscriptions_shortened` counts live subscriptions from which a test order's time
 * was taken back. Calling it again removes nothing more (all zeros).
 */
export const testDataClearedSchema = z.object({
  orders: z.number().int(),
  payment_events: z.number().int(),
  subscriptions: z.number().int(),
  subscriptions_shortened: z.number().int(),
  licenses: z.number().int(),
  cleared_at: isoDateTimeSchema,
});
export type TestDataCleared = z.infer<typeof testDataClearedSchema>;
export const clearTestDataResponseSchema = z.object({ cleared: testDataClearedSchema });

/** `PUT /admin/users/{id}/role` payload (SUPER_ADMIN only). */
export const updateUserRoleRequestSchema = z.object({ role: userRoleSchema });

/** A user's detail for admins: the user with their orders, subscription and download history. */
export const adminUserDetailSchema = z.object({
  user: userSchema,
  orders: z.array(adminOrderSchema),
  subscription: subscriptionSchema.nullable(),
  downloads: z.array(downloadEventSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/**
 * `PUT /admin/downloads/{id}` payload: activate or deactivate a version, change its release
 * date, archive it (`archived: true` also deactivates it) or restore it (`archived: false`;
 * it stays inactive until activated). Versions are never deleted.
 */
export const updateDownloadRequestSchema = z
  .object({
    is_active: z.boolean(),
    release_date: z.iso.date({ error: 'Release date is required' }),
    archived: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

/** Fields of the multipart upload form of `POST /admin/downloads/upload` (the file part is `file`). */
export const uploadDownloadFieldsSchema = z.object({
  version: versionSchema,
  release_date: z.iso.date({ error: 'Release date is required' }),
  filename: text().trim().min(1).max(255).optional(),
  is_active: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

/**
 * `PUT /admin/changelog/{id}` payload: edit fields, publish or unpublish, archive
 * (`archived: true` also unpublishes) or restore (`archived: false`, as a draft). Publishing an
 * archived entry restores it. Entries are never deleted.
 */
export const updateChangelogRequestSchema = createChangelogRequestSchema
  .extend({ is_published: z.boolean(), archived: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

/** One day of the dashboard charts (UTC dates). Revenue is decimal in the main currency. */
export const dailyStatSchema = z.object({
  date: z.iso.date(),
  revenue: z.number(),
  signups: z.number().int(),
});

/** `GET /admin/stats/daily` answer: the last 30 days, oldest first. */
export const dailyStatsResponseSchema = z.object({
  currency: z.string().length(3),
  days: z.array(dailyStatSchema),
});
export type DailyStatsResponse = z.infer<typeof dailyStatsResponseSchema>;

/** An audit record: who did what to which entity, with values before and after. */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  actor: z.object({ id: z.uuid(), username: z.string(), email: z.string() }).nullable(),
  action: z.string().describe('e.g. user.status, order.status, plan.create'),
  entity_type: z.string(),
  entity_id: z.string(),
  entity_label: z
    .string()
    .nullable()
    .default(null)
    .describe("The entity's name: a username, plan name or version; null when unknown"),
  summary: z.string().default('').describe('The entry as a sentence, e.g. "owner suspended bob"'),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: isoDateTimeSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * Columns the audit list sorts by: `created_at` (when), `actor` (the actor's username; the
 * system's entries first A→Z), `action`, `entity` (entity type, then the entity's id).
 */
export const AUDIT_SORT_COLUMNS = ['created_at', 'actor', 'action', 'entity'] as const;
export type AuditSortColumn = (typeof AUDIT_SORT_COLUMNS)[number];

/**
 * Filters of the audit list and its export: action prefix, entity type and id, actor (id, or
 * part of the username or e-mail), sort, and the UTC days `from`..`to` (inclusive).
 */
const auditListFilters = z.object({
  action: text().trim().max(100).optional(),
  entity_type: text().trim().max(50).optional(),
  actor_id: z.uuid().optional(),
  entity_id: text().trim().max(100).optional(),
  actor: text().trim().max(100).optional().describe("Part of the actor's username or e-mail"),
  ...sortAndDates(AUDIT_SORT_COLUMNS),
});

/** `GET /admin/audit` query: paging (page from 1, size 10) and the list's filters and sort. */
export const auditQuerySchema = adminPagination
  .extend(auditListFilters.shape)
  .refine(...datesInOrder);

/** `GET /admin/audit/export` query: the list's filters and sort, every matching entry. */
export const auditExportQuerySchema = auditListFilters.refine(...datesInOrder);
export type AuditExportQuery = z.input<typeof auditExportQuerySchema>;

export const auditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  pagination: paginationSchema,
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;

/**
 * What a provider event did when it arrived (stored with the event): fulfilled an order, changed
 * nothing, failed or expired a checkout, refunded an order, was a type we do not act on, or named
 * an order we do not have ('unmatched': acknowledged to the provider and kept for an admin).
 */
export const PAYMENT_EVENT_OUTCOMES = [
  'fulfilled',
  'unchanged',
  'failed',
  'expired',
  'refunded',
  'ignored',
  'unmatched',
] as const;
export const paymentEventOutcomeSchema = z.enum(PAYMENT_EVENT_OUTCOMES);
export type PaymentEventOutcome = z.infer<typeof paymentEventOutcomeSchema>;

/** `GET /admin/payment-events` query: paging and an optional outcome filter. */
export const adminPaymentEventsQuerySchema = adminPagination.extend({
  outcome: paymentEventOutcomeSchema.optional(),
});
export type AdminPaymentEventsQuery = z.input<typeof adminPaymentEventsQuerySchema>;

/** A provider event as admins see it. `reference` is the order, session or payment id it named. */
export const adminPaymentEventSchema = z.object({
  id: z.uuid(),
  provider: z.string(),
  event_id: z.string().describe("The provider's event id, e.g. evt_…"),
  type: z.string().describe('e.g. checkout.session.completed'),
  outcome: paymentEventOutcomeSchema
    .nullable()
    .describe('null for events recorded before outcomes were kept'),
  order_id: z.uuid().nullable(),
  reference: z.string().nullable(),
  received_at: isoDateTimeSchema,
});
export type AdminPaymentEvent = z.infer<typeof adminPaymentEventSchema>;

/** `GET /admin/payment-events` answer, newest first. */
export const adminPaymentEventsResponseSchema = z.object({
  events: z.array(adminPaymentEventSchema),
  pagination: paginationSchema,
});
export type AdminPaymentEventsResponse = z.infer<typeof adminPaymentEventsResponseSchema>;
