/**
 * The PostgreSQL pool's session settings (docs/operations.md "JIT compilation is off"): every
 * pooled connection starts with JIT compilation off, so no plan pays for LLVM however large its
 * estimated cost; the operator's PGOPTIONS and an `options` parameter in DATABASE_URL still win.
 * The embedded database has no JIT and no pool.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind } from '../test/harness.js';
import { openDatabase, rowsOf, type Executor } from './client.js';

/** The value of setting `name` on one of `db`'s connections. */
async function setting(
  db: Executor,
  name: 'jit' | 'application_name',
): Promise<string | undefined> {
  const [row] = await rowsOf<{ value: string }>(db, sql`select current_setting(${name}) as value`);
  return row?.value;
}

describe.runIf(testDbKind() === 'postgres')('the PostgreSQL pool (JIT compilation)', () => {
  let target: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    target = await createTestDatabase();
  });
  afterAll(async () => {
    await target.drop();
  });

  it('starts every connection with jit off: a plan past jit_above_cost gets no JIT section', async () => {
    const database = await openDatabase({ kind: 'postgres', url: target.url });
    try {
      // Ten statements at once: the pool opens ten connections, and each has the setting.
      const values = await Promise.all(
        Array.from({ length: 10 }, () =>
          database.db.transaction(async (tx) => {
            await tx.execute(sql`select pg_sleep(0.05)`);
            return setting(tx, 'jit');
          }),
        ),
      );
      expect(values).toEqual(Array(10).fill('off'));
      // With every plan over the JIT threshold, EXPLAIN would show a "JIT:" section were it on.
      const plan = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local jit_above_cost = 0`);
        const rows = await rowsOf<Record<string, string>>(
          tx,
          sql`explain select count(*) from plans`,
        );
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
      expect(plan).toMatch(/Aggregate/);
      expect(plan).not.toMatch(/JIT/);
    } finally {
      await database.close();
    }
  });

  it("leaves the operator's own options in DATABASE_URL in force", async () => {
    const url = new URL(target.url);
    url.searchParams.set('options', '-c jit=on');
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      expect(await setting(database.db, 'jit')).toBe('on');
    } finally {
      await database.close();
    }
  });

  it("applies libpq's PGOPTIONS after its own, so the operator's settings win", async () => {
    const before = process.env.PGOPTIONS;
    process.env.PGOPTIONS = '-c jit=on -c application_name=flockr-pgoptions';
    try {
      const database = await openDatabase({ kind: 'postgres', url: target.url });
      try {
        expect(await setting(database.db, 'jit')).toBe('on');
        expect(await setting(database.db, 'application_name')).toBe('flockr-pgoptions');
      } finally {
        await database.close();
      }
    } finally {
      if (before === undefined) delete process.env.PGOPTIONS;
      else process.env.PGOPTIONS = before;
    }
  });
});
