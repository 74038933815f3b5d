import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  mySubscriptionsResponseSchema,
  quoteResponseSchema,
  siteConfigSchema,
  type QuoteResponse,
} from '@flockr/contract';
import type { Mailer } from '../../mail/mailer.js';

type MailMessage = Parameters<Mailer['send']>[0];
import {
  createHarness,
  orderAndCheckout,
  planByName,
  registerUser,
  sandboxPay,
  signIn,
  type Harness,
} from '../../test/harness.js';
import { planChange } from './periods.js';

const SECOND = 1000;
const DAY = 86_400_000;

const sent: MailMessage[] = [];
const mailer: Mailer = {
  send: async (message) => {
    sent.push(message);
  },
};

let h: Harness;
beforeAll(async () => {
  h = await createHarness(
    {
      seller: { legalName: 'Flockr Software LLC', address: '8 Quay Street, Dublin, Ireland' },
      pricesIncludeTax: false,
      supportEmail: 'help@flockr.test',
    },
    { mailer },
  );
});
afterAll(async () => {
  await h.close();
});

type Headers = Record<string, string>;

/** `GET /subscriptions/quote` for `planName` and `months` as the user of `headers`. */
async function quoteFor(headers: Headers, planName: string, months: 1 | 12) {
  const plan = await planByName(h.app, planName);
  return h.app.inject({
    method: 'GET',
    url: `/api/v1/subscriptions/quote?plan_id=${plan.id}&duration_months=${months}`,
    headers,
  });
}

async function okQuote(headers: Headers, planName: string, months: 1 | 12): Promise<QuoteResponse> {
  const res = await quoteFor(headers, planName, months);
  expect(res.statusCode, res.body).toBe(200);
  return quoteResponseSchema.parse(res.json());
}

/** Buys `planName` for `months` through the sandbox, as the user of `headers`. */
async function buy(headers: Headers, planName: string, months: 1 | 12) {
  const { sessionId } = await orderAndCheckout(h.app, headers, planName, months);
  expect((await sandboxPay(h.app, headers, sessionId)).statusCode).toBe(200);
}

async function subscriptionOf(headers: Headers) {
  const res = await h.app.inject({
    method: 'GET',
    url: '/api/v1/subscriptions/my-subscriptions',
    headers,
  });
  return mySubscriptionsResponseSchema.parse(res.json()).subscription!;
}

const near = (iso: string, expected: number, toleranceMs = 5 * SECOND) =>
  expect(Math.abs(Date.parse(iso) - expected)).toBeLessThan(toleranceMs);

describe('planChange (which rule a purchase follows)', () => {
  const now = new Date('2026-01-10T00:00:00Z');
  const pro = { planId: 'pro', monthlyPriceMinor: 1999 };
  const plus = { planId: 'plus', monthlyPriceMinor: 4999 };
  const active = (p: typeof pro) => ({ ...p, expiresAt: new Date('2026-02-01T00:00:00Z') });
  it('names the four cases as planPeriod treats them', () => {
    expect(planChange(now, null, pro)).toBe('NEW');
    expect(planChange(now, { ...active(plus), expiresAt: now }, pro)).toBe('NEW');
    expect(planChange(now, active(pro), pro)).toBe('RENEWAL');
    expect(planChange(now, active(pro), { planId: 'other', monthlyPriceMinor: 1999 })).toBe(
      'RENEWAL',
    );
    expect(planChange(now, active(pro), plus)).toBe('UPGRADE');
    expect(planChange(now, active(plus), pro)).toBe('DOWNGRADE');
  });
});

describe('GET /subscriptions/quote', () => {
  it('is for signed-in users only, personal (no-store), and checks plan and period', async () => {
    const plan = await planByName(h.app, 'PRO');
    const url = `/api/v1/subscriptions/quote?plan_id=${plan.id}&duration_months=1`;
    expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    const user = await registerUser(h.app, 'quoter');
    const ok = await quoteFor(user.headers, 'PRO', 1);
    expect(ok.headers['cache-control']).toContain('no-store');

    const free = await quoteFor(user.headers, 'FREE', 1);
    expect(free.statusCode).toBe(400);
    expect(free.json()).toEqual({
      error: API_ERRORS.planNotPurchasable,
      code: 'PLAN_NOT_PURCHASABLE',
    });
    const unknown = await h.app.inject({
      method: 'GET',
      url: '/api/v1/subscriptions/quote?plan_id=00000000-0000-4000-8000-000000000000&duration_months=1',
      headers: user.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PLAN_NOT_FOUND');
    for (const bad of ['3', 'x', '']) {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/v1/subscriptions/quote?plan_id=${plan.id}&duration_months=${bad}`,
        headers: user.headers,
      });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('NEW: nothing active, starts now at the plan price; asking places no order', async () => {
    const user = await registerUser(h.app, 'newbuyer');
    const q = await okQuote(user.headers, 'PRO', 12);
    expect(q).toMatchObject({
      plan_name: 'PRO',
      duration_months: 12,
      amount: 199.99,
      currency: 'USD',
      change: 'NEW',
      current: null,
      carried_over_seconds: 0,
    });
    near(q.starts_at, Date.now());
    const orders = await h.app.inject({
      method: 'GET',
      url: '/api/v1/payments/orders',
      headers: user.headers,
    });
    expect(orders.json().orders).toHaveLength(0);
    // Paying now grants exactly the quoted period.
    await buy(user.headers, 'PRO', 12);
    near((await subscriptionOf(user.headers)).expires_at, Date.parse(q.ends_at));
  });

  it('RENEWAL: the same plan starts at the current expiry', async () => {
    const user = await registerUser(h.app, 'renewer');
    await buy(user.headers, 'PRO', 1);
    const sub = await subscriptionOf(user.headers);
    const q = await okQuote(user.headers, 'PRO', 12);
    expect(q.change).toBe('RENEWAL');
    expect(q.amount).toBe(199.99);
    expect(q.starts_at).toBe(sub.expires_at);
    expect(q.current).toMatchObject({ plan_name: 'PRO', expires_at: sub.expires_at });
    expect(q.carried_over_seconds).toBe(0);
    await buy(user.headers, 'PRO', 12);
    expect((await subscriptionOf(user.headers)).expires_at).toBe(q.ends_at);
  });

  it('UPGRADE: starts now with the time left converted by monthly price, as paying then does', async () => {
    const user = await registerUser(h.app, 'upgrader');
    await buy(user.headers, 'PRO', 1);
    h.clock.advance(10 * DAY);
    try {
      const headers = await signIn(h.app, user.payload);
      const sub = await subscriptionOf(headers);
      const q = await okQuote(headers, 'PRO+', 1);
      expect(q.change).toBe('UPGRADE');
      expect(q.amount).toBe(49.99);
      expect(q.current).toMatchObject({ plan_name: 'PRO', monthly_price: 19.99 });
      const remaining = Date.parse(sub.expires_at) - h.clock.now().getTime();
      expect(q.current!.remaining_seconds * SECOND).toBeGreaterThan(remaining - 5 * SECOND);
      // The time left of PRO at $19.99 (18 to 21 days, by the month's length) becomes
      // 19.99 / 49.99 of it on PRO+, about 7 to 8.4 days. The quote floors both to seconds from
      // the milliseconds left, so the two can part by a second.
      const converted = (q.current!.remaining_seconds * 1999) / 4999;
      expect(Math.abs(q.carried_over_seconds - converted)).toBeLessThanOrEqual(1);
      expect(q.carried_over_seconds / 86_400).toBeGreaterThan(7);
      expect(q.carried_over_seconds / 86_400).toBeLessThan(8.5);
      near(q.starts_at, h.clock.now().getTime());
      await buy(headers, 'PRO+', 1);
      const after = await subscriptionOf(headers);
      expect(after.plan_name).toBe('PRO+');
      near(after.expires_at, Date.parse(q.ends_at));
    } finally {
      h.clock.reset();
    }
  });

  it('DOWNGRADE: a lower plan starts when the current period ends', async () => {
    const user = await registerUser(h.app, 'downgrader');
    await buy(user.headers, 'PRO+', 1);
    const sub = await subscriptionOf(user.headers);
    const q = await okQuote(user.headers, 'PRO', 1);
    expect(q.change).toBe('DOWNGRADE');
    expect(q.starts_at).toBe(sub.expires_at);
    expect(q.current).toMatchObject({ plan_name: 'PRO+' });
    expect(q.carried_over_seconds).toBe(0);
  });
});

describe('seller identity (configuration)', () => {
  it('is served in the public site configuration with the tax setting', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/site/config' });
    const config = siteConfigSchema.parse(res.json());
    expect(config.seller).toEqual({
      legal_name: 'Flockr Software LLC',
      address: '8 Quay Street, Dublin, Ireland',
      support_email: 'help@flockr.test',
    });
    expect(config.prices_include_tax).toBe(false);
  });

  it('is shown on the payment page and in the receipt', async () => {
    const user = await registerUser(h.app, 'receipt');
    const { sessionId } = await orderAndCheckout(h.app, user.headers, 'PRO', 1);
    const page = await h.app.inject({
      method: 'GET',
      url: `/api/v1/payments/sandbox/sessions/${sessionId}`,
    });
    expect(page.json()).toMatchObject({
      seller: { legal_name: 'Flockr Software LLC', address: '8 Quay Street, Dublin, Ireland' },
      prices_include_tax: false,
    });
    sent.length = 0;
    expect((await sandboxPay(h.app, user.headers, sessionId)).statusCode).toBe(200);
    const receipt = sent.find((m) => m.to === user.payload.email && /Receipt/.test(m.subject));
    expect(receipt?.text).toContain('Sold by Flockr Software LLC, 8 Quay Street, Dublin, Ireland.');
    expect(receipt?.text).toContain('Prices exclude sales tax');
    expect(receipt?.html).toContain('Sold by Flockr Software LLC');
  });
});
