/**
 * Admin lists at scale (docs/architecture.md "Speed at scale"): the searches are served by
 * indexes (EXPLAIN with sequential scans switched off shows none on users or orders, which it
 * would if no index could serve them), and totals past EXACT_COUNT_LIMIT are estimates.
 */
import { EXACT_COUNT_LIMIT } from '@flockr/contract';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUsers, userPageQuery } from '../modules/accounts/repository.js';
import { auditPageQuery, auditWhere } from '../modules/audit/repository.js';
import { listOrderListings, orderPageQuery } from '../modules/billing/repository.js';
import { outboxPageQuery } from '../modules/outbox/repository.js';
import { createHarness, registerUser, type Harness } from '../test/harness.js';
import { rowsOf } from './client.js';
import { auditLog, users } from './schema.js';

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
    expect(plan).toMatch(/users_search_trgm_idx/);
    expect(plan).not.toMatch(/Seq Scan on users/);
  });

  it('orders by a piece of the order id or of the buyer (trigram indexes, then by buyer)', async () => {
    const plan = await planOf(
      orderPageQuery(h.db, 'sandbox', { search: 'user4242' }, page, new Date()).getSQL(),
      true,
    );
    expect(plan).toMatch(/orders_id_trgm_idx/);
    expect(plan).toMatch(/users_search_trgm_idx/);
    expect(plan).not.toMatch(/Seq Scan on orders/);
    expect(plan).not.toMatch(/Seq Scan on users/);
  });

  it('the newest orders and users, page by page, in index order', async () => {
    const orders = await planOf(orderPageQuery(h.db, 'sandbox', {}, page, new Date()).getSQL());
    expect(orders).toMatch(/orders_created_idx/);
    const people = await planOf(userPageQuery(h.db, {}, page).getSQL());
    expect(people).toMatch(/users_created_idx/);
  });

  it('audit entries by action prefix, in any case (the pattern index, not every row)', async () => {
    const plan = await planOf(
      h.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(auditWhere({ action: 'User.Status' }))
        .orderBy(desc(auditLog.createdAt))
        .limit(10)
        .getSQL(),
      true,
    );
    expect(plan).toMatch(/audit_log_action_pattern_idx/);
    expect(plan).not.toMatch(/Seq Scan on audit_log/);
  });

  it('the newest audit entries in index order, with no sort', async () => {
    const plan = await planOf(auditPageQuery(h.db, {}, page).getSQL());
    expect(plan).toMatch(/Index Scan Backward using audit_log_created_idx/);
    expect(plan).not.toMatch(/Sort/);
  });

  it('a deep page finds its ids in the index alone and reads only their rows', async () => {
    const deep = { offset: 5_000, limit: 10 };
    const people = await planOf(userPageQuery(h.db, {}, deep).getSQL());
    expect(people).toMatch(/Index Only Scan (Backward )?using users_created_idx/);
    const orders = await planOf(orderPageQuery(h.db, 'sandbox', {}, deep, new Date()).getSQL());
    expect(orders).toMatch(/Index Only Scan (Backward )?using orders_created_idx/);
  });
});

describe('admin searches run once per request', () => {
  /** The users a search must find, straight from the rows (newest first). */
  const matchingUsers = (term: string) =>
    h.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.username} ilike ${`%${term}%`} or ${users.email} ilike ${`%${term}%`}`)
      .orderBy(desc(users.createdAt), desc(users.id));

  it('give the page and the exact total the rows call for, in every sort, on every page', async () => {
    const all = (await matchingUsers('bulk77')).map((r) => r.id); // bulk77, bulk770 … bulk7799
    expect(all).toHaveLength(111);
    const pages = [];
    for (let offset = 0; offset < 120; offset += 10) {
      const { rows, total, estimate } = await listUsers(
        h.db,
        { search: 'bulk77' },
        { offset, limit: 10 },
      );
      expect({ total, estimate }).toEqual({ total: 111, estimate: false });
      pages.push(...rows.map((r) => r.id));
    }
    expect(pages).toEqual(all);
    const byName = await listUsers(
      h.db,
      { search: 'BULK77' },
      { offset: 0, limit: 3 },
      { sort: 'username', dir: 'asc' },
    );
    expect(byName.rows.map((r) => r.username)).toEqual(['bulk77', 'bulk770', 'bulk7700']);

    const orders = await listOrderListings(
      h.db,
      'sandbox',
      { search: 'bulk77@' },
      { offset: 0, limit: 10 },
      new Date(),
      { sort: 'username', dir: 'desc' },
    );
    expect({ total: orders.total, estimate: orders.estimate }).toEqual({
      total: 4,
      estimate: false,
    });
    expect(orders.rows.map((r) => r.username)).toEqual(['bulk77', 'bulk77', 'bulk77', 'bulk77']);
    // With another filter too, the orders both select (the bulk orders' payable time is over).
    const page = { offset: 0, limit: 10 };
    const [expired, pending] = await Promise.all(
      (['EXPIRED', 'PENDING'] as const).map((status) =>
        listOrderListings(h.db, 'sandbox', { search: 'bulk77@', status }, page, new Date()),
      ),
    );
    expect([expired!.total, expired!.rows.length, pending!.total]).toEqual([4, 4, 0]);
  });

  it('page orders found by their buyer in the list order, whatever the sort', async () => {
    const expected = async (key: SQL, dir: 'asc' | 'desc') =>
      (
        await rowsOf<{ id: string }>(
          h.db,
          sql`select o.id from orders o join users u on u.id = o.user_id
            where u.username ilike '%bulk77%' or u.email ilike '%bulk77%'
            order by ${key} ${sql.raw(dir)}, o.id ${sql.raw(dir)}`,
        )
      ).map((r) => r.id);
    const cases = [
      [{}, sql`o.created_at`, 'desc'],
      [{ sort: 'amount', dir: 'asc' }, sql`o.amount_minor`, 'asc'],
      [{ sort: 'username', dir: 'asc' }, sql`lower(u.username)`, 'asc'],
    ] as const;
    for (const [sort, key, dir] of cases) {
      const all = await expected(key, dir);
      expect(all).toHaveLength(444); // 111 buyers, 4 orders each
      const pages: string[] = [];
      for (let offset = 0; offset < 450; offset += 50) {
        const found = await listOrderListings(
          h.db,
          'sandbox',
          { search: 'bulk77' },
          { offset, limit: 50 },
          new Date(),
          sort,
        );
        expect({ sort, total: found.total, estimate: found.estimate }).toEqual({
          sort,
          total: 444,
          estimate: false,
        });
        pages.push(...found.rows.map((r) => r.order.id));
      }
      expect({ sort, pages }).toEqual({ sort, pages: all });
    }
  });

  it('past the exact-count limit, say the total is an estimate and page the whole list', async () => {
    const { rows, total, estimate } = await listUsers(
      h.db,
      { search: 'bulk' },
      { offset: 0, limit: 10 },
    );
    expect(estimate).toBe(true);
    expect(total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(rows.map((r) => r.id)).toEqual((await matchingUsers('bulk').limit(10)).map((r) => r.id));
  });

  it('never match a term across the username and the e-mail', async () => {
    await h.db
      .insert(users)
      .values({ username: 'tailqa', email: 'qa-tail@example.com', passwordHash: 'x' });
    expect((await listUsers(h.db, { search: 'tailqa' }, { offset: 0, limit: 10 })).total).toBe(1);
    expect((await listUsers(h.db, { search: 'qa\nqa' }, { offset: 0, limit: 10 })).total).toBe(0);
  });
});

describe('admin list totals', () => {
  type Paged = { pagination: { total: number; total_is_estimate?: boolean } };
  const totalOf = async (url: string) =>
    ((await h.app.inject({ url: `/api/v1${url}`, headers: admin.headers })).json() as Paged)
      .pagination;

  it('are exact up to the limit and an estimate, said so, beyond it', async () => {
    const many = await totalOf('/admin/users?search=bulk');
    expect(many.total_is_estimate).toBe(true);
    expect(many.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(Math.abs(many.total - MANY) / MANY).toBeLessThan(0.2);

    const exact = await totalOf('/admin/users?search=bulk123');
    expect(exact.total_is_estimate).toBeUndefined();
    // bulk123 and bulk1230 … bulk1239
    expect(exact.total).toBe(11);
  });

  it('of the audit log: exact up to the limit, an estimate, said so, beyond it', async () => {
    // As many device timeouts as the limit and more, written in one statement (actor: a job).
    await h.db.execute(sql`
      insert into audit_log (action, entity_type, entity_id, created_at)
      select 'license.device.timeout', 'license', gen_random_uuid()::text,
        now() - g * interval '1 second'
      from generate_series(1, ${MANY}) g`);
    await h.db.execute(sql`analyze audit_log`);
    const all = await totalOf('/admin/audit');
    expect(all.total_is_estimate).toBe(true);
    expect(all.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const few = await totalOf('/admin/audit?action=user.');
    expect(few.total_is_estimate).toBeUndefined();
    expect(few.total).toBeLessThan(EXACT_COUNT_LIMIT);
  });

  it('of the outbox: exact up to the limit, an estimate beyond it; pages in index order', async () => {
    // Sent e-mails kept for 90 days: as many as the limit and more, and a few dead letters.
    await h.db.execute(sql`
      insert into outbox_messages (dedupe_key, kind, "to", subject, text, html, status, sent_at,
        created_at)
      select 'bulk-' || g, 'receipt', 'bulk' || g || '@example.com', 'Receipt', '', '',
        case when g <= 3 then 'dead' else 'sent' end::outbox_status,
        case when g > 3 then now() end, now() - g * interval '1 second'
      from generate_series(1, ${MANY}) g`);
    await h.db.execute(sql`analyze outbox_messages`);
    const all = await totalOf('/admin/outbox');
    expect(all.total_is_estimate).toBe(true);
    expect(Math.abs(all.total - MANY) / MANY).toBeLessThan(0.2);
    expect(await totalOf('/admin/outbox?status=dead')).toMatchObject({ total: 3 });
    expect((await totalOf('/admin/outbox?status=dead')).total_is_estimate).toBeUndefined();
    // A page reads its rows in the list's order from an index: no sort of every message.
    for (const [status, index] of [
      [undefined, 'outbox_messages_created_idx'],
      ['dead', 'outbox_messages_status_created_idx'],
    ] as const) {
      const plan = await planOf(outboxPageQuery(h.db, { status, offset: 0, limit: 10 }).getSQL());
      expect(plan, String(status)).toMatch(new RegExp(`Index Scan Backward using ${index}`));
      expect(plan, String(status)).not.toMatch(/Sort/);
    }
  });

  it('of the whole lists and of the completed orders are the kept figures: exact', async () => {
    // The bulk rows went in around the services: the database's triggers counted them.
    await h.db.execute(sql`
      update orders set status = 'COMPLETED', completed_at = now()
      where id in (select id from orders order by id limit 12)`);
    const [counted] = await rowsOf<{ users: number; orders: number; completed: number }>(
      h.db,
      sql`select (select count(*)::int from users) as users,
        (select count(*)::int from orders) as orders,
        (select count(*)::int from orders where status = 'COMPLETED') as completed`,
    );
    expect(counted!.orders).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(await totalOf('/admin/users')).toEqual({
      total: counted!.users,
      page: 1,
      limit: 10,
      total_pages: Math.ceil(counted!.users / 10),
    });
    expect(await totalOf('/admin/orders')).toEqual({
      total: counted!.orders,
      page: 1,
      limit: 10,
      total_pages: Math.ceil(counted!.orders / 10),
    });
    expect(await totalOf('/admin/orders?status=COMPLETED')).toMatchObject({
      total: counted!.completed,
    });
  });
});
