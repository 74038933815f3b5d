import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mySubscriptionsResponseSchema } from '@flockr/contract';
import { rowsOf, type Executor } from '../../db/client.js';
import { figures, plans, subscriptions, users } from '../../db/schema.js';
import {
  createHarness,
  orderAndCheckout,
  registerUser,
  sandboxPay,
  signIn,
  subscribedUser,
  testDbKind,
  type Harness,
} from '../../test/harness.js';
import {
  activeSubscribers,
  endingWithin,
  subscriberMovementIn,
  subscriptionCounts,
} from '../subscriptions/service.js';
import { holdTransaction } from '../../test/held-transaction.js';
import { correctFiguresFromRows } from './repository.js';
import { figureDifferences, rebuildFigures } from './service.js';

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

/**
 * The figures the rows call for, counted here by hand from the definitions in service.ts's
 * header (not through the database's per-row functions, so a wrong definition there fails too),
 * in the same shape. A test order's or test subscription's figures carry the `test:` prefix.
 */
async function expected(): Promise<Record<string, number>> {
  const rows = await rowsOf<{ name: string; day: string; n: string | number }>(
    h.db,
    sql`
    with o as (select *, case when livemode then '' else 'test:' end as p from orders),
      s as (select *, case when livemode then '' else 'test:' end as p from subscriptions)
    select 'signups' as name, (created_at at time zone 'UTC')::date::text as day, count(*) as n
      from users group by 2
    union all
    select p || 'orders_placed', (created_at at time zone 'UTC')::date::text, count(*)
      from o group by p, 2
    union all
    select p || 'orders_paid', (created_at at time zone 'UTC')::date::text, count(*)
      from o where completed_at is not null group by p, 2
    union all
    select p || 'orders_completed', (coalesce(completed_at, updated_at) at time zone 'UTC')::date::text,
      count(*) from o where status = 'COMPLETED' group by p, 2
    union all
    select p || 'revenue_minor:' || currency, (coalesce(completed_at, updated_at) at time zone 'UTC')::date::text,
      sum(amount_minor) from o where status = 'COMPLETED' group by p, currency, 2
    union all
    select p || 'revenue_minor:' || currency || ':' || plan_id,
      (coalesce(completed_at, updated_at) at time zone 'UTC')::date::text, sum(amount_minor)
      from o where status = 'COMPLETED' group by p, currency, plan_id, 2
    union all
    select p || 'subscriptions', (created_at at time zone 'UTC')::date::text, count(*)
      from s group by p, 2
    union all
    select p || 'subscriptions_started', (started_at at time zone 'UTC')::date::text, count(*)
      from s group by p, 2
    union all
    select p || 'subscriptions_expiring', (expires_at at time zone 'UTC')::date::text, count(*)
      from s group by p, 2
    union all
    select p || 'subscriptions_expiring:' || plan_id, (expires_at at time zone 'UTC')::date::text, count(*)
      from s group by p, plan_id, 2
    union all
    select p || 'subscriptions_expiring_set_to_end', (expires_at at time zone 'UTC')::date::text, count(*)
      from s where cancel_at_period_end group by p, 2`,
  );
  return Object.fromEntries(
    rows.filter((r) => Number(r.n) !== 0).map((r) => [`${r.name} ${r.day}`, Number(r.n)]),
  );
}

describe('business figures kept by the database in the transaction of each change', () => {
  it('equal what the rows say after sign-ups, orders, payments, a refund and a cancellation', async () => {
    const a = await subscribedUser(h.app); // registers, orders PRO, pays in the sandbox
    const b = await subscribedUser(h.app);
    const c = await subscribedUser(h.app);
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
    // Paid on the sandbox: test orders, counted apart and never as revenue.
    const amount = (pattern: RegExp) =>
      Object.entries(after)
        .filter(([k]) => pattern.test(k))
        .reduce((sum, [, v]) => sum + v, 0);
    expect(amount(/^test:revenue_minor:USD \d/)).toBe(1999);
    expect(amount(/^revenue_minor:/)).toBe(0);

    // The completed one marked live (by SQL, so the triggers alone move the figures, as a live
    // provider's event would mark it): its amount moves from the test figures to revenue.
    await h.db.execute(sql`update orders set livemode = true where id = ${c.orderId}`);
    const live = await kept();
    expect(live).toEqual(await expected());
    const liveAmount = Object.entries(live)
      .filter(([k]) => /^revenue_minor:USD \d/.test(k))
      .reduce((sum, [, v]) => sum + v, 0);
    expect(liveAmount).toBe(1999);
    expect(await figureDifferences(h.db)).toEqual([]);
    await h.db.execute(sql`update orders set livemode = false where id = ${c.orderId}`);
    expect(await kept()).toEqual(await expected());
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
  /** Counts of live subscriptions straight from the rows, for comparison (test ones never count). */
  const count = async (where: ReturnType<typeof sql>) =>
    Number(
      (
        await rowsOf<{ n: number }>(
          h.db,
          sql`select count(*)::int as n from ${subscriptions} where livemode and (${where})`,
        )
      )[0]!.n,
    );

  it('equal a count of the rows at any instant: midnight, within a day, on a boundary', async () => {
    // Subscriptions ending and starting all around the instants asked about, written around the
    // services: the database's triggers count them all the same.
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

describe('rows written around the services', () => {
  it('move the figures all the same: SQL by hand inserting, updating and deleting many rows at once', async () => {
    const [pro] = await h.db.select().from(plans).where(eq(plans.name, 'PRO'));
    // Forty accounts over ten days, in one statement.
    await h.db.execute(sql`
      insert into users (username, email, password_hash, created_at)
      select 'bulk' || g, 'bulk' || g || '@example.com', 'x',
        timestamptz '2025-03-01T20:00:00Z' + g * interval '6 hours'
      from generate_series(1, 40) g`);
    expect(await kept()).toEqual(await expected());

    // An order each: every third completed (paid on its own day or the next), the rest pending.
    await h.db.execute(sql`
      insert into orders (user_id, plan_id, duration_months, amount_minor, currency, status,
        created_at, updated_at, expires_at, completed_at)
      select u.id, ${pro!.id}, 1, 1999, 'USD',
        (case when n % 3 = 0 then 'COMPLETED' else 'PENDING' end)::order_status,
        u.created_at, u.created_at, u.created_at + interval '1 hour',
        case when n % 3 = 0 then u.created_at + interval '5 hours' end
      from (select u.*, row_number() over (order by u.created_at) n
            from users u where u.username like 'bulk%') u`);
    expect(await kept()).toEqual(await expected());

    // Half the completed ones refunded, the pending ones expired, then a few orders deleted.
    await h.db.execute(sql`
      update orders set status = 'REFUNDED', updated_at = completed_at + interval '2 days'
      where status = 'COMPLETED' and extract(hour from created_at) < 12
        and user_id in (select id from users where username like 'bulk%')`);
    await h.db.execute(sql`
      update orders set status = 'EXPIRED'
      where status = 'PENDING' and user_id in (select id from users where username like 'bulk%')`);
    expect(await kept()).toEqual(await expected());
    await h.db.execute(sql`
      delete from orders where status = 'EXPIRED'
        and user_id in (select id from users where username in ('bulk1', 'bulk2', 'bulk4'))`);
    expect(await kept()).toEqual(await expected());

    // Subscriptions for the buyers, moved a month on, set to end, and one account deleted.
    await h.db.execute(sql`
      insert into subscriptions (user_id, plan_id, started_at, expires_at, created_at)
      select o.user_id, o.plan_id, o.completed_at, o.completed_at + interval '1 month', o.completed_at
      from orders o join users u on u.id = o.user_id
      where u.username like 'bulk%' and o.completed_at is not null`);
    await h.db.execute(sql`
      update subscriptions set expires_at = expires_at + interval '1 month',
        cancel_at_period_end = (extract(day from started_at)::int % 2 = 0)
      where user_id in (select id from users where username like 'bulk%')`);
    expect(await kept()).toEqual(await expected());
    await h.db.execute(sql`delete from users where username in ('bulk1', 'bulk2')`);
    expect(await kept()).toEqual(await expected());

    expect(await figureDifferences(h.db)).toEqual([]);
  });

  it('are recounted by rebuildFigures, which says what it corrected', async () => {
    await h.db.execute(sql`
      update figures set value = value + 5
      where (name, day) = (select name, day from figures where name = 'signups' order by day limit 1)`);
    await h.db.execute(
      sql`insert into figures (name, day, value) values ('orders_placed', '2001-01-01', 3)`,
    );
    const wrong = await figureDifferences(h.db);
    expect(wrong.map(({ name, kept, counted }) => ({ name, off: kept - counted }))).toEqual([
      { name: 'orders_placed', off: 3 },
      { name: 'signups', off: 5 },
    ]);
    expect(wrong[0]).toMatchObject({ day: '2001-01-01', kept: 3, counted: 0 });

    expect(await rebuildFigures(h.db)).toEqual(wrong);
    expect(await figureDifferences(h.db)).toEqual([]);
    expect(await kept()).toEqual(await expected());
    expect(await rebuildFigures(h.db)).toEqual([]);
  });
});

// Two transactions at once need two connections: PGlite has one.
if (testDbKind() === 'postgres')
  describe('a recount while other transactions write', () => {
    /** A statement placing one order for a new account, as a service would. */
    const placeOrder = async (tx: Executor) => {
      const [pro] = await tx.select().from(plans).where(eq(plans.name, 'PRO'));
      const [user] = await tx
        .insert(users)
        .values({
          username: `race${randomUUID().slice(0, 8)}`,
          email: `${randomUUID()}@example.com`,
          passwordHash: 'x',
        })
        .returning();
      await tx.execute(sql`
        insert into orders (user_id, plan_id, duration_months, amount_minor, currency, status,
          expires_at, completed_at)
        values (${user!.id}, ${pro!.id}, 1, 1999, 'USD', 'COMPLETED', now(), now())`);
    };

    /** Makes the `orders_placed` figure of `day` (default today) wrong by `by`; returns the day. */
    const skewOrdersPlaced = async (by: number, day = new Date().toISOString().slice(0, 10)) => {
      await h.db.execute(sql`
        insert into figures (name, day, value) values ('orders_placed', ${day}, ${by})
        on conflict (name, day) do update set value = figures.value + excluded.value`);
      return day;
    };

    it('corrects a figure exactly once while a writer moves the same figure under it', async () => {
      const today = await skewOrdersPlaced(7);
      // A writer has moved today's orders_placed (its row is locked) and not committed yet.
      const writer = await holdTransaction(h.db, placeOrder);
      // The recount's snapshot has neither the writer's order nor its figure: it finds the 7 and
      // waits for the writer's row lock to add -7 to the figure the writer leaves.
      const rebuilt = rebuildFigures(h.db);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await writer.commit();
      const corrected = await rebuilt;
      expect(corrected).toHaveLength(1);
      expect(corrected[0]).toMatchObject({ name: 'orders_placed', day: today });
      expect(corrected[0]!.kept - corrected[0]!.counted).toBe(7);
      expect(await figureDifferences(h.db)).toEqual([]);
      expect(await kept()).toEqual(await expected());
    });

    it('holds no writer back: an order placed while a recount is open commits at once', async () => {
      // Wrong on a day of its own: the correction locks that figure row alone until it commits.
      await skewOrdersPlaced(-3, '2001-01-01');
      await h.db.transaction(async (tx) => {
        expect(await correctFiguresFromRows(tx)).toHaveLength(1);
        // Another connection places an order today before the recount commits, and is not kept
        // waiting (a lock on the whole figures table would hold it past its lock_timeout).
        await h.db.transaction(async (other) => {
          await other.execute(sql`set local lock_timeout = '2s'`);
          await placeOrder(other);
        });
      });
      expect(await figureDifferences(h.db)).toEqual([]);
      expect(await kept()).toEqual(await expected());
    });

    it('runs one recount at a time: the second finds nothing left to correct', async () => {
      await skewOrdersPlaced(5);
      const [first, second] = await Promise.all([rebuildFigures(h.db), rebuildFigures(h.db)]);
      expect([first.length, second.length].sort()).toEqual([0, 1]);
      expect(await figureDifferences(h.db)).toEqual([]);
    });
  });
