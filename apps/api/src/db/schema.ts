/**
 * Database schema (Drizzle pg-core), the same for embedded PGlite and PostgreSQL.
 * Money is integer minor units plus an ISO 4217 currency; every instant is `timestamptz` (UTC).
 * Nothing a user paid for is ever hard-deleted: orders, checkout sessions, provider events,
 * subscription periods and downloads have no delete path.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, USER_ROLES, USER_STATUSES } from '@flockr/contract';
import { containsPattern } from '../lib/like.js';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A required reference: column `name`, `uuid not null` with a foreign key to `target` (another
 * table's `id`, default actions), the column of every row that belongs to a user, plan, order,
 * subscription, release, artifact or license. A column helper as the Drizzle docs reuse columns
 * (orm.drizzle.team/docs/sql-schema-declaration, "Advanced"): the SQL is the same as the column
 * spelled out, so it changes no migration.
 */
const requiredRef = <N extends string>(name: N, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target);

export const userRole = pgEnum('user_role', USER_ROLES);
export const userStatus = pgEnum('user_status', USER_STATUSES);
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const checkoutSessionStatus = pgEnum('checkout_session_status', [
  'OPEN',
  'COMPLETED',
  'FAILED',
  'EXPIRED',
]);

/**
 * The text a user search looks in: username and e-mail joined by a line feed, which no search
 * term holds (contract `text()` refuses line breaks), so "contains the term" on it means
 * "username or e-mail contains it". Indexed by `users_search_trgm_idx`; a query must use this
 * same expression for the index to serve it (modules/accounts and billing repositories).
 */
export function userSearchText(username: AnyPgColumn, email: AnyPgColumn): SQL {
  return sql`(${username} || E'\\n' || ${email})`;
}

/**
 * SQL for "the user's username or e-mail contains `search`" (case-insensitive, `%` and `_`
 * literal), served by `users_search_trgm_idx`. A term holding a line feed (which the contract
 * refuses) is matched against each column on its own, so it can never match across the two.
 */
export function userSearchMatches(search: string): SQL {
  const pattern = containsPattern(search);
  return search.includes('\n')
    ? sql`(${users.username} ilike ${pattern} or ${users.email} ilike ${pattern})`
    : sql`${userSearchText(users.username, users.email)} ilike ${pattern}`;
}

/** Accounts. Email and username are unique case-insensitively. */
export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: userRole('role').notNull().default('USER'),
    status: userStatus('status').notNull().default('ACTIVE'),
    country: text('country'),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
    marketingEmails: boolean('marketing_emails').notNull().default(true),
    /** The release channel the user is offered (contract RELEASE_CHANNELS; docs/updates.md). */
    releaseChannel: text('release_channel').notNull().default('stable'),
    /**
     * Generation of the user's feed token: the token is an HMAC of the user id and this number
     * (modules/updates/feed-token.ts), so a rotation (+1) stops the old token at once.
     */
    feedTokenVersion: integer('feed_token_version').notNull().default(1),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Set when the account was deleted; its personal data was anonymised then. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    check(
      'users_release_channel_known',
      sql`${t.releaseChannel} in ('stable', 'rc', 'beta', 'alpha')`,
    ),
    // Admin lists, newest first, paged (docs/architecture.md "Speed at scale").
    index('users_created_idx').on(t.createdAt, t.id),
    // Substring search (ILIKE '%…%') of username or e-mail served from one trigram index
    // (pg_trgm) on both, so a search reads one index, not two (userSearchText).
    index('users_search_trgm_idx').using(
      'gin',
      sql`${userSearchText(t.username, t.email)} gin_trgm_ops`,
    ),
    // The few accounts that are not ACTIVE, counted for the dashboard without a scan.
    index('users_not_active_idx')
      .on(t.status)
      .where(sql`${t.status} <> 'ACTIVE'`),
  ],
);

/**
 * Sign-in sessions. A session token (JWT) carries the session id as `jti`; the server refuses a
 * token whose session is revoked (sign out, password change or reset, account deletion) or
 * expired, so sessions end on the server, not only in the browser.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const userTokenPurpose = pgEnum('user_token_purpose', [
  'PASSWORD_RESET',
  'EMAIL_VERIFY',
  'EMAIL_CHANGE',
]);

/**
 * Single-use tokens sent by e-mail (password reset, e-mail verification, e-mail change). Only the
 * SHA-256 of the token is stored; the token itself exists only in the e-mail.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id),
    purpose: userTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    newEmail: text('new_email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_key').on(t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/** Plans sold (requirements §3). Prices in minor units of `currency`. */
export const plans = pgTable(
  'plans',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    monthlyPriceMinor: integer('monthly_price_minor').notNull(),
    yearlyPriceMinor: integer('yearly_price_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    features: jsonb('features').$type<string[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * What the plan gives after its subscription ends (contract AFTER_EXPIRY_ACCESS,
     * docs/updates.md): releases published before the expiry, or nothing.
     */
    afterExpiryAccess: text('after_expiry_access').notNull().default('keep_released'),
    /**
     * What a license on the plan gives: stable codes with an optional limit (contract
     * `entitlementSchema`, docs/licenses.md "Entitlements"), e.g. `[{code: 'DAILY_ACTIONS',
     * limit: 500}]`; `limit: null` is unlimited or a feature without a count.
     */
    entitlements: jsonb('entitlements')
      .$type<{ code: string; limit: number | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Devices a license on the plan may have active at once (docs/licenses.md "Seats"). */
    maxDevices: integer('max_devices').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('plans_name_key').on(t.name),
    check(
      'plans_after_expiry_access_known',
      sql`${t.afterExpiryAccess} in ('keep_released', 'none')`,
    ),
    check('plans_max_devices_positive', sql`${t.maxDevices} >= 1`),
    check(
      'plans_prices_non_negative',
      sql`${t.monthlyPriceMinor} >= 0 and ${t.yearlyPriceMinor} >= 0`,
    ),
  ],
);

/**
 * Payment orders. The price is copied from the plan when the order is placed, so a later
 * price change never alters an existing order.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id),
    planId: requiredRef('plan_id', () => plans.id),
    durationMonths: integer('duration_months').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: orderStatus('status').notNull().default('PENDING'),
    adminNote: text('admin_note'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
    /**
     * Whether the order is real money (Stripe's `livemode`): false for a test order (the sandbox
     * provider, or a provider's test mode). Placed with the mode of the configured provider, then
     * set from the provider's own objects (the checkout session it opened, the event that paid
     * it). A test order counts in no business figure, only in the `test:` ones (migration 0022),
     * and `DELETE /admin/test-data` removes it (docs/billing.md "Test mode").
     */
    livemode: boolean('livemode').notNull().default(true),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The few test orders (clearing test data, its summary), without a scan of the live ones.
    index('orders_test_idx')
      .on(t.userId)
      .where(sql`not ${t.livemode}`),
    index('orders_status_idx').on(t.status, t.createdAt, t.id),
    // Orders still waiting for payment: the few that can be paid, the expiry job's next batch.
    index('orders_pending_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'PENDING'`),
    // Search by a piece of the order id, as the admin pastes it from a receipt or the app.
    index('orders_id_trgm_idx').using('gin', sql`(${t.id}::text) gin_trgm_ops`),
    /**
     * The health dashboard, answered from the index alone (index-only scans): revenue by
     * completion month, and orders placed in a range with how many got paid.
     */
    index('orders_status_completed_idx').on(t.status, t.completedAt, t.currency, t.amountMinor),
    // Admin lists newest first (created_at, then id, as they sort), and orders placed in a
    // range: a page's ids come from the index alone, however deep the page.
    index('orders_created_idx').on(t.createdAt, t.id),
    check('orders_duration_months', sql`${t.durationMonths} in (1, 12)`),
    check('orders_amount_non_negative', sql`${t.amountMinor} >= 0`),
  ],
);

/**
 * A hosted checkout session at a payment provider for an order: one per (order, provider),
 * reused when the buyer asks again. Its status is written only by billing's transition function.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: id(),
    orderId: requiredRef('order_id', () => orders.id),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    status: checkoutSessionStatus('status').notNull().default('OPEN'),
    paymentUrl: text('payment_url').notNull(),
    /** The provider's id of the money movement (Stripe: the PaymentIntent), known once paid. */
    providerPaymentId: text('provider_payment_id'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('checkout_sessions_order_provider_key').on(t.orderId, t.provider),
    uniqueIndex('checkout_sessions_provider_session_key').on(t.provider, t.providerSessionId),
  ],
);

/**
 * Every provider event received (webhook or reconciliation), once: the unique (provider, event
 * id) is what makes a redelivered event change nothing. Written in the same transaction as the
 * event's effect, with what the event did (`outcome`). An event that names an order we do not
 * have is kept with `outcome = 'unmatched'` and the provider's reference, for an admin to look at.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    /** What the event did: fulfilled, unchanged, failed, expired, refunded, ignored, unmatched. */
    outcome: text('outcome'),
    /** The order, session or payment id the event named (kept for unmatched events). */
    reference: text('reference'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The event's own `livemode` (the sandbox's are always false): test events are cleared. */
    livemode: boolean('livemode').notNull().default(true),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_key').on(t.provider, t.eventId),
    index('payment_events_test_idx')
      .on(t.orderId)
      .where(sql`not ${t.livemode}`),
    index('payment_events_outcome_idx').on(t.outcome, t.receivedAt),
    // The admin list, newest first, pages through this index instead of sorting every event.
    index('payment_events_received_idx').on(t.receivedAt, t.id),
  ],
);

/**
 * Every change of an order's status, with its cause: a provider event (`providerEventId`), an
 * admin (`actorId`, with the note), the clock (expiry), or the buyer on the payment page. Written
 * by billing's transition function in the transaction of the change; never updated or deleted.
 */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: id(),
    orderId: requiredRef('order_id', () => orders.id),
    fromStatus: orderStatus('from_status').notNull(),
    toStatus: orderStatus('to_status').notNull(),
    /** One of the contract's ORDER_TRANSITION_CAUSES. */
    cause: text('cause').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    providerEventId: uuid('provider_event_id').references(() => paymentEvents.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_changes_order_idx').on(t.orderId, t.createdAt)],
);

/** A user's subscription: one row per user; `expiresAt` is when access ends (exact). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id),
    planId: requiredRef('plan_id', () => plans.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * False while only test orders granted it (docs/billing.md "Test mode"): it then counts in no
     * business figure, only in the `test:` ones. The first live order's grant makes it true and
     * starts it afresh (subscriptions/service.ts `grantOrderPeriod`).
     */
    livemode: boolean('livemode').notNull().default(true),
  },
  (t) => [
    uniqueIndex('subscriptions_user_key').on(t.userId),
    /**
     * The dashboard's part of a day (active now by plan, lapsed, ending in 7 / 30 days, set to
     * end; live ones only; the whole days are figures) read from the index alone; the reminders'
     * expiry range.
     */
    index('subscriptions_expires_idx').on(t.expiresAt, t.planId, t.cancelAtPeriodEnd, t.livemode),
    index('subscriptions_started_idx').on(t.startedAt, t.livemode),
    index('subscriptions_test_idx')
      .on(t.userId)
      .where(sql`not ${t.livemode}`),
  ],
);

/**
 * The prepaid periods that make up a subscription, one per fulfilled order. The unique
 * `order_id` is what makes fulfilment happen at most once per order.
 */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: id(),
    subscriptionId: requiredRef('subscription_id', () => subscriptions.id),
    orderId: requiredRef('order_id', () => orders.id),
    planId: requiredRef('plan_id', () => plans.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Set when the order was refunded or cancelled; the period then grants nothing. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_periods_order_key').on(t.orderId),
    // The period in force for a subscription (every signed-in request's summary).
    index('subscription_periods_subscription_idx').on(t.subscriptionId, t.startsAt),
  ],
);

/**
 * Releases: versions of the program (the spec's "downloads" in the admin panel and
 * `/downloads/*`). `downloadCount` counts the downloads of all its artifacts.
 */
export const releases = pgTable(
  'releases',
  {
    id: id(),
    version: text('version').notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    downloadCount: integer('download_count').notNull().default(0),
    /** Set when an admin archived the version: hidden and not downloadable, never deleted. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Channel it is published to (contract RELEASE_CHANNELS: stable ⊂ rc ⊂ beta ⊂ alpha). */
    channel: text('channel').notNull().default('stable'),
    /**
     * When it was first offered (set when it becomes active): what "published before the expiry"
     * compares (docs/updates.md "Access after expiry"). Null while never offered.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Staged rollout: the share of users offered it, 0–100 (docs/updates.md "Staged rollout"). */
    rolloutPercentage: integer('rollout_percentage').notNull().default(100),
    /** Set when yanked: gone from feeds and downloads, history kept. */
    yankedAt: timestamp('yanked_at', { withTimezone: true }),
    yankReason: text('yank_reason'),
    /** Oldest macOS it runs on (Sparkle `minimumSystemVersion`), e.g. "12.0"; null for any. */
    minimumSystemVersion: text('minimum_system_version'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('releases_version_key').on(t.version),
    check('releases_channel_known', sql`${t.channel} in ('stable', 'rc', 'beta', 'alpha')`),
    check('releases_rollout_percentage', sql`${t.rolloutPercentage} between 0 and 100`),
  ],
);

/**
 * The files of a release. An artifact is either stored here (`storagePath`, relative to
 * DATA_DIR) or hosted elsewhere (`downloadUrl`). Size in bytes; SHA-256 in hex when known.
 */
export const artifacts = pgTable(
  'artifacts',
  {
    id: id(),
    releaseId: requiredRef('release_id', () => releases.id),
    filename: text('filename').notNull(),
    storagePath: text('storage_path'),
    downloadUrl: text('download_url'),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    sha256: text('sha256'),
    /** Hex SHA-1 (Squirrel.Windows, Velopack); null for a file hosted elsewhere. */
    sha1: text('sha1'),
    /** Base64 SHA-512 (electron-updater); null for a file hosted elsewhere. */
    sha512: text('sha512'),
    /** Operating system, architecture and kind (contract PLATFORMS, ARCHES, ARTIFACT_KINDS). */
    platform: text('platform').notNull().default('windows'),
    arch: text('arch').notNull().default('x64'),
    kind: text('kind').notNull().default('zip'),
    /**
     * One file for every computer: the one file of a release uploaded through the spec's
     * single-file form, which names no platform (docs/downloads.md "Builds for each computer").
     * Downloads offer it to every computer under the spec's name, after the builds made for the
     * visitor's platform; the update feeds still read `platform`, `arch` and `kind`.
     */
    anyPlatform: boolean('any_platform').notNull().default(false),
    /** The seller's minisign signature (the `.sig` file Tauri's bundler writes), or null. */
    signature: text('signature'),
    /** The seller's base64 Ed25519 signature for Sparkle (`sparkle:edSignature`), or null. */
    edSignature: text('ed_signature'),
    createdAt: createdAt(),
  },
  (t) => [
    index('artifacts_release_idx').on(t.releaseId),
    uniqueIndex('artifacts_release_filename_key').on(t.releaseId, t.filename),
    check(
      'artifacts_has_source',
      sql`${t.storagePath} is not null or ${t.downloadUrl} is not null`,
    ),
  ],
);

/**
 * Downloads: one user fetching one artifact. `linkId` (the signed link's id) makes each link
 * count once, however often the file is resumed.
 */
export const downloads = pgTable(
  'downloads',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id),
    artifactId: requiredRef('artifact_id', () => artifacts.id),
    linkId: text('link_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('downloads_link_key').on(t.linkId),
    index('downloads_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Changelog entries; `changes` is markdown. Drafts have `isPublished` false. */
export const changelogEntries = pgTable(
  'changelog_entries',
  {
    id: id(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    changes: text('changes').notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    isPublished: boolean('is_published').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    /** Set when an admin archived the entry: off the public changelog, never deleted. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('changelog_entries_version_key').on(t.version),
    index('changelog_entries_published_idx').on(t.isPublished, t.releaseDate),
  ],
);

/**
 * Expiry reminders sent (7 days and 1 day before, and at expiry), claimed by a unique insert so
 * each goes out at most once per subscription end, however many server instances run.
 */
export const subscriptionReminders = pgTable(
  'subscription_reminders',
  {
    id: id(),
    subscriptionId: requiredRef('subscription_id', () => subscriptions.id),
    kind: text('kind').notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscription_reminders_once_key').on(t.subscriptionId, t.kind, t.periodEnd)],
);

/**
 * Audit trail of admin writes: who (`actorId`), what (`action` on `entityType`/`entityId`),
 * when, and the values before and after. Written in the same transaction as the change; the API
 * has no way to change or delete it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    /** The audit list's own order (newest first, id breaking ties): a page reads ten entries. */
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    /** The audit list filtered by actor or action, newest first. */
    index('audit_log_actor_created_idx').on(t.actorId, t.createdAt),
    // The action filter is a prefix (`LIKE 'user.status%'`), which a btree serves only with the
    // pattern operator class under a linguistic collation (PostgreSQL "Operator Classes").
    index('audit_log_action_pattern_idx').on(t.action.op('text_pattern_ops'), t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionPeriodRow = typeof subscriptionPeriods.$inferSelect;
export type ReleaseRow = typeof releases.$inferSelect;
export type ArtifactRow = typeof artifacts.$inferSelect;
export type ChangelogEntryRow = typeof changelogEntries.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type UserTokenRow = typeof userTokens.$inferSelect;

/**
 * Business figures kept up to date in the same transaction as the change they count
 * (modules/figures): one row per figure and UTC day, so the dashboard sums a few hundred rows
 * instead of scanning every order. Names: see modules/figures/service.ts.
 */
export const figures = pgTable(
  'figures',
  {
    name: text('name').notNull(),
    /** The UTC day the counted event happened on. */
    day: date('day', { mode: 'string' }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.day] })],
);

/** Where an outbox message is: waiting (or being sent), sent, or given up (docs/jobs-and-email.md). */
export const outboxStatus = pgEnum('outbox_status', ['pending', 'sent', 'dead']);

/**
 * The e-mail outbox (docs/jobs-and-email.md): every message is written here in the same
 * transaction as its cause (an order completed, a reminder claimed, a link issued), and a sender
 * delivers it after the commit. `dedupeKey` is unique, so a cause applied twice writes one
 * message. A pending row is due when `nextAttemptAt` <= now; a sender claims it by moving
 * `nextAttemptAt` a lease ahead (FOR UPDATE SKIP LOCKED), sends, then marks it `sent`, or
 * schedules the next attempt with backoff, or marks it `dead` after the last attempt. The body is
 * erased once sent (it may carry a single-use link). Every instant is UTC.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    dedupeKey: text('dedupe_key').notNull(),
    /** What caused it, e.g. 'receipt', 'password-reset', 'reminder' (admins filter by it). */
    kind: text('kind').notNull(),
    /** 'transactional' or 'marketing' (mail/mailer.ts). */
    category: text('category').notNull().default('transactional'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: outboxStatus('status').notNull().default('pending'),
    /** Attempts started so far (a claim counts one). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('outbox_messages_dedupe_key').on(t.dedupeKey),
    /** The sender's due rows, oldest first; the partial index holds only what is still pending. */
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    /** The admin list by status, newest first. */
    index('outbox_messages_status_created_idx').on(t.status, t.createdAt, t.id),
    /** The admin list of every message, newest first: a page reads its rows in index order. */
    index('outbox_messages_created_idx').on(t.createdAt, t.id),
  ],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;

/**
 * Settings of the update feeds, one row (id 1): the minimum supported version. A client below it
 * is offered the newest release it may have whatever the rollout, flagged critical where the
 * format can say so (docs/updates.md "Minimum supported version").
 */
export const updateSettings = pgTable(
  'update_settings',
  {
    id: integer('id').primaryKey().default(1),
    minimumVersion: text('minimum_version'),
    updatedAt: updatedAt(),
  },
  (t) => [check('update_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * Update checks, one row per user, platform, architecture and UTC day: the last version the
 * user's program reported that day, its channel, the feed format and how many checks. Written in
 * batches off the request path (modules/updates/checks.ts); read by the adoption charts.
 */
export const updateChecks = pgTable(
  'update_checks',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: requiredRef('user_id', () => users.id),
    platform: text('platform').notNull(),
    arch: text('arch').notNull(),
    currentVersion: text('current_version'),
    channel: text('channel').notNull(),
    format: text('format').notNull(),
    checks: integer('checks').notNull().default(1),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Also what the figure triggers look a user's other checks of a day up by (migration 0015);
    // nothing counts the checks themselves (the update_check_* figures below).
    primaryKey({ columns: [t.day, t.userId, t.platform, t.arch] }),
  ],
);

/**
 * Adoption figures kept beside `update_checks` by its trigger, in the transaction of every check
 * written (migration 0015; docs/updates.md "Adoption"), so the charts read a few rows instead of
 * counting millions of checks: distinct users per UTC day, platform and reported version (`''`:
 * not reported). Never written by the application.
 */
export const updateCheckDayVersions = pgTable(
  'update_check_day_versions',
  {
    day: date('day', { mode: 'string' }).notNull(),
    platform: text('platform').notNull(),
    version: text('version').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.platform, t.version] })],
);

/** Distinct users per UTC day and platform, whatever the version (see {@link updateCheckDayVersions}). */
export const updateCheckDayUsers = pgTable(
  'update_check_day_users',
  {
    day: date('day', { mode: 'string' }).notNull(),
    platform: text('platform').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.platform] })],
);

/**
 * The last UTC day each user was seen with each value of a `figure`, kept by the trigger of
 * `update_checks` (migration 0015): `version` (the version reported, `''` for none) and `channel`
 * (a channel whose releases the check was offered: a beta check counts for stable, rc and beta).
 * What moves the user between the days of {@link updateCheckLastSeenDays}.
 */
export const updateCheckLastSeen = pgTable(
  'update_check_last_seen',
  {
    figure: text('figure').notNull(),
    key: text('key').notNull(),
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.figure, t.key, t.userId] })],
);

/**
 * How many users were last seen with `figure` = `key` on `day` (see {@link updateCheckLastSeen}):
 * the users seen with it on some day since d are the sum over the days from d (at most a year of
 * rows, whatever the number of users).
 */
export const updateCheckLastSeenDays = pgTable(
  'update_check_last_seen_days',
  {
    figure: text('figure').notNull(),
    key: text('key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.figure, t.key, t.day] })],
);

/**
 * Admin API tokens, for release pipelines (`npm run release`): only the SHA-256 of the token is
 * kept; `prefix` (its first characters) names it in lists. A token acts as its admin, on the
 * release endpoints only, until revoked (docs/updates.md "Publishing from CI").
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    userId: requiredRef('user_id', () => users.id),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_tokens_hash_key').on(t.tokenHash)],
);

/**
 * Release e-mails (docs/updates.md "Release e-mails"): one row per release that was offered on
 * the stable channel, written in the transaction that first offered it (the primary key makes
 * that once per release). The `flockr.release-mail` job writes one outbox message per eligible
 * subscriber in batches of users in id order, keeping its place in `after_user_id`, and sets
 * `finished_at` when every batch is written (or the release was yanked first). Rows for releases
 * that existed before the feature are written finished, so they are never announced.
 */
export const releaseAnnouncements = pgTable('release_announcements', {
  releaseId: uuid('release_id')
    .primaryKey()
    .references(() => releases.id),
  /** The last user id a message was written for; null before the first batch. */
  afterUserId: uuid('after_user_id'),
  /** Messages written so far (not counting those a dedupe key stopped). */
  queued: integer('queued').notNull().default(0),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * Licenses (docs/licenses.md): one per user, created in the transaction that completes their
 * first order. The key is never stored: it is an HMAC of the id and `keyGeneration`
 * (modules/licenses/license-key.ts), so it can be shown again and a rotation (+1) stops the old
 * one at once. Status, plan, entitlements and seats follow the subscription; `suspendedAt` is an
 * admin's suspension. Never deleted.
 */
export const licenses = pgTable(
  'licenses',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id),
    /** The order whose completion created the license. */
    orderId: uuid('order_id').references(() => orders.id),
    keyGeneration: integer('key_generation').notNull().default(1),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('licenses_user_key').on(t.userId)],
);

/**
 * Devices of a license: a row per activation of a fingerprint. A device holds a seat while
 * `deactivatedAt` is null; it is deactivated (never deleted) by its owner, the program, an admin
 * or the timeout (LICENSE_DEVICE_TIMEOUT after `lastSeenAt`). At most one active row per
 * fingerprint and license (`license_devices_active_key`); activations lock the license row, so
 * the seat count cannot be passed by concurrent activations.
 */
export const licenseDevices = pgTable(
  'license_devices',
  {
    id: id(),
    licenseId: requiredRef('license_id', () => licenses.id),
    fingerprint: text('fingerprint').notNull(),
    name: text('name').notNull(),
    platform: text('platform').notNull(),
    hostname: text('hostname'),
    appVersion: text('app_version'),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** One of the contract's DEVICE_DEACTIVATION_REASONS. */
    deactivationReason: text('deactivation_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('license_devices_active_key')
      .on(t.licenseId, t.fingerprint)
      .where(sql`${t.deactivatedAt} is null`),
    index('license_devices_license_idx').on(t.licenseId, t.createdAt),
    // The timeout job's scan: active devices by last check-in.
    index('license_devices_last_seen_idx')
      .on(t.lastSeenAt)
      .where(sql`${t.deactivatedAt} is null`),
    check(
      'license_devices_deactivation_reason_known',
      sql`${t.deactivationReason} is null or ${t.deactivationReason} in ('owner', 'program', 'admin', 'timeout')`,
    ),
  ],
);

export type LicenseRow = typeof licenses.$inferSelect;
export type LicenseDeviceRow = typeof licenseDevices.$inferSelect;
