import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  mySubscriptionsResponseSchema,
  plansResponseSchema,
  subscribeResponseSchema,
} from '@flockr/contract';
import {
  createHarness,
  orderAndCheckout,
  planByName,
  registerUser,
  sandboxPay,
  type Harness,
} from '../../test/harness.js';
import { eq } from 'drizzle-orm';
import { subscriptionPeriods } from '../../db/schema.js';
import { planPeriod } from './periods.js';
import { findWithPeriods, revokePeriod } from './repository.js';

/** The extend-only case of the rule: same plan, nothing or something active. */
const nextPeriod = (now: Date, expiresAt: Date | null, months: number) => {
  const { startsAt, endsAt } = planPeriod(
    now,
    expiresAt ? { expiresAt, planId: 'pro', monthlyPriceMinor: 1999 } : null,
    { planId: 'pro', monthlyPriceMinor: 1999 },
    months,
  );
  return { startsAt, endsAt };
};

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe('nextPeriod (the period rule)', () => {
  it('starts now when there is no current subscription', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(nextPeriod(now, null, 1)).toEqual({
      startsAt: now,
      endsAt: new Date('2026-02-10T12:00:00Z'),
    });
  });
  it('starts at the current expiry when still active (renewal before expiry loses nothing)', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    const expiry = new Date('2026-01-25T08:00:00Z');
    expect(nextPeriod(now, expiry, 12)).toEqual({
      startsAt: expiry,
      endsAt: new Date('2027-01-25T08:00:00Z'),
    });
  });
  it('starts now when the current subscription already expired', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    expect(nextPeriod(now, new Date('2026-02-01T00:00:00Z'), 1).startsAt).toEqual(now);
  });
  it('clamps month ends in UTC', () => {
    expect(nextPeriod(new Date('2026-01-31T10:00:00Z'), null, 1).endsAt).toEqual(
      new Date('2026-02-28T10:00:00Z'),
    );
  });
});

describe('GET /subscriptions/plans', () => {
  it('lists FREE, PRO and PRO+ with decimal prices and the yearly discount computed from them', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/subscriptions/plans' });
    expect(res.statusCode).toBe(200);
    const body = plansResponseSchema.parse(res.json());
    expect(body.plans.map((p) => p.name)).toEqual(['FREE', 'PRO', 'PRO+']);
    const pro = body.plans.find((p) => p.name === 'PRO')!;
    expect(pro).toMatchObject({ monthly_price: 19.99, yearly_price: 199.99, currency: 'USD' });
    // (12 × 19.99 − 199.99) / (12 × 19.99) = 16.6 % → 17
    expect(pro.yearly_discount_percentage).toBe(17);
    expect(pro.features).toEqual(
      expect.arrayContaining(['5 Twitter accounts', '500 daily actions', 'Email support']),
    );
    const plus = body.plans.find((p) => p.name === 'PRO+')!;
    expect(plus.features).toEqual(
      expect.arrayContaining([
        'Unlimited Twitter accounts',
        'Unlimited daily actions',
        'Priority support',
        'Phone support',
        'White-label',
      ]),
    );
    expect(body.discount_info.yearly_discount_percentage).toBe(17);
  });
});

describe('POST /subscriptions/subscribe', () => {
  it('places a PENDING order at the plan price, payable for 24 hours', async () => {
    const user = await registerUser(h.app);
    const plan = await planByName(h.app, 'PRO+');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/subscribe',
      headers: user.headers,
      payload: { plan_id: plan.id, duration_months: 12 },
    });
    expect(res.statusCode).toBe(201);
    const body = subscribeResponseSchema.parse(res.json());
    expect(body.order).toMatchObject({
      id: body.order_id,
      status: 'PENDING',
      amount: 499.99,
      currency: 'USD',
      duration_months: 12,
      plan_name: 'PRO+',
      completed_at: null,
      payment_url: null,
    });
    const ttl = Date.parse(body.order.expires_at) - Date.parse(body.order.created_at);
    expect(ttl).toBe(24 * 3_600_000);
  });

  it('answers 401 signed out', async () => {
    const plan = await planByName(h.app, 'PRO');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/subscribe',
      payload: { plan_id: plan.id, duration_months: 1 },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ duration_months: 6 }, 400, 'duration_months must be 1 (monthly) or 12 (yearly)'],
    [{ duration_months: '1' }, 400, 'duration_months must be 1 (monthly) or 12 (yearly)'],
    [{ plan_id: 'nope' }, 400, 'Invalid id'],
    [{ plan_id: '00000000-0000-4000-8000-000000000000' }, 404, API_ERRORS.planNotFound],
  ])('refuses %j with %i', async (change, status, message) => {
    const user = await registerUser(h.app);
    const plan = await planByName(h.app, 'PRO');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/subscribe',
      headers: user.headers,
      payload: { plan_id: plan.id, duration_months: 1, ...change },
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error: message });
  });

  it('refuses the free plan (nothing to pay)', async () => {
    const user = await registerUser(h.app);
    const plan = await planByName(h.app, 'FREE');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/subscribe',
      headers: user.headers,
      payload: { plan_id: plan.id, duration_months: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: API_ERRORS.planNotPurchasable });
  });
});

describe('GET /subscriptions/my-subscriptions', () => {
  it('is empty before paying, then shows the active subscription and the order that granted it', async () => {
    const user = await registerUser(h.app);
    const get = () =>
      h.app.inject({
        method: 'GET',
        url: '/api/v1/subscriptions/my-subscriptions',
        headers: user.headers,
      });
    expect(mySubscriptionsResponseSchema.parse((await get()).json())).toEqual({
      subscription: null,
      subscriptions: [],
    });

    const { orderId, sessionId } = await orderAndCheckout(h.app, user.headers, 'PRO', 1);
    expect((await sandboxPay(h.app, user.headers, sessionId)).statusCode).toBe(200);
    const body = mySubscriptionsResponseSchema.parse((await get()).json());
    expect(body.subscription).toMatchObject({
      plan_name: 'PRO',
      status: 'ACTIVE',
      cancel_at_period_end: false,
    });
    expect(body.subscription!.periods).toEqual([
      expect.objectContaining({ order_id: orderId, plan_name: 'PRO' }),
    ]);

    const cancel = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/subscriptions/${body.subscription!.id}/cancel`,
      headers: user.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().subscription).toMatchObject({
      status: 'CANCELLED',
      cancel_at_period_end: true,
    });
    const me = await h.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: user.headers });
    expect(me.json().user.subscription).toMatchObject({ plan_name: 'PRO', status: 'CANCELLED' });
  });

  it('lists only the periods that still count, oldest first, each with its own plan', async () => {
    const user = await registerUser(h.app);
    const orders = [];
    for (const plan of ['PRO', 'PRO', 'PRO+']) {
      const { orderId, sessionId } = await orderAndCheckout(h.app, user.headers, plan, 1);
      expect((await sandboxPay(h.app, user.headers, sessionId)).statusCode).toBe(200);
      orders.push(orderId);
    }
    // Revoke the second period by hand, as a refund does (billing's refund test owns the rest).
    const [second] = await h.db
      .select()
      .from(subscriptionPeriods)
      .where(eq(subscriptionPeriods.orderId, orders[1]!));
    await revokePeriod(h.db, second!.id, new Date());

    const found = await findWithPeriods(h.db, user.user.id, new Date());
    expect(found?.inForce.planName).toBe('PRO+');
    expect(found?.periods.map((p) => [p.period.orderId, p.planName])).toEqual([
      [orders[0], 'PRO'],
      [orders[2], 'PRO+'],
    ]);
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/subscriptions/my-subscriptions',
      headers: user.headers,
    });
    const body = mySubscriptionsResponseSchema.parse(res.json());
    expect(body.subscription!.periods.map((p) => [p.order_id, p.plan_name])).toEqual([
      [orders[0], 'PRO'],
      [orders[2], 'PRO+'],
    ]);
    expect(await findWithPeriods(h.db, (await registerUser(h.app)).user.id, new Date())).toBe(
      undefined,
    );
  });

  it("refuses to cancel someone else's subscription (404)", async () => {
    const owner = await registerUser(h.app);
    const { sessionId } = await orderAndCheckout(h.app, owner.headers);
    await sandboxPay(h.app, owner.headers, sessionId);
    const subId = (
      await h.app.inject({
        method: 'GET',
        url: '/api/v1/subscriptions/my-subscriptions',
        headers: owner.headers,
      })
    ).json().subscription.id;
    const other = await registerUser(h.app);
    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/subscriptions/${subId}/cancel`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});
