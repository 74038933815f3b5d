#!/usr/bin/env node
/**
 * Requests per second of the product against a bare Fastify server sending the same JSON, on the
 * same machine in the same run (README "Benchmarks"; docs/benchmarks.md):
 *   node bench/throughput.mjs [--seconds 10] [--connections 100] [--rounds 3] [--url postgres://…]
 * Starts the built product (embedded database, or PostgreSQL at --url) and two anchors
 * (bench/anchors/bare-fastify.mjs) with the answers the product gave: one sends the same answer
 * (body and headers: the security headers, Cache-Control, ETag, Vary), the other the same body
 * with Fastify's own headers only. For each path it runs autocannon against the product and each
 * anchor in turn, round by round, and prints the median req/s and both ratios: `ours / same
 * answer` is what the code costs, `ours / bare` adds what the headers cost to send and read. Paths: /health, GET /subscriptions/plans, GET /changelog, GET /auth/me
 * (a subscribed user's token; the anchor gets the same request and sends the same body without
 * checking anything).
 * Figures only; no pass/fail. Run `npm run build` first.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuMs, startBareFastify, startProduct, subscribedUser } from './lib/server.mjs';
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

/**
 * req/s of GET `path` on `server` ({ url, pid }) with `headers` (autocannon), and the server's CPU
 * time per request in microseconds; throws when any answer is not 2xx.
 */
async function rate(server, path, headers = {}) {
  const url = `${server.url}${path}`;
  const cpuBefore = cpuMs(server.pid);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  const cpu = cpuMs(server.pid) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average, cpuUs: (cpu * 1000) / result.requests.total };
}

const product = await startProduct(values.url ? { DATABASE_URL: values.url } : {});
/** Headers of an answer that the anchor's own HTTP stack sets (or that name this one answer). */
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'transfer-encoding',
]);

let same;
let bare;
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
    const answerHeaders = Object.fromEntries(
      [...res.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)),
    );
    answers[p] = { body: await res.text(), headers: answerHeaders };
  }
  same = await startBareFastify(answers, { sameHeaders: true });
  bare = await startBareFastify(answers);
  const results = Object.fromEntries(paths.map(([p]) => [p, { ours: [], same: [], bare: [] }]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [p, headers] of paths) {
      // The same request (headers included) to all three: only the answering differs.
      results[p].ours.push(await rate(product, p, headers));
      results[p].same.push(await rate(same, p, headers));
      results[p].bare.push(await rate(bare, p, headers));
      const [ours, sameAnswer, bareAnswer] = ['ours', 'same', 'bare'].map((k) =>
        results[p][k].at(-1),
      );
      console.log(
        `round ${round} ${p}: ours ${fmt(ours.rps, 0)} req/s ${fmt(ours.cpuUs)} µs CPU/request, ` +
          `same answer ${fmt(sameAnswer.rps, 0)} ${fmt(sameAnswer.cpuUs)} µs, ` +
          `bare Fastify ${fmt(bareAnswer.rps, 0)} ${fmt(bareAnswer.cpuUs)} µs`,
      );
    }
  }
  console.log(
    `\nmedian of ${ROUNDS} rounds, ${CONNECTIONS} connections, ${SECONDS} s each, ${values.url ? 'PostgreSQL' : 'embedded database'}\n`,
  );
  const of = (p, k, field) => median(results[p][k].map((r) => r[field]));
  printTable(
    ['GET', 'ours req/s', 'same answer req/s', 'bare req/s', 'ours / same answer', 'ours / bare'],
    paths.map(([p]) => {
      const [ours, sameRate, bareRate] = ['ours', 'same', 'bare'].map((k) => of(p, k, 'rps'));
      return [
        p,
        fmt(ours, 0),
        fmt(sameRate, 0),
        fmt(bareRate, 0),
        fmt(ours / sameRate, 2),
        fmt(ours / bareRate, 2),
      ];
    }),
  );
  console.log(
    '\nServer CPU time per request (user + system, µs; less depends on the load generator sharing the cores):\n',
  );
  printTable(
    ['GET', 'ours µs', 'same answer µs', 'bare µs', 'same answer / ours', 'bare / ours'],
    paths.map(([p]) => {
      const [ours, sameCpu, bareCpu] = ['ours', 'same', 'bare'].map((k) => of(p, k, 'cpuUs'));
      return [
        p,
        fmt(ours),
        fmt(sameCpu),
        fmt(bareCpu),
        fmt(sameCpu / ours, 2),
        fmt(bareCpu / ours, 2),
      ];
    }),
  );
} finally {
  await same?.stop();
  await bare?.stop();
  await product.stop();
}
