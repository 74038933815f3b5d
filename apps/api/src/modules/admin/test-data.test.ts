/**
 * Test mode as admins see and clear it (docs/billing.md "Test mode" and "Clearing test data"):
 * `GET /admin/test-data` says what test orders left, `DELETE /admin/test-data` removes it in one
 * transaction, and every live row stays exactly as it was. Live orders are made the way a live
 * provider's would be recorded (the order marked live before it is completed, so the real grant
 * path runs with a live order); test orders are paid on the sandbox, as in `npm start`.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditResponseSchema,
  clearTestDataResponseSchema,
  siteConfigSchema,
  testDataResponseSchema,
} from '@flockr/contract';
import { rowsOf } from '../../db/client.js';
import {
  checkoutSessions,
  figures,
  licenses,
  orderStatusChanges,
  orders,
  paymentEvents,
  subscriptionPeriods,
  subscriptions,
} from '../../db/schema.js';
import { updateUser } from '../accounts/repository.js';
import {
  createHarness,
  orderAndCheckout,
  registerUser,
  sandboxPay,
  type Harness,
} from '../../test/harness.js';
import { figureDifferences } from '../figures/service.js';

let h: Harness;
let admin: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  h = await createHarness();
  admin = await registerUser(h.app, 'admin');
  await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
});
afterAll(async () => {
  await h.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  h.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

type Buyer = Awaited<ReturnType<typeof registerUser>>;

/** Pays `plan` on the sandbox page: a test order. Returns its id. */
async function payTest(buyer: Buyer, plan = 'PRO'): Promise<string> {
  const { orderId, sessionId } = await orderAndCheckout(h.app, buyer.headers, plan);
  expect((await sandboxPay(h.app, buyer.headers, sessionId)).statusCode).toBe(200);
  return orderId;
}

/**
 * A live order of `plan`: placed, recorded live (as a live provider's checkout would record it),
 * then completed through the admin transition, so the period is granted by the real service with
 * a live order. Returns its id.
 */
async function payLive(buyer: Buyer, plan = 'PRO'): Promise<string> {
  const { orderId } = await orderAndCheckout(h.app, buyer.headers, plan);
  await h.db.update(orders).set({ livemode: true }).where(eq(orders.id, orderId));
  const res = await call('PUT', `/admin/orders/${orderId}/status`, admin.headers, {
    status: 'COMPLETED',
  });
  expect(res.statusCode, res.body).toBe(200);
  return orderId;
}

/** Every row a user's money and access live in, sorted, for before/after comparisons. */
async function rowsOfUser(userId: string) {
  const own = await h.db.select().from(orders).where(eq(orders.userId, userId));
  const ids = own.map((o) => o.id);
  const sub = await h.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return {
    orders: own.sort((a, b) => a.id.localeCompare(b.id)),
    sessions: ids.length
      ? await h.db
          .select()
          .from(checkoutSessions)
          .where(inArray(checkoutSessions.orderId, ids))
          .orderBy(asc(checkoutSessions.id))
      : [],
    events: ids.length
      ? await h.db
          .select()
          .from(paymentEvents)
          .where(inArray(paymentEvents.orderId, ids))
          .orderBy(asc(paymentEvents.id))
      : [],
    changes: ids.length
      ? await h.db
          .select()
          .from(orderStatusChanges)
          .where(inArray(orderStatusChanges.orderId, ids))
          .orderBy(asc(orderStatusChanges.id))
      : [],
    subscription: sub,
    periods: sub.length
      ? await h.db
          .select()
          .from(subscriptionPeriods)
          .where(eq(subscriptionPeriods.subscriptionId, sub[0]!.id))
          .orderBy(asc(subscriptionPeriods.startsAt))
      : [],
    license: await h.db.select().from(licenses).where(eq(licenses.userId, userId)),
  };
}

/** The kept figures of live orders (every name without the `test:` prefix but subscriptions'). */
async function liveOrderFigures() {
  const rows = await h.db.select().from(figures).orderBy(asc(figures.name), asc(figures.day));
  return rows.filter(
    (r) => !r.name.startsWith('test:') && !r.name.startsWith('subscriptions') && r.value !== 0,
  );
}

const countWhere = async (table: string, where: string) =>
  Number(
    (
      await rowsOf<{ n: number }>(
        h.db,
        sql.raw(`select count(*)::int as n from ${table} where ${where}`),
      )
    )[0]!.n,
  );

describe('test mode on the sandbox', () => {
  it('says test mode in the site configuration, and records sandbox orders and events as test', async () => {
    const config = siteConfigSchema.parse(
      (await h.app.inject({ method: 'GET', url: '/api/v1/site/config' })).json(),
    );
    expect(config.payments_mode).toBe('test');

    const buyer = await registerUser(h.app, 'sandbox');
    const orderId = await payTest(buyer);
    const [order] = await h.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'COMPLETED', livemode: false });
    const [sub] = await h.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, buyer.user.id));
    expect(sub!.livemode).toBe(false);
    const events = await h.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, orderId));
    expect(events.map((e) => e.livemode)).toEqual([false]);
    const mine = (await call('GET', '/payments/orders', buyer.headers)).json();
    expect(mine.orders[0]).toMatchObject({ id: orderId, livemode: false });
  });
});

describe('GET and DELETE /admin/test-data', () => {
  it('clears every test order and what it alone granted in one go, leaves every live row as it was, and is safe to repeat', async () => {
    // A live buyer: nothing of theirs may change.
    const live = await registerUser(h.app, 'live');
    const liveOrder = await payLive(live);
    // A test buyer: everything goes, access too.
    const tester = await registerUser(h.app, 'tester');
    await payTest(tester);
    await payTest(tester, 'PRO+');
    const pending = await orderAndCheckout(h.app, tester.headers, 'PRO'); // never paid
    // Tested first, then paid for real: the live payment started afresh (no test time carried
    // over); the license the test order created stays, now the live order's.
    const convert = await registerUser(h.app, 'convert');
    await payTest(convert, 'PRO+');
    const convertLive = await payLive(convert);
    const [converted] = await h.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, convert.user.id));
    expect(converted).toMatchObject({ livemode: true });
    // Live first, then a test order on top: its time is taken back, the live period stays.
    const mixed = await registerUser(h.app, 'mixed');
    const mixedLive = await payLive(mixed);
    const mixedBefore = await rowsOfUser(mixed.user.id);
    await payTest(mixed);
    const [extended] = await h.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, mixed.user.id));
    expect(extended!.expiresAt > mixedBefore.subscription[0]!.expiresAt).toBe(true);
    // A sandbox event naming an order we never had: kept as unmatched, in test mode.
    const stray = h.app.appContext.payments.pageEvent!(randomUUID(), 'sbx_unknown', 'pay');
    const unmatched = await h.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/sandbox',
      headers: stray.headers as Record<string, string>,
      payload: stray.rawBody,
    });
    expect(unmatched.json()).toMatchObject({ outcome: 'unmatched' });

    const summary = testDataResponseSchema.parse(
      (await call('GET', '/admin/test-data', admin.headers)).json(),
    ).test_data;
    const testOrders = await countWhere('orders', 'not livemode');
    expect(summary).toMatchObject({
      payments_mode: 'test',
      orders: { total: testOrders, completed: testOrders - 1 },
      subscriptions: await countWhere('subscriptions', 'not livemode'),
      licenses: await countWhere(
        'licenses l',
        `exists (select 1 from orders o where o.id = l.order_id and not o.livemode)
          and not exists (select 1 from orders o where o.user_id = l.user_id and o.livemode and o.completed_at is not null)`,
      ),
      payment_events: await countWhere('payment_events', 'not livemode'),
    });
    expect(summary.licenses).toBeGreaterThanOrEqual(1); // the tester's
    expect(summary.amounts.find((a) => a.currency === 'USD')!.total).toBeGreaterThan(0);

    const liveBefore = await rowsOfUser(live.user.id);
    const convertBefore = await rowsOfUser(convert.user.id);
    const figuresBefore = await liveOrderFigures();
    const statsBefore = (await call('GET', '/admin/stats', admin.headers)).json().stats;

    // Not for buyers, nor anyone signed out.
    expect((await call('DELETE', '/admin/test-data', tester.headers)).statusCode).toBe(403);
    expect((await call('DELETE', '/admin/test-data', {})).statusCode).toBe(401);
    expect(await countWhere('orders', 'not livemode')).toBe(testOrders);

    const res = await call('DELETE', '/admin/test-data', admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const { cleared } = clearTestDataResponseSchema.parse(res.json());
    expect(cleared).toMatchObject({
      orders: testOrders,
      subscriptions: summary.subscriptions,
      subscriptions_shortened: 1,
      licenses: summary.licenses,
      payment_events: summary.payment_events,
    });

    // No test row is left anywhere.
    for (const table of ['orders', 'payment_events', 'subscriptions'])
      expect({ table, n: await countWhere(table, 'not livemode') }).toEqual({ table, n: 0 });
    expect(await h.db.select().from(orders).where(eq(orders.id, pending.orderId))).toEqual([]);
    expect(await rowsOfUser(tester.user.id)).toMatchObject({
      orders: [],
      subscription: [],
      periods: [],
      license: [],
    });
    // Every live row is as it was; the live order figures too, and every figure equals its rows.
    expect(await rowsOfUser(live.user.id)).toEqual(liveBefore);
    expect(await liveOrderFigures()).toEqual(figuresBefore);
    expect(await figureDifferences(h.db)).toEqual([]);
    const statsAfter = (await call('GET', '/admin/stats', admin.headers)).json().stats;
    expect(statsAfter.orders).toEqual(statsBefore.orders);
    expect(statsAfter.revenue).toEqual(statsBefore.revenue);
    expect(statsAfter.subscriptions).toEqual(statsBefore.subscriptions);
    // The converted buyer keeps the live subscription and license; only test rows went.
    const convertAfter = await rowsOfUser(convert.user.id);
    expect(convertAfter.orders.map((o) => o.id)).toEqual([convertLive]);
    expect(convertAfter.subscription).toEqual(convertBefore.subscription);
    expect(convertAfter.periods.map((p) => p.orderId)).toEqual([convertLive]);
    expect(convertAfter.license[0]!.orderId).toBe(convertLive);
    // The mixed buyer is back to the live time alone.
    const mixedAfter = await rowsOfUser(mixed.user.id);
    expect(mixedAfter.orders.map((o) => o.id)).toEqual([mixedLive]);
    expect(mixedAfter.periods).toEqual(mixedBefore.periods);
    expect(mixedAfter.subscription[0]!.expiresAt).toEqual(mixedBefore.subscription[0]!.expiresAt);
    expect(mixedAfter.license).toEqual(mixedBefore.license);
    void liveOrder;

    // Access a test order alone granted is gone; a live buyer keeps theirs.
    expect((await call('GET', '/downloads/latest', tester.headers)).statusCode).toBe(403);
    expect((await call('GET', '/downloads/latest', live.headers)).statusCode).toBe(200);
    expect((await call('GET', '/payments/orders', tester.headers)).json().orders).toEqual([]);

    // Audited, with what went.
    const audit = auditResponseSchema.parse(
      (await call('GET', '/admin/audit?action=test_data.clear', admin.headers)).json(),
    );
    expect(audit.entries[0]).toMatchObject({
      action: 'test_data.clear',
      actor: { username: admin.user.username },
      after: { orders: testOrders },
    });

    // Again: nothing left to remove, nothing changes.
    const again = clearTestDataResponseSchema.parse(
      (await call('DELETE', '/admin/test-data', admin.headers)).json(),
    ).cleared;
    expect(again).toMatchObject({
      orders: 0,
      payment_events: 0,
      subscriptions: 0,
      subscriptions_shortened: 0,
      licenses: 0,
    });
    expect(await rowsOfUser(live.user.id)).toEqual(liveBefore);
    expect(
      testDataResponseSchema.parse((await call('GET', '/admin/test-data', admin.headers)).json())
        .test_data,
    ).toMatchObject({ orders: { total: 0, completed: 0 }, subscriptions: 0, licenses: 0 });
  });

  it('runs in one transaction: a failure half-way leaves every test row in place', async () => {
    const tester = await registerUser(h.app, 'atomic');
    const orderId = await payTest(tester);
    // A row the clearing does not know about that holds on to the test order: its delete fails.
    await h.db.execute(sql`create table hold_test_order (order_id uuid references orders(id))`);
    try {
      await h.db.execute(sql`insert into hold_test_order values (${orderId})`);
      const res = await call('DELETE', '/admin/test-data', admin.headers);
      // A failure the server did not expect: 500 without details, and nothing changed.
      expect(res.statusCode, res.body).toBe(500);
      const [order] = await h.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({ livemode: false, status: 'COMPLETED' });
      expect(
        await h.db
          .select()
          .from(subscriptionPeriods)
          .where(and(eq(subscriptionPeriods.orderId, orderId))),
      ).toHaveLength(1);
      expect(await h.db.select().from(licenses).where(eq(licenses.orderId, orderId))).toHaveLength(
        1,
      );
    } finally {
      await h.db.execute(sql`drop table hold_test_order`);
    }
    expect((await call('DELETE', '/admin/test-data', admin.headers)).statusCode).toBe(200);
    expect(await h.db.select().from(orders).where(eq(orders.id, orderId))).toEqual([]);
  });
});
