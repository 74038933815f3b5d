import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  adminOrdersResponseSchema,
  adminPlansResponseSchema,
  adminUserDetailSchema,
  adminUsersResponseSchema,
  auditResponseSchema,
  statsResponseSchema,
  dailyStatsResponseSchema,
} from '@flockr/contract';
import { auditLog, subscriptionPeriods, subscriptions } from '../../db/schema.js';
import { updateUser } from '../accounts/repository.js';
import {
  createHarness,
  markLive,
  orderAndCheckout,
  planByName,
  registerUser,
  sandboxPay,
  subscribedUser,
  type Harness,
} from '../../test/harness.js';

let h: Harness;
let admin: Awaited<ReturnType<typeof registerUser>>;
let superAdmin: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  h = await createHarness();
  admin = await registerUser(h.app, 'admin');
  await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
  superAdmin = await registerUser(h.app, 'super');
  await updateUser(h.db, superAdmin.user.id, { role: 'SUPER_ADMIN' });
});
afterAll(async () => {
  await h.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  method: Method,
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) => h.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

describe('access matrix over every /admin route of the route table', () => {
  it('answers 401 anonymous, 403 USER, SUSPENDED and INACTIVE (even admins), and lets ADMIN and SUPER_ADMIN in', async () => {
    const routes = h.app.routeTable.filter((r) => r.url.startsWith('/api/v1/admin'));
    expect(routes.length).toBeGreaterThanOrEqual(17);
    const user = await registerUser(h.app, 'plain');
    const suspended = await registerUser(h.app, 'susp');
    await updateUser(h.db, suspended.user.id, { status: 'SUSPENDED' });
    const suspendedAdmin = await registerUser(h.app, 'suspadm');
    await updateUser(h.db, suspendedAdmin.user.id, { role: 'ADMIN', status: 'SUSPENDED' });
    const inactiveAdmin = await registerUser(h.app, 'inadm');
    await updateUser(h.db, inactiveAdmin.user.id, { role: 'ADMIN', status: 'INACTIVE' });
    // Routes an ADMIN may reach but whose service refuses anyone but a SUPER_ADMIN.
    const superOnly = new Set(['PUT /api/v1/admin/users/:id/role']);

    for (const route of routes) {
      const url = route.url.replace(':id', randomUUID());
      const send = (headers: Record<string, string>) =>
        h.app.inject({
          method: route.method as Method,
          url,
          headers,
          ...(route.method !== 'GET' && { payload: {} }),
        });
      const key = `${route.method} ${route.url}`;
      expect((await send({})).statusCode, `${key} anonymous`).toBe(401);
      for (const who of [user, suspended, suspendedAdmin, inactiveAdmin]) {
        expect((await send(who.headers)).statusCode, `${key} ${who.user.username}`).toBe(403);
      }
      const asAdmin = (await send(admin.headers)).statusCode;
      if (superOnly.has(key)) expect(asAdmin, `${key} ADMIN`).toBe(403);
      else expect([401, 403], `${key} ADMIN got ${asAdmin}`).not.toContain(asAdmin);
      const asSuper = (await send(superAdmin.headers)).statusCode;
      expect([401, 403], `${key} SUPER_ADMIN got ${asSuper}`).not.toContain(asSuper);
      expect(asSuper, `${key} SUPER_ADMIN`).toBeLessThan(500);
    }
  });
});

describe('users', () => {
  it('lists with paging from 1 (size 10), case-insensitive substring search, status and role filters', async () => {
    const tagged = [];
    for (let i = 0; i < 12; i += 1) tagged.push(await registerUser(h.app, 'zebra'));
    const page1 = adminUsersResponseSchema.parse(
      (await call('GET', '/admin/users?search=ZEBR', admin.headers)).json(),
    );
    expect(page1.pagination).toEqual({ total: 12, page: 1, limit: 10, total_pages: 2 });
    const page2 = adminUsersResponseSchema.parse(
      (await call('GET', '/admin/users?search=zebr&page=2', admin.headers)).json(),
    );
    expect(page2.users).toHaveLength(2);
    const byEmail = adminUsersResponseSchema.parse(
      (await call('GET', `/admin/users?search=${tagged[0]!.payload.email}`, admin.headers)).json(),
    );
    expect(byEmail.users.map((u) => u.id)).toEqual([tagged[0]!.user.id]);
    const admins = adminUsersResponseSchema.parse(
      (await call('GET', '/admin/users?role=SUPER_ADMIN', admin.headers)).json(),
    );
    expect(admins.users.map((u) => u.id)).toEqual([superAdmin.user.id]);
    await updateUser(h.db, tagged[1]!.user.id, { status: 'INACTIVE' });
    const inactive = adminUsersResponseSchema.parse(
      (await call('GET', '/admin/users?status=INACTIVE&search=zebr', admin.headers)).json(),
    );
    expect(inactive.users.map((u) => u.id)).toEqual([tagged[1]!.user.id]);
    expect((await call('GET', '/admin/users?status=GONE', admin.headers)).statusCode).toBe(400);
  });

  it('suspends a user, who is refused at once, and records who did it, before and after', async () => {
    const target = await registerUser(h.app);
    const res = await call('PUT', `/admin/users/${target.user.id}/status`, admin.headers, {
      status: 'SUSPENDED',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.status).toBe('SUSPENDED');
    expect((await call('GET', '/auth/me', target.headers)).statusCode).toBe(403);
    const login = await call(
      'POST',
      '/auth/login',
      {},
      { email: target.payload.email, password: target.payload.password },
    );
    expect(login.statusCode).toBe(403);
    const audit = auditResponseSchema.parse(
      (await call('GET', `/admin/audit?entity_id=${target.user.id}`, admin.headers)).json(),
    );
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'user.status',
        actor: expect.objectContaining({ id: admin.user.id }),
        before: { status: 'ACTIVE' },
        after: { status: 'SUSPENDED' },
      }),
    ]);
    // Setting the same status again changes nothing and writes no second record.
    await call('PUT', `/admin/users/${target.user.id}/status`, admin.headers, {
      status: 'SUSPENDED',
    });
    const again = auditResponseSchema.parse(
      (await call('GET', `/admin/audit?entity_id=${target.user.id}`, admin.headers)).json(),
    );
    expect(again.entries).toHaveLength(1);
  });

  it('never lets an admin suspend or demote themselves, nor an ADMIN act on another admin', async () => {
    const self = await call('PUT', `/admin/users/${admin.user.id}/status`, admin.headers, {
      status: 'SUSPENDED',
    });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ error: API_ERRORS.cannotChangeSelf });
    const selfDemote = await call(
      'PUT',
      `/admin/users/${superAdmin.user.id}/role`,
      superAdmin.headers,
      { role: 'USER' },
    );
    expect(selfDemote.statusCode).toBe(403);
    const onSuper = await call('PUT', `/admin/users/${superAdmin.user.id}/status`, admin.headers, {
      status: 'SUSPENDED',
    });
    expect(onSuper.statusCode).toBe(403);
    expect(onSuper.json()).toMatchObject({ error: API_ERRORS.superAdminOnly });
    const promote = await call('PUT', `/admin/users/${admin.user.id}/role`, admin.headers, {
      role: 'SUPER_ADMIN',
    });
    expect(promote.statusCode).toBe(403);
  });

  it('lets a SUPER_ADMIN change roles, effective on the next request', async () => {
    const target = await registerUser(h.app);
    expect((await call('GET', '/admin/stats', target.headers)).statusCode).toBe(403);
    const res = await call('PUT', `/admin/users/${target.user.id}/role`, superAdmin.headers, {
      role: 'ADMIN',
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/admin/stats', target.headers)).statusCode).toBe(200);
    await call('PUT', `/admin/users/${target.user.id}/role`, superAdmin.headers, { role: 'USER' });
    expect((await call('GET', '/admin/stats', target.headers)).statusCode).toBe(403);
  });

  it('shows a user with orders, subscription and download history', async () => {
    const buyer = await subscribedUser(h.app);
    const link = await call('GET', '/downloads/link', buyer.headers);
    await h.app.inject({
      method: 'GET',
      url: new URL(link.json().download_url).pathname + new URL(link.json().download_url).search,
    });
    const detail = adminUserDetailSchema.parse(
      (await call('GET', `/admin/users/${buyer.user.id}`, admin.headers)).json(),
    );
    expect(detail.orders.map((o) => o.id)).toEqual([buyer.orderId]);
    expect(detail.subscription?.status).toBe('ACTIVE');
    expect(detail.downloads).toHaveLength(1);
    expect((await call('GET', `/admin/users/${randomUUID()}`, admin.headers)).statusCode).toBe(404);
  });
});

describe('orders', () => {
  async function periods(userId: string) {
    const [sub] = await h.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const rows = sub
      ? await h.db
          .select()
          .from(subscriptionPeriods)
          .where(eq(subscriptionPeriods.subscriptionId, sub.id))
      : [];
    return { sub, rows };
  }

  it('lists orders with buyer and plan, filtered by status and search', async () => {
    const buyer = await registerUser(h.app, 'orderlist');
    const { orderId } = await orderAndCheckout(h.app, buyer.headers, 'PRO+', 12);
    const res = adminOrdersResponseSchema.parse(
      (await call('GET', `/admin/orders?search=${buyer.payload.username}`, admin.headers)).json(),
    );
    expect(res.orders).toEqual([
      expect.objectContaining({
        id: orderId,
        user: { username: buyer.payload.username, email: buyer.payload.email },
        plan: { name: 'PRO+' },
        amount: 499.99,
      }),
    ]);
    const byId = adminOrdersResponseSchema.parse(
      (await call('GET', `/admin/orders?search=${orderId.slice(-8)}`, admin.headers)).json(),
    );
    expect(byId.orders.map((o) => o.id)).toEqual([orderId]);
    const pending = adminOrdersResponseSchema.parse(
      (await call('GET', '/admin/orders?status=PENDING', admin.headers)).json(),
    );
    expect(pending.orders.every((o) => o.status === 'PENDING')).toBe(true);
  });

  it('COMPLETED fulfils once (same path as a payment), with the note and an audit row in the same transaction', async () => {
    const buyer = await registerUser(h.app);
    const { orderId, sessionId } = await orderAndCheckout(h.app, buyer.headers);
    const done = await call('PUT', `/admin/orders/${orderId}/status`, admin.headers, {
      status: 'COMPLETED',
      admin_note: 'Paid by bank transfer',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().order).toMatchObject({
      status: 'COMPLETED',
      admin_note: 'Paid by bank transfer',
    });
    expect(
      (await call('PUT', `/admin/orders/${orderId}/status`, admin.headers, { status: 'COMPLETED' }))
        .statusCode,
    ).toBe(200);
    expect((await sandboxPay(h.app, buyer.headers, sessionId)).statusCode).toBe(200);
    expect((await periods(buyer.user.id)).rows).toHaveLength(1);
    expect((await call('GET', '/downloads/latest', buyer.headers)).statusCode).toBe(200);
    const [row] = await h.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.entityId, orderId));
    expect(row!.n).toBe(1);
  });

  it('REFUNDED on a completed order removes the unused time it granted; later periods move earlier', async () => {
    const buyer = await registerUser(h.app);
    const first = await orderAndCheckout(h.app, buyer.headers, 'PRO', 1);
    await sandboxPay(h.app, buyer.headers, first.sessionId);
    const second = await orderAndCheckout(h.app, buyer.headers, 'PRO', 1);
    await sandboxPay(h.app, buyer.headers, second.sessionId);
    const before = await periods(buyer.user.id);
    const firstPeriod = before.rows.find((p) => p.orderId === first.orderId)!;
    const secondPeriod = before.rows.find((p) => p.orderId === second.orderId)!;

    const res = await call('PUT', `/admin/orders/${first.orderId}/status`, admin.headers, {
      status: 'REFUNDED',
    });
    expect(res.statusCode).toBe(200);
    const after = await periods(buyer.user.id);
    const removed = firstPeriod.endsAt.getTime() - Date.now();
    expect(
      Math.abs(before.sub!.expiresAt.getTime() - after.sub!.expiresAt.getTime() - removed),
    ).toBeLessThan(10_000);
    const movedSecond = after.rows.find((p) => p.orderId === second.orderId)!;
    expect(secondPeriod.startsAt.getTime() - movedSecond.startsAt.getTime()).toBeGreaterThan(
      removed - 10_000,
    );
    expect(after.rows.find((p) => p.orderId === first.orderId)!.revokedAt).not.toBeNull();
    // Refunding again is refused: REFUNDED is final.
    const again = await call('PUT', `/admin/orders/${first.orderId}/status`, admin.headers, {
      status: 'CANCELLED',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'An order cannot go from REFUNDED to CANCELLED' });
  });

  it('CANCELLED on the only completed order ends access', async () => {
    const buyer = await subscribedUser(h.app);
    expect(
      (
        await call('PUT', `/admin/orders/${buyer.orderId}/status`, admin.headers, {
          status: 'CANCELLED',
        })
      ).statusCode,
    ).toBe(200);
    const res = await call('GET', '/downloads/latest', buyer.headers);
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['COMPLETED', 'PENDING'],
    ['COMPLETED', 'FAILED'],
  ])('refuses %s → %s with 409 and changes nothing', async (from, to) => {
    const buyer = await subscribedUser(h.app);
    void from;
    const res = await call('PUT', `/admin/orders/${buyer.orderId}/status`, admin.headers, {
      status: to,
    });
    expect(res.statusCode).toBe(409);
    expect((await call('GET', '/downloads/latest', buyer.headers)).statusCode).toBe(200);
  });

  it('FAILED → PENDING reopens the order for another 24 hours', async () => {
    const buyer = await registerUser(h.app);
    const { orderId } = await orderAndCheckout(h.app, buyer.headers);
    await call('PUT', `/admin/orders/${orderId}/status`, admin.headers, { status: 'FAILED' });
    const res = await call('PUT', `/admin/orders/${orderId}/status`, admin.headers, {
      status: 'PENDING',
    });
    expect(res.json().order.status).toBe('PENDING');
    expect(Date.parse(res.json().order.expires_at) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(
      (await call('PUT', `/admin/orders/${orderId}/status`, admin.headers, { status: 'EXPIRED' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('plans', () => {
  it('creates a plan that appears on the public plans, validates the form, and updates prices without touching orders', async () => {
    const bad = await call('POST', '/admin/plans', admin.headers, {
      name: '',
      description: 'x',
      monthly_price: 1,
      yearly_price: 10,
      features: ['a'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Name is required' });
    const cents = await call('POST', '/admin/plans', admin.headers, {
      name: 'X',
      description: 'x',
      monthly_price: 1.234,
      yearly_price: 10,
      features: ['a'],
    });
    expect(cents.json()).toMatchObject({ error: 'Price can have at most 2 decimals' });
    const noFeatures = await call('POST', '/admin/plans', admin.headers, {
      name: 'X',
      description: 'x',
      monthly_price: 1,
      yearly_price: 10,
      features: ['', '  '],
    });
    expect(noFeatures.json()).toMatchObject({ error: 'At least one feature is required' });

    const created = await call('POST', '/admin/plans', admin.headers, {
      name: 'TEAM',
      description: 'For teams',
      monthly_price: 99.99,
      yearly_price: 999,
      features: ['Team seats', '', 'Shared dashboard'],
      is_active: true,
    });
    expect(created.statusCode).toBe(201);
    const plan = created.json().plan;
    expect(plan).toMatchObject({
      name: 'TEAM',
      monthly_price: 99.99,
      yearly_price: 999,
      features: ['Team seats', 'Shared dashboard'],
      subscriber_count: 0,
      total_revenue: 0,
    });
    expect(
      (await call('POST', '/admin/plans', admin.headers, { ...plan, id: undefined })).statusCode,
    ).toBe(409);

    const buyer = await registerUser(h.app);
    const order = await orderAndCheckout(h.app, buyer.headers, 'TEAM', 1);
    await sandboxPay(h.app, buyer.headers, order.sessionId);
    // A sandbox payment is a test order: no subscriber, no revenue (docs/billing.md "Test mode").
    expect(
      adminPlansResponseSchema
        .parse((await call('GET', '/admin/plans', admin.headers)).json())
        .plans.find((p) => p.name === 'TEAM'),
    ).toMatchObject({ subscriber_count: 0, total_revenue: 0 });
    await markLive(h.db, [order.orderId]);
    const updated = await call('PUT', `/admin/plans/${plan.id}`, admin.headers, {
      monthly_price: 120,
    });
    expect(updated.json().plan).toMatchObject({
      monthly_price: 120,
      subscriber_count: 1,
      total_revenue: 99.99,
      is_active: true,
    });
    const orders = (await call('GET', '/payments/orders', buyer.headers)).json().orders;
    expect(orders[0].amount).toBe(99.99);

    await call('PUT', `/admin/plans/${plan.id}`, admin.headers, { is_active: false });
    const publicPlans = (await call('GET', '/subscriptions/plans'))
      .json()
      .plans.map((p: { name: string }) => p.name);
    expect(publicPlans).not.toContain('TEAM');
    const refused = await call('POST', '/subscriptions/subscribe', buyer.headers, {
      plan_id: plan.id,
      duration_months: 1,
    });
    expect(refused.statusCode).toBe(400);
    expect((await call('GET', '/downloads/latest', buyer.headers)).statusCode).toBe(200);
    const list = adminPlansResponseSchema.parse(
      (await call('GET', '/admin/plans', admin.headers)).json(),
    );
    expect(list.plans.find((p) => p.name === 'TEAM')).toMatchObject({
      is_active: false,
      subscriber_count: 1,
    });
    expect((await call('PUT', `/admin/plans/${plan.id}`, admin.headers, {})).statusCode).toBe(400);
  });
});

describe('downloads', () => {
  it('adds a URL-hosted version, validates it, and toggles activity', async () => {
    const payload = {
      version: '3.0.0',
      download_url: 'https://cdn.example.com/flockr-3.0.0.zip',
      filename: 'flockr-3.0.0.zip',
      file_size: 1234,
      release_date: '2026-12-01',
    };
    expect(
      (
        await call('POST', '/admin/downloads', admin.headers, { ...payload, version: 'three' })
      ).json(),
    ).toEqual({
      error: 'Version must be a semantic version such as 1.2.0',
      code: 'VALIDATION_FAILED',
    });
    const res = await call('POST', '/admin/downloads', admin.headers, payload);
    expect(res.statusCode).toBe(201);
    expect(res.json().download).toMatchObject({
      version: '3.0.0',
      file_size_formatted: '1.2 KB',
      download_count: 0,
      is_active: true,
    });
    expect((await call('POST', '/admin/downloads', admin.headers, payload)).statusCode).toBe(409);
    const buyer = await subscribedUser(h.app);
    expect((await call('GET', '/downloads/link', buyer.headers)).json().download_url).toBe(
      payload.download_url,
    );
    const off = await call('PUT', `/admin/downloads/${res.json().download.id}`, admin.headers, {
      is_active: false,
    });
    expect(off.json().download.is_active).toBe(false);
    expect((await call('GET', '/downloads/latest', buyer.headers)).json().version).toBe('1.1.0');
  });

  it('stores an uploaded file under DATA_DIR, computing its size and SHA-256, and serves it intact', async () => {
    const bytes = Buffer.alloc(300_000, 7);
    bytes.write('PK\u0003\u0004', 0, 'latin1');
    const boundary = '----flockrtest';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = Buffer.concat([
      Buffer.from(field('version', '4.0.0') + field('release_date', '2026-12-24')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../../evil name.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/admin/downloads/upload',
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { createHash } = await import('node:crypto');
    const sha = createHash('sha256').update(bytes).digest('hex');
    expect(res.json().download).toMatchObject({
      version: '4.0.0',
      file_size: bytes.length,
      sha256: sha,
      filename: 'evil-name.zip',
    });

    const buyer = await subscribedUser(h.app);
    const link = (await call('GET', '/downloads/link?version=4.0.0', buyer.headers)).json();
    const file = await h.app.inject({
      method: 'GET',
      url: new URL(link.download_url).pathname + new URL(link.download_url).search,
    });
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(sha);

    const missing = await h.app.inject({
      method: 'POST',
      url: '/api/v1/admin/downloads/upload',
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(field('version', '4.1.0') + `--${boundary}--\r\n`),
    });
    expect(missing.statusCode).toBe(400);
  });
});

describe('changelog', () => {
  it('creates a draft hidden from the public list, then publishes it', async () => {
    const draft = await call('POST', '/admin/changelog', admin.headers, {
      version: '5.0.0',
      title: 'Big one',
      changes: '## New\n- everything',
      release_date: '2026-12-31',
      is_published: false,
    });
    expect(draft.statusCode).toBe(201);
    const id = draft.json().entry.id;
    const publicList = () =>
      call('GET', '/changelog').then((r) =>
        r.json().changelog.map((e: { version: string }) => e.version),
      );
    expect(await publicList()).not.toContain('5.0.0');
    const all = (await call('GET', '/admin/changelog', admin.headers)).json().changelog_entries;
    expect(all.find((e: { version: string }) => e.version === '5.0.0')).toMatchObject({
      is_published: false,
      view_count: 0,
    });
    const published = await call('PUT', `/admin/changelog/${id}`, admin.headers, {
      is_published: true,
    });
    expect(published.json().entry.is_published).toBe(true);
    expect(await publicList()).toContain('5.0.0');
    const audit = auditResponseSchema.parse(
      (await call('GET', `/admin/audit?action=changelog.publish`, admin.headers)).json(),
    );
    expect(audit.entries.map((e) => e.entity_id)).toContain(id);
    const missing = await call('POST', '/admin/changelog', admin.headers, {
      version: '5.0.1',
      title: 'x',
      release_date: '2026-12-31',
    });
    expect(missing.json()).toMatchObject({ error: 'Changes are required' });
  });
});

describe('stats', () => {
  it('counts users, orders, subscriptions and revenue (completed minus refunded) as money', async () => {
    const before = statsResponseSchema.parse(
      (await call('GET', '/admin/stats', admin.headers)).json(),
    ).stats;
    const buyer = await registerUser(h.app);
    const a = await orderAndCheckout(h.app, buyer.headers, 'PRO', 1);
    await sandboxPay(h.app, buyer.headers, a.sessionId);
    const b = await orderAndCheckout(h.app, buyer.headers, 'PRO+', 1);
    await sandboxPay(h.app, buyer.headers, b.sessionId);
    await call('PUT', `/admin/orders/${a.orderId}/status`, admin.headers, { status: 'REFUNDED' });
    // Paid on the sandbox: test orders, which no figure counts (docs/billing.md "Test mode").
    const tested = statsResponseSchema.parse(
      (await call('GET', '/admin/stats', admin.headers)).json(),
    ).stats;
    expect(tested.orders).toEqual(before.orders);
    expect(tested.revenue).toEqual(before.revenue);
    expect(tested.subscriptions).toEqual(before.subscriptions);
    expect(tested.recent_orders[0]).toMatchObject({ id: b.orderId, livemode: false });
    // The same orders as a live provider would have recorded them: now they count.
    await markLive(h.db, [a.orderId, b.orderId]);
    const after = statsResponseSchema.parse(
      (await call('GET', '/admin/stats', admin.headers)).json(),
    ).stats;
    expect(after.users.total).toBe(before.users.total + 1);
    expect(after.orders.total).toBe(before.orders.total + 2);
    expect(after.orders.completed).toBe(before.orders.completed + 1);
    expect(Math.round((after.revenue.total - before.revenue.total) * 100)).toBe(4999);
    expect(after.recent_users[0]!.id).toBe(buyer.user.id);
    expect(after.recent_orders).toHaveLength(5);
    const daily = dailyStatsResponseSchema.parse(
      (await call('GET', '/admin/stats/daily', admin.headers)).json(),
    );
    expect(daily.days).toHaveLength(30);
    expect(daily.days.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    expect(daily.days.at(-1)!.signups).toBeGreaterThan(0);
    void planByName;
  });
});
