/**
 * Test harness: a real app on a real, fresh database for each test file (docs/architecture.md, "Tests").
 * - TEST_DB_KIND=pglite (default): an in-memory PGlite, migrated.
 * - TEST_DB_KIND=postgres: a new database `flockr_test_<random>` on TEST_DATABASE_URL's server,
 *   migrated, and dropped on close. Nothing depends on an earlier run.
 * Each harness also gets its own temporary DATA_DIR with the seeded artifacts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { asc, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import type { AuthResponse } from '@flockr/contract';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { dumpMigratedPglite, openDatabase, type Database, type Executor } from '../db/client.js';
import { artifacts, orders, releases, subscriptions } from '../db/schema.js';
import type { WebBuild } from '../modules/site/pages.js';
import type { Mailer } from '../mail/mailer.js';
import { seed } from '../seed/seed.js';

export interface Harness {
  app: FastifyInstance;
  db: Database['db'];
  /** The test database's URL on PostgreSQL (another instance can open it); undefined on PGlite. */
  databaseUrl: string | undefined;
  config: AppConfig;
  clock: TestClock;
  close(): Promise<void>;
}

/** A clock tests can move; starts at the real time. */
export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /** Back to the real time. */
  reset(): void {
    this.offsetMs = 0;
  }
}

/** Signs in again (e.g. after moving the clock past the session's lifetime); returns bearer headers. */
export async function signIn(
  app: FastifyInstance,
  credentials: { email: string; password: string },
  rememberMe = false,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { ...credentials, remember_me: rememberMe },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json<AuthResponse>().token}` };
}

/** Which database the tests run on, from TEST_DB_KIND. */
export const testDbKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

/**
 * A new, empty PostgreSQL database on TEST_DATABASE_URL's server, named flockr_test_<random>:
 * its URL, and `drop()` that removes it (connections closed by force). For tests that start a
 * server process of their own; `createHarness` uses it too.
 * @throws Error when TEST_DATABASE_URL is unset.
 */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `flockr_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A dump of an in-memory PGlite with every migration applied, made once per test worker: each
 * harness restores it (about 0.3 s) instead of running `initdb` and the migrations again (about
 * 2 s on our 2-core machine), and still gets a database of its own.
 */
let migratedPglite: Promise<Blob> | undefined;
function migratedPgliteDump(): Promise<Blob> {
  migratedPglite ??= dumpMigratedPglite();
  return migratedPglite;
}

async function openTestDatabase(
  onQuery?: (query: string) => void,
): Promise<Database & { url?: string; drop(): Promise<void> }> {
  if (testDbKind() === 'pglite') {
    const loadDataDir = await migratedPgliteDump();
    const database = await openDatabase({ kind: 'pglite-memory', loadDataDir, onQuery });
    return { ...database, drop: async () => {} };
  }
  const { url, drop } = await createTestDatabase();
  const database = await openDatabase({ kind: 'postgres', url, onQuery });
  return { ...database, url, drop };
}

/** Builds a seeded app on a fresh database. `overrides` change the configuration. */
export async function createHarness(
  overrides: Partial<AppConfig> = {},
  options: { mailer?: Mailer; onQuery?: (query: string) => void; web?: WebBuild } = {},
): Promise<Harness> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'flockr-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      SERVE_WEB: options.web ? 'true' : 'false',
    },
    {
      dataDir,
      jwtSecret: randomBytes(32).toString('hex'),
      // A lower argon2id cost keeps the suite quick; the hashing code path is the same.
      passwordHashing: { memoryKiB: 1024, timeCost: 1, concurrency: 2, queueLimit: 1000 },
      // Generous limits (one test file registers many users from one address); the rate-limit
      // tests set their own. A namespace of its own keeps Redis keys apart between runs.
      rateLimits: {
        loginPerIp: 10_000,
        loginPerAccount: 10_000,
        sensitivePerIp: 10_000,
        windowMs: 15 * 60_000,
      },
      rateLimitNamespace: `flockr-test-${randomBytes(6).toString('hex')}:`,
      ...overrides,
    },
  );
  const database = await openTestDatabase(options.onQuery);
  await seed(database.db, config);
  const clock = new TestClock();
  const app = await buildApp({
    config,
    db: database.db,
    changes: database.changes,
    now: clock.now,
    logger: false,
    mailer: options.mailer,
    web: options.web,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    databaseUrl: database.url,
    config,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance of the app on the harness's PostgreSQL database, with its own pool and change
 * feed, as a second server behind a load balancer would be, with the statement and idle-in-
 * transaction `limits` (milliseconds) given. PostgreSQL only.
 */
export async function secondInstance(
  h: Harness,
  limits: { statementTimeoutMs?: number; idleInTransactionTimeoutMs?: number } = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (!h.databaseUrl) throw new Error('a second instance needs PostgreSQL (TEST_DATABASE_URL)');
  const database = await openDatabase({ kind: 'postgres', url: h.databaseUrl, ...limits });
  const app = await buildApp({
    config: h.config,
    db: database.db,
    changes: database.changes,
    logger: false,
  });
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Calls `check` every 20 ms until `ok` holds of its result or `ms` pass; returns the last result. */
export async function eventually<T>(
  check: () => Promise<T>,
  ok: (value: T) => boolean,
  ms = 3000,
): Promise<T> {
  const end = Date.now() + ms;
  let value = await check();
  while (!ok(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 20));
    value = await check();
  }
  return value;
}

let counter = 0;

/** A valid, unique registration payload. */
export function newUserPayload(prefix = 'user') {
  counter += 1;
  const id = `${prefix}${counter}${randomBytes(3).toString('hex')}`;
  return {
    username: id,
    email: `${id}@example.com`,
    password: 'Str0ng!pass',
    country: 'DE' as const,
  };
}

/** Registers a new user through the API and returns the auth answer and a bearer header. */
export async function registerUser(app: FastifyInstance, prefix = 'user') {
  const payload = newUserPayload(prefix);
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json<AuthResponse>();
  return { ...body, payload, headers: { authorization: `Bearer ${body.token}` } };
}

/** The seeded plan called `name` (FREE, PRO, PRO+). */
export async function planByName(app: FastifyInstance, name: string) {
  const res = await app.inject({ method: 'GET', url: '/api/v1/subscriptions/plans' });
  const plan = res
    .json<{ plans: { id: string; name: string; monthly_price: number; yearly_price: number }[] }>()
    .plans.find((p) => p.name === name);
  if (!plan) throw new Error(`no plan ${name}`);
  return plan;
}

/** Places an order for `planName` and opens its sandbox checkout; returns ids and the session id. */
export async function orderAndCheckout(
  app: FastifyInstance,
  headers: Record<string, string>,
  planName = 'PRO',
  durationMonths: 1 | 12 = 1,
) {
  const plan = await planByName(app, planName);
  const sub = await app.inject({
    method: 'POST',
    url: '/api/v1/subscriptions/subscribe',
    headers,
    payload: { plan_id: plan.id, duration_months: durationMonths },
  });
  if (sub.statusCode !== 201) throw new Error(`subscribe failed: ${sub.statusCode} ${sub.body}`);
  const orderId = sub.json<{ order_id: string }>().order_id;
  const pay = await app.inject({
    method: 'POST',
    url: '/api/v1/payments/create',
    headers,
    payload: { order_id: orderId },
  });
  if (pay.statusCode !== 200)
    throw new Error(`create payment failed: ${pay.statusCode} ${pay.body}`);
  const { payment_url } = pay.json<{ payment_url: string }>();
  const sessionId = payment_url.split('/').pop()!;
  return { orderId, sessionId, paymentUrl: payment_url, plan };
}

/** Pays a sandbox session as its owner. */
export function sandboxPay(
  app: FastifyInstance,
  headers: Record<string, string>,
  sessionId: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/payments/sandbox/sessions/${sessionId}/pay`,
    headers,
  });
}

/** A registered user with an active PRO monthly subscription, paid through the sandbox. */
export async function subscribedUser(app: FastifyInstance) {
  const user = await registerUser(app, 'subscriber');
  const { sessionId, orderId } = await orderAndCheckout(app, user.headers);
  const paid = await sandboxPay(app, user.headers, sessionId);
  if (paid.statusCode !== 200) throw new Error(`pay failed: ${paid.body}`);
  return { ...user, orderId };
}

/**
 * A seeded or uploaded version's release row joined with its (first) file: ids, the download
 * count, where the file is stored, its size in bytes and SHA-256 (hex). @throws when `version`
 * has no release with a file.
 */
export async function releaseFileRow(db: Executor, version: string) {
  const [row] = await db
    .select({
      id: releases.id,
      artifactId: artifacts.id,
      downloadCount: releases.downloadCount,
      storagePath: artifacts.storagePath,
      fileSize: artifacts.fileSize,
      sha256: artifacts.sha256,
    })
    .from(releases)
    .innerJoin(artifacts, eq(artifacts.releaseId, releases.id))
    .where(eq(releases.version, version))
    .orderBy(asc(artifacts.createdAt))
    .limit(1);
  if (!row) throw new Error(`no release ${version} with a file`);
  return row;
}

/**
 * Marks the orders `orderIds` live, and their buyers' subscriptions with them, by SQL, as a live
 * provider's payment would have recorded them: the sandbox's orders are test orders, which no
 * business figure counts (docs/billing.md "Test mode"). For tests of the live figures; the
 * database's triggers move the figures as for any write. The live path itself (a provider's
 * `livemode`) is tested in billing/stripe.test.ts.
 */
export async function markLive(db: Executor, orderIds: readonly string[]): Promise<void> {
  const rows = await db
    .update(orders)
    .set({ livemode: true })
    .where(inArray(orders.id, [...orderIds]))
    .returning({ userId: orders.userId });
  const buyers = [...new Set(rows.map((r) => r.userId))];
  if (buyers.length > 0)
    await db
      .update(subscriptions)
      .set({ livemode: true })
      .where(inArray(subscriptions.userId, buyers));
}
