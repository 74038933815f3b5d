/**
 * Admin lists at scale (docs/architecture.md "Speed at scale"): the searches are served by
 * indexes (EXPLAIN with sequential scans switched off shows none on users or orders, which it
 * would if no index could serve them), and totals past EXACT_COUNT_LIMIT are estimates.
 */
import { EXACT_COUNT_LIMIT } from '@flockr/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPageQuery } from '../modules/accounts/repository.js';
import { orderPageQuery } from '../modules/billing/repository.js';
import { createHarness, registerUser, type Harness } from '../test/harness.js';
import { rowsOf } from './client.js';
import { users } from './schema.js';

/** Users added in bulk: past the exact-count limit. */
const MANY = EXACT_COUNT_LIMIT + 500;

let h: Harness;
let admin: { headers: Record<string, string> };
beforeAll(async () => {
  h = await createHarness();
  const user = await registerUser(h.app, 'lists-admin');
  await h.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, user.user.id));
  admin = user;
  // Enough rows that the planner prefers an index to reading a table whole, as it will at scale.
  await h.db.execute(sql`
    insert into users (username, email, password_hash)
    select 'bulk' || i, 'bulk' || i || '@example.com', 'x' from generate_series(1, ${MANY}) i`);
  await h.db.execute(sql`
    insert into orders (user_id, plan_id, duration_months, amount_minor, currency, expires_at)
    select u.id, (select id from plans where name = 'PRO'), 1, 1999, 'USD', now()
    from users u cross join generate_series(1, 4) where u.username like 'bulk%'`);
  await h.db.execute(sql`analyze`);
});
afterAll(async () => {
  await h.close();
});

/**
 * The plan of `statement` as text, with sequential scans made as costly as the planner allows
 * and, with `bitmapOnly`, plain index scans too: on a small table an index walk in list order
 * with a filter would otherwise win, and what matters here is that an index can find the rows.
 */
async function planOf(statement: SQL, bitmapOnly = false): Promise<string> {
  return h.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (bitmapOnly) await tx.execute(sql`set local enable_indexscan = off`);
    const rows = await rowsOf<Record<string, string>>(tx, sql`explain ${statement}`);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('admin searches use their indexes', () => {
  const page = { offset: 0, limit: 10 };

  it('users by a piece of username or e-mail (trigram indexes)', async () => {
    const plan = await planOf(userPageQuery(h.db, { search: 'user4242' }, page).getSQL(), true);
    expect(plan).toMatch(/users_(username|email)_trgm_idx/);
    expect(plan).not.toMatch(/Seq Scan on users/);
  });

  it('orders by a piece of the order id or of the buyer (trigram indexes, then by buyer)', async () => {
    const plan = await planOf(
      orderPageQuery(h.db, 'sandbox', { search: 'user4242' }, page, new Date()).getSQL(),
      true,
    );
    expect(plan).toMatch(/orders_id_trgm_idx/);
    expect(plan).toMatch(/users_(username|email)_trgm_idx/);
    expect(plan).not.toMatch(/Seq Scan on orders/);
    expect(plan).not.toMatch(/Seq Scan on users/);
  });

  it('the newest orders and users, page by page, in index order', async () => {
    const orders = await planOf(orderPageQuery(h.db, 'sandbox', {}, page, new Date()).getSQL());
    expect(orders).toMatch(/orders_created_idx/);
    const people = await planOf(userPageQuery(h.db, {}, page).getSQL());
    expect(people).toMatch(/users_created_idx/);
  });
});

describe('admin list totals', () => {
  it('are exact up to the limit and an estimate, said so, beyond it', async () => {
    const many = MANY;
    const all = await h.app.inject({ url: '/api/v1/admin/users', headers: admin.headers });
    const { pagination } = all.json() as {
      pagination: { total: number; total_is_estimate?: boolean };
    };
    expect(pagination.total_is_estimate).toBe(true);
    expect(pagination.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(Math.abs(pagination.total - many) / many).toBeLessThan(0.2);

    const few = await h.app.inject({
      url: '/api/v1/admin/users?search=bulk123',
      headers: admin.headers,
    });
    const exact = (few.json() as { pagination: { total: number; total_is_estimate?: boolean } })
      .pagination;
    expect(exact.total_is_estimate).toBeUndefined();
    // bulk123 and bulk1230 … bulk1239
    expect(exact.total).toBe(11);
  });
});
