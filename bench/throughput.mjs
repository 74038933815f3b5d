#!/usr/bin/env node
/**
 * Requests per second of the product against a bare Fastify server sending the same JSON, on the
 * same machine in the same run (README "Benchmarks"):
 *   node bench/throughput.mjs [--seconds 10] [--connections 100] [--rounds 3] [--url postgres://…]
 * Starts the built product (embedded database, or PostgreSQL at --url) and the anchor
 * (bench/anchors/bare-fastify.mjs) with the bodies the product answered, then for each path runs
 * autocannon against one and the other in turn, round by round, and prints the median req/s of
 * both and their ratio. Paths: /health, GET /subscriptions/plans, GET /changelog, GET /auth/me
 * (a subscribed user's token; the anchor gets the same request and sends the same body without
 * checking anything).
 * Figures only; no pass/fail. Run `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, startProduct, subscribedUser } from './lib/server.mjs';
import { fmt, median, printTable } from './lib/stats.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '3' },
    url: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const ROUNDS = Number(values.rounds);

/** Starts the anchor with `answers`; resolves with its base URL and a stop function. */
async function startAnchor(answers) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'flockr-anchor-'));
  const file = path.join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'anchors/bare-fastify.mjs'), file],
    {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`anchor exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** req/s of GET `url` with `headers` (autocannon); throws when any answer is not 2xx. */
async function rate(url, headers = {}) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return result.requests.average;
}

const product = await startProduct(values.url ? { DATABASE_URL: values.url } : {});
let anchor;
try {
  const auth = await subscribedUser(product.api);
  const paths = [
    ['/api/v1/health', {}],
    ['/api/v1/subscriptions/plans', {}],
    ['/api/v1/changelog', {}],
    ['/api/v1/auth/me', auth],
  ];
  const answers = {};
  for (const [p, headers] of paths) {
    const res = await fetch(`${product.url}${p}`, { headers });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    answers[p] = await res.text();
  }
  anchor = await startAnchor(answers);
  const results = Object.fromEntries(paths.map(([p]) => [p, { ours: [], anchor: [] }]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [p, headers] of paths) {
      results[p].ours.push(await rate(`${product.url}${p}`, headers));
      // The same request (headers included) to both: only the answering differs.
      results[p].anchor.push(await rate(`${anchor.url}${p}`, headers));
      console.log(
        `round ${round} ${p}: ours ${fmt(results[p].ours.at(-1), 0)} req/s, bare Fastify ${fmt(results[p].anchor.at(-1), 0)} req/s`,
      );
    }
  }
  console.log(
    `\nmedian of ${ROUNDS} rounds, ${CONNECTIONS} connections, ${SECONDS} s each, ${values.url ? 'PostgreSQL' : 'embedded database'}\n`,
  );
  printTable(
    ['GET', 'ours req/s', 'bare Fastify req/s', 'ours / anchor'],
    paths.map(([p]) => {
      const ours = median(results[p].ours);
      const bare = median(results[p].anchor);
      return [p, fmt(ours, 0), fmt(bare, 0), fmt(ours / bare, 2)];
    }),
  );
} finally {
  await anchor?.stop();
  await product.stop();
}
