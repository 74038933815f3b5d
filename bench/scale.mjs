#!/usr/bin/env node
/**
 * Latency at the size of a real business, against the same server on the seed data:
 *   node bench/scale.mjs --url postgres://…/flockr_scale [--requests 60]
 * (fill the first with `npm run bench:seed`; run `npm run build` first). Starts the built server
 * twice, one after the other: on the scale database and on a fresh seed-only database (the
 * anchor), signs in as an admin and as a subscribed user, then times each request `--requests`
 * times in turn, round by round interleaved, and prints p50 and p95 of both with their ratio.
 * With --explain it then prints EXPLAIN (ANALYZE, BUFFERS) of every statement each admin request
 * runs at scale (bench/lib/explain.mjs); `--requests 0 --explain` prints only the plans.
 * Figures only; no pass/fail.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { explainRequests } from './lib/explain.mjs';
import { startProduct } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.DATABASE_URL },
    requests: { type: 'string', default: '60' },
    explain: { type: 'boolean', default: false },
  },
});
if (!values.url) {
  console.error('Give the scale database: --url postgres://… (fill it with npm run bench:seed)');
  process.exit(2);
}
const ROUNDS = Number(values.requests);
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench!Adm1n-pass' };
/** A subscribed user of the scale database (found at start), and their password. */
const USER = { email: '', password: 'Bench!Passw0rd' };

/**
 * An ACTIVE user of the scale database whose subscription is active now and whose license has
 * every seat free (the bench activates one device).
 */
async function findSubscriber(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    `select u.email from subscriptions s join users u on u.id = s.user_id
     where s.expires_at > now() + interval '1 day' and u.status = 'ACTIVE'
       and not exists (select 1 from licenses l join license_devices d on d.license_id = l.id
         where l.user_id = u.id and d.deactivated_at is null)
     order by u.email limit 1`,
  );
  await client.end();
  if (!rows[0]) throw new Error('no subscribed user in the scale database');
  return rows[0].email;
}

/**
 * Starts the built server on `databaseUrl` (bench/lib/server.mjs, which stops it again if it does
 * not answer); resolves with its API base URL and a stop function.
 */
async function startServer(databaseUrl) {
  const server = await startProduct({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_LICENSE_PER_IP: '100000000',
    RATE_LIMIT_LICENSE_PER_KEY: '100000000',
  });
  return { base: server.api, stop: server.stop };
}

/**
 * The signed-in user's id and license key, with a device activated on that license (so the
 * program's validate call takes the full path: key, seat, plan, signed answer).
 */
async function userContext(base, headers) {
  const { user } = await (await fetch(`${base}/auth/me`, { headers })).json();
  const { license } = await (await fetch(`${base}/licenses/me`, { headers })).json();
  if (!license) throw new Error(`no license for ${user.email}`);
  const activated = await fetch(`${base}/licenses/activate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      key: license.key,
      fingerprint: 'bench-device-0001',
      name: 'Bench desk',
      platform: 'windows',
    }),
  });
  if (activated.status !== 200)
    throw new Error(`activate: ${activated.status} ${await activated.text()}`);
  return { userId: user.id, licenseKey: license.key };
}

/** Signs in; returns bearer headers. */
async function signIn(base, credentials) {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (res.status !== 200) throw new Error(`login ${credentials.email}: ${res.status}`);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** A seed-only database next to the scale one, with one subscribed user like user4242. */
async function prepareAnchor(scaleUrl) {
  const url = new URL(scaleUrl);
  const name = `flockr_scale_anchor_${process.pid}`;
  const admin = new pg.Client({ connectionString: scaleUrl.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: scaleUrl.replace(/\/[^/]*$/, '/postgres') });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Registers USER on the anchor and gives them a paid subscription through the sandbox. */
async function subscribeOnAnchor(base) {
  await fetch(`${base}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...USER, username: USER.email.split('@')[0] }),
  });
  const headers = { ...(await signIn(base, USER)), 'content-type': 'application/json' };
  const plans = await (await fetch(`${base}/subscriptions/plans`)).json();
  const pro = plans.plans.find((p) => p.name === 'PRO');
  const order = await (
    await fetch(`${base}/subscriptions/subscribe`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ plan_id: pro.id, duration_months: 1 }),
    })
  ).json();
  const pay = await (
    await fetch(`${base}/payments/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ order_id: order.order_id }),
    })
  ).json();
  const session = pay.payment_url.split('/').pop();
  await fetch(`${base}/payments/sandbox/sessions/${session}/pay`, { method: 'POST' });
}

/**
 * The requests timed: name, path (or a function of the server's `context`: the user's id and
 * license key), who asks, and for a POST its JSON body (a function of `context` too).
 */
const REQUESTS = [
  ['admin users, page 1', '/admin/users', 'admin'],
  ['admin users search (user4242)', '/admin/users?search=user4242', 'admin'],
  ['admin users search (@example)', '/admin/users?search=%40example', 'admin'],
  ['admin users, page 5,000', '/admin/users?page=5000', 'admin'],
  ['admin users, suspended', '/admin/users?status=SUSPENDED', 'admin'],
  ['admin user', (c) => `/admin/users/${c.userId}`, 'admin'],
  ["admin user's license", (c) => `/admin/users/${c.userId}/license`, 'admin'],
  ['admin orders, page 1', '/admin/orders', 'admin'],
  ['admin orders search (user4242)', '/admin/orders?search=user4242', 'admin'],
  ['admin orders, completed, page 100', '/admin/orders?status=COMPLETED&page=100', 'admin'],
  ['admin orders, pending', '/admin/orders?status=PENDING', 'admin'],
  ['admin payment events', '/admin/payment-events', 'admin'],
  ['admin downloads', '/admin/downloads', 'admin'],
  ['admin releases', '/admin/releases', 'admin'],
  ['admin update adoption', '/admin/updates/adoption', 'admin'],
  ['admin API tokens', '/admin/api-tokens', 'admin'],
  ['admin outbox', '/admin/outbox', 'admin'],
  ['admin audit', '/admin/audit', 'admin'],
  ['admin plans', '/admin/plans', 'admin'],
  ['admin stats', '/admin/stats', 'admin'],
  ['admin stats daily', '/admin/stats/daily', 'admin'],
  ['admin health, 12 months', '/admin/stats/health', 'admin'],
  ['admin health, since 2020', '/admin/stats/health?from=2020-01-01', 'admin'],
  ['admin audit, by actor and action', '/admin/audit?actor=bench&action=user.status', 'admin'],
  ['GET /auth/me (a subscriber)', '/auth/me', 'user'],
  ["a user's orders", '/payments/orders', 'user'],
  ['my subscriptions', '/subscriptions/my-subscriptions', 'user'],
  ['download history', '/downloads/history', 'user'],
  ['GET /downloads/link', '/downloads/link', 'user'],
  ['my license', '/licenses/me', 'user'],
  ['my update feed', '/updates/me', 'user'],
  [
    'POST /licenses/validate (the program)',
    '/licenses/validate',
    'public',
    (c) => ({
      key: c.licenseKey,
      fingerprint: 'bench-device-0001',
      nonce: `n${Date.now()}${Math.random()}`,
    }),
  ],
];

/** Times each request `ROUNDS` times on each server, interleaving rounds. */
async function measure(servers) {
  const times = new Map();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, path, who, body] of REQUESTS) {
      for (const server of servers) {
        const url = typeof path === 'function' ? path(server.context) : path;
        const init = body
          ? {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body(server.context)),
            }
          : { headers: server.headers[who] };
        const t = performance.now();
        const res = await fetch(`${server.base}${url}`, init);
        await res.arrayBuffer();
        const ms = performance.now() - t;
        if (res.status !== 200) throw new Error(`${server.label} ${name}: ${res.status}`);
        const key = `${name}|${server.label}`;
        times.set(key, [...(times.get(key) ?? []), ms]);
      }
    }
  }
  const pct = (list, p) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  };
  console.log(
    `\n${'request'.padEnd(36)} ${'scale p50'.padStart(10)} ${'scale p95'.padStart(10)} ${'seed p50'.padStart(9)} ${'seed p95'.padStart(9)}  ratio p95`,
  );
  for (const [name] of REQUESTS) {
    const scale = times.get(`${name}|scale`);
    const seed = times.get(`${name}|seed`);
    const f = (v) => `${v.toFixed(1)} ms`.padStart(10);
    console.log(
      `${name.padEnd(36)} ${f(pct(scale, 50))} ${f(pct(scale, 95))} ${f(pct(seed, 50)).padStart(9)} ${f(pct(seed, 95)).padStart(9)}  ${(pct(scale, 95) / pct(seed, 95)).toFixed(1)}×`,
    );
  }
}

USER.email = await findSubscriber(values.url);
const anchor = await prepareAnchor(values.url);
const started = [];
try {
  const scale = await startServer(values.url);
  started.push(scale);
  const seed = await startServer(anchor.url);
  started.push(seed);
  await subscribeOnAnchor(seed.base);
  const servers = [];
  for (const [label, server] of [
    ['scale', scale],
    ['seed', seed],
  ]) {
    const headers = {
      admin: await signIn(server.base, ADMIN),
      user: await signIn(server.base, USER),
    };
    servers.push({
      label,
      base: server.base,
      headers,
      context: await userContext(server.base, headers.user),
    });
  }
  if (ROUNDS > 0) {
    console.log(`${ROUNDS} rounds, one request at a time, scale and seed servers interleaved`);
    await measure(servers);
  }
  if (values.explain) {
    const context = servers[0].context;
    const admin = REQUESTS.filter(([, , who, body]) => who === 'admin' && !body);
    await explainRequests(
      values.url,
      ADMIN,
      admin.map(([name, path]) => [name, typeof path === 'function' ? path(context) : path]),
    );
  }
} finally {
  for (const server of started) await server.stop();
  await anchor.drop();
}
