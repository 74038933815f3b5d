#!/usr/bin/env node
/**
 * A login flood against everyone else (README "Benchmarks"; docs/decisions/011):
 *   node bench/login-flood.mjs [--clients 20] [--seconds 10] [--rounds 3] [--probe-ms 10]
 *                              [--url postgres://…]
 * Starts the built product (embedded database, or PostgreSQL at --url), then, round by round:
 *   1. idle: one client asks GET /api/v1/health every `--probe-ms` milliseconds (everyone else's
 *      steady traffic; a probe asking back to back would itself take a core from the hashing),
 *      of the product and of a bare Fastify server (bench/anchors/bare-fastify.mjs) in turn
 *      → p99 latency of each;
 *   2. flood: `--clients` connections POST /auth/login with a correct password as fast as they
 *      can (autocannon) while the same probes run → /health p99 of both, logins/s, 503s;
 *   3. anchor: argon2id verifications at the product's cost in this process, as many at once as
 *      the machine has cores, for the same time → the bare hashing rate.
 * Prints the median of the rounds: /health p99 flood / idle, the same for the bare server (what
 * the flood costs any process on this machine, load generator and database included), and
 * logins/s / bare hashes/s.
 * Figures only; no pass/fail. Run `npm run build` first.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { hash, verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { startBareFastify, startProduct } from './lib/server.mjs';
import { fmt, median, percentile, printTable } from './lib/stats.mjs';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    'probe-ms': { type: 'string', default: '10' },
    url: { type: 'string' },
  },
});
const PROBE_MS = Number(values['probe-ms']);
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 };

/**
 * Asks GET of each of `urls` in turn, one every PROBE_MS milliseconds (the next one waits for the
 * answer if it is late), until `until()`; returns the latencies in ms, one list per URL.
 */
async function probe(urls, until) {
  const times = urls.map(() => []);
  let next = performance.now();
  for (let i = 0; !until(); i += 1) {
    const t = performance.now();
    const res = await fetch(urls[i % urls.length]);
    await res.arrayBuffer();
    times[i % urls.length].push(performance.now() - t);
    next += PROBE_MS;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return times;
}

/** argon2id verifications per second with `parallel` at once, for `seconds`. */
async function bareHashRate(parallel, seconds) {
  const stored = await hash('Bench!Passw0rd', COST);
  let done = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (performance.now() < end) {
        await verify(stored, 'Bench!Passw0rd');
        done += 1;
      }
    }),
  );
  return done / seconds;
}

const product = await startProduct(values.url ? { DATABASE_URL: values.url } : {});
let anchor;
try {
  const user = {
    username: `flood${Date.now()}`,
    email: `flood${Date.now()}@example.com`,
    password: 'Bench!Passw0rd',
  };
  const reg = await fetch(`${product.api}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const health = `${product.api}/health`;
  const answer = await fetch(health);
  anchor = await startBareFastify({
    '/api/v1/health': { body: await answer.text(), headers: {} },
  });
  const probed = [health, `${anchor.url}/api/v1/health`];
  const rows = {
    idle: [],
    flood: [],
    anchorIdle: [],
    anchorFlood: [],
    logins: [],
    busy: [],
    bare: [],
    bare1: [],
  };
  for (let round = 1; round <= ROUNDS; round += 1) {
    const idleEnd = performance.now() + SECONDS * 1000;
    const [idle, anchorIdle] = await probe(probed, () => performance.now() > idleEnd);
    rows.idle.push(percentile(idle, 99));
    rows.anchorIdle.push(percentile(anchorIdle, 99));

    let flooding = true;
    const during = probe(probed, () => !flooding);
    const flood = await autocannon({
      url: `${product.api}/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
      connections: CLIENTS,
      duration: SECONDS,
    });
    flooding = false;
    const [flooded, anchorFlooded] = await during;
    rows.flood.push(percentile(flooded, 99));
    rows.anchorFlood.push(percentile(anchorFlooded, 99));
    rows.logins.push(flood['2xx'] / SECONDS);
    rows.busy.push(flood.non2xx / SECONDS);

    rows.bare.push(await bareHashRate(os.availableParallelism(), SECONDS));
    rows.bare1.push(await bareHashRate(1, SECONDS));
    console.log(
      `round ${round}: /health p99 idle ${fmt(rows.idle.at(-1))} ms, flood ${fmt(rows.flood.at(-1))} ms ` +
        `(bare Fastify ${fmt(rows.anchorIdle.at(-1))} ms, ${fmt(rows.anchorFlood.at(-1))} ms); ` +
        `logins ${fmt(rows.logins.at(-1))}/s (refused ${fmt(rows.busy.at(-1))}/s); ` +
        `bare ${fmt(rows.bare.at(-1))}/s on ${os.availableParallelism()} threads, ${fmt(rows.bare1.at(-1))}/s on 1`,
    );
  }
  const m = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, median(v)]));
  console.log(
    `\nmedian of ${ROUNDS} rounds, ${CLIENTS} clients, ${SECONDS} s each, ${os.availableParallelism()} cores\n`,
  );
  printTable(
    ['figure', 'ours', 'anchor', 'ours / anchor'],
    [
      [
        '/health p99 during flood vs idle (ms)',
        fmt(m.flood),
        fmt(m.idle),
        fmt(m.flood / m.idle, 2),
      ],
      [
        'the same for a bare Fastify beside it (ms)',
        fmt(m.anchorFlood),
        fmt(m.anchorIdle),
        fmt(m.anchorFlood / m.anchorIdle, 2),
      ],
      [
        '/health p99 during flood, ours vs bare Fastify (ms)',
        fmt(m.flood),
        fmt(m.anchorFlood),
        fmt(m.flood / m.anchorFlood, 2),
      ],
      [
        'logins/s vs bare argon2id verifies/s, all cores',
        fmt(m.logins),
        fmt(m.bare),
        fmt(m.logins / m.bare, 2),
      ],
      [
        'logins/s vs bare argon2id verifies/s, 1 thread',
        fmt(m.logins),
        fmt(m.bare1),
        fmt(m.logins / m.bare1, 2),
      ],
      ['logins refused with 503 per second', fmt(m.busy), '', ''],
    ],
  );
} finally {
  await anchor?.stop();
  await product.stop();
}
