import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  TEST_MODE_MAIL_NOTE,
  TEST_ORDER_RECEIPT_NOTE,
  adminPaymentEventsResponseSchema,
  siteConfigSchema,
  statsResponseSchema,
} from '@flockr/contract';
import {
  orders,
  checkoutSessions,
  subscriptionPeriods,
  subscriptions,
  users,
} from '../../db/schema.js';
import { createHarness, registerUser, type Harness } from '../../test/harness.js';
import { updateUser } from '../accounts/repository.js';
import { startSmtp, type TestInbox } from '../../test/smtp.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { reconcileOpenCheckouts } from './jobs.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_flockr';
const stripe = new Stripe('sk_test_unused');
let h: Harness;
let api: StripeStandIn;
let inbox: TestInbox;

beforeAll(async () => {
  api = await startStripeStandIn();
  inbox = await startSmtp();
  h = await createHarness({
    paymentProvider: 'stripe',
    stripe: { secretKey: 'sk_test_flockr', webhookSecret: WEBHOOK_SECRET, apiUrl: api.url },
    smtpUrl: inbox.url,
  });
});
afterAll(async () => {
  await h.close();
  await api.close();
  await inbox.close();
});

async function checkout(planName = 'PRO', months: 1 | 12 = 1, on: Harness = h) {
  const user = await registerUser(on.app);
  const plans = (await on.app.inject({ method: 'GET', url: '/api/v1/subscriptions/plans' })).json()
    .plans as { id: string; name: string }[];
  const planId = plans.find((p) => p.name === planName)!.id;
  const sub = await on.app.inject({
    method: 'POST',
    url: '/api/v1/subscriptions/subscribe',
    headers: user.headers,
    payload: { plan_id: planId, duration_months: months },
  });
  const orderId = sub.json().order_id as string;
  const pay = await on.app.inject({
    method: 'POST',
    url: '/api/v1/payments/create',
    headers: user.headers,
    payload: { order_id: orderId },
  });
  expect(pay.statusCode).toBe(200);
  const sessionId = new URL(pay.json().payment_url).pathname.split('/').pop()!;
  return { user, orderId, sessionId, paymentUrl: pay.json().payment_url as string };
}

/** Delivers a Stripe-shaped event signed with the SDK's own test-header helper. */
function deliver(
  event: object,
  options: { secret?: string; timestamp?: number; header?: string | null; on?: Harness } = {},
) {
  const payload = JSON.stringify(event);
  const signature =
    options.header === null
      ? undefined
      : (options.header ??
        stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
          ...(options.timestamp && { timestamp: options.timestamp }),
        }));
  return (options.on ?? h).app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      ...(signature && { 'stripe-signature': signature }),
    },
    payload,
  });
}

let counter = 0;
const sessionEvent = (type: string, sessionId: string, orderId: string, extra: object = {}) => ({
  id: `evt_test_${Date.now()}_${(counter += 1)}`,
  object: 'event',
  type,
  created: Math.floor(Date.now() / 1000),
  data: {
    object: {
      id: sessionId,
      object: 'checkout.session',
      client_reference_id: orderId,
      payment_status: 'paid',
      status: 'complete',
      payment_intent: `pi_${sessionId}`,
      ...extra,
    },
  },
});

async function state(orderId: string, on: Harness = h) {
  const [order] = await on.db.select().from(orders).where(eq(orders.id, orderId));
  const [sub] = await on.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, order!.userId));
  const periods = sub
    ? await on.db
        .select()
        .from(subscriptionPeriods)
        .where(eq(subscriptionPeriods.subscriptionId, sub.id))
    : [];
  return { order: order!, sub, periods };
}

describe('Stripe Checkout sessions', () => {
  it('creates one session per order with an idempotency key derived from the order, expiring with it', async () => {
    const { orderId, paymentUrl, user } = await checkout('PRO+', 12);
    expect(paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const created = api.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
    );
    const mine = created.find((r) => r.form.get('client_reference_id') === orderId)!;
    expect(mine.idempotencyKey).toBe(`checkout-${orderId}`);
    expect(mine.form.get('mode')).toBe('payment');
    expect(mine.form.get('line_items[0][price_data][unit_amount]')).toBe('49999');
    expect(mine.form.get('line_items[0][price_data][currency]')).toBe('usd');
    const [order] = await h.db.select().from(orders).where(eq(orders.id, orderId));
    expect(
      Math.abs(Number(mine.form.get('expires_at')) - Math.floor(order!.expiresAt.getTime() / 1000)),
    ).toBeLessThanOrEqual(120);
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/v1/payments/create',
      headers: user.headers,
      payload: { order_id: orderId },
    });
    expect(again.json().payment_url).toBe(paymentUrl);
    expect(api.requests.filter((r) => r.form.get('client_reference_id') === orderId)).toHaveLength(
      1,
    );
  });
});

describe('Stripe webhooks', () => {
  it('fulfils on checkout.session.completed, sends a receipt, and ignores a redelivery', async () => {
    const { orderId, sessionId, user } = await checkout();
    const event = sessionEvent('checkout.session.completed', sessionId, orderId);
    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'fulfilled' });
    const again = await deliver(event);
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    const s = await state(orderId);
    expect(s.order.status).toBe('COMPLETED');
    expect(s.periods).toHaveLength(1);
    const receipt = await inbox.waitFor(user.payload.email, /Receipt for order/);
    expect(receipt.text).toContain(`#${orderId.slice(-8)}`);
    expect(receipt.text).toContain('$19.99');
    // A Stripe test key: test mode, said in the receipt (docs/billing.md "Test mode").
    expect(s.order.livemode).toBe(false);
    expect(receipt.subject).toMatch(/^\[Test mode\] /);
    expect(receipt.text).toContain(TEST_MODE_MAIL_NOTE);
    expect(receipt.text).toContain(TEST_ORDER_RECEIPT_NOTE);
    const [payment] = await h.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.orderId, orderId));
    expect(payment!.providerPaymentId).toBe(`pi_${sessionId}`);
  });

  it('answers 400 and changes nothing for a bad, missing or stale signature', async () => {
    const { orderId, sessionId } = await checkout();
    const event = sessionEvent('checkout.session.completed', sessionId, orderId);
    const bad = await deliver(event, { secret: 'whsec_wrong' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: API_ERRORS.webhookSignature });
    expect((await deliver(event, { header: null })).statusCode).toBe(400);
    expect(
      (await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 400 })).statusCode,
    ).toBe(400);
    const tampered = await h.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({
          payload: JSON.stringify(event),
          secret: WEBHOOK_SECRET,
        }),
      },
      payload: JSON.stringify({ ...event, id: 'evt_other' }),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await state(orderId)).order.status).toBe('PENDING');
    // The event, properly signed, is then accepted: nothing was recorded by the refused ones.
    expect((await deliver(event)).json().outcome).toBe('fulfilled');
  });

  it('never moves a completed order backwards (completed, then a late expired event)', async () => {
    const { orderId, sessionId } = await checkout();
    await deliver(sessionEvent('checkout.session.completed', sessionId, orderId));
    const late = await deliver(
      sessionEvent('checkout.session.expired', sessionId, orderId, {
        payment_status: 'unpaid',
        status: 'expired',
      }),
    );
    expect(late.statusCode).toBe(200);
    expect(late.json().outcome).toBe('unchanged');
    expect((await state(orderId)).order.status).toBe('COMPLETED');
  });

  it('expires a pending order on checkout.session.expired, and waits for async payments', async () => {
    const a = await checkout();
    expect(
      (
        await deliver(
          sessionEvent('checkout.session.expired', a.sessionId, a.orderId, {
            payment_status: 'unpaid',
          }),
        )
      ).json().outcome,
    ).toBe('expired');
    expect((await state(a.orderId)).order.status).toBe('EXPIRED');
    const b = await checkout();
    const pending = await deliver(
      sessionEvent('checkout.session.completed', b.sessionId, b.orderId, {
        payment_status: 'unpaid',
      }),
    );
    expect(pending.json().outcome).toBe('ignored');
    expect((await state(b.orderId)).order.status).toBe('PENDING');
    expect(
      (
        await deliver(
          sessionEvent('checkout.session.async_payment_succeeded', b.sessionId, b.orderId),
        )
      ).json().outcome,
    ).toBe('fulfilled');
  });

  it('marks a refunded order REFUNDED and removes the time it granted, and tells the buyer', async () => {
    const { orderId, sessionId, user } = await checkout();
    await deliver(sessionEvent('checkout.session.completed', sessionId, orderId));
    const refund = await deliver({
      id: `evt_refund_${orderId}`,
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'ch_1',
          object: 'charge',
          amount: 1999,
          amount_refunded: 1999,
          payment_intent: `pi_${sessionId}`,
        },
      },
    });
    expect(refund.json().outcome).toBe('refunded');
    const s = await state(orderId);
    expect(s.order.status).toBe('REFUNDED');
    expect(s.sub!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const latest = await h.app.inject({
      method: 'GET',
      url: '/api/v1/downloads/latest',
      headers: user.headers,
    });
    expect(latest.statusCode).toBe(403);
    await inbox.waitFor(user.payload.email, /Refund for order/);
  });

  it('answers 2xx for event types it does not handle, and 404 for a provider that is not active', async () => {
    const res = await deliver({
      id: 'evt_unhandled',
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cus_1' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('ignored');
    const sandbox = await h.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(sandbox.statusCode).toBe(404);
  });

  it('answers 400 for a correctly signed body that is not an event it can read', async () => {
    for (const body of [{ object: 'event' }, { id: 'evt_x', type: 7, data: {} }, 'x', 12, []]) {
      const res = await deliver(body as object);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: API_ERRORS.webhookPayload });
    }
    const malformedSession = sessionEvent('checkout.session.completed', 'cs_bad', 'x', {
      client_reference_id: 42,
    });
    expect((await deliver(malformedSession)).statusCode).toBe(400);
  });

  it('acknowledges a genuine event for an unknown order, records it once as unmatched, and shows it to admins', async () => {
    const unknownOrder = '00000000-0000-4000-8000-000000000000';
    const cases = [
      sessionEvent('checkout.session.completed', 'cs_test_unknown_1', unknownOrder),
      sessionEvent('checkout.session.completed', 'cs_test_unknown_2', 'not-a-uuid'),
      sessionEvent('checkout.session.completed', 'cs_test_unknown_3', null as unknown as string, {
        metadata: { order_id: unknownOrder },
      }),
      sessionEvent('checkout.session.expired', 'cs_test_unknown_4', unknownOrder),
    ];
    for (const event of cases) {
      const res = await deliver(event);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true, outcome: 'unmatched' });
      const again = await deliver(event);
      expect(again.statusCode).toBe(200);
      expect(again.json().outcome).toBe('duplicate');
    }

    const admin = await registerUser(h.app, 'admin');
    await h.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.user.id));
    const list = await h.app.inject({
      method: 'GET',
      url: '/api/v1/admin/payment-events?outcome=unmatched',
      headers: admin.headers,
    });
    expect(list.statusCode).toBe(200);
    const { events, pagination } = adminPaymentEventsResponseSchema.parse(list.json());
    expect(pagination.total).toBe(cases.length);
    expect(events.map((e) => e.event_id).sort()).toEqual(cases.map((c) => c.id).sort());
    expect(events.every((e) => e.outcome === 'unmatched' && e.order_id === null)).toBe(true);
    expect(events.map((e) => e.reference)).toContain(unknownOrder);
    expect(events.map((e) => e.reference)).toContain('not-a-uuid');
    const forbidden = await h.app.inject({
      method: 'GET',
      url: '/api/v1/admin/payment-events',
      headers: (await registerUser(h.app)).headers,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('fulfils exactly once when the same event arrives 20 times at once', async () => {
    const { orderId, sessionId } = await checkout();
    const event = sessionEvent('checkout.session.completed', sessionId, orderId);
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().outcome === 'fulfilled')).toHaveLength(1);
    expect((await state(orderId)).periods).toHaveLength(1);
  });
});

describe('reconciliation', () => {
  it('recovers a lost webhook by asking Stripe, and a late webhook then changes nothing', async () => {
    const { orderId, sessionId } = await checkout();
    const session = api.sessions.get(sessionId)!;
    session.payment_status = 'paid';
    session.status = 'complete';
    session.payment_intent = `pi_${sessionId}`;
    expect(await reconcileOpenCheckouts(h.app.appContext)).toEqual([]); // too recent to check yet
    h.clock.advance(6 * 60_000);
    try {
      const outcomes = await reconcileOpenCheckouts(h.app.appContext);
      expect(outcomes).toContain('fulfilled');
    } finally {
      h.clock.reset();
    }
    expect((await state(orderId)).order.status).toBe('COMPLETED');
    const late = await deliver(sessionEvent('checkout.session.completed', sessionId, orderId));
    expect(late.json().outcome).toBe('unchanged');
    expect((await state(orderId)).periods).toHaveLength(1);
  });
});

describe("live mode comes from Stripe's own objects", () => {
  let live: Harness;
  let liveInbox: TestInbox;
  beforeAll(async () => {
    liveInbox = await startSmtp();
    live = await createHarness({
      paymentProvider: 'stripe',
      stripe: { secretKey: 'sk_live_flockr', webhookSecret: WEBHOOK_SECRET, apiUrl: api.url },
      smtpUrl: liveInbox.url,
    });
  });
  afterAll(async () => {
    await live.close();
    await liveInbox.close();
  });

  const liveEvent = (sessionId: string, orderId: string, livemode: boolean) => ({
    ...sessionEvent('checkout.session.completed', sessionId, orderId),
    livemode,
  });

  it('a live key is live mode: no banner, and a payment Stripe says is live counts as revenue', async () => {
    const config = siteConfigSchema.parse(
      (await live.app.inject({ method: 'GET', url: '/api/v1/site/config' })).json(),
    );
    expect(config.payments_mode).toBe('live');
    const admin = await registerUser(live.app, 'live-admin');
    await updateUser(live.db, admin.user.id, { role: 'ADMIN' });
    const stats = async () =>
      statsResponseSchema.parse(
        (
          await live.app.inject({
            method: 'GET',
            url: '/api/v1/admin/stats',
            headers: admin.headers,
          })
        ).json(),
      ).stats;
    const before = await stats();

    const { orderId, sessionId, user } = await checkout('PRO', 1, live);
    // The session Stripe opened says live (its key was live), so the order is live.
    expect((await state(orderId, live)).order.livemode).toBe(true);
    const paid = await deliver(liveEvent(sessionId, orderId, true), { on: live });
    expect(paid.json()).toMatchObject({ outcome: 'fulfilled' });
    const s = await state(orderId, live);
    expect(s.order).toMatchObject({ status: 'COMPLETED', livemode: true });
    expect(s.sub!.livemode).toBe(true);
    const after = await stats();
    expect(after.orders.completed).toBe(before.orders.completed + 1);
    expect(Math.round((after.revenue.total - before.revenue.total) * 100)).toBe(1999);
    expect(after.subscriptions.active).toBe(before.subscriptions.active + 1);
    const receipt = await liveInbox.waitFor(user.payload.email, /Receipt for order/);
    expect(receipt.subject).not.toMatch(/Test mode/);
    expect(receipt.text).not.toContain(TEST_MODE_MAIL_NOTE);
  });

  it('an event that says test mode records the order as a test order, whatever the key: never revenue', async () => {
    const admin = await registerUser(live.app, 'live-admin2');
    await updateUser(live.db, admin.user.id, { role: 'ADMIN' });
    const stats = async () =>
      statsResponseSchema.parse(
        (
          await live.app.inject({
            method: 'GET',
            url: '/api/v1/admin/stats',
            headers: admin.headers,
          })
        ).json(),
      ).stats;
    const before = await stats();
    const { orderId, sessionId, user } = await checkout('PRO+', 1, live);
    const paid = await deliver(liveEvent(sessionId, orderId, false), { on: live });
    expect(paid.json()).toMatchObject({ outcome: 'fulfilled' });
    const s = await state(orderId, live);
    expect(s.order).toMatchObject({ status: 'COMPLETED', livemode: false });
    expect(s.sub!.livemode).toBe(false);
    const after = await stats();
    expect(after.orders.completed).toBe(before.orders.completed);
    expect(after.revenue).toEqual(before.revenue);
    expect(after.subscriptions).toEqual(before.subscriptions);
    const receipt = await liveInbox.waitFor(user.payload.email, /Receipt for order/);
    expect(receipt.text).toContain(TEST_ORDER_RECEIPT_NOTE);
  });

  it('reconciliation takes the mode of the session it fetched from Stripe', async () => {
    const { orderId, sessionId } = await checkout('PRO', 1, live);
    const session = api.sessions.get(sessionId)!;
    session.payment_status = 'paid';
    session.status = 'complete';
    session.payment_intent = `pi_${sessionId}`;
    live.clock.advance(live.config.reconcileAfterMs + 60_000);
    try {
      const outcomes = await reconcileOpenCheckouts(live.app.appContext);
      expect(outcomes).toContain('fulfilled');
    } finally {
      live.clock.reset();
    }
    expect((await state(orderId, live)).order).toMatchObject({
      status: 'COMPLETED',
      livemode: true,
    });
  });
});
