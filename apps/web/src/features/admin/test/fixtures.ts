/** Admin test data that satisfies the contract's schemas. */
import type {
  AdminDownload,
  AdminOrder,
  AdminPlan,
  AuditEntry,
  Pagination,
  Stats,
  User,
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

/** An order as admins see it. */
export function makeAdminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    ...makeOrder(),
    user: { username: 'alice', email: 'alice@example.com' },
    plan: { name: 'PRO' },
    admin_note: null,
    ...overrides,
  };
}

/** A plan as admins see it. */
export function makeAdminPlan(overrides: Partial<AdminPlan> = {}): AdminPlan {
  return { ...makePlan(), subscriber_count: 3, total_revenue: 59.97, ...overrides };
}

/** A program version as admins see it. */
export function makeAdminDownload(overrides: Partial<AdminDownload> = {}): AdminDownload {
  return {
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
  };
}

/** An audit entry. */
export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: '44444444-5555-4666-8777-888888888888',
    actor: { id: 'aaaaaaaa-0000-4000-8000-000000000001', username: 'root', email: 'root@x.io' },
    action: 'user.status',
    entity_type: 'user',
    entity_id: '4f1c2d3e-1111-4a2b-8c3d-0123456789ab',
    before: { status: 'ACTIVE' },
    after: { status: 'SUSPENDED' },
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** Dashboard figures. */
export function makeStats(overrides: Partial<Stats> = {}): Stats {
  return {
    users: { total: 1234, active: 1000 },
    orders: { total: 80, completed: 60 },
    subscriptions: { active: 50, total: 70 },
    revenue: { total: 1999.5, currency: 'USD', by_currency: [{ currency: 'USD', total: 1999.5 }] },
    recent_users: [makeUser()],
    recent_orders: [makeAdminOrder()],
    generated_at: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

/** The pagination block of `total` items on `page`. */
export function pageOf(total: number, page = 1, limit = 10): Pagination {
  return { total, page, limit, total_pages: Math.ceil(total / limit) };
}
