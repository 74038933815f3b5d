#!/usr/bin/env node
/**
 * A login flood against everyone else (README "Benchmarks"; docs/decisions/011):
 *   node bench/login-flood.mjs [--clients 20] [--seconds 10] [--rounds 3] [--url postgres://…]
 * Starts the built product (embedded database, or PostgreSQL at --url), then, round by round:
 *   1. idle: one client asks GET /api/v1/health back to back → p99 latency;
 *   2. flood: `--clients` connections POST /auth/login with a correct password as fast as they
 *      can (autocannon) while the same /health probe runs → /health p99, logins/s, 503s;
 *   3. anchor: argon2id verifications at the product's cost in this process, as many at once as
 *      the machine has cores, for the same time → the bare hashing rate.
 * Prints the median of the rounds: /health p99 flood / idle, and logins/s / bare hashes/s.
 * Figures only; no pass/fail. Run `npm run build` first.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { hash, verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { startProduct } from './lib/server.mjs';
import { fmt, median, percentile, printTable } from './lib/stats.mjs';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    url: { type: 'string' },
  },
});
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 };

/** Asks GET `url` one request at a time until `until()`; returns the latencies in ms. */
async function probe(url, until) {
  const times = [];
  while (!until()) {
    const t = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    times.push(performance.now() - t);
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
  const rows = { idle: [], flood: [], logins: [], busy: [], bare: [], bare1: [] };
  for (let round = 1; round <= ROUNDS; round += 1) {
    const idleEnd = performance.now() + SECONDS * 1000;
    rows.idle.push(percentile(await probe(health, () => performance.now() > idleEnd), 99));

    let flooding = true;
    const during = probe(health, () => !flooding);
    const flood = await autocannon({
      url: `${product.api}/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
      connections: CLIENTS,
      duration: SECONDS,
    });
    flooding = false;
    rows.flood.push(percentile(await during, 99));
    rows.logins.push(flood['2xx'] / SECONDS);
    rows.busy.push(flood.non2xx / SECONDS);

    rows.bare.push(await bareHashRate(os.availableParallelism(), SECONDS));
    rows.bare1.push(await bareHashRate(1, SECONDS));
    console.log(
      `round ${round}: /health p99 idle ${fmt(rows.idle.at(-1))} ms, flood ${fmt(rows.flood.at(-1))} ms; ` +
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
  await product.stop();
}
