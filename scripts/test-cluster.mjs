#!/usr/bin/env node
/**
 * `npm run test:cluster`: three instances of the built server (apps/api/dist/server.js; run
 * `npm run build` first) behind a real nginx, sharing a fresh PostgreSQL database, a fresh Redis
 * database number and the program files (one DATA_DIR on disk, or an s3rver bucket when the build
 * supports S3_BUCKET), then checks what only a cluster can show: a purchase that crosses
 * instances, downloads and a large upload served by another instance than the one that stored
 * them, rate limits shared across instances, zero failed idempotent requests while one instance
 * is SIGKILLed and another drained with SIGTERM, every payment applied exactly once although
 * its provider events are redelivered to different instances during that, and two PostgreSQL
 * outages (connections cut; the database refusing connections) answered with 503 + Retry-After
 * (never 500) and recovered from without a restart. The instances reach PostgreSQL through a TCP
 * proxy in this process (apps/api/src/test/tcp-proxy.ts, imported as TypeScript: Node 22.18+
 * strips its types), which the first outage check cuts; the second sets the database's
 * ALLOW_CONNECTIONS to false and terminates its backends.
 *
 * Prints one line per check (`✓ name`, `✗ name: reason`, `- name: skipped (reason)`) and ends
 * with exactly one line `N passed, N failed`; exits 1 on any failure. Everything it started is
 * stopped and the database dropped, also on failure and Ctrl-C.
 *
 * Environment: TEST_DATABASE_URL (any database on the PostgreSQL server to use; default
 * postgres://postgres@127.0.0.1:5432/postgres), TEST_REDIS_URL (default redis://127.0.0.1:6379),
 * CLUSTER_STORAGE (`disk` or `s3`; default `s3` when the build knows S3_BUCKET, else `disk`),
 * CLUSTER_KEEP_LOGS=1 (keep the instances' logs and print where), CLUSTER_REPORT (a file to
 * write the counts to as JSON, for scripts/test-all.mjs).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, SERVER_JS } from '../bench/lib/server.mjs';
import { findNginx, startNginx } from '../bench/lib/nginx.mjs';
import {
  call,
  deliverEvent,
  expectCall,
  hashDownload,
  sandboxProvider,
  streamUpload,
} from './cluster/client.mjs';
import { startTcpProxy } from '../apps/api/src/test/tcp-proxy.ts';
import { Instance, livePids } from './cluster/instances.mjs';
import { clusterSite } from './cluster/nginx.mjs';
import {
  claimRedisDb,
  createDatabase,
  DEFAULT_POSTGRES_URL,
  DEFAULT_REDIS_URL,
  startS3rver,
} from './cluster/services.mjs';

const started = performance.now();
/** Login attempts allowed per account per window (RATE_LIMIT_LOGIN_PER_ACCOUNT, its default). */
const LOGIN_PER_ACCOUNT = 10;
/**
 * Login attempts allowed per client address (RATE_LIMIT_LOGIN_PER_IP, its default). A run makes
 * about 25 from 127.0.0.1 (the rate-limit check 23 of them), so mind this when adding logins.
 */
const LOGIN_PER_IP = 30;
/** Size of the generated upload, in bytes (≈200 MB). */
const UPLOAD_BYTES = 200 * 1024 * 1024;
/** How long a drained instance keeps serving after SIGTERM (SHUTDOWN_GRACE_MS), in ms. */
const GRACE_MS = 1_500;
/** Orders paid by provider events during the kill and the drain. */
const EVENT_ORDERS = 6;
/** How long the PostgreSQL outage lasts, in milliseconds. */
const OUTAGE_MS = 4_000;
/**
 * The longest one instance may take to answer while PostgreSQL is down, in milliseconds
 * (docs/operations.md: 503 within 1 s, plus this shared machine's slack).
 */
const OUTAGE_ANSWER_MS = 1_500;
/** Pause of each load loop between two requests, in milliseconds. */
const PAUSE_MS = 10;
/** The operator's command that copies DATA_DIR's files to the bucket (docs/downloads.md). */
const MIGRATE_ARTIFACTS_JS = path.join(path.dirname(SERVER_JS), 'cli/migrate-artifacts.js');
/** The bucket of the program files in s3 mode. */
const S3_BUCKET = 'flockr-cluster';
/** The instances' admin account (ADMIN_EMAIL / ADMIN_PASSWORD). */
const ADMIN = { email: 'cluster-admin@example.com', password: 'Cluster!Admin-Passw0rd' };
const PASSWORD = 'Cluster!Passw0rd';

/** Milliseconds → `1.2 s`. */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** Resolves after `ms` milliseconds. */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** A short random suffix for unique names in this run. */
const unique = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

// ---------------------------------------------------------------------------------------------
// Results

/** @type {{ name: string, status: 'passed' | 'failed' | 'skipped', reason?: string }[]} */
const results = [];

/**
 * Runs the check `name` (`fn` resolves with optional detail lines, or throws the reason) and
 * prints `✓ name` or `✗ name: reason`, with any detail indented below. Never throws.
 */
async function check(name, fn) {
  const t = performance.now();
  try {
    const details = (await fn()) ?? [];
    results.push({ name, status: 'passed' });
    console.log(`✓ ${name} (${seconds(performance.now() - t)})`);
    for (const line of [details].flat()) console.log(`    ${line}`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    results.push({ name, status: 'failed', reason });
    console.log(`✗ ${name}: ${reason}`);
  }
}

/** Records and prints the check `name` as skipped for `reason` (neither passed nor failed). */
function skip(name, reason) {
  results.push({ name, status: 'skipped', reason });
  console.log(`- ${name}: skipped (${reason})`);
}

/** Throws Error(`message`) unless `condition` holds. */
function assert(condition, message) {
  if (!condition) throw new Error(message);
}

// ---------------------------------------------------------------------------------------------
// What runs, and stopping all of it

/** Everything started, stopped in reverse order by `cleanup` (each entry is idempotent). */
const stoppers = [];
let cleaning;
/**
 * Stops every process this run started, drops the database, releases the Redis number and
 * removes the run's folder (kept with CLUSTER_KEEP_LOGS=1). Safe to call twice.
 */
function cleanup() {
  cleaning ??= (async () => {
    for (const stop of stoppers.reverse()) {
      try {
        await stop();
      } catch (error) {
        console.log(`  (cleanup: ${error.message})`);
      }
    }
  })();
  return cleaning;
}
/** Process ids of nginx and s3rver (the instances' are in `livePids`), for the exit hook. */
const children = new Set();
// Whatever way this process ends (an uncaught error, a closed pipe), no child outlives it.
process.on('exit', () => {
  for (const pid of [...children, ...livePids]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});
process.stdout.on('error', () => {}); // a closed pipe (`| head`) must not stop the cleanup
process.on('uncaughtException', (error) => {
  console.error(error);
  void finish(error);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.log(`\n${signal}: stopping everything this run started`);
    results.push({ name: 'cluster run', status: 'failed', reason: `interrupted (${signal})` });
    void finish();
  });
}

/**
 * Prints the summary line, writes CLUSTER_REPORT when set, and exits (1 on any failure).
 * `fatal` (an Error) is a setup failure counted as one failed check.
 */
async function finish(fatal) {
  if (fatal) {
    results.push({ name: 'cluster setup', status: 'failed', reason: fatal.message });
    console.log(`✗ cluster setup: ${fatal.message}`);
  }
  await cleanup();
  const passed = results.filter((r) => r.status === 'passed').length;
  const failed = results.filter((r) => r.status === 'failed').length;
  const skipped = results.filter((r) => r.status === 'skipped');
  if (process.env.CLUSTER_REPORT) {
    writeFileSync(
      process.env.CLUSTER_REPORT,
      JSON.stringify({
        passed,
        failed,
        skipped: skipped.length,
        skips: skipped.map((s) => ({ what: s.name, reason: s.reason })),
      }),
    );
  }
  console.log(`cluster run took ${seconds(performance.now() - started)}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

// ---------------------------------------------------------------------------------------------
// Setup

/**
 * Where the program files live: `s3` (an s3rver bucket, each instance its own DATA_DIR) when the
 * build reads S3_BUCKET, else `disk` (one DATA_DIR shared by every instance, files sent by nginx
 * with X-Accel-Redirect). CLUSTER_STORAGE overrides.
 */
function storageMode() {
  const forced = process.env.CLUSTER_STORAGE;
  if (forced === 'disk' || forced === 's3') return forced;
  const config = path.join(path.dirname(SERVER_JS), 'config.js');
  return existsSync(config) && readFileSync(config, 'utf8').includes('S3_BUCKET') ? 's3' : 'disk';
}

/** Whether the built server runs its jobs on pg-boss (one job per minute slot in the cluster). */
function jobQueueBuilt() {
  const jobs = path.join(path.dirname(SERVER_JS), 'jobs', 'runner.js');
  return existsSync(jobs) && readFileSync(jobs, 'utf8').includes('pg-boss');
}

/**
 * Starts the services and the cluster: database, Redis number, (s3rver), nginx over three
 * instance ports, then the three instances at once (as an orchestrator would: each migrates and
 * seeds at start). Returns the run's context: { db, nginx, instances, jwtSecret, storage,
 * s3Endpoint }.
 */
async function setUp(run) {
  if (!existsSync(SERVER_JS)) throw new Error(`${SERVER_JS} is missing: run \`npm run build\``);
  if (!findNginx()) throw new Error('nginx is not installed: apt-get install -y nginx');
  const storage = storageMode();

  const db = await createDatabase(process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL);
  stoppers.push(() => db.drop());
  // The instances' way to PostgreSQL, which the outage check cuts (the checks' own client is direct).
  const dbUrl = new URL(db.url);
  const dbProxy = await startTcpProxy({
    host: dbUrl.hostname,
    port: Number(dbUrl.port || 5432),
  });
  stoppers.push(() => dbProxy.close());
  const proxiedDbUrl = new URL(db.url);
  proxiedDbUrl.hostname = '127.0.0.1';
  proxiedDbUrl.port = String(dbProxy.port);
  const redis = await claimRedisDb(process.env.TEST_REDIS_URL || DEFAULT_REDIS_URL);
  stoppers.push(() => redis.release());

  const sharedData = path.join(run, 'data');
  mkdirSync(sharedData, { recursive: true });
  /** Storage variables of every instance, and each instance's DATA_DIR. */
  let storageEnv = { DOWNLOAD_ACCEL_REDIRECT: '/_protected_downloads/' };
  let dataDirOf = () => sharedData;
  let s3Endpoint;
  if (storage === 's3') {
    const bucket = S3_BUCKET;
    const s3 = await startS3rver({ directory: path.join(run, 's3'), bucket });
    children.add(s3.pid);
    stoppers.push(() => s3.stop());
    s3Endpoint = s3.endpoint;
    storageEnv = {
      S3_BUCKET: bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      DOWNLOAD_ACCEL_REDIRECT: '',
    };
    dataDirOf = (i) => path.join(run, `data${i + 1}`);
  }

  const ports = [await freePort(), await freePort(), await freePort()];
  const nginx = await startNginx({
    site: clusterSite({
      upstreams: ports.map((p) => `127.0.0.1:${p}`),
      artifacts: path.join(sharedData, 'artifacts'),
    }),
  });
  children.add(Number(readFileSync(path.join(nginx.prefix, 'nginx.pid'), 'utf8')));
  stoppers.push(() => nginx.stop());

  const jwtSecret = randomBytes(32).toString('hex');
  const instances = ports.map(
    (port, i) =>
      new Instance({
        name: `app${i + 1}`,
        port,
        logFile: path.join(run, `app${i + 1}.log`),
        env: {
          NODE_ENV: 'production',
          // The run pays on the sandbox: production refuses it unless asked for by name.
          ALLOW_SANDBOX_IN_PRODUCTION: 'true',
          DATABASE_URL: proxiedDbUrl.toString(),
          REDIS_URL: redis.url,
          DATA_DIR: dataDirOf(i),
          PUBLIC_URL: nginx.url,
          JWT_SECRET: jwtSecret,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          TRUST_PROXY: '127.0.0.1',
          SHUTDOWN_GRACE_MS: String(GRACE_MS),
          LOG_LEVEL: 'warn',
          SMTP_URL: '',
          METRICS_TOKEN: '',
          RATE_LIMIT_LOGIN_PER_ACCOUNT: String(LOGIN_PER_ACCOUNT),
          RATE_LIMIT_LOGIN_PER_IP: String(LOGIN_PER_IP),
          RATE_LIMIT_LOGIN_PER_DEVICE: String(LOGIN_PER_ACCOUNT),
          // Registrations of the run's buyers, all from 127.0.0.1.
          RATE_LIMIT_SENSITIVE_PER_IP: '1000',
          S3_BUCKET: '',
          S3_ENDPOINT: '',
          S3_FORCE_PATH_STYLE: '',
          ...storageEnv,
        },
      }),
  );
  stoppers.push(() => Promise.all(instances.map((x) => x.stop())));
  const dataDirs = [...new Set(instances.map((x) => x.env.DATA_DIR))];
  /** Where the bytes of the artifact stored under `storagePath` are: the bucket's file or disk. */
  const storedFile = (storagePath) =>
    storage === 's3'
      ? path.join(
          run,
          's3',
          S3_BUCKET,
          path.dirname(storagePath),
          `${path.basename(storagePath)}._S3rver_object`,
        )
      : path.join(sharedData, storagePath);
  return {
    db,
    dbProxy,
    redis,
    nginx,
    instances,
    jwtSecret,
    storage,
    s3Endpoint,
    dataDirs,
    storedFile,
  };
}

// ---------------------------------------------------------------------------------------------
// Helpers of the checks

/** The port of the instance that answered, from nginx's X-Upstream (the last address tried). */
function answeredBy(headers) {
  const value = typeof headers?.get === 'function' ? headers.get('x-upstream') : headers;
  if (!value) return undefined;
  return Number(value.split(',').pop().trim().split(':').pop());
}

/**
 * The e-mails written as .eml files under each of `dataDirs`' outbox folder (no SMTP_URL), as
 * [{ file, to (the To header, lower case) }].
 */
function mailFiles(dataDirs) {
  const found = [];
  for (const dir of dataDirs) {
    const outbox = path.join(dir, 'outbox');
    if (!existsSync(outbox)) continue;
    for (const name of readdirSync(outbox).filter((n) => n.endsWith('.eml'))) {
      const text = readFileSync(path.join(outbox, name), 'utf8');
      const to = /^To: (.*)$/im.exec(text.split(/\r?\n\r?\n/)[0])?.[1] ?? '';
      found.push({ file: name, to: to.toLowerCase() });
    }
  }
  return found;
}

/**
 * Runs the Node script `file` with this environment plus `env`, to its end (2 minutes at most).
 * Resolves with { code (exit code), output (stdout and stderr together) }.
 */
function runNode(file, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    livePids.add(child.pid);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const late = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('exit', (code, signal) => {
      clearTimeout(late);
      livePids.delete(child.pid);
      resolve({ code: code ?? signal, output });
    });
  });
}

/** Registers a buyer through `api`; resolves with { email, username, token }. */
async function register(api, label) {
  const tag = `${label}${unique()}`;
  const email = `${tag}@example.com`;
  const body = await expectCall(api, 'POST', '/auth/register', {
    body: { username: tag.slice(0, 32), email, password: PASSWORD },
  });
  return { email, username: tag, token: body.token };
}

/** Signs `email` in through `api`; resolves with the bearer token. */
async function login(api, email, password = PASSWORD) {
  return (await expectCall(api, 'POST', '/auth/login', { body: { email, password } })).token;
}

/**
 * Places an order for PRO (1 month) as `token` and opens its sandbox checkout, through `api`.
 * Resolves with { orderId, sessionId, paymentUrl }.
 */
async function orderWithCheckout(api, token, planId) {
  const order = await expectCall(api, 'POST', '/subscriptions/subscribe', {
    token,
    body: { plan_id: planId, duration_months: 1 },
  });
  const payment = await expectCall(api, 'POST', '/payments/create', {
    token,
    body: { order_id: order.order_id },
  });
  const paymentUrl = payment.payment_url;
  return {
    orderId: order.order_id,
    sessionId: new URL(paymentUrl).pathname.split('/').pop(),
    paymentUrl,
  };
}

/**
 * Steady load through nginx: `loops` concurrent loops of idempotent GETs, PAUSE_MS apart, (the plan catalog,
 * /auth/me, the latest version's record) until `stop()`. Each answer's status and the instance
 * that gave it are recorded. Returns { stop() → Promise, stats }: `stats` holds `requests`,
 * `failures` (the first 10 as text, and `failed`, their count), `retried` (answers that needed
 * another instance) and `byPort` (answers per instance port, each with the time of the last).
 */
function steadyLoad(api, token, loops = 4) {
  const paths = ['/subscriptions/plans', '/auth/me', '/downloads/latest'];
  const stats = { requests: 0, failed: 0, failures: [], retried: 0, byPort: new Map() };
  let running = true;
  /** One loop: the three GETs in turn, one at a time, until stopped. */
  const loop = async (offset) => {
    for (let i = offset; running; i += 1) {
      const p = paths[i % paths.length];
      stats.requests += 1;
      try {
        const res = await call(api, 'GET', p, { token, timeoutMs: 20_000 });
        const upstream = res.headers.get('x-upstream') ?? '';
        if (upstream.includes(',')) stats.retried += 1;
        const port = answeredBy(res.headers);
        const seen = stats.byPort.get(port) ?? { count: 0, last: 0 };
        stats.byPort.set(port, { count: seen.count + 1, last: performance.now() });
        if (res.status !== 200)
          throw new Error(
            `${res.status} ${JSON.stringify(res.body).slice(0, 120)} (upstream ${upstream})`,
          );
      } catch (error) {
        stats.failed += 1;
        if (stats.failures.length < 10) stats.failures.push(`GET ${p}: ${error.message}`);
      }
      // Steady, not flat out: the 2 cores also start the instances again during the chaos.
      await sleep(PAUSE_MS);
    }
  };
  const done = Promise.all(Array.from({ length: loops }, (_, i) => loop(i)));
  return {
    stats,
    /** Ends the loops after their current request; resolves when they have. */
    stop: () => {
      running = false;
      return done;
    },
  };
}

/**
 * A payment provider during the chaos, signing with `sandbox` (client.mjs `sandboxProvider`): for each of `orders` ({ orderId, sessionId }), one or
 * two event ids (every other order gets a second `checkout.session.completed` under another id,
 * as providers may send), each delivered 2 or 3 times at random moments over `spreadMs`, each
 * delivery to the next of `targets` (nginx and the instances directly), and retried on a network
 * error or a non-200 answer to the next target with back-off, for up to 60 s, as a provider
 * would. Resolves with { deliveries, retries, undelivered (text per event never acknowledged),
 * eventsByOrder (order id → event ids) } once every delivery is acknowledged or given up.
 */
async function provider({ sandbox, orders, targets, spreadMs }) {
  const eventsByOrder = new Map();
  const plan = [];
  orders.forEach((o, i) => {
    const ids = [`evt_cluster_${unique()}`];
    if (i % 2 === 0) ids.push(`evt_cluster_${unique()}`);
    eventsByOrder.set(o.orderId, ids);
    for (const id of ids) {
      const copies = 2 + (i % 2);
      for (let c = 0; c < copies; c += 1)
        plan.push({ order: o, eventId: id, at: Math.random() * spreadMs });
    }
  });
  let deliveries = 0;
  let retries = 0;
  let next = 0;
  const undelivered = [];
  /** Delivers one copy of an event, retrying as a provider does; records what happened. */
  const deliver = async ({ order, eventId, at }) => {
    await sleep(at);
    const deadline = performance.now() + 60_000;
    let lastError = '';
    for (let attempt = 0; performance.now() < deadline; attempt += 1) {
      const target = targets[next++ % targets.length];
      const delivery = sandbox.pageEvent(order.orderId, order.sessionId, 'pay', eventId);
      deliveries += 1;
      try {
        const status = await deliverEvent(target, delivery);
        if (status === 200) return;
        lastError = `${target}: ${status}`;
      } catch (error) {
        lastError = `${target}: ${error.cause?.code ?? error.message}`;
      }
      retries += 1;
      await sleep(Math.min(200 * 2 ** attempt, 2_000));
    }
    undelivered.push(`${eventId} never acknowledged (last: ${lastError})`);
  };
  await Promise.all(plan.map(deliver));
  return { deliveries, retries, undelivered, eventsByOrder };
}

// ---------------------------------------------------------------------------------------------
// The run

const run = mkdtempSync(path.join(os.tmpdir(), 'flockr-cluster-'));
const keepLogs = process.env.CLUSTER_KEEP_LOGS === '1';
stoppers.push(() => {
  if (keepLogs) console.log(`instance logs kept in ${run}`);
  else rmSync(run, { recursive: true, force: true });
});
// A whole run takes about a minute; a stuck one is stopped rather than left running.
setTimeout(() => {
  console.log('✗ cluster run: still running after 6 minutes, stopping');
  results.push({ name: 'cluster run', status: 'failed', reason: 'timed out' });
  void finish();
}, 360_000).unref();

let ctx;
try {
  ctx = await setUp(run);
} catch (error) {
  await finish(error);
}
const { db, nginx, instances, jwtSecret, storage } = ctx;
const [app1, app2, app3] = instances;
const lb = `${nginx.url}/api/v1`;
console.log(
  `cluster: nginx ${nginx.url} → ${instances.map((x) => `${x.name} :${x.port}`).join(', ')}; ` +
    `database ${db.name}; Redis db ${ctx.redis.db}; files: ${storage === 's3' ? `s3rver ${ctx.s3Endpoint}, a DATA_DIR per instance` : 'one shared DATA_DIR (X-Accel-Redirect)'}`,
);

let startedAll = false;
await check(
  'three instances start together on a fresh database (migrations + seed at start)',
  async () => {
    const times = await Promise.allSettled(instances.map((x) => x.start()));
    const failed = times.filter((t) => t.status === 'rejected');
    // A failed start is retried once so the other checks can still run; the check fails anyway.
    if (failed.length > 0) {
      await Promise.all(instances.filter((x) => !x.running).map((x) => x.start()));
      startedAll = true;
      throw new Error(
        `${failed.length} of 3 failed on the first start: ${failed[0].reason.message.slice(0, 600)}`,
      );
    }
    startedAll = true;
    return `ready after ${times.map((t) => seconds(t.value)).join(', ')}`;
  },
);
if (!startedAll) await finish();

if (storage === 's3')
  await check(
    'the seeded files are in the bucket after the start; artifacts:migrate finds nothing to copy',
    async () => {
      // docs/downloads.md: each instance copies the seeded files (deterministic ZIPs, built in its
      // own DATA_DIR) to the bucket at start when missing; the operator's command then finds
      // every file present.
      const { code, output } = await runNode(MIGRATE_ARTIFACTS_JS, app1.env);
      const summary = output.trim().split('\n').pop();
      assert(code === 0, `exited ${code}: ${output.trim().slice(-400)}`);
      assert(/^0 copied, \d+ already in /.test(summary ?? ''), `migrate said: ${summary}`);
      return summary;
    },
  );

const plans = (await expectCall(lb, 'GET', '/subscriptions/plans')).plans;
const pro = plans.find((p) => p.name === 'PRO');
const adminToken = await login(lb, ADMIN.email, ADMIN.password);
let buyer;

await check(
  'a purchase crosses instances: register on app1, sign in on app2, webhook on app3, read through nginx',
  async () => {
    buyer = await register(app1.api, 'buyer');
    buyer.token = await login(app2.api, buyer.email);
    const order = await orderWithCheckout(app2.api, buyer.token, pro.id);
    // The buyer opens the sandbox payment page (through the balancer, as a browser would).
    const page = await expectCall(lb, 'GET', `/payments/sandbox/sessions/${order.sessionId}`);
    assert(page.status === 'PENDING', `payment page shows ${page.status}, not PENDING`);
    // Pay: the provider's signed event, delivered to app3.
    const delivery = sandboxProvider(jwtSecret).pageEvent(
      order.orderId,
      order.sessionId,
      'pay',
      `evt_cluster_${unique()}`,
    );
    const status = await deliverEvent(app3.api, delivery);
    assert(status === 200, `webhook on app3 answered ${status}`);
    const after = await expectCall(lb, 'GET', `/payments/orders/${order.orderId}/status`, {
      token: buyer.token,
    });
    assert(after.status === 'COMPLETED', `order is ${after.status} through nginx, not COMPLETED`);
    const subs = await expectCall(lb, 'GET', '/subscriptions/my-subscriptions', {
      token: buyer.token,
    });
    assert(
      subs.subscription?.status === 'ACTIVE',
      `subscription through nginx: ${JSON.stringify(subs.subscription)}`,
    );
    return `order ${order.orderId.slice(-8)} COMPLETED, ${subs.subscription.plan_name} active until ${subs.subscription.expires_at}`;
  },
);

let upload;
await check(
  `an admin uploads ${UPLOAD_BYTES / 1024 / 1024} MiB through nginx and it lands intact`,
  async () => {
    const t = performance.now();
    upload = await streamUpload(lb, adminToken, {
      version: '9.0.0',
      releaseDate: new Date().toISOString().slice(0, 10),
      bytes: UPLOAD_BYTES,
    });
    const ms = performance.now() - t;
    assert(
      upload.status === 201,
      `upload answered ${upload.status}: ${JSON.stringify(upload.body).slice(0, 300)}`,
    );
    const stored = upload.body.download;
    assert(
      stored.file_size === upload.sent.size && stored.sha256 === upload.sent.sha256,
      `the API reports ${stored.file_size} bytes, sha256 ${stored.sha256}; sent ${upload.sent.size}, ${upload.sent.sha256}`,
    );
    const lines = [
      `stored by :${answeredBy(upload.upstream)} in ${seconds(ms)} (${(UPLOAD_BYTES / 1024 / 1024 / (ms / 1000)).toFixed(0)} MiB/s), sha256 ${stored.sha256.slice(0, 16)}…`,
    ];
    // The bytes are where the store keeps them: the bucket (s3rver's folder), or the shared disk.
    const [artifact] = await db.query(
      `select a.storage_path from artifacts a join releases r on r.id = a.release_id
        where r.version = '9.0.0'`,
    );
    assert(artifact?.storage_path, 'no stored artifact row for 9.0.0');
    const file = ctx.storedFile(artifact.storage_path);
    assert(
      existsSync(file),
      `${artifact.storage_path} is not in the ${storage === 's3' ? 'bucket' : 'shared DATA_DIR'} (${file})`,
    );
    assert(
      statSync(file).size === UPLOAD_BYTES,
      `the stored object has ${statSync(file).size} bytes`,
    );
    if (storage === 's3') {
      const onDisk = ctx.dataDirs.filter((d) => existsSync(path.join(d, 'artifacts', '9.0.0')));
      assert(onDisk.length === 0, `a copy was left on an instance's disk: ${onDisk.join(', ')}`);
    }
    lines.push(
      `in the ${storage === 's3' ? 'bucket' : 'shared DATA_DIR'} as ${artifact.storage_path}`,
    );
    return lines;
  },
);

await check(
  'the subscriber downloads the latest version through another instance, bytes intact',
  async () => {
    assert(upload?.status === 201, 'no upload to download (the upload check failed)');
    const latest = await expectCall(lb, 'GET', '/downloads/latest', { token: buyer.token });
    assert(latest.version === '9.0.0', `latest is ${latest.version}, not the uploaded 9.0.0`);
    const uploadedBy = answeredBy(upload.upstream);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const link = await expectCall(lb, 'GET', '/downloads/link?version=9.0.0', {
        token: buyer.token,
      });
      const t = performance.now();
      const res = await hashDownload(link.download_url);
      const by = answeredBy(res.headers);
      if (by === uploadedBy && attempt < 4) continue; // round robin: the next one is another
      assert(by !== uploadedBy, `every download went to :${by}, the instance that took the upload`);
      if (storage === 's3') {
        assert(res.status === 302, `download answered ${res.status}, not a 302 to the bucket`);
        const location = res.headers.get('location');
        assert(
          location?.startsWith(ctx.s3Endpoint),
          `302 to ${location}, not to s3rver ${ctx.s3Endpoint}`,
        );
        const fromS3 = await hashDownload(location);
        assert(fromS3.status === 200, `s3rver answered ${fromS3.status}`);
        assert(
          fromS3.size === upload.sent.size && fromS3.sha256 === upload.sent.sha256,
          `s3rver sent ${fromS3.size} bytes, sha256 ${fromS3.sha256}`,
        );
        return `302 from :${by} → presigned s3rver URL, ${fromS3.size} bytes in ${seconds(performance.now() - t)}, sha256 matches`;
      }
      assert(res.status === 200, `download answered ${res.status}`);
      assert(
        res.size === upload.sent.size &&
          res.sha256 === upload.sent.sha256 &&
          res.sha256 === latest.sha256,
        `got ${res.size} bytes, sha256 ${res.sha256}; the release says ${latest.file_size}, ${latest.sha256}`,
      );
      return `link checked by :${by}, ${res.size} bytes sent by nginx in ${seconds(performance.now() - t)}, sha256 matches`;
    }
    throw new Error('unreachable');
  },
);

await check('every version, the seeded ones too, downloads intact through nginx', async () => {
  const { versions } = await expectCall(lb, 'GET', '/downloads/versions', { token: buyer.token });
  const seeded = versions.filter((v) => v.version !== '9.0.0');
  assert(seeded.length > 0, 'no seeded versions listed');
  const wrong = [];
  for (const v of seeded) {
    const link = await expectCall(lb, 'GET', `/downloads/link?version=${v.version}`, {
      token: buyer.token,
    });
    let res = await hashDownload(link.download_url);
    const from = res.status === 302 ? 'the bucket' : 'the app';
    if (res.status === 302) res = await hashDownload(res.headers.get('location'));
    if (res.status !== 200 || res.sha256 !== v.sha256 || res.size !== v.file_size)
      wrong.push(
        `${v.version}: ${res.status} from ${from}, ${res.size} bytes (expected ${v.file_size}), ` +
          `sha256 ${res.sha256 === v.sha256 ? 'matches' : 'differs'}${res.text ? `: ${res.text.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`,
      );
  }
  assert(wrong.length === 0, wrong.join('; '));
  return `${seeded.map((v) => v.version).join(', ')}: bytes match the listed sha256`;
});

await check(
  `login rate limits hold across instances (${LOGIN_PER_ACCOUNT} per account)`,
  async () => {
    const victims = [await register(lb, 'victim'), await register(lb, 'victim')];
    /** Wrong-password logins for `email`, the i-th sent to `targetOf(i)`; the statuses seen. */
    const attempts = async (email, targetOf) => {
      const statuses = [];
      for (let i = 0; i <= LOGIN_PER_ACCOUNT; i += 1) {
        const res = await call(targetOf(i).api, 'POST', '/auth/login', {
          body: { email, password: 'Wrong!Passw0rd' },
        });
        statuses.push(res.status);
      }
      return statuses;
    };
    const spread = await attempts(victims[0].email, (i) => instances[i % 3]);
    const single = await attempts(victims[1].email, () => app1);
    const expected = [...Array(LOGIN_PER_ACCOUNT).fill(401), 429];
    /** The statuses as one line, e.g. `401 401 429`. */
    const show = (s) => s.join(' ');
    assert(
      show(spread) === show(expected),
      `round-robin over 3 instances: ${show(spread)} (expected ${show(expected)})`,
    );
    assert(show(single) === show(expected), `one instance: ${show(single)}`);
    // The owner's right password is refused too now: the account's limit is shared.
    const owner = await call(app3.api, 'POST', '/auth/login', {
      body: { email: victims[0].email, password: PASSWORD },
    });
    assert(owner.status === 429, `a further attempt on app3 answered ${owner.status}, not 429`);
    return `attempt ${LOGIN_PER_ACCOUNT + 1} refused with 429 whether spread over app1..3 or sent to app1 alone`;
  },
);

// Orders paid by provider events during the chaos, opened beforehand.
const eventOrders = [];
await check(`${EVENT_ORDERS} orders with open checkouts for the provider's events`, async () => {
  const second = await register(lb, 'buyer');
  for (let i = 0; i < EVENT_ORDERS; i += 1) {
    const who = i % 2 === 0 ? buyer : second;
    eventOrders.push(await orderWithCheckout(lb, who.token, pro.id));
  }
});

// Subscribers whose reminders fall due now, set up before the chaos so that the minute's job
// (pg-boss cron, one job per minute slot whichever instance schedules it) runs around it.
const reminderUsers = [];
let remindersDueAt = 0;
await check('3 subscribers with a reminder due (7 days, 1 day, ended)', async () => {
  const shift = { '7d': '3 days', '1d': '12 hours', expired: '-1 hour' };
  for (const kind of Object.keys(shift)) {
    const user = await register(lb, 'remind');
    const order = await orderWithCheckout(lb, user.token, pro.id);
    // The sandbox payment page's Pay button, through the balancer.
    const paid = await expectCall(lb, 'POST', `/payments/sandbox/sessions/${order.sessionId}/pay`);
    assert(paid.status === 'COMPLETED', `Pay left the order ${paid.status}`);
    const rows = await db.query(
      `update subscriptions s set expires_at = now() + $2::interval
         from users u where u.id = s.user_id and u.email = $1 returning s.id`,
      [user.email, shift[kind]],
    );
    assert(rows.length === 1, `no subscription for ${user.email}`);
    reminderUsers.push({ ...user, kind, subscriptionId: rows[0].id });
  }
  remindersDueAt = performance.now();
});

let chaos;
await check(
  'SIGKILL of one instance and SIGTERM drain of another: no idempotent request fails through nginx',
  async () => {
    const load = steadyLoad(lb, buyer.token, 4);
    const payments = provider({
      sandbox: sandboxProvider(jwtSecret),
      orders: eventOrders,
      targets: [lb, app1.api, app2.api, app3.api],
      spreadMs: 7_000,
    });
    chaos = { payments };
    const lines = [];
    await sleep(1_500);
    const killedAt = performance.now();
    app1.signal('SIGKILL');
    const killCode = await app1.exited;
    lines.push(`app1 SIGKILLed (${killCode})`);
    await sleep(1_000);
    app2.signal('SIGTERM');
    const drainStart = performance.now();
    const drainCode = await app2.exited;
    lines.push(
      `app2 drained with SIGTERM: exited ${drainCode} after ${seconds(performance.now() - drainStart)} (grace ${seconds(GRACE_MS)})`,
    );
    await sleep(1_000);
    const restartAt = performance.now();
    const ready = await Promise.all([app1.start(), app2.start()]);
    lines.push(`restarted: app1 ready in ${seconds(ready[0])}, app2 in ${seconds(ready[1])}`);
    // Rejoined: nginx sends each restarted instance traffic again (it retries a failed upstream
    // after fail_timeout).
    const rejoinDeadline = performance.now() + 20_000;
    const rejoined = (x) => (load.stats.byPort.get(x.port)?.last ?? 0) > restartAt;
    while (!(rejoined(app1) && rejoined(app2)) && performance.now() < rejoinDeadline)
      await sleep(200);
    await sleep(500);
    await load.stop();
    const { stats } = load;
    lines.unshift(
      `${stats.requests} GETs through nginx in ${seconds(performance.now() - killedAt + 1_500)}, ${stats.failed} failed, ${stats.retried} answered after nginx tried another instance; per instance: ${instances.map((x) => `${x.name} ${stats.byPort.get(x.port)?.count ?? 0}`).join(', ')}`,
    );
    chaos.lines = lines;
    assert(
      stats.failed === 0,
      `${stats.failed} of ${stats.requests} failed: ${stats.failures.join('; ')}`,
    );
    assert(
      drainCode === 0,
      `the drained instance exited ${drainCode}, not 0 (it missed the shutdown deadline)`,
    );
    assert(
      rejoined(app1) && rejoined(app2),
      `not rejoined within 20 s: app1 ${rejoined(app1)}, app2 ${rejoined(app2)}`,
    );
    return lines;
  },
);

await check(
  'every payment event applied exactly once across kill, drain and redeliveries',
  async () => {
    assert(chaos?.payments, 'the provider did not run (the previous check failed to start)');
    const { deliveries, retries, undelivered, eventsByOrder } = await chaos.payments;
    assert(undelivered.length === 0, undelivered.join('; '));
    const rows = await db.query(
      `select o.id, o.status,
       (select count(*)::int from subscription_periods p where p.order_id = o.id) as periods,
       (select count(*)::int from order_status_changes c where c.order_id = o.id and c.to_status = 'COMPLETED') as completions,
       (select count(*)::int from payment_events e where e.order_id = o.id and e.outcome = 'fulfilled') as fulfilled,
       (select count(*)::int from payment_events e where e.order_id = o.id) as events
     from orders o where o.id = any($1::uuid[])`,
      [eventOrders.map((o) => o.orderId)],
    );
    const wrong = rows
      .filter(
        (r) =>
          r.status !== 'COMPLETED' ||
          r.periods !== 1 ||
          r.completions !== 1 ||
          r.fulfilled !== 1 ||
          r.events !== eventsByOrder.get(r.id).length,
      )
      .map(
        (r) =>
          `${r.id.slice(-8)}: ${r.status}, ${r.periods} periods, ${r.completions} completions, ${r.fulfilled} fulfilling events, ${r.events}/${eventsByOrder.get(r.id).length} events recorded`,
      );
    assert(
      rows.length === eventOrders.length,
      `${rows.length} of ${eventOrders.length} orders found`,
    );
    assert(wrong.length === 0, wrong.join('; '));
    // The admin's view agrees (through nginx).
    const listed = await expectCall(lb, 'GET', '/admin/orders?status=COMPLETED&limit=100', {
      token: adminToken,
    });
    const completed = new Set((listed.orders ?? []).map((o) => o.id));
    const missing = eventOrders.filter((o) => !completed.has(o.orderId));
    assert(missing.length === 0, `${missing.length} orders not COMPLETED in the admin list`);
    const events = [...eventsByOrder.values()].flat().length;
    return `${eventOrders.length} orders, ${events} event ids, ${deliveries} deliveries (${retries} retried after a failure): each order COMPLETED once, one period, one fulfilling event`;
  },
);

const REMINDERS_CHECK = 'each renewal reminder is sent once across the three instances';
if (!jobQueueBuilt())
  skip(REMINDERS_CHECK, 'this build runs its jobs on a timer per instance, not pg-boss');
else
  await check(REMINDERS_CHECK, async () => {
    assert(reminderUsers.length === 3, 'no subscribers with due reminders (their setup failed)');
    const emails = reminderUsers.map((u) => u.email);
    /** The reminder rows of the outbox for the run's reminder subscribers. */
    const reminderMail = () =>
      db.query(
        `select "to", status from outbox_messages where kind = 'reminder' and "to" = any($1)`,
        [emails],
      );
    // The job runs once a minute; give it its slot, the kill and the restart.
    const deadline = remindersDueAt + 100_000;
    let rows = await reminderMail();
    while (
      (rows.length < 3 || rows.some((r) => r.status !== 'sent')) &&
      performance.now() < deadline
    ) {
      await sleep(1_000);
      rows = await reminderMail();
    }
    const waited = seconds(performance.now() - remindersDueAt);
    assert(
      rows.length === 3 && rows.every((r) => r.status === 'sent'),
      `after ${waited}: ${rows.length} of 3 reminders in the outbox (${rows.map((r) => r.status).join(', ')})`,
    );
    const claims = await db.query(
      'select subscription_id, kind from subscription_reminders where subscription_id = any($1::uuid[])',
      [reminderUsers.map((u) => u.subscriptionId)],
    );
    for (const u of reminderUsers) {
      const mine = claims.filter((c) => c.subscription_id === u.subscriptionId);
      assert(
        mine.length === 1 && mine[0].kind === u.kind,
        `${u.email}: reminders recorded ${JSON.stringify(mine.map((c) => c.kind))}, expected ["${u.kind}"]`,
      );
    }
    // Every e-mail written for these users (across every instance's DATA_DIR/outbox) is one sent
    // outbox message: a reminder sent twice would be one file too many.
    const files = mailFiles(ctx.dataDirs);
    for (const u of reminderUsers) {
      const written = files.filter((f) => f.to.includes(u.email.toLowerCase())).length;
      const sent = await db.query(
        `select count(*)::int as n from outbox_messages where "to" = $1 and status = 'sent'`,
        [u.email],
      );
      assert(
        written === sent[0].n,
        `${u.email}: ${written} e-mails written for ${sent[0].n} sent outbox messages`,
      );
    }
    return `7d, 1d and ended reminders each recorded and e-mailed once (${waited} after they fell due)`;
  });

/**
 * The check of a PostgreSQL outage of OUTAGE_MS made by `down()` and ended by `up()` (`what`
 * names it), under GETs that need the database sent to each instance and through nginx: every
 * answer is 200 (from memory) or 503 with Retry-After and SERVICE_UNAVAILABLE, an instance
 * answers within OUTAGE_ANSWER_MS, and every instance is ready again without a restart.
 */
async function outageCheck(what, { down, up }) {
  await check(
    `${what} for ${seconds(OUTAGE_MS)}: 503 with Retry-After within ${seconds(OUTAGE_ANSWER_MS)}, never 500; back without a restart`,
    async () => {
      // GETs that need the database (sign-in check, a subscriber's latest version), straight to
      // each instance (to time one instance's answer) and through nginx (what a client sees).
      const paths = ['/auth/me', '/downloads/latest'];
      const targets = [...instances.map((x) => x.api), lb];
      const seen = { requests: 0, ok: 0, unavailable: 0, slowest: 0, wrong: [] };
      let outage = false;
      let running = true;
      const loop = async (offset) => {
        for (let i = offset; running; i += 1) {
          const target = targets[i % targets.length];
          const p = paths[i % paths.length];
          const t = performance.now();
          const during = outage;
          try {
            const res = await call(target, 'GET', p, { token: buyer.token, timeoutMs: 10_000 });
            const took = performance.now() - t;
            seen.requests += 1;
            if (res.status === 200) seen.ok += 1;
            else if (
              res.status === 503 &&
              res.headers.get('retry-after') &&
              res.body?.code === 'SERVICE_UNAVAILABLE'
            )
              seen.unavailable += 1;
            else seen.wrong.push(`${res.status} on ${target}${p}`);
            // One instance answers within the limit; nginx may try all three first.
            if (target !== lb && during) seen.slowest = Math.max(seen.slowest, took);
          } catch (error) {
            seen.requests += 1;
            seen.wrong.push(`${target}${p}: ${error.message}`);
          }
          await sleep(PAUSE_MS);
        }
      };
      const loops = Promise.all([0, 1, 2, 3].map(loop));
      await sleep(1_000);
      outage = true;
      await down();
      await sleep(OUTAGE_MS);
      await up();
      outage = false;
      const upAt = performance.now();
      // Back: every instance ready again and the signed-in read answered, without a restart.
      let back = 0;
      while (performance.now() - upAt < 15_000) {
        const ready = await Promise.all(
          instances.map((x) => call(x.api, 'GET', '/ready').catch(() => ({ status: 0 }))),
        );
        const me = await call(lb, 'GET', '/auth/me', { token: buyer.token }).catch(() => ({
          status: 0,
        }));
        if (ready.every((r) => r.status === 200) && me.status === 200) {
          back = performance.now() - upAt;
          break;
        }
        await sleep(250);
      }
      running = false;
      await loops;
      const lines = [
        `${seen.requests} GETs: ${seen.ok} answered 200, ${seen.unavailable} answered 503 with Retry-After; slowest instance answer during the outage ${seconds(seen.slowest)}`,
        back > 0 ? `ready again ${seconds(back)} after PostgreSQL came back` : 'not ready again',
      ];
      assert(
        seen.wrong.length === 0,
        `${seen.wrong.length} other answers: ${seen.wrong.slice(0, 5).join('; ')}`,
      );
      assert(seen.unavailable > 0, 'no 503 seen: the outage did not reach the instances');
      assert(
        seen.slowest <= OUTAGE_ANSWER_MS,
        `an instance took ${seconds(seen.slowest)} to answer during the outage`,
      );
      assert(back > 0, 'not every instance was ready again within 15 s of PostgreSQL coming back');
      const gone = instances.filter((x) => !x.running).map((x) => x.name);
      assert(gone.length === 0, `${gone.join(', ')} exited during the outage`);
      return lines;
    },
  );
}

await outageCheck('PostgreSQL cut (a TCP proxy drops every connection and refuses new ones)', {
  down: () => ctx.dbProxy.down(),
  up: () => ctx.dbProxy.up(),
});
// An operator taking the database out of service: new connections fail with SQLSTATE 55000.
await outageCheck(
  'PostgreSQL refusing connections (ALLOW_CONNECTIONS false, backends terminated)',
  {
    down: () => db.allowConnections(false),
    up: () => db.allowConnections(true),
  },
);

if (keepLogs) console.log(instances.map((x) => x.logTail(5)).join('\n'));
await finish();
