/**
 * Readiness and outages (docs/operations.md, "Readiness, draining and outages"): `GET /ready`
 * against the real database and Redis, the drain flag, and what requests answer while
 * PostgreSQL or Redis cannot be reached, cut and restored with a real TCP proxy; and the settings
 * every pooled PostgreSQL connection starts with (its timeouts, JIT off).
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@flockr/contract';
import { buildApp } from '../app.js';
import { openDatabase, rowsOf, type Database, type Executor } from '../db/client.js';
import { plans } from '../db/schema.js';
import {
  createHarness,
  createTestDatabase,
  eventually,
  registerUser,
  secondInstance,
  testDbKind,
  type Harness,
} from '../test/harness.js';
import { needs, probeRedis, testRedisUrl } from '../test/services.js';
import { closedPort, startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';

const REDIS_URL = testRedisUrl();
const redis = await probeRedis(REDIS_URL);

/** Sends `request` and returns the answer with how long it took, in milliseconds. */
async function timed(app: FastifyInstance, request: InjectOptions) {
  const started = performance.now();
  const res = await app.inject(request);
  return { res, ms: performance.now() - started };
}

const login = (app: FastifyInstance, email: string, password = 'Wr0ng!guess') =>
  timed(app, {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: '203.0.113.9',
  });

describe('GET /ready and draining', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers 200 when the database answers, never cached; Redis not configured', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ready: true,
      draining: false,
      checks: { database: 'ok', redis: 'not configured', object_store: 'not configured' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with Retry-After once draining, while /health and other requests still answer', async () => {
    h.app.readiness.drain();
    const ready = await h.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(ready.statusCode).toBe(503);
    expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);
    expect(ready.json()).toEqual({
      ready: false,
      draining: true,
      checks: { database: 'ok', redis: 'not configured', object_store: 'not configured' },
    });
    expect((await h.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: '/api/v1/site/config' })).statusCode).toBe(
      200,
    );
  });
});

describe('closing after the grace period (real HTTP)', () => {
  it('answers requests already on a connection, pipelined ones too, with Connection: close, and refuses new connections', async () => {
    const h = await createHarness();
    try {
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = h.app.server.address() as net.AddressInfo;
      const body = JSON.stringify({ email: 'nobody@example.com', password: 'Wr0ng!guess' });
      const request = `POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      let answers = '';
      socket.on('data', (chunk: Buffer) => (answers += chunk.toString()));
      const socketClosed = once(socket, 'close');
      // A request in flight (its body half sent) when close() starts…
      socket.write(request + body.slice(0, 5));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const closing = h.app.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      // …then the rest of it, and a second request pipelined behind it.
      socket.write(body.slice(5) + request + body);
      await socketClosed;
      await closing;
      // Both answered normally; the one routed after close() says `Connection: close`, and the
      // server then closes the connection.
      const answered = answers.split(/(?=HTTP\/1\.1 )/);
      expect(answered.map((a) => Number(a.slice(9, 12)))).toEqual([401, 401]);
      expect(answered[1]!.toLowerCase()).toContain('connection: close');
      // No new connection is accepted.
      const refused = await new Promise<string>((resolve) => {
        const late = net.connect(port, '127.0.0.1');
        late.on('connect', () => {
          late.destroy();
          resolve('connected');
        });
        late.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
      expect(refused).toBe('ECONNREFUSED');
    } finally {
      await h.close();
    }
  });
});

// Only the api-postgres project defines this group: PGlite runs inside the process, with no
// connection to cut (a group skipped in every PGlite run would read as a gap in CI).
if (testDbKind() === 'postgres')
  describe('PostgreSQL unreachable (TCP proxy cut)', () => {
    let h: Harness;
    let proxy: TcpProxy;
    let database: Database;
    let app: FastifyInstance;
    let user: Awaited<ReturnType<typeof registerUser>>;

    beforeAll(async () => {
      h = await createHarness();
      user = await registerUser(h.app, 'outage');
      const direct = new URL(h.databaseUrl!);
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const viaProxy = new URL(direct);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      // An instance whose every connection (pool and change feed) goes through the proxy.
      database = await openDatabase({ kind: 'postgres', url: viaProxy.toString() });
      app = await buildApp({
        config: h.config,
        db: database.db,
        changes: database.changes,
        logger: false,
      });
      await app.ready();
    });
    afterAll(async () => {
      await proxy.up();
      await app.close();
      await database.close();
      await proxy.close();
      await h.close();
    });

    it('answers 503 with Retry-After within a second while it is down, never 500, and recovers without a restart', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/v1/ready' })).statusCode).toBe(200);
      expect((await login(app, user.payload.email, user.payload.password)).res.statusCode).toBe(
        200,
      );

      await proxy.down();
      for (let i = 0; i < 3; i++) {
        const ready = await timed(app, { method: 'GET', url: '/api/v1/ready' });
        expect(ready.res.statusCode).toBe(503);
        expect(ready.ms).toBeLessThan(1500);
        expect(Number(ready.res.headers['retry-after'])).toBeGreaterThan(0);
        expect(ready.res.json()).toMatchObject({
          ready: false,
          checks: { database: 'failed', redis: 'not configured', object_store: 'not configured' },
        });

        const attempt = await login(app, user.payload.email, user.payload.password);
        expect(attempt.res.statusCode).toBe(503);
        expect(attempt.ms).toBeLessThan(1500);
        expect(Number(attempt.res.headers['retry-after'])).toBeGreaterThan(0);
        expect(attempt.res.json()).toEqual({
          error: API_ERRORS.serviceUnavailable,
          code: 'SERVICE_UNAVAILABLE',
        });
      }
      // Liveness does not depend on the database.
      expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);

      await proxy.up();
      const back = await eventually(
        () => app.inject({ method: 'GET', url: '/api/v1/ready' }),
        (res) => res.statusCode === 200,
        5_000,
      );
      expect(back.statusCode).toBe(200);
      expect((await login(app, user.payload.email, user.payload.password)).res.statusCode).toBe(
        200,
      );
    });
  });

// A database that refuses connections (docs/operations.md "PostgreSQL unreachable"): what an
// operator's `ALTER DATABASE … ALLOW_CONNECTIONS false` and `pg_terminate_backend` do. Every new
// connection then fails with SQLSTATE 55000. PostgreSQL only, as above.
if (testDbKind() === 'postgres')
  describe('PostgreSQL refusing connections (ALLOW_CONNECTIONS false, backends terminated)', () => {
    let h: Harness;
    /** A connection to the server's own database (TEST_DATABASE_URL), never to the test's. */
    let admin: pg.Client | undefined;
    let name = '';
    let user: Awaited<ReturnType<typeof registerUser>>;

    const allowConnections = async (allow: boolean) => {
      if (!admin || !name) return;
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS ${allow}`);
      if (!allow)
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
          [name],
        );
    };

    beforeAll(async () => {
      h = await createHarness();
      name = new URL(h.databaseUrl!).pathname.slice(1);
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      admin = client;
      user = await registerUser(h.app, 'refused');
    });
    afterAll(async () => {
      await allowConnections(true);
      await admin?.end();
      await h?.close();
    });

    it('answers 503 with Retry-After, never 500, while new connections get 55000, and recovers without a restart', async () => {
      const requests = {
        ready: { method: 'GET', url: '/api/v1/ready' },
        read: { method: 'GET', url: '/api/v1/payments/orders', headers: user.headers },
        write: {
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: user.payload,
          remoteAddress: '203.0.113.9',
        },
      } as const;
      const statuses = async () => {
        const answers: Record<string, number> = {};
        for (const [what, request] of Object.entries(requests))
          answers[what] = (await h.app.inject(request)).statusCode;
        return answers;
      };
      expect(await statuses()).toEqual({ ready: 200, read: 200, write: 200 });

      await allowConnections(false);
      // What the pool meets from now on: the refusal, at connect.
      const probe = new pg.Client({ connectionString: h.databaseUrl });
      await expect(probe.connect()).rejects.toMatchObject({ code: '55000' });
      // Three rounds: the first may meet a pooled connection PostgreSQL just ended (57P01 or
      // "Connection terminated"), the next ones only refused new connections.
      for (let round = 0; round < 3; round++) {
        for (const [what, request] of Object.entries(requests)) {
          const res = await h.app.inject(request);
          expect({ round, what, status: res.statusCode }).toEqual({ round, what, status: 503 });
          expect(res.headers['retry-after']).toBe('5');
          if (what === 'ready')
            expect(res.json()).toMatchObject({ ready: false, checks: { database: 'failed' } });
          else
            expect(res.json()).toEqual({
              error: API_ERRORS.serviceUnavailable,
              code: 'SERVICE_UNAVAILABLE',
            });
        }
      }
      // Liveness does not depend on the database.
      expect((await h.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);

      await allowConnections(true);
      const back = await eventually(
        statuses,
        (answers) => Object.values(answers).every((status) => status === 200),
        10_000,
      );
      expect(back).toEqual({ ready: 200, read: 200, write: 200 });
    });
  });

describe('Redis unreachable', () => {
  const limits = { loginPerIp: 1_000, loginPerAccount: 3, sensitivePerIp: 1_000, windowMs: 60_000 };

  describe('REDIS_URL on a port where nothing listens', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await createHarness({
        redisUrl: `redis://127.0.0.1:${await closedPort()}`,
        rateLimits: limits,
      });
    });
    afterAll(async () => {
      await h.close();
    });

    it('answers logins within a second, limited per instance in memory; /ready names Redis', async () => {
      const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
      for (let i = 0; i < limits.loginPerAccount; i++) {
        const { res, ms } = await login(h.app, email);
        expect(res.statusCode).toBe(401);
        expect(ms).toBeLessThan(1500);
      }
      const blocked = await login(h.app, email);
      expect(blocked.res.statusCode).toBe(429);
      expect(blocked.ms).toBeLessThan(1500);
      expect(Number(blocked.res.headers['retry-after'])).toBeGreaterThan(0);

      const ready = await timed(h.app, { method: 'GET', url: '/api/v1/ready' });
      expect(ready.ms).toBeLessThan(1500);
      expect(ready.res.statusCode).toBe(503);
      expect(ready.res.headers['retry-after']).toBeDefined();
      expect(ready.res.json()).toMatchObject({ checks: { database: 'ok', redis: 'failed' } });
      // Each check made in memory is counted (/metrics).
      const fallbacks = await h.app.appContext.metrics.registry.getSingleMetricAsString(
        'flockr_rate_limit_local_fallbacks_total',
      );
      expect(fallbacks).toMatch(/^flockr_rate_limit_local_fallbacks_total \d+$/m);
      expect(Number(/_total (\d+)$/m.exec(fallbacks)?.[1])).toBeGreaterThanOrEqual(
        limits.loginPerAccount + 1,
      );
    });
  });

  describe('Redis cut and restored (TCP proxy)', needs(redis), () => {
    let proxy: TcpProxy;
    let h: Harness;
    beforeAll(async () => {
      const target = new URL(REDIS_URL);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
      const viaProxy = new URL(REDIS_URL);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      h = await createHarness({ redisUrl: viaProxy.toString(), rateLimits: limits });
    });
    afterEach(async () => {
      await proxy.up();
    });
    afterAll(async () => {
      await h.close();
      await proxy.close();
    });

    it('falls back to memory within a second while Redis is cut, and is ready again once it is back', async () => {
      const ready = () => h.app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect((await ready()).json()).toMatchObject({ ready: true, checks: { redis: 'ok' } });

      await proxy.down();
      const email = `cut-${randomBytes(4).toString('hex')}@example.com`;
      for (let i = 0; i < limits.loginPerAccount; i++) {
        const { res, ms } = await login(h.app, email);
        expect(res.statusCode).toBe(401);
        expect(ms).toBeLessThan(1500);
      }
      expect((await login(h.app, email)).res.statusCode).toBe(429);
      const down = await timed(h.app, { method: 'GET', url: '/api/v1/ready' });
      expect(down.ms).toBeLessThan(1500);
      expect(down.res.statusCode).toBe(503);
      expect(down.res.json()).toMatchObject({ checks: { redis: 'failed' } });

      await proxy.up();
      const back = await eventually(ready, (res) => res.statusCode === 200, 5_000);
      expect(back.json()).toMatchObject({ ready: true, checks: { redis: 'ok' } });
      // Counted in Redis again (a fresh account starts from zero there).
      const other = `back-${randomBytes(4).toString('hex')}@example.com`;
      expect((await login(h.app, other)).res.statusCode).toBe(401);
    });
  });
});

// PostgreSQL's own timeouts (DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS):
// the embedded database has no other connection to hold a lock.
if (testDbKind() === 'postgres')
  describe('a statement that runs too long, a transaction left idle (PostgreSQL timeouts)', () => {
    let h: Harness;
    let instance: Awaited<ReturnType<typeof secondInstance>>;
    let holder: pg.Client;
    let user: Awaited<ReturnType<typeof registerUser>>;

    beforeAll(async () => {
      h = await createHarness();
      instance = await secondInstance(h, { statementTimeoutMs: 400 });
      user = await registerUser(instance.app, 'slowpoke');
      holder = new pg.Client({ connectionString: h.databaseUrl });
      await holder.connect();
    });
    afterAll(async () => {
      await holder.end();
      await instance.close();
      await h.close();
    });

    it('is cancelled after DATABASE_STATEMENT_TIMEOUT_MS and answered 503 with Retry-After, changing nothing', async () => {
      const [plan] = await h.db.select().from(plans).where(eq(plans.name, 'PRO'));
      // Another session holds the orders table, as a long migration or a stuck job could.
      await holder.query('begin');
      await holder.query('lock table orders in access exclusive mode');
      try {
        for (const request of [
          { method: 'GET', url: '/api/v1/payments/orders' },
          {
            method: 'POST',
            url: '/api/v1/subscriptions/subscribe',
            payload: { plan_id: plan!.id, duration_months: 1 },
          },
        ] as const) {
          const { res, ms } = await timed(instance.app, { ...request, headers: user.headers });
          expect({ url: request.url, status: res.statusCode }).toEqual({
            url: request.url,
            status: 503,
          });
          expect(res.headers['retry-after']).toBe('5');
          expect(res.json()).toEqual({
            error: API_ERRORS.serviceUnavailable,
            code: 'SERVICE_UNAVAILABLE',
          });
          expect(ms).toBeGreaterThanOrEqual(350);
          expect(ms).toBeLessThan(10_000);
        }
      } finally {
        await holder.query('rollback');
      }
      // The lock is gone: the same instance answers, and the refused order was never placed.
      const mine = await instance.app.inject({
        method: 'GET',
        url: '/api/v1/payments/orders',
        headers: user.headers,
      });
      expect(mine.statusCode).toBe(200);
      const placed = await rowsOf<{ n: number }>(
        h.db,
        sql`select count(*)::int as n from orders where user_id = ${user.user.id}`,
      );
      expect(placed).toEqual([{ n: 0 }]);
    });

    it('ends a transaction left idle past DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS, releasing its locks', async () => {
      const database = await openDatabase({
        kind: 'postgres',
        url: h.databaseUrl!,
        idleInTransactionTimeoutMs: 300,
      });
      try {
        const left = database.db.transaction(async (tx) => {
          await tx.execute(sql`select id from plans for update`);
          await new Promise((resolve) => setTimeout(resolve, 800));
          await tx.execute(sql`select 1`);
        });
        await expect(left).rejects.toThrow();
        // Its row locks went with it: another session takes them at once.
        await holder.query('begin');
        await holder.query("set local lock_timeout = '1s'");
        await holder.query('select id from plans for update');
        await holder.query('rollback');
        // And the pool opens a new connection for the next statement.
        expect(await rowsOf(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
      } finally {
        await database.close();
      }
    });
  });

/** The value of setting `name` on one of `db`'s connections. */
async function setting(
  db: Executor,
  name: 'jit' | 'application_name',
): Promise<string | undefined> {
  const [row] = await rowsOf<{ value: string }>(db, sql`select current_setting(${name}) as value`);
  return row?.value;
}

// The pool's session settings (docs/operations.md "JIT compilation is off"): every pooled
// connection starts with JIT compilation off, so no plan pays for LLVM however large its
// estimated cost; the operator's PGOPTIONS and an `options` parameter in DATABASE_URL still win.
// The embedded database has no JIT and no pool.
if (testDbKind() === 'postgres')
  describe('the PostgreSQL pool starts each connection with JIT compilation off', () => {
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
