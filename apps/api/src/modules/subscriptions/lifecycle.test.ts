import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mySubscriptionsResponseSchema } from '@flockr/contract';
import { buildApp } from '../../app.js';
import { plans, subscriptionPeriods, subscriptions } from '../../db/schema.js';
import { applyProviderEvent } from '../billing/events.js';
import {
  createHarness,
  orderAndCheckout,
  registerUser,
  sandboxPay,
  signIn,
  type Harness,
} from '../../test/harness.js';
import { startSmtp, type TestInbox } from '../../test/smtp.js';
import { planPeriod } from './periods.js';
import { sendDueReminders } from './reminders.js';
import { claimReminder, findRemindersOwed } from './repository.js';
import { updateUser } from '../accounts/repository.js';

const DAY = 86_400_000;
let h: Harness;
let inbox: TestInbox;

beforeAll(async () => {
  inbox = await startSmtp();
  h = await createHarness({ smtpUrl: inbox.url });
});
afterAll(async () => {
  await h.close();
  await inbox.close();
});

const mine = async (headers: Record<string, string>) =>
  mySubscriptionsResponseSchema.parse(
    (
      await h.app.inject({ method: 'GET', url: '/api/v1/subscriptions/my-subscriptions', headers })
    ).json(),
  ).subscription!;

async function buy(headers: Record<string, string>, plan: string, months: 1 | 12 = 1) {
  const { sessionId, orderId } = await orderAndCheckout(h.app, headers, plan, months);
  expect((await sandboxPay(h.app, headers, sessionId)).statusCode).toBe(200);
  return orderId;
}

describe('the period rule (planPeriod)', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('upgrades at once, converting the remaining time pro rata by price', () => {
    const p = planPeriod(
      now,
      { expiresAt: new Date('2026-01-31T00:00:00Z'), planId: 'pro', monthlyPriceMinor: 2000 },
      { planId: 'plus', monthlyPriceMinor: 5000 },
      1,
    );
    expect(p.upgrade).toBe(true);
    expect(p.carriedOverMs).toBe(12 * DAY);
    expect(p.startsAt).toEqual(now);
    expect(p.endsAt).toEqual(new Date('2026-02-13T00:00:00Z'));
  });
  it('queues a downgrade after the current period', () => {
    const p = planPeriod(
      now,
      { expiresAt: new Date('2026-02-01T00:00:00Z'), planId: 'plus', monthlyPriceMinor: 5000 },
      { planId: 'pro', monthlyPriceMinor: 2000 },
      1,
    );
    expect(p).toMatchObject({
      upgrade: false,
      startsAt: new Date('2026-02-01T00:00:00Z'),
      endsAt: new Date('2026-03-01T00:00:00Z'),
    });
  });
});

describe('subscription lifecycle through real payments', () => {
  it('renewal before expiry extends from the current expiry', async () => {
    const user = await registerUser(h.app);
    await buy(user.headers, 'PRO');
    const first = await mine(user.headers);
    h.clock.advance(20 * DAY);
    try {
      const headers = await signIn(h.app, user.payload);
      await buy(headers, 'PRO');
      const after = await mine(headers);
      const expected = new Date(first.expires_at);
      expected.setUTCMonth(expected.getUTCMonth() + 1);
      expect(after.expires_at).toBe(expected.toISOString());
      expect(after.periods).toHaveLength(2);
    } finally {
      h.clock.reset();
    }
  });

  it('an upgrade switches the plan now and converts the remaining time; a downgrade waits for the period end', async () => {
    const user = await registerUser(h.app);
    await buy(user.headers, 'PRO');
    const pro = await mine(user.headers);
    await buy(user.headers, 'PRO+');
    const plus = await mine(user.headers);
    expect(plus.plan_name).toBe('PRO+');
    const remaining = Date.parse(pro.expires_at) - Date.now();
    const carried = (remaining * 1999) / 4999;
    const plusStart = new Date(Date.now() + carried);
    plusStart.setUTCMonth(plusStart.getUTCMonth() + 1);
    expect(Math.abs(Date.parse(plus.expires_at) - plusStart.getTime())).toBeLessThan(DAY / 24);

    await buy(user.headers, 'PRO');
    const queued = await mine(user.headers);
    expect(queued.plan_name).toBe('PRO+'); // still PRO+ until its period ends
    const last = queued.periods.at(-1)!;
    expect(last.plan_name).toBe('PRO');
    expect(last.starts_at).toBe(plus.expires_at);
    h.clock.advance(Date.parse(plus.expires_at) - Date.now() + 1000);
    try {
      const headers = await signIn(h.app, user.payload);
      expect((await mine(headers)).plan_name).toBe('PRO');
    } finally {
      h.clock.reset();
    }
  });

  it('cancel at period end keeps access until expires_at and can be undone', async () => {
    const user = await registerUser(h.app);
    await buy(user.headers, 'PRO');
    const sub = await mine(user.headers);
    const cancel = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/subscriptions/${sub.id}/cancel`,
      headers: user.headers,
    });
    expect(cancel.json().subscription).toMatchObject({
      status: 'CANCELLED',
      cancel_at_period_end: true,
    });
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: '/api/v1/downloads/latest',
          headers: user.headers,
        })
      ).statusCode,
    ).toBe(200);
    const resume = await h.app.inject({
      method: 'POST',
      url: `/api/v1/subscriptions/${sub.id}/resume`,
      headers: user.headers,
    });
    expect(resume.json().subscription).toMatchObject({
      status: 'ACTIVE',
      cancel_at_period_end: false,
    });
    await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/subscriptions/${sub.id}/cancel`,
      headers: user.headers,
    });
    h.clock.advance(Date.parse(sub.expires_at) - Date.now() + 1000);
    try {
      const headers = await signIn(h.app, user.payload);
      expect((await mine(headers)).status).toBe('EXPIRED');
      // Paid time is over: PRO keeps the releases published before the expiry, nothing newer
      // (docs/updates.md "Access"; a plan set to `none` answers 403, downloads.test.ts).
      const updates = await h.app.inject({ method: 'GET', url: '/api/v1/updates/me', headers });
      expect(updates.json().access).toEqual({
        kind: 'until',
        until: sub.expires_at,
        reason: null,
      });
      const late = await h.app.inject({
        method: 'POST',
        url: `/api/v1/subscriptions/${sub.id}/resume`,
        headers,
      });
      expect(late.statusCode).toBe(409);
    } finally {
      h.clock.reset();
    }
  });
});

describe('exactly once', () => {
  it('Pay clicked twice, the admin marking it COMPLETED, and a redelivery after a crash grant one period', async () => {
    const user = await registerUser(h.app);
    const admin = await registerUser(h.app, 'boss');
    await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
    const { orderId, sessionId } = await orderAndCheckout(h.app, user.headers);
    const provider = h.app.appContext.payments;
    // "Crash after commit": the event is applied (committed) but its answer never reached the sender…
    const { rawBody, headers } = provider.pageEvent!(orderId, sessionId, 'pay');
    const event = provider.parseWebhook(rawBody, headers);
    expect(await applyProviderEvent(h.app.appContext, 'sandbox', event)).toBe('fulfilled');
    // …so the sender delivers it again, to the real endpoint.
    const redelivered = await h.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/sandbox',
      headers,
      payload: rawBody,
    });
    expect(redelivered.json()).toEqual({ received: true, outcome: 'duplicate' });
    await Promise.all([
      sandboxPay(h.app, user.headers, sessionId),
      sandboxPay(h.app, user.headers, sessionId),
    ]);
    const byAdmin = await h.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/orders/${orderId}/status`,
      headers: admin.headers,
      payload: { status: 'COMPLETED' },
    });
    expect(byAdmin.statusCode).toBe(200);
    const [sub] = await h.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.user.id));
    const periods = await h.db
      .select()
      .from(subscriptionPeriods)
      .where(eq(subscriptionPeriods.subscriptionId, sub!.id));
    expect(periods).toHaveLength(1);
  });

  it('refuses Pay on an expired order', async () => {
    const user = await registerUser(h.app);
    const { sessionId, orderId } = await orderAndCheckout(h.app, user.headers);
    const headers = await signIn(h.app, user.payload, true);
    h.clock.advance(DAY + 1000);
    try {
      const pay = await sandboxPay(h.app, headers, sessionId);
      expect(pay.statusCode).toBe(409);
      const again = await h.app.inject({
        method: 'POST',
        url: '/api/v1/payments/create',
        headers,
        payload: { order_id: orderId },
      });
      expect(again.json()).toMatchObject({
        error: 'This order has expired. Please place a new order',
      });
    } finally {
      h.clock.reset();
    }
  });
});

describe('expiry reminders', () => {
  it('go out 7 days and 1 day before and at expiry, once each, with two instances running', async () => {
    const user = await registerUser(h.app, 'remind');
    await buy(user.headers, 'PRO');
    const sub = await mine(user.headers);
    const expiresAt = Date.parse(sub.expires_at);
    // A second instance of the server on the same database.
    const second = await buildApp({ config: h.config, db: h.db, now: h.clock.now, logger: false });
    await second.ready();
    try {
      for (const [offset, subject] of [
        [-7 * DAY + 60_000, /ends in 7 days/],
        [-1 * DAY + 60_000, /ends tomorrow/],
        [60_000, /has ended/],
      ] as const) {
        h.clock.reset();
        h.clock.advance(expiresAt + offset - Date.now());
        await Promise.all([
          sendDueReminders(h.app.appContext),
          sendDueReminders(second.appContext),
          sendDueReminders(h.app.appContext),
        ]);
        await inbox.waitFor(user.payload.email, subject);
      }
      await Promise.all([sendDueReminders(h.app.appContext), sendDueReminders(second.appContext)]);
      await new Promise((r) => setTimeout(r, 300));
      const reminders = inbox
        .to(user.payload.email)
        .filter((m) => /ends in 7 days|ends tomorrow|has ended/.test(m.subject ?? ''));
      expect(reminders).toHaveLength(3);
    } finally {
      h.clock.reset();
      await second.close();
    }
  });

  it('owed are only those not claimed for the current expiry, soonest first, a batch at a time', async () => {
    const [pro] = await h.db.select().from(plans).where(eq(plans.name, 'PRO'));
    const expiry = (day: number) => new Date(Date.UTC(2090, 0, day));
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map(async (day) => {
        const { user } = await registerUser(h.app, `owed${day}`);
        const [row] = await h.db
          .insert(subscriptions)
          .values({
            userId: user.id,
            planId: pro!.id,
            startedAt: expiry(day - 30),
            expiresAt: expiry(day),
          })
          .returning();
        return row!;
      }),
    );
    const owed = async (kind: string, limit = 10) =>
      (await findRemindersOwed(h.db, kind, expiry(0), expiry(10), limit)).map(
        (r) => r.subscription.id,
      );
    expect(await owed('7d', 2)).toEqual([a!.id, b!.id]);
    // An end written by SQL to the microsecond, claimed as the server reads it (milliseconds).
    await h.db.execute(
      sql`update subscriptions set expires_at = expires_at + interval '456 microseconds' where id = ${b!.id}`,
    );
    const [bRead] = await h.db.select().from(subscriptions).where(eq(subscriptions.id, b!.id));
    expect(await claimReminder(h.db, b!.id, '7d', bRead!.expiresAt)).toBe(true);
    expect(await owed('7d')).toEqual([a!.id, c!.id]);
    expect(await claimReminder(h.db, a!.id, '7d', a!.expiresAt)).toBe(true);
    expect(await owed('7d')).toEqual([c!.id]);
    expect(await owed('1d')).toEqual([a!.id, b!.id, c!.id]);
    // A renewal moves the expiry: the new period is owed its own reminder.
    await h.db
      .update(subscriptions)
      .set({ expiresAt: expiry(5) })
      .where(eq(subscriptions.id, a!.id));
    expect(await owed('7d')).toEqual([c!.id, a!.id]);

    // The job sends each once: a second run at the same moment finds nothing owed.
    h.clock.advance(expiry(5).getTime() - 6.5 * DAY - Date.now());
    try {
      expect(await sendDueReminders(h.app.appContext)).toBe(2);
      expect(await sendDueReminders(h.app.appContext)).toBe(0);
    } finally {
      h.clock.reset();
    }
  });

  it('stop when the subscription is cancelled', async () => {
    const user = await registerUser(h.app, 'quiet');
    await buy(user.headers, 'PRO');
    const sub = await mine(user.headers);
    await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/subscriptions/${sub.id}/cancel`,
      headers: user.headers,
    });
    h.clock.advance(Date.parse(sub.expires_at) - 2 * DAY - Date.now());
    try {
      await sendDueReminders(h.app.appContext);
      await new Promise((r) => setTimeout(r, 200));
      expect(
        inbox.to(user.payload.email).filter((m) => /ends in 7 days/.test(m.subject ?? '')),
      ).toEqual([]);
    } finally {
      h.clock.reset();
    }
  });
});
