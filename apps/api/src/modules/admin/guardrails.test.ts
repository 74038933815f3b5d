import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminChangelogEntryResponseSchema,
  adminDownloadsResponseSchema,
  auditResponseSchema,
  businessHealthResponseSchema,
  changelogResponseSchema,
  statusPreviewResponseSchema,
  versionsResponseSchema,
} from '@flockr/contract';
import { auditLog, orders, subscriptions, users } from '../../db/schema.js';
import { updateUser } from '../accounts/repository.js';
import {
  createHarness,
  markLive,
  orderAndCheckout,
  registerUser,
  subscribedUser,
  type Harness,
} from '../../test/harness.js';

let h: Harness;
let admin: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  h = await createHarness();
  admin = await registerUser(h.app, 'owner');
  await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
});
afterAll(async () => {
  await h.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  h.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: admin.headers,
    ...(payload && { payload }),
  });
const auditCount = async () => (await h.db.select({ n: count() }).from(auditLog))[0]!.n;

describe('GET /admin/stats/health', () => {
  it('answers revenue by month with its change, subscriptions by plan, new vs lapsed, due windows and the paid rate', async () => {
    const buyer = await subscribedUser(h.app); // one PRO monthly paid now
    const placed = await orderAndCheckout(h.app, buyer.headers, 'PRO+'); // placed, not paid
    // A month is 28 to 31 days: its end, 20 days from now, is within the 30-day window in any.
    await h.db
      .update(subscriptions)
      .set({ expiresAt: new Date(Date.now() + 20 * 86_400_000) })
      .where(eq(subscriptions.userId, buyer.user.id));
    const lapsing = await subscribedUser(h.app);
    await h.db
      .update(subscriptions)
      .set({ expiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(subscriptions.userId, lapsing.user.id));
    const ending = await subscribedUser(h.app);
    await h.db
      .update(subscriptions)
      .set({ expiresAt: new Date(Date.now() + 3 * 86_400_000), cancelAtPeriodEnd: true })
      .where(eq(subscriptions.userId, ending.user.id));
    // Last month's revenue, so this month's change is measured against it.
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await h.db.update(orders).set({ completedAt: lastMonth }).where(eq(orders.id, ending.orderId));
    // Paid on the sandbox, so test orders: counted as live business, as a live provider's would.
    await markLive(h.db, [buyer.orderId, placed.orderId, lapsing.orderId, ending.orderId]);
    // A test order on top, which no figure below counts.
    await subscribedUser(h.app);
    // Moved around the services: the database's triggers move the business figures along.

    const res = await call('GET', '/admin/stats/health');
    expect(res.statusCode).toBe(200);
    const { health } = businessHealthResponseSchema.parse(res.json());
    expect(health.revenue_by_month).toHaveLength(12);
    const [prev, current] = health.revenue_by_month.slice(-2);
    expect(prev!.orders).toBe(1);
    expect(current!.orders).toBe(2);
    expect(current!.change).toBeCloseTo(1); // two PRO orders against one: +100%
    expect(health.revenue_total).toBeCloseTo(prev!.revenue + current!.revenue);
    const pro = health.active_by_plan.find((p) => p.plan_name === 'PRO');
    expect(pro?.active).toBe(2); // the buyer and the one ending in 3 days
    expect(health.subscribers).toEqual({ new: 3, lapsed: 1 });
    expect(health.due).toEqual([
      { days: 7, ending: 1, set_to_end: 1 },
      { days: 30, ending: 2, set_to_end: 1 },
    ]);
    expect(health.pending).toMatchObject({ placed: 4, paid: 3, open_now: 1 });
    expect(health.pending.paid_rate).toBeCloseTo(0.75);

    const narrow = businessHealthResponseSchema.parse(
      (await call('GET', `/admin/stats/health?from=2020-01-01&to=2020-02-15`)).json(),
    ).health;
    expect(narrow.revenue_by_month.map((m) => m.month)).toEqual(['2020-01', '2020-02']);
    expect(narrow.pending).toMatchObject({ placed: 0, paid: 0, paid_rate: null });
    expect(
      (await call('GET', '/admin/stats/health?from=2026-02-01&to=2026-01-01')).statusCode,
    ).toBe(400);
    expect((await call('GET', '/admin/stats/health?from=1990-01-01')).statusCode).toBe(400);
  });
});

describe('status previews change nothing and say what will happen', () => {
  it('a refund takes back the unused time and e-mails a refund notice', async () => {
    const buyer = await subscribedUser(h.app);
    const before = await auditCount();
    const res = await call('GET', `/admin/orders/${buyer.orderId}/status/preview?status=REFUNDED`);
    expect(res.statusCode).toBe(200);
    const { preview } = statusPreviewResponseSchema.parse(res.json());
    expect(preview).toMatchObject({ from: 'COMPLETED', to: 'REFUNDED', allowed: true });
    expect(preview.time_ms).toBeLessThan(-27 * 86_400_000);
    expect(preview.access_until.after! < preview.access_until.before!).toBe(true);
    expect(preview.effects[0]).toMatch(/days of unused time is taken back/);
    expect(preview.emails).toEqual([`Refund notice to ${buyer.payload.email}`]);
    // Nothing changed: the order is still COMPLETED and still grants its time.
    const [order] = await h.db.select().from(orders).where(eq(orders.id, buyer.orderId));
    expect(order!.status).toBe('COMPLETED');
    const [sub] = await h.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, buyer.user.id));
    expect(sub!.expiresAt.toISOString()).toBe(preview.access_until.before);
    expect(await auditCount()).toBe(before);
  });

  it('completing a pending order grants its period and sends a receipt; a refused move says why', async () => {
    const buyer = await registerUser(h.app, 'pending');
    const { orderId } = await orderAndCheckout(h.app, buyer.headers, 'PRO', 12);
    const done = statusPreviewResponseSchema.parse(
      (await call('GET', `/admin/orders/${orderId}/status/preview?status=COMPLETED`)).json(),
    ).preview;
    expect(done.allowed).toBe(true);
    expect(done.access_until.before).toBeNull();
    expect(done.time_ms).toBeGreaterThan(360 * 86_400_000);
    expect(done.effects[0]).toMatch(/gets 12 months of PRO/);
    expect(done.emails).toEqual([`Receipt to ${buyer.payload.email}`]);
    const refused = statusPreviewResponseSchema.parse(
      (await call('GET', `/admin/orders/${orderId}/status/preview?status=REFUNDED`)).json(),
    ).preview;
    expect(refused.allowed).toBe(false);
    expect(refused.effects[0]).toMatch(/PENDING/);
    const [order] = await h.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('PENDING');
    expect(
      (await call('GET', `/admin/orders/${orderId}/status/preview?status=BOGUS`)).statusCode,
    ).toBe(400);
    expect(
      (
        await call(
          'GET',
          '/admin/orders/00000000-0000-4000-8000-000000000000/status/preview?status=PENDING',
        )
      ).statusCode,
    ).toBe(404);
  });

  it('suspending says the user is locked out, paid time keeps running, no e-mail; your own account is refused', async () => {
    const buyer = await subscribedUser(h.app);
    const { preview } = statusPreviewResponseSchema.parse(
      (await call('GET', `/admin/users/${buyer.user.id}/status/preview?status=SUSPENDED`)).json(),
    );
    expect(preview).toMatchObject({ from: 'ACTIVE', to: 'SUSPENDED', allowed: true, emails: [] });
    expect(preview.effects.join(' ')).toMatch(/can no longer sign in.*paid time keeps running/s);
    const [row] = await h.db.select().from(users).where(eq(users.id, buyer.user.id));
    expect(row!.status).toBe('ACTIVE');
    const self = statusPreviewResponseSchema.parse(
      (await call('GET', `/admin/users/${admin.user.id}/status/preview?status=SUSPENDED`)).json(),
    ).preview;
    expect(self.allowed).toBe(false);
  });
});

describe('changelog entries and versions: edit, unpublish, archive, restore, never deleted', () => {
  it('unpublishing and archiving take an entry off the public changelog; restoring brings back a draft', async () => {
    const created = adminChangelogEntryResponseSchema.parse(
      (
        await call('POST', '/admin/changelog', {
          version: '7.0.0',
          title: 'Seven',
          changes: '- new',
          release_date: '2026-01-02',
          is_published: true,
        })
      ).json(),
    ).entry;
    const publicVersions = async () =>
      changelogResponseSchema
        .parse((await h.app.inject({ method: 'GET', url: '/api/v1/changelog?limit=50' })).json())
        .changelog.map((e) => e.version);
    expect(await publicVersions()).toContain('7.0.0');
    const put = async (body: object) =>
      adminChangelogEntryResponseSchema.parse(
        (await call('PUT', `/admin/changelog/${created.id}`, body)).json(),
      ).entry;
    expect(await put({ title: 'Seven, edited' })).toMatchObject({ title: 'Seven, edited' });
    expect(await put({ is_published: false })).toMatchObject({ is_published: false });
    expect(await publicVersions()).not.toContain('7.0.0');
    await put({ is_published: true });
    const archived = await put({ archived: true });
    expect(archived.is_published).toBe(false);
    expect(archived.archived_at).not.toBeNull();
    expect(await publicVersions()).not.toContain('7.0.0');
    const restored = await put({ archived: false });
    expect(restored).toMatchObject({ archived_at: null, is_published: false });
    const actions = auditResponseSchema
      .parse((await call('GET', `/admin/audit?entity_id=${created.id}&limit=20`)).json())
      .entries.map((e) => e.action);
    expect(actions).toEqual([
      'changelog.restore',
      'changelog.archive',
      'changelog.publish',
      'changelog.unpublish',
      'changelog.update',
      'changelog.create',
    ]);
  });

  it('archiving a version hides it from subscribers; its date can be edited; restore keeps it inactive', async () => {
    const list = adminDownloadsResponseSchema.parse((await call('GET', '/admin/downloads')).json());
    const version = list.downloads.find((d) => d.is_active)!;
    const subscriber = await subscribedUser(h.app);
    const visible = async () =>
      versionsResponseSchema
        .parse(
          (
            await h.app.inject({
              method: 'GET',
              url: '/api/v1/downloads/versions',
              headers: subscriber.headers,
            })
          ).json(),
        )
        .versions.map((v) => v.version);
    expect(await visible()).toContain(version.version);
    const put = async (body: object) => {
      const res = await call('PUT', `/admin/downloads/${version.id}`, body);
      expect(res.statusCode).toBe(200);
      return res.json().download as {
        is_active: boolean;
        archived_at: string | null;
        release_date: string;
      };
    };
    expect((await put({ release_date: '2026-03-04' })).release_date).toBe('2026-03-04');
    const archived = await put({ archived: true });
    expect(archived).toMatchObject({ is_active: false });
    expect(archived.archived_at).not.toBeNull();
    expect(await visible()).not.toContain(version.version);
    expect(await put({ archived: false })).toMatchObject({ is_active: false, archived_at: null });
    expect(await put({ is_active: true })).toMatchObject({ is_active: true });
    expect(await visible()).toContain(version.version);
    expect((await call('PUT', `/admin/downloads/${version.id}`, {})).statusCode).toBe(400);
    // No route deletes anything an admin manages. DELETE of an API token revokes it: the row
    // stays, with revoked_at (modules/api-tokens/service.ts); DELETE of a license's device
    // deactivates it: the row stays, with deactivated_at (docs/licenses.md).
    // DELETE of the test data removes only what test orders (never paid for) left behind
    // (docs/billing.md "Clearing test data"; admin/test-data.test.ts proves live rows stay).
    const deletes = h.app.routeTable.filter(
      (r) => r.method === 'DELETE' && r.url.startsWith('/api/v1/admin'),
    );
    expect(deletes).toEqual([
      { method: 'DELETE', url: '/api/v1/admin/api-tokens/:id' },
      { method: 'DELETE', url: '/api/v1/admin/users/:id/license/devices/:deviceId' },
      { method: 'DELETE', url: '/api/v1/admin/test-data' },
    ]);
  });
});

describe('GET /admin/audit reads as sentences and filters by actor, action and date', () => {
  it('says "owner suspended bob", and filters', async () => {
    const bob = await registerUser(h.app, 'bob');
    expect(
      (await call('PUT', `/admin/users/${bob.user.id}/status`, { status: 'SUSPENDED' })).statusCode,
    ).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const page = auditResponseSchema.parse(
      (
        await call(
          'GET',
          `/admin/audit?actor=${admin.user.username.slice(0, 8)}&action=user.status&from=${today}&to=${today}`,
        )
      ).json(),
    );
    expect(page.entries[0]).toMatchObject({
      entity_label: bob.user.username,
      summary: `${admin.user.username} suspended ${bob.user.username}`,
    });
    const none = auditResponseSchema.parse(
      (await call('GET', '/admin/audit?from=2000-01-01&to=2000-01-02')).json(),
    );
    expect(none.entries).toEqual([]);
    const nobody = auditResponseSchema.parse(
      (await call('GET', '/admin/audit?actor=no-such-actor')).json(),
    );
    expect(nobody.pagination.total).toBe(0);
  });
});
