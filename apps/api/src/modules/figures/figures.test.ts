import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figures, users } from '../../db/schema.js';
import { createHarness, registerUser, subscribedUser, type Harness } from '../../test/harness.js';
import { expectedFigures } from './service.js';

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
