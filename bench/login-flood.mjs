#!/usr/bin/env node
/**
 * A login flood against everyone else (README "Benchmarks"; docs/decisions/011):
 *   node bench/login-flood.mjs [--clients 20] [--seconds 10] [--rounds 3] [--probe-ms 10]
 *                              [--hash-threads N] [--url postgres://…]
 * Starts the built product (embedded database, or PostgreSQL at --url), then, round by round:
 *   1. idle: one client asks GET /api/v1/health every `--probe-ms` milliseconds (everyone else's
 *      steady traffic; a probe asking back to back would itself take a core from the hashing),
 *      of the product and of a bare Fastify server (bench/anchors/bare-fastify.mjs) in turn
 *      → p99 latency of each;
 *   2. flood: `--clients` connections POST /auth/login with a correct password as fast as they
 *      can (autocannon in a worker thread of its own: the attacker does not share the probing
 *      client's event loop) while the same probes run → /health p99 of both, logins/s, 503s,
 *      and the product's main-thread CPU time per sign-in;
 *   3. anchor: argon2id verifications at the product's cost in this process, as many at once as
 *      the machine has cores, then as many as the product hashes at once, for the same time →
 *      the bare hashing rates.
 * Prints the p99 of all rounds' probes together (one per round has too few samples to be
 * steady) and the median of the rounds for the rest: /health p99 flood / idle, the same for the bare server (what
 * the flood costs any process on this machine, load generator and database included), and
 * logins/s / bare hashes/s.
 * Figures only; no pass/fail. Run `npm run build` first.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { hash, verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { DEFAULT_HASH_CONCURRENCY, OWASP_ARGON2ID } from '../apps/api/dist/lib/password.js';
import { cpuMs, startBareFastify, startProduct } from './lib/server.mjs';
import { fmt, median, percentile, printTable } from './lib/stats.mjs';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    'probe-ms': { type: 'string', default: '10' },
    /** PASSWORD_HASH_CONCURRENCY of the product (default: the product's own, cores − 1). */
    'hash-threads': { type: 'string' },
    url: { type: 'string' },
  },
});
const PROBE_MS = Number(values['probe-ms']);
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
/** The product's argon2id cost (lib/password.ts), as @node-rs/argon2 takes it. */
const COST = {
  memoryCost: OWASP_ARGON2ID.memoryKiB,
  timeCost: OWASP_ARGON2ID.timeCost,
  parallelism: 1,
  algorithm: 2,
};
/** Hashing threads of the product: --hash-threads, or its default (lib/password.ts). */
const HASH_THREADS = Number(values['hash-threads'] ?? DEFAULT_HASH_CONCURRENCY);

/**
 * Asks GET of each of `urls`, each on its own schedule of one request every PROBE_MS
 * milliseconds (the next one waits for the answer if it is late), until `until()`; returns the
 * latencies in ms, one list per URL.
 */
function probe(urls, until) {
  return Promise.all(
    urls.map(async (url) => {
      const times = [];
      let next = performance.now();
      while (!until()) {
        const t = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        times.push(performance.now() - t);
        next += PROBE_MS;
        const wait = next - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      return times;
    }),
  );
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

const product = await startProduct({
  ...(values.url ? { DATABASE_URL: values.url } : {}),
  PASSWORD_HASH_CONCURRENCY: String(HASH_THREADS),
});
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
  /** Every probe's latency (ms), all rounds together: a p99 of a few thousand, not of hundreds. */
  const probes = { idle: [], flood: [], anchorIdle: [], anchorFlood: [] };
  const rows = {
    logins: [],
    busy: [],
    bare: [],
    bareOwn: [],
    mainMs: [],
  };
  for (let round = 1; round <= ROUNDS; round += 1) {
    const idleEnd = performance.now() + SECONDS * 1000;
    const [idle, anchorIdle] = await probe(probed, () => performance.now() > idleEnd);
    probes.idle.push(...idle);
    probes.anchorIdle.push(...anchorIdle);

    let flooding = true;
    const during = probe(probed, () => !flooding);
    const mainBefore = cpuMs(product.pid, { mainThread: true });
    const flood = await autocannon({
      workers: 1,
      url: `${product.api}/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
      connections: CLIENTS,
      duration: SECONDS,
    });
    flooding = false;
    const [flooded, anchorFlooded] = await during;
    probes.flood.push(...flooded);
    probes.anchorFlood.push(...anchorFlooded);
    rows.logins.push(flood['2xx'] / SECONDS);
    rows.busy.push(flood.non2xx / SECONDS);
    rows.mainMs.push((cpuMs(product.pid, { mainThread: true }) - mainBefore) / flood['2xx']);

    rows.bare.push(await bareHashRate(os.availableParallelism(), SECONDS));
    rows.bareOwn.push(await bareHashRate(HASH_THREADS, SECONDS));
    console.log(
      `round ${round}: /health p99 idle ${fmt(percentile(idle, 99))} ms, flood ${fmt(percentile(flooded, 99))} ms ` +
        `(bare Fastify ${fmt(percentile(anchorIdle, 99))} ms, ${fmt(percentile(anchorFlooded, 99))} ms); ` +
        `logins ${fmt(rows.logins.at(-1))}/s (refused ${fmt(rows.busy.at(-1))}/s, ` +
        `${fmt(rows.mainMs.at(-1), 2)} ms of main thread each); ` +
        `bare ${fmt(rows.bare.at(-1))}/s on ${os.availableParallelism()} threads, ${fmt(rows.bareOwn.at(-1))}/s on ${HASH_THREADS}`,
    );
  }
  const m = {
    ...Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, median(v)])),
    ...Object.fromEntries(Object.entries(probes).map(([k, v]) => [k, percentile(v, 99)])),
  };
  console.log(
    `\np99 of every round's probes together (${probes.flood.length} during the floods), ` +
      `the rest the median of ${ROUNDS} rounds, ${CLIENTS} clients, ${SECONDS} s each, ${os.availableParallelism()} cores, ` +
      `${HASH_THREADS} hashing threads\n`,
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
        `logins/s vs bare argon2id verifies/s, ${HASH_THREADS} thread(s) as the product`,
        fmt(m.logins),
        fmt(m.bareOwn),
        fmt(m.logins / m.bareOwn, 2),
      ],
      ['logins refused with 503 per second', fmt(m.busy), '', ''],
      ['main-thread CPU per sign-in (ms; the probes included)', fmt(m.mainMs, 2), '', ''],
    ],
  );
} finally {
  await anchor?.stop();
  await product.stop();
}
