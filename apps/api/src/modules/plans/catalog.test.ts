/**
 * The plan catalogue from memory: ETag and 304, cleared by an admin's change on this instance and,
 * on PostgreSQL, on every other instance through the change feed (db/changes.ts), including
 * after the feed's connection broke.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { plansResponseSchema } from '@flockr/contract';
import { updateUser } from '../accounts/repository.js';
import {
  createHarness,
  eventually,
  registerUser,
  secondInstance,
  testDbKind,
  type Harness,
} from '../../test/harness.js';

let h: Harness;
let admin: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  h = await createHarness();
  admin = await registerUser(h.app, 'admin');
  await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
});
afterAll(async () => {
  await h.close();
});

type App = Harness['app'];
const getPlans = (app: App, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/v1/subscriptions/plans', headers });

/** Renames the seeded PRO+ plan through the admin API. */
async function renamePlan(name: string) {
  const plan = plansResponseSchema
    .parse((await getPlans(h.app)).json())
    .plans.find((p) => p.name.startsWith('PRO+'))!;
  const res = await h.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/plans/${plan.id}`,
    headers: admin.headers,
    payload: { name },
  });
  expect(res.statusCode).toBe(200);
}

const names = (res: Awaited<ReturnType<typeof getPlans>>) =>
  plansResponseSchema.parse(res.json()).plans.map((p) => p.name);

describe('GET /subscriptions/plans from memory', () => {
  it('answers with a strong ETag, and 304 without a body when If-None-Match matches', async () => {
    const first = await getPlans(h.app);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plansResponseSchema.parse(first.json()).plans.length).toBeGreaterThan(0);

    const again = await getPlans(h.app, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, no-cache');

    const other = await getPlans(h.app, { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it("shows an admin's change at once on the same instance, with a new ETag", async () => {
    const before = await getPlans(h.app);
    await renamePlan('PRO+ Renamed');
    const after = await getPlans(h.app, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(names(after)).toContain('PRO+ Renamed');
  });
});

// Only the api-postgres project defines this group: PGlite is one process's database, so there is
// no second instance to ask, and a group skipped in every PGlite run would read as a gap in CI.
if (testDbKind() === 'postgres')
  describe('a second instance on the same PostgreSQL', () => {
    it("drops its copy when another instance's change commits", async () => {
      const other = await secondInstance(h);
      const second = other.app;
      try {
        expect(names(await getPlans(second))).toContain('PRO+ Renamed');
        await renamePlan('PRO+ Elsewhere');
        const seen = await eventually(
          async () => names(await getPlans(second)),
          (n) => n.includes('PRO+ Elsewhere'),
        );
        expect(seen).toContain('PRO+ Elsewhere');
      } finally {
        await other.close();
      }
    });

    it('drops its copy when its listening connection broke (a notice may have been missed)', async () => {
      const other = await secondInstance(h);
      const second = other.app;
      const sql = new pg.Client({ connectionString: h.databaseUrl });
      await sql.connect();
      try {
        expect(names(await getPlans(second))).toContain('PRO+ Elsewhere');
        // A change no notice tells anyone about, then the listener's connection dies.
        await sql.query(`update plans set name = 'PRO+ Unannounced' where name = 'PRO+ Elsewhere'`);
        expect(names(await getPlans(second))).toContain('PRO+ Elsewhere');
        await sql.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query = 'LISTEN flockr_changes' and pid <> pg_backend_pid()`,
        );
        const seen = await eventually(
          async () => names(await getPlans(second)),
          (n) => n.includes('PRO+ Unannounced'),
        );
        expect(seen).toContain('PRO+ Unannounced');
      } finally {
        await sql.end();
        await other.close();
      }
    });
  });
