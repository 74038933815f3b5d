/**
 * The purchase as the database sees it: every statement each request of the buyer's path runs
 * (subscribe → open checkout → Pay → status poll → orders list → and again once the order lapsed).
 * A GET never writes (docs/architecture.md), and a provider event locks its order once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, planByName, registerUser, type Harness } from '../../test/harness.js';

let h: Harness;
let log: string[] = [];
beforeAll(async () => {
  h = await createHarness({ orderTtlMs: 60_000 }, { onQuery: (query) => log.push(query) });
});
afterAll(async () => {
  await h.close();
});

/** Sends one request and returns it with the statements it ran. */
async function traced(method: 'GET' | 'POST', url: string, headers: object, payload?: object) {
  log = [];
  const res = await h.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers },
    payload,
  });
  return { res, statements: log.map((q) => q.trim().toLowerCase()) };
}

const writes = (statements: string[]) =>
  statements.filter((s) => /^(insert|update|delete)\b/.test(s));
const orderLocks = (statements: string[]) =>
  statements.filter((s) => /from "orders"/.test(s) && /for update/.test(s));

describe('the purchase, statement by statement', () => {
  it('no GET writes, and paying locks the order once', async () => {
    const user = await registerUser(h.app);
    const plan = await planByName(h.app, 'PRO');

    const subscribe = await traced('POST', '/subscriptions/subscribe', user.headers, {
      plan_id: plan.id,
      duration_months: 1,
    });
    expect(subscribe.res.statusCode).toBe(201);
    const orderId = subscribe.res.json<{ order_id: string }>().order_id;

    const create = await traced('POST', '/payments/create', user.headers, { order_id: orderId });
    expect(create.res.statusCode).toBe(200);
    const sessionId = create.res.json<{ payment_url: string }>().payment_url.split('/').pop()!;

    const gets = [
      await traced('GET', `/payments/sandbox/sessions/${sessionId}`, {}),
      await traced('GET', `/payments/orders/${orderId}/status`, user.headers),
      await traced('GET', '/payments/orders', user.headers),
    ];

    const pay = await traced('POST', `/payments/sandbox/sessions/${sessionId}/pay`, {});
    expect(pay.res.statusCode).toBe(200);
    expect(orderLocks(pay.statements)).toHaveLength(1);
    // One order write, one checkout-session write, one event, its outcome, the period.
    expect(writes(pay.statements).filter((s) => s.startsWith('update "orders"'))).toHaveLength(1);
    expect(
      writes(pay.statements).filter((s) => s.startsWith('update "checkout_sessions"')),
    ).toHaveLength(1);

    gets.push(
      await traced('GET', `/payments/orders/${orderId}/status`, user.headers),
      await traced('GET', '/payments/orders', user.headers),
      await traced('GET', '/subscriptions/my-subscriptions', user.headers),
      await traced('GET', '/auth/me', user.headers),
    );

    // A second order that lapses: it reads as EXPIRED at once, and reading still writes nothing.
    const again = await traced('POST', '/subscriptions/subscribe', user.headers, {
      plan_id: plan.id,
      duration_months: 1,
    });
    const lapsedId = again.res.json<{ order_id: string }>().order_id;
    h.clock.advance(h.config.orderTtlMs + 1_000);
    try {
      const lapsed = await traced('GET', `/payments/orders/${lapsedId}/status`, user.headers);
      expect(lapsed.res.json()).toMatchObject({ status: 'EXPIRED' });
      const listed = await traced('GET', '/payments/orders?status=EXPIRED', user.headers);
      expect(listed.res.json<{ orders: { id: string }[] }>().orders.map((o) => o.id)).toEqual([
        lapsedId,
      ]);
      gets.push(lapsed, listed);
    } finally {
      h.clock.reset();
    }

    for (const { res, statements } of gets) {
      expect(res.statusCode, res.body).toBe(200);
      expect(writes(statements), statements.join('\n')).toEqual([]);
    }
  });
});
