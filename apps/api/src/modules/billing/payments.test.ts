import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  createPaymentResponseSchema,
  orderStatusResponseSchema,
  ordersResponseSchema,
  sandboxCheckoutSchema,
} from '@flockr/contract';
import { orderStatusChanges, orders, subscriptionPeriods, subscriptions } from '../../db/schema.js';
import {
  createHarness,
  orderAndCheckout,
  planByName,
  registerUser,
  sandboxPay,
  signIn,
  type Harness,
} from '../../test/harness.js';
import { expireLapsedOrders } from './jobs.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const inject = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => h.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

async function periodsOf(userId: string) {
  const [sub] = await h.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!sub) return { sub: undefined, periods: [] };
  const periods = await h.db
    .select()
    .from(subscriptionPeriods)
    .where(eq(subscriptionPeriods.subscriptionId, sub.id));
  return { sub, periods };
}

describe('POST /payments/create', () => {
  it("opens a sandbox checkout for the caller's pending order; asking again returns the same session", async () => {
    const user = await registerUser(h.app);
    const { orderId, paymentUrl } = await orderAndCheckout(h.app, user.headers);
    expect(paymentUrl).toMatch(
      /^http:\/\/localhost:3000\/sandbox\/checkout\/sbx_[A-Za-z0-9_-]{32}$/,
    );
    const again = await inject('POST', '/payments/create', user.headers, { order_id: orderId });
    expect(again.statusCode).toBe(200);
    const body = createPaymentResponseSchema.parse(again.json());
    expect(body.payment_url).toBe(paymentUrl);
    const qr = await h.app.inject({ method: 'GET', url: new URL(body.qr_code_url).pathname });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  it("answers 404 for someone else's order and for an unknown one", async () => {
    const owner = await registerUser(h.app);
    const { orderId } = await orderAndCheckout(h.app, owner.headers);
    const other = await registerUser(h.app);
    const res = await inject('POST', '/payments/create', other.headers, { order_id: orderId });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: API_ERRORS.orderNotFound });
    const status = await inject('GET', `/payments/orders/${orderId}/status`, other.headers);
    expect(status.statusCode).toBe(404);
    const unknown = await inject('POST', '/payments/create', owner.headers, {
      order_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 401 signed out and 400 for a malformed order id', async () => {
    expect(
      (
        await inject(
          'POST',
          '/payments/create',
          {},
          { order_id: '00000000-0000-4000-8000-000000000000' },
        )
      ).statusCode,
    ).toBe(401);
    const user = await registerUser(h.app);
    const bad = await inject('POST', '/payments/create', user.headers, { order_id: 42 });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an expired order with 409 and marks it EXPIRED', async () => {
    const user = await registerUser(h.app);
    const { orderId, sessionId } = await orderAndCheckout(h.app, user.headers);
    const headers = await signIn(h.app, user.payload, true);
    h.clock.advance(24 * 3_600_000 + 1000);
    try {
      user.headers = headers;
      const res = await inject('POST', '/payments/create', user.headers, { order_id: orderId });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: API_ERRORS.orderExpired });
      const status = orderStatusResponseSchema.parse(
        (await inject('GET', `/payments/orders/${orderId}/status`, user.headers)).json(),
      );
      expect(status.status).toBe('EXPIRED');
      const pay = await sandboxPay(h.app, user.headers, sessionId);
      expect(pay.statusCode).toBe(409);
      expect((await periodsOf(user.user.id)).periods).toHaveLength(0);
    } finally {
      h.clock.reset();
    }
  });
});

describe('sandbox checkout and fulfilment', () => {
  it('opens the payment page by its session id alone (another device, signed out), showing no personal data', async () => {
    const owner = await registerUser(h.app);
    const { sessionId, orderId } = await orderAndCheckout(h.app, owner.headers, 'PRO+', 12);
    // A phone that scanned the QR code: not signed in.
    const page = await inject('GET', `/payments/sandbox/sessions/${sessionId}`, {});
    expect(page.statusCode).toBe(200);
    const body = sandboxCheckoutSchema.parse(page.json());
    expect(body).toEqual({
      session_id: sessionId,
      order_ref: orderId.slice(-8),
      plan_name: 'PRO+',
      duration_months: 12,
      amount: 499.99,
      currency: 'USD',
      status: 'PENDING',
      expires_at: expect.any(String),
      merchant: 'Flockr',
      seller: {
        legal_name: 'Flockr',
        address: '1 Example Street, Wilmington, DE 19801, United States',
        support_email: 'support@flockr.example',
      },
      prices_include_tax: true,
      return_url: `http://localhost:3000/thank-you/${orderId.slice(-8)}`,
    });
    expect(page.body).not.toContain(owner.payload.email);
    expect(page.body).not.toContain(orderId);
    const qr = await inject('GET', `/payments/qr/${sessionId}`, {});
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    // A guessed session id gets nothing.
    // One character changed (never to itself: an id ending in "x" would otherwise be its own guess).
    const changed = `${sessionId.slice(0, -1)}${sessionId.endsWith('x') ? 'y' : 'x'}`;
    for (const guess of ['sbx_guess', changed]) {
      expect((await inject('GET', `/payments/sandbox/sessions/${guess}`, {})).statusCode).toBe(404);
      expect((await inject('POST', `/payments/sandbox/sessions/${guess}/pay`, {})).statusCode).toBe(
        404,
      );
    }
    // Paying on that device, signed out, completes the owner's order.
    const paid = await inject('POST', `/payments/sandbox/sessions/${sessionId}/pay`, {});
    expect(paid.statusCode).toBe(200);
    const status = orderStatusResponseSchema.parse(
      (await inject('GET', `/payments/orders/${orderId}/status`, owner.headers)).json(),
    );
    expect(status.status).toBe('COMPLETED');
    expect((await inject('GET', `/payments/qr/${sessionId}`, {})).statusCode).toBe(404);
  });

  it('Pay completes the order and grants exactly one month; paying again changes nothing', async () => {
    const user = await registerUser(h.app);
    const { orderId, sessionId } = await orderAndCheckout(h.app, user.headers, 'PRO', 1);
    const before = Date.now();
    const first = await sandboxPay(h.app, user.headers, sessionId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      order_ref: orderId.slice(-8),
      status: 'COMPLETED',
      return_url: `http://localhost:3000/thank-you/${orderId.slice(-8)}`,
    });
    const second = await sandboxPay(h.app, user.headers, sessionId);
    expect(second.statusCode).toBe(200);
    expect(second.json().status).toBe('COMPLETED');

    const { sub, periods } = await periodsOf(user.user.id);
    expect(periods).toHaveLength(1);
    const expected = new Date(before);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(Math.abs(sub!.expiresAt.getTime() - expected.getTime())).toBeLessThan(60_000);

    const orders = ordersResponseSchema.parse(
      (await inject('GET', '/payments/orders', user.headers)).json(),
    );
    expect(orders.orders[0]).toMatchObject({
      id: orderId,
      status: 'COMPLETED',
      payment_url: null,
      qr_code_url: null,
    });
    expect(orders.orders[0]!.completed_at).not.toBeNull();
  });

  it('fulfils once when Pay is clicked many times at the same moment', async () => {
    const user = await registerUser(h.app);
    const { sessionId } = await orderAndCheckout(h.app, user.headers, 'PRO', 1);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => sandboxPay(h.app, user.headers, sessionId)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect((await periodsOf(user.user.id)).periods).toHaveLength(1);
  });

  it('a second order paid before expiry extends from the current expiry', async () => {
    const user = await registerUser(h.app);
    const first = await orderAndCheckout(h.app, user.headers, 'PRO', 1);
    await sandboxPay(h.app, user.headers, first.sessionId);
    const afterFirst = (await periodsOf(user.user.id)).sub!.expiresAt;
    const second = await orderAndCheckout(h.app, user.headers, 'PRO', 12);
    await sandboxPay(h.app, user.headers, second.sessionId);
    const { sub, periods } = await periodsOf(user.user.id);
    expect(periods).toHaveLength(2);
    const expected = new Date(afterFirst);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect(sub!.expiresAt.toISOString()).toBe(expected.toISOString());
  });

  it('Cancel marks the order FAILED, after which it cannot be paid', async () => {
    const user = await registerUser(h.app);
    const { orderId, sessionId } = await orderAndCheckout(h.app, user.headers);
    const cancel = await inject(
      'POST',
      `/payments/sandbox/sessions/${sessionId}/cancel`,
      user.headers,
    );
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().status).toBe('FAILED');
    const pay = await sandboxPay(h.app, user.headers, sessionId);
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toMatchObject({ error: API_ERRORS.orderNotPending });
    const create = await inject('POST', '/payments/create', user.headers, { order_id: orderId });
    expect(create.statusCode).toBe(409);
    expect((await periodsOf(user.user.id)).periods).toHaveLength(0);
  });
});

describe('GET /payments/orders', () => {
  it("lists only the caller's orders, newest first, with paging and a status filter", async () => {
    const user = await registerUser(h.app);
    const plan = await planByName(h.app, 'PRO');
    for (let i = 0; i < 3; i += 1) {
      await inject('POST', '/subscriptions/subscribe', user.headers, {
        plan_id: plan.id,
        duration_months: 1,
      });
    }
    const paid = await orderAndCheckout(h.app, user.headers);
    await sandboxPay(h.app, user.headers, paid.sessionId);
    const other = await registerUser(h.app);
    await orderAndCheckout(h.app, other.headers);

    const all = ordersResponseSchema.parse(
      (await inject('GET', '/payments/orders', user.headers)).json(),
    );
    expect(all.pagination).toEqual({ total: 4, page: 1, limit: 10, total_pages: 1 });
    expect(all.orders[0]!.id).toBe(paid.orderId);
    expect(all.orders.every((o) => o.user_id === user.user.id)).toBe(true);

    const page2 = ordersResponseSchema.parse(
      (await inject('GET', '/payments/orders?page=2&limit=3', user.headers)).json(),
    );
    expect(page2.orders).toHaveLength(1);
    expect(page2.pagination.total_pages).toBe(2);

    const completed = ordersResponseSchema.parse(
      (await inject('GET', '/payments/orders?status=COMPLETED', user.headers)).json(),
    );
    expect(completed.orders.map((o) => o.id)).toEqual([paid.orderId]);

    expect((await inject('GET', '/payments/orders?status=NOPE', user.headers)).statusCode).toBe(
      400,
    );
    expect((await inject('GET', '/payments/orders?page=0', user.headers)).statusCode).toBe(400);
  });
});

describe('the order expiry job (docs/billing.md "Expiry")', () => {
  it('writes down EXPIRED, from PENDING with cause expiry, for an order that reads as EXPIRED already; once', async () => {
    const user = await registerUser(h.app);
    const { orderId } = await orderAndCheckout(h.app, user.headers);
    h.clock.advance(h.app.appContext.config.orderTtlMs + 60_000);
    try {
      const headers = await signIn(h.app, user.payload); // the payable time outlives a session
      const read = await inject('GET', `/payments/orders/${orderId}/status`, headers);
      expect(orderStatusResponseSchema.parse(read.json()).status).toBe('EXPIRED');
      const [before] = await h.db.select().from(orders).where(eq(orders.id, orderId));
      expect(before!.status).toBe('PENDING'); // a GET never writes

      expect(await expireLapsedOrders(h.app.appContext)).toBeGreaterThanOrEqual(1);
      const [after] = await h.db.select().from(orders).where(eq(orders.id, orderId));
      expect(after!.status).toBe('EXPIRED');
      const changes = await h.db
        .select()
        .from(orderStatusChanges)
        .where(eq(orderStatusChanges.orderId, orderId));
      expect(changes.map((c) => [c.fromStatus, c.toStatus, c.cause])).toContainEqual([
        'PENDING',
        'EXPIRED',
        'expiry',
      ]);

      await expireLapsedOrders(h.app.appContext);
      const again = await h.db
        .select()
        .from(orderStatusChanges)
        .where(eq(orderStatusChanges.orderId, orderId));
      expect(again).toHaveLength(changes.length);
    } finally {
      h.clock.reset();
    }
  });
});
