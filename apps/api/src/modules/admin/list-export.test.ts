/**
 * The admin lists' sorting, date range and CSV export (contract admin.ts: `sort`, `dir`, `from`,
 * `to`; csv.ts) — users, orders and the audit log —, against a real database.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  CSV_BOM,
  adminOrdersResponseSchema,
  adminUsersResponseSchema,
  auditResponseSchema,
} from '@flockr/contract';
import { auditLog, orders, users } from '../../db/schema.js';
import { updateUser } from '../accounts/repository.js';
import { createHarness, orderAndCheckout, registerUser, type Harness } from '../../test/harness.js';

let h: Harness;
let admin: Awaited<ReturnType<typeof registerUser>>;
let listed: Awaited<ReturnType<typeof registerUser>>[];

beforeAll(async () => {
  h = await createHarness();
  admin = await registerUser(h.app, 'admin');
  await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
  listed = [];
  for (const name of ['carol', 'alice', 'bob'])
    listed.push(await registerUser(h.app, `srt${name}`));
  // Joined on three distinct days (UTC) so the date range has something to cut.
  const days = ['2026-03-01T10:00:00Z', '2026-03-02T23:59:59Z', '2026-03-03T00:00:00Z'];
  for (const [i, u] of listed.entries()) {
    await h.db
      .update(users)
      .set({ createdAt: new Date(days[i]!) })
      .where(eq(users.id, u.user.id));
  }
});
afterAll(async () => {
  await h.close();
});

const get = (url: string, headers: Record<string, string> = admin.headers) =>
  h.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

/** Parses our CSV (no quoted line breaks in these fixtures) into rows of cells. */
function parseCsv(body: string): string[][] {
  expect(body.startsWith(CSV_BOM)).toBe(true);
  return body
    .slice(CSV_BOM.length)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
}

describe('GET /admin/users sort and date range', () => {
  it('sorts by username both ways and keeps newest first by default', async () => {
    const names = async (query: string) =>
      adminUsersResponseSchema
        .parse((await get(`/admin/users?search=srt&${query}`)).json())
        .users.map((u) => u.username.slice(0, 6));
    expect(await names('sort=username&dir=asc')).toEqual(['srtali', 'srtbob', 'srtcar']);
    expect(await names('sort=username&dir=desc')).toEqual(['srtcar', 'srtbob', 'srtali']);
    expect(await names('')).toEqual(['srtbob', 'srtali', 'srtcar']);
  });

  it('keeps users who joined within the UTC dates, both ends inclusive', async () => {
    const res = await get('/admin/users?search=srt&from=2026-03-02&to=2026-03-02');
    const body = adminUsersResponseSchema.parse(res.json());
    expect(body.users.map((u) => u.id)).toEqual([listed[1]!.user.id]);
    expect(body.pagination.total).toBe(1);
  });

  it('refuses an unknown column and a range that ends before it starts (400)', async () => {
    expect((await get('/admin/users?sort=password_hash')).statusCode).toBe(400);
    const res = await get('/admin/users?from=2026-03-03&to=2026-03-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/end date/);
  });
});

describe('GET /admin/users/export', () => {
  it('streams every matching user as CSV in the list order, as an attachment, never cached', async () => {
    const res = await get('/admin/users/export?search=srt&sort=username&dir=asc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'ID',
      'Username',
      'Email',
      'Role',
      'Status',
      'Email verified',
      'Country',
      'Plan',
      'Subscription status',
      'Subscription ends',
      'Joined',
    ]);
    expect(rows.slice(1).map((r) => r[1]!.slice(0, 6))).toEqual(['srtali', 'srtbob', 'srtcar']);
    expect(rows[1]![10]).toBe('2026-03-02T23:59:59.000Z');
  });

  it('reads past one batch without losing or repeating a row, even when every key ties', async () => {
    const at = new Date('2025-01-01T00:00:00Z');
    const many = Array.from({ length: 2_103 }, (_, i) => ({
      username: `bulk${String(i).padStart(4, '0')}`,
      email: `bulk${i}@example.com`,
      passwordHash: 'x',
      createdAt: at,
    }));
    const inserted = await h.db.insert(users).values(many).returning({ id: users.id });
    try {
      for (const query of ['', '&sort=status&dir=asc', '&sort=username&dir=desc']) {
        const res = await get(`/admin/users/export?search=bulk${query}`);
        const ids = parseCsv(res.body)
          .slice(1)
          .map((r) => r[0]);
        expect(ids).toHaveLength(2_103);
        expect(new Set(ids).size).toBe(2_103);
      }
    } finally {
      await h.db.delete(users).where(
        inArray(
          users.id,
          inserted.map((r) => r.id),
        ),
      );
    }
  });

  it('is for admins only', async () => {
    expect((await get('/admin/users/export', listed[0]!.headers)).statusCode).toBe(403);
    expect((await get('/admin/users/export', {})).statusCode).toBe(401);
  });
});

describe('GET /admin/orders sort, date range and export', () => {
  it('sorts by amount and plan, filters by day placed, and exports formula-safe CSV', async () => {
    const buyer = listed[0]!;
    const pro = await orderAndCheckout(h.app, buyer.headers, 'PRO+', 12);
    const basic = await orderAndCheckout(h.app, buyer.headers, 'PRO', 1);
    await h.db
      .update(orders)
      .set({
        adminNote: '=HYPERLINK("http://evil","click")',
        createdAt: new Date('2026-04-01T12:00:00Z'),
      })
      .where(eq(orders.id, pro.orderId));
    // Both were opened on the sandbox (test orders); one is marked live, as a live provider's
    // checkout would have recorded it.
    await h.db
      .update(orders)
      .set({ createdAt: new Date('2026-04-02T12:00:00Z'), livemode: true })
      .where(eq(orders.id, basic.orderId));
    const ids = async (query: string) =>
      adminOrdersResponseSchema
        .parse((await get(`/admin/orders?search=${buyer.user.username}&${query}`)).json())
        .orders.map((o) => o.id);
    expect(await ids('sort=amount&dir=asc')).toEqual([basic.orderId, pro.orderId]);
    expect(await ids('sort=amount&dir=desc')).toEqual([pro.orderId, basic.orderId]);
    expect(await ids('sort=plan&dir=asc')).toEqual([basic.orderId, pro.orderId]);
    expect(await ids('from=2026-04-02')).toEqual([basic.orderId]);
    expect(await ids('mode=live')).toEqual([basic.orderId]);
    expect(await ids('mode=test')).toEqual([pro.orderId]);
    expect(await ids('to=2026-04-01')).toEqual([pro.orderId]);

    const res = await get(
      `/admin/orders/export?search=${buyer.user.username}&sort=created_at&dir=asc`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="orders-/);
    const [header, first, second] = res.body.slice(CSV_BOM.length).split('\r\n');
    expect(header).toBe(
      'ID,Placed,Buyer,Email,Plan,Months,Amount,Currency,Status,Completed,Admin note,Mode',
    );
    expect(first).toContain(pro.orderId);
    expect(first).toContain(',PRO+,12,');
    // The note is text in a spreadsheet, not a formula: quoted, quotes doubled, led by '.
    expect(first!.endsWith(`,"'=HYPERLINK(""http://evil"",""click"")",test`)).toBe(true);
    expect(second).toContain(basic.orderId);
    expect(second).toMatch(/,PRO,1,\d+\.\d{2},[A-Z]{3},PENDING,,,live$/);
    // Exported with mode=live, a revenue sum leaves the test order out.
    const live = await get(`/admin/orders/export?search=${buyer.user.username}&mode=live`);
    expect(live.body.slice(CSV_BOM.length).split('\r\n').filter(Boolean)).toHaveLength(2);
  });
});

describe('GET /admin/audit sort and export', () => {
  /** Three entries: by two users and one by the system (no actor), on three days. */
  let entries: { id: string }[];
  beforeAll(async () => {
    entries = await h.db
      .insert(auditLog)
      .values([
        {
          actorId: listed[0]!.user.id, // srtcarol…
          action: 'srtx.b',
          entityType: 'changelog',
          entityId: randomUUID(),
          after: { note: 'plain' },
          createdAt: new Date('2026-05-02T12:00:00Z'),
        },
        {
          actorId: listed[1]!.user.id, // srtalice…
          action: 'srtx.c',
          entityType: 'plan',
          entityId: randomUUID(),
          createdAt: new Date('2026-05-01T12:00:00Z'),
        },
        {
          actorId: null,
          action: 'srtx.a',
          entityType: 'order',
          entityId: randomUUID(),
          before: { admin_note: '=1+1' },
          after: { admin_note: '@SUM(A1)' },
          createdAt: new Date('2026-05-03T12:00:00Z'),
        },
      ])
      .returning({ id: auditLog.id });
  });

  it('sorts by each column both ways and keeps newest first by default', async () => {
    const order = async (query: string) =>
      auditResponseSchema
        .parse((await get(`/admin/audit?action=srtx&${query}`)).json())
        .entries.map((e) => entries.findIndex((x) => x.id === e.id));
    expect(await order('')).toEqual([2, 0, 1]);
    expect(await order('sort=created_at&dir=asc')).toEqual([1, 0, 2]);
    // The system's entries (no actor) come first A→Z.
    expect(await order('sort=actor&dir=asc')).toEqual([2, 1, 0]);
    expect(await order('sort=actor&dir=desc')).toEqual([0, 1, 2]);
    expect(await order('sort=action&dir=asc')).toEqual([2, 0, 1]);
    expect(await order('sort=action&dir=desc')).toEqual([1, 0, 2]);
    expect(await order('sort=entity&dir=asc')).toEqual([0, 2, 1]);
    expect(await order('sort=entity&dir=desc')).toEqual([1, 2, 0]);
    expect(await order('sort=actor&dir=asc&from=2026-05-02&to=2026-05-02')).toEqual([0]);
  });

  it('refuses an unknown column and a range that ends before it starts (400)', async () => {
    expect((await get('/admin/audit?sort=before')).statusCode).toBe(400);
    expect((await get('/admin/audit/export?sort=before')).statusCode).toBe(400);
    const res = await get('/admin/audit/export?from=2026-05-03&to=2026-05-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/end date/);
  });

  it('streams every matching entry as formula-safe CSV in the list order, never cached', async () => {
    const res = await get('/admin/audit/export?action=srtx&sort=actor&dir=desc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.slice(CSV_BOM.length).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'ID,When,Actor,Actor email,Action,Entity type,Entity ID,Entity,What happened,Before,After',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      entries[0]!.id,
      entries[1]!.id,
      entries[2]!.id,
    ]);
    expect(lines[1]!.split(',').slice(1, 3)).toEqual([
      '2026-05-02T12:00:00.000Z',
      listed[0]!.user.username,
    ]);
    // The system's entry: no actor; its snapshots are JSON text, never formulas.
    expect(lines[3]).toContain(',,,srtx.a,order,');
    expect(lines[3]!.endsWith(',"{""admin_note"":""=1+1""}","{""admin_note"":""@SUM(A1)""}"')).toBe(
      true,
    );
    const filtered = await get('/admin/audit/export?action=srtx&from=2026-05-03');
    expect(filtered.body.slice(CSV_BOM.length).split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('reads past one batch without losing or repeating an entry, even when every key ties', async () => {
    const at = new Date('2025-01-01T00:00:00Z');
    const many = Array.from({ length: 2_003 }, () => ({
      actorId: null,
      action: 'bulkaudit.x',
      entityType: 'order',
      entityId: 'same',
      createdAt: at,
    }));
    const inserted = await h.db.insert(auditLog).values(many).returning({ id: auditLog.id });
    try {
      for (const query of ['', '&sort=actor&dir=asc', '&sort=entity&dir=desc']) {
        const res = await get(`/admin/audit/export?action=bulkaudit${query}`);
        const ids = parseCsv(res.body)
          .slice(1)
          .map((r) => r[0]);
        expect(ids).toHaveLength(2_003);
        expect(new Set(ids).size).toBe(2_003);
      }
    } finally {
      await h.db.delete(auditLog).where(
        inArray(
          auditLog.id,
          inserted.map((r) => r.id),
        ),
      );
    }
  });

  it('is for admins only', async () => {
    expect((await get('/admin/audit/export', listed[0]!.headers)).statusCode).toBe(403);
    expect((await get('/admin/audit/export', {})).statusCode).toBe(401);
  });
});

describe('exports whose first batch the database refuses', () => {
  it('answer 400 with a JSON error instead of a 200 cut short (a date at the end of year 9999)', async () => {
    for (const list of ['users', 'orders', 'audit']) {
      const res = await get(`/admin/${list}/export?to=9999-12-31`);
      expect(res.statusCode, list).toBe(400);
      expect(res.json(), list).toMatchObject({
        error: expect.any(String),
        code: expect.any(String),
      });
    }
  });
});
