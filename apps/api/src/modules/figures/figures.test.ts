import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mySubscriptionsResponseSchema } from '@flockr/contract';
import { rowsOf } from '../../db/client.js';
import { figures, plans, subscriptions, users } from '../../db/schema.js';
import {
  createHarness,
  orderAndCheckout,
  registerUser,
  sandboxPay,
  signIn,
  subscribedUser,
  type Harness,
} from '../../test/harness.js';
import {
  activeSubscribers,
  endingWithin,
  subscriberMovementIn,
  subscriptionCounts,
} from '../subscriptions/service.js';
import { expectedFigures, rebuildFigures } from './service.js';

const DAY = 86_400_000;

let h: Harness;
let admin: { headers: Record<string, string> };
beforeAll(async () => {
  h = await createHarness();
  const user = await registerUser(h.app, 'figures-admin');
  await h.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, user.user.id));
  admin = user;
});
afterAll(async () => {
  await h.close();
});

/** The kept figures as "name day → value", zeros left out. */
async function kept(): Promise<Record<string, number>> {
  const rows = await h.db.select().from(figures);
  return Object.fromEntries(
    rows.filter((r) => r.value !== 0).map((r) => [`${r.name} ${r.day}`, r.value]),
  );
}

/** The figures the rows call for, in the same shape. */
async function expected(): Promise<Record<string, number>> {
  return Object.fromEntries(
    (await expectedFigures(h.db))
      .filter((r) => r.delta !== 0)
      .map((r) => [`${r.name} ${r.day}`, r.delta]),
  );
}

describe('business figures kept in the transaction of each change', () => {
  it('equal what the rows say after sign-ups, orders, payments, a refund and a cancellation', async () => {
    const a = await subscribedUser(h.app); // registers, orders PRO, pays in the sandbox
    const b = await subscribedUser(h.app);
    await subscribedUser(h.app);
    expect(await kept()).toEqual(await expected());

    // An admin refunds one completed order and cancels another: revenue and completions go back.
    const headers = admin.headers;
    for (const [user, status] of [
      [a, 'REFUNDED'],
      [b, 'CANCELLED'],
    ] as const) {
      const res = await h.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/orders/${user.orderId}/status`,
        headers,
        payload: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = await kept();
    expect(after).toEqual(await expected());
    const revenue = Object.entries(after).filter(([k]) => /^revenue_minor:USD \d/.test(k));
    expect(revenue.reduce((sum, [, v]) => sum + v, 0)).toBe(1999);
  });

  it('answer the dashboard with the same totals a count of the rows gives', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/admin/stats',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const { stats } = res.json() as {
      stats: {
        users: { total: number };
        orders: { total: number; completed: number };
      };
    };
    const rows = await expected();
    const sum = (name: string) =>
      Object.entries(rows)
        .filter(([k]) => k.startsWith(`${name} `))
        .reduce((s, [, v]) => s + v, 0);
    expect(stats.users.total).toBe(sum('signups'));
    expect(stats.orders.total).toBe(sum('orders_placed'));
    expect(stats.orders.completed).toBe(sum('orders_completed'));
  });
});

describe('subscription figures kept in the transaction of every subscription write', () => {
  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    headers: object,
    payload?: object,
  ) =>
    h.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: headers as Record<string, string>,
      ...(payload && { payload }),
    });
  const buy = async (headers: Record<string, string>, plan: string, months: 1 | 12 = 1) => {
    const { sessionId, orderId } = await orderAndCheckout(h.app, headers, plan, months);
    expect((await sandboxPay(h.app, headers, sessionId)).statusCode).toBe(200);
    return orderId;
  };
  const mine = async (headers: Record<string, string>) =>
    mySubscriptionsResponseSchema.parse(
      (await call('GET', '/subscriptions/my-subscriptions', headers)).json(),
    ).subscription!;
  /** The kept figures equal the rows (`step` names the change in a failure). */
  const same = async (step: string) => {
    expect({ step, figures: await kept() }).toEqual({ step, figures: await expected() });
  };

  it('equal the rows after a purchase, renewal, upgrade, downgrade, cancel, resume, refund and an admin grant', async () => {
    const user = await registerUser(h.app, 'sub-figures');
    const first = await buy(user.headers, 'PRO');
    await same('first purchase');
    await buy(user.headers, 'PRO', 12);
    await same('renewal: expiry moves a year on');
    await buy(user.headers, 'PRO+');
    await same('upgrade: plan and expiry change now');
    const queued = await buy(user.headers, 'PRO');
    await same('downgrade queued after the period');

    const { id } = await mine(user.headers);
    expect((await call('DELETE', `/subscriptions/${id}/cancel`, user.headers)).statusCode).toBe(
      200,
    );
    await same('set to end at period end');
    expect((await call('POST', `/subscriptions/${id}/resume`, user.headers)).statusCode).toBe(200);
    await same('resumed');

    // Refunding the queued downgrade and an already used period: later periods and expiry shift.
    for (const orderId of [queued, first]) {
      const res = await call('PUT', `/admin/orders/${orderId}/status`, admin.headers, {
        status: 'REFUNDED',
      });
      expect(res.statusCode, res.body).toBe(200);
      await same(`refund of ${orderId === first ? 'the first' : 'the queued'} order`);
    }

    // A status preview runs the change in a transaction it rolls back: figures untouched.
    const other = await subscribedUser(h.app);
    const before = await kept();
    const preview = await call(
      'GET',
      `/admin/orders/${other.orderId}/status/preview?status=CANCELLED`,
      admin.headers,
    );
    expect(preview.statusCode).toBe(200);
    expect(await kept()).toEqual(before);

    // An admin grants a pending order's period by completing it by hand.
    const pending = await registerUser(h.app, 'sub-figures-grant');
    const { orderId } = await orderAndCheckout(h.app, pending.headers, 'PRO+', 12);
    const granted = await call('PUT', `/admin/orders/${orderId}/status`, admin.headers, {
      status: 'COMPLETED',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    await same('admin grant');
    const cancelled = await call('PUT', `/admin/orders/${orderId}/status`, admin.headers, {
      status: 'CANCELLED',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await same('admin cancellation of the only period');
  });

  it('equal the rows when a lapsed subscription starts again', async () => {
    const user = await registerUser(h.app, 'sub-figures-lapse');
    await buy(user.headers, 'PRO');
    const lapsed = await mine(user.headers);
    h.clock.advance(Date.parse(lapsed.expires_at) - Date.now() + 3 * DAY);
    try {
      const headers = await signIn(h.app, user.payload);
      await buy(headers, 'PRO+');
      const again = await mine(headers);
      expect(Date.parse(again.started_at)).toBeGreaterThan(Date.parse(lapsed.expires_at));
      await same('a new start after a lapse');
    } finally {
      h.clock.reset();
    }
  });
});

describe('subscription counts from the figures', () => {
  /** Counts straight from the rows, for comparison. */
  const count = async (where: ReturnType<typeof sql>) =>
    Number(
      (
        await rowsOf<{ n: number }>(
          h.db,
          sql`select count(*)::int as n from ${subscriptions} where ${where}`,
        )
      )[0]!.n,
    );

  it('equal a count of the rows at any instant: midnight, within a day, on a boundary', async () => {
    // Subscriptions ending and starting all around the instants asked about, written around the
    // services (so the figures are rebuilt from the rows, as the bulk seeder does).
    const now = new Date();
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const offsets = [
      -40,
      -8,
      -1,
      -0.5,
      -1 / 24,
      0,
      1 / 86_400_000,
      0.25,
      0.99,
      1,
      6.5,
      7,
      7.2,
      29.9,
      30,
      31,
      400,
    ];
    for (const [i, offset] of offsets.entries()) {
      const user = await registerUser(h.app, 'sub-count');
      await h.db.insert(subscriptions).values({
        userId: user.user.id,
        planId: (
          await h.db
            .select()
            .from(plans)
            .where(eq(plans.name, i % 2 ? 'PRO' : 'PRO+'))
        )[0]!.id,
        startedAt: new Date(midnight.getTime() + (offset - 30) * DAY),
        expiresAt: new Date(midnight.getTime() + offset * DAY),
        cancelAtPeriodEnd: i % 3 === 0,
      });
    }
    await rebuildFigures(h.db);
    expect(await kept()).toEqual(await expected());

    const allPlans = await h.db.select().from(plans);
    const instants = [
      now,
      midnight,
      new Date(midnight.getTime() - 1),
      new Date(midnight.getTime() + DAY / 2),
      new Date(midnight.getTime() + DAY),
      new Date(midnight.getTime() - 10 * DAY + 1234),
    ];
    for (const t of instants) {
      const at = t.toISOString();
      const counts = await subscriptionCounts(h.db, t);
      expect({ at, active: counts.active }).toEqual({
        at,
        active: await count(sql`expires_at > ${at}`),
      });
      expect(counts.total).toBe(await count(sql`true`));
      const byPlan = await activeSubscribers(
        h.db,
        t,
        allPlans.map((p) => p.id),
      );
      for (const p of allPlans) {
        expect({ at, plan: p.name, n: byPlan.get(p.id) }).toEqual({
          at,
          plan: p.name,
          n: await count(sql`expires_at > ${at} and plan_id = ${p.id}`),
        });
      }
      const due = await endingWithin(h.db, t, [7, 30]);
      for (const d of due) {
        const until = new Date(t.getTime() + d.days * DAY).toISOString();
        expect({ at, ...d }).toEqual({
          at,
          days: d.days,
          ending: await count(sql`expires_at > ${at} and expires_at <= ${until}`),
          setToEnd: await count(
            sql`expires_at > ${at} and expires_at <= ${until} and cancel_at_period_end`,
          ),
        });
      }
      for (const [from, to] of [
        [new Date(midnight.getTime() - 60 * DAY), new Date(midnight.getTime() + DAY)],
        [new Date(t.getTime() - 9 * DAY), t],
        [new Date(midnight.getTime() - DAY / 3), new Date(midnight.getTime() + 2 * DAY)],
      ] as const) {
        const lapsedUntil = (to < t ? to : t).toISOString();
        const movement = await subscriberMovementIn(h.db, from, to, t);
        expect({ at, from, to, ...movement }).toEqual({
          at,
          from,
          to,
          started: await count(
            sql`started_at >= ${from.toISOString()} and started_at < ${to.toISOString()}`,
          ),
          lapsed:
            lapsedUntil > from.toISOString()
              ? await count(
                  sql`expires_at >= ${from.toISOString()} and expires_at < ${lapsedUntil}`,
                )
              : 0,
        });
      }
    }
  });
});
