/**
 * Admin test data, each value parsed by its contract schema when made, so a fixture cannot hold
 * something the server would never send.
 */
import {
  adminDownloadSchema,
  adminLicenseSchema,
  licenseDeviceSchema,
  adminOrderSchema,
  adminPaymentEventSchema,
  adminPlanSchema,
  adminUserDetailSchema,
  auditEntrySchema,
  businessHealthSchema,
  paginationSchema,
  statusPreviewSchema,
  statsSchema,
  subscriptionSchema,
  testDataSummarySchema,
  type AdminDownload,
  type AdminLicense,
  type LicenseDevice,
  type AdminOrder,
  type AdminPaymentEvent,
  type AdminPlan,
  type AdminUserDetail,
  type AuditEntry,
  type BusinessHealth,
  type Pagination,
  type StatusPreview,
  type Stats,
  type Subscription,
  type TestDataSummary,
  type User,
} from '@flockr/contract';
import { makeOrder, makePlan, makeUser } from '../../../test/fixtures';

/** A signed-in ADMIN (or the given role). */
export function makeAdmin(overrides: Partial<User> = {}): User {
  return makeUser({
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    username: 'root',
    email: 'root@example.com',
    role: 'ADMIN',
    ...overrides,
  });
}

/** An order as admins see it (alice's PENDING PRO order by default). */
export function makeAdminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return adminOrderSchema.parse({
    ...makeOrder(),
    user: { username: 'alice', email: 'alice@example.com' },
    plan: { name: 'PRO' },
    admin_note: null,
    ...overrides,
  });
}

/** A provider event that named no order of ours. */
export function makeUnmatchedPaymentEvent(
  overrides: Partial<AdminPaymentEvent> = {},
): AdminPaymentEvent {
  return adminPaymentEventSchema.parse({
    id: '55555555-6666-4777-8888-999999999999',
    provider: 'stripe',
    event_id: 'evt_1QxUnmatched',
    type: 'checkout.session.completed',
    outcome: 'unmatched',
    order_id: null,
    reference: '00000000-0000-4000-8000-000000000000',
    received_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

/** A plan as admins see it. */
export function makeAdminPlan(overrides: Partial<AdminPlan> = {}): AdminPlan {
  return adminPlanSchema.parse({
    ...makePlan(),
    after_expiry_access: 'keep_released',
    subscriber_count: 3,
    total_revenue: 59.97,
    ...overrides,
  });
}

/** A program version as admins see it (stored on this server, active). */
export function makeAdminDownload(overrides: Partial<AdminDownload> = {}): AdminDownload {
  return adminDownloadSchema.parse({
    id: '33333333-4444-4555-8666-777777777777',
    version: '1.2.0',
    filename: 'flockr-1.2.0.zip',
    file_size: 1572864,
    file_size_formatted: '1.5 MB',
    sha256: 'ab'.repeat(32),
    release_date: '2026-11-01',
    is_active: true,
    download_url: null,
    download_count: 42,
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  });
}

/** An audit entry: root suspended alice. */
export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return auditEntrySchema.parse({
    id: '44444444-5555-4666-8777-888888888888',
    actor: { id: 'aaaaaaaa-0000-4000-8000-000000000001', username: 'root', email: 'root@x.io' },
    action: 'user.status',
    entity_type: 'user',
    entity_id: '4f1c2d3e-1111-4a2b-8c3d-0123456789ab',
    before: { status: 'ACTIVE' },
    after: { status: 'SUSPENDED' },
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

/** Business health over Sep–Nov 2026: revenue up 50% in November, two plans with subscribers. */
export function makeHealth(overrides: Partial<BusinessHealth> = {}): BusinessHealth {
  return businessHealthSchema.parse({
    currency: 'USD',
    from: '2026-09-01',
    to: '2026-11-21',
    revenue_by_month: [
      { month: '2026-09', revenue: 100, orders: 5, change: null },
      { month: '2026-10', revenue: 200, orders: 10, change: 1 },
      { month: '2026-11', revenue: 300, orders: 15, change: 0.5 },
    ],
    revenue_total: 600,
    active_by_plan: [
      { plan_id: '9a8b7c6d-2222-4e5f-9a0b-abcdefabcdef', plan_name: 'PRO', active: 30 },
      { plan_id: '9a8b7c6d-3333-4e5f-9a0b-abcdefabcdef', plan_name: 'PRO+', active: 10 },
    ],
    subscribers: { new: 12, lapsed: 4 },
    due: [
      { days: 7, ending: 3, set_to_end: 1 },
      { days: 30, ending: 9, set_to_end: 2 },
    ],
    pending: { placed: 40, paid: 30, paid_rate: 0.75, open_now: 2 },
    generated_at: '2026-11-21T10:00:00.000Z',
    ...overrides,
  });
}

/** A status preview: a refund taking back 21 days and e-mailing a refund notice. */
export function makePreview(overrides: Partial<StatusPreview> = {}): StatusPreview {
  return statusPreviewSchema.parse({
    from: 'COMPLETED',
    to: 'REFUNDED',
    allowed: true,
    effects: [
      '21 days of unused time is taken back from alice: access ends 1 Dec 2026 instead of 22 Dec 2026.',
    ],
    emails: ['Refund notice to alice@example.com'],
    access_until: { before: '2026-12-22T00:00:00.000Z', after: '2026-12-01T00:00:00.000Z' },
    time_ms: -21 * 86_400_000,
    ...overrides,
  });
}

/** Dashboard figures. */
export function makeStats(overrides: Partial<Stats> = {}): Stats {
  return statsSchema.parse({
    users: { total: 1234, active: 1000 },
    orders: { total: 80, completed: 60 },
    subscriptions: { active: 50, total: 70 },
    revenue: { total: 1999.5, currency: 'USD', by_currency: [{ currency: 'USD', total: 1999.5 }] },
    recent_users: [makeUser()],
    recent_orders: [makeAdminOrder()],
    generated_at: '2026-11-21T10:00:00.000Z',
    ...overrides,
  });
}

/** An active PRO subscription. */
export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return subscriptionSchema.parse({
    id: '55555555-6666-4777-8888-999999999999',
    plan_id: '9a8b7c6d-2222-4e5f-9a0b-abcdefabcdef',
    plan_name: 'PRO',
    status: 'ACTIVE',
    started_at: '2026-11-01T00:00:00.000Z',
    expires_at: '2026-12-01T00:00:00.000Z',
    cancel_at_period_end: false,
    periods: [],
    ...overrides,
  });
}

/** A user's detail as `GET /admin/users/{id}` answers it (no orders, subscription or downloads). */
export function makeUserDetail(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return adminUserDetailSchema.parse({
    user: makeUser(),
    orders: [],
    subscription: null,
    downloads: [],
    ...overrides,
  });
}

/** The pagination block of `total` items on `page`. */
export function pageOf(total: number, page = 1, limit = 10): Pagination {
  return paginationSchema.parse({ total, page, limit, total_pages: Math.ceil(total / limit) });
}

/** A device of a license as admins see it: bob's Windows desktop, holding a seat. */
export function makeAdminDevice(overrides: Partial<LicenseDevice> = {}): LicenseDevice {
  return licenseDeviceSchema.parse({
    id: 'dddddddd-0000-4000-8000-000000000011',
    fingerprint: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    name: 'Studio PC',
    platform: 'windows',
    hostname: 'STUDIO-PC',
    app_version: '1.4.2',
    activated_at: '2026-11-01T09:00:00.000Z',
    last_seen_at: '2026-11-20T10:00:00.000Z',
    deactivated_at: null,
    deactivation_reason: null,
    ...overrides,
  });
}

/**
 * A license as `GET /admin/users/{id}/license` answers it: PRO, active until Dec 1, 2026, 2 seats,
 * key rotated once, Studio PC holding a seat and an old laptop deactivated by its owner.
 */
export function makeAdminLicense(overrides: Partial<AdminLicense> = {}): AdminLicense {
  return adminLicenseSchema.parse({
    id: 'cccccccc-1111-4000-8000-000000000011',
    status: 'active',
    suspended: null,
    plan: { id: '9a8b7c6d-2222-4e5f-9a0b-abcdefabcdef', name: 'PRO' },
    entitlements: [
      { code: 'TWITTER_ACCOUNTS', limit: 5 },
      { code: 'DAILY_ACTIONS', limit: 500 },
    ],
    max_devices: 2,
    active_devices: 1,
    expires_at: '2026-12-01T12:00:00.000Z',
    created_at: '2026-11-01T00:00:00.000Z',
    key_generation: 2,
    suspended_at: null,
    suspension_reason: null,
    devices: [
      makeAdminDevice(),
      makeAdminDevice({
        id: 'dddddddd-0000-4000-8000-000000000012',
        fingerprint: 'e'.repeat(64),
        name: 'Old laptop',
        platform: 'linux',
        hostname: null,
        deactivated_at: '2026-11-10T08:00:00.000Z',
        deactivation_reason: 'owner',
      }),
    ],
    ...overrides,
  });
}

/**
 * What `GET /admin/test-data` answers: a live site with no test data by default (the dashboard
 * then shows no test-mode line).
 */
export function makeTestData(overrides: Partial<TestDataSummary> = {}): TestDataSummary {
  return testDataSummarySchema.parse({
    payments_mode: 'live',
    orders: { total: 0, completed: 0 },
    amounts: [],
    subscriptions: 0,
    licenses: 0,
    payment_events: 0,
    ...overrides,
  });
}
