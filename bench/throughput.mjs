#!/usr/bin/env node
/**
 * Requests per second of the product against a bare Fastify server sending the same JSON, on the
 * same machine in the same run (README "Benchmarks"; docs/benchmarks.md):
 *   node bench/throughput.mjs [--seconds 5] [--connections 100] [--rounds 5] [--url postgres://…]
 *                             [--log-level info [--access-log all]] [--anchor DIR]
 * `--anchor DIR`: also starts the build of another checkout (DIR, built with `npm run build`:
 * e.g. `git worktree add /tmp/before <commit>` then a build there) on a database of its own, and
 * adds it to every round as `earlier build`, with the ratio `ours / earlier build`: a change's
 * cost or gain, measured in the same run on the same machine.
 * `--rate N`: every run sends N requests per second in all (autocannon's `overallRate`) instead
 * of as many as the server takes, and the tables add the latency clients see at that load
 * (median and p99, ms): what a visitor feels when an instance is busy but not saturated.
 * Starts the built product (embedded database, or PostgreSQL at --url) and two anchors
 * (bench/anchors/bare-fastify.mjs) with the answers the product gave: one sends the same answer
 * (body and headers: the security headers, Cache-Control, ETag, Vary), the other the same body
 * with Fastify's own headers only. After a warm-up second each, for each path it runs autocannon
 * against the product and each anchor in turn (who goes first turns round by round), and prints
 * the median req/s and both ratios, each the median of the rounds' own ratios: on a shared
 * machine whose speed drifts, three measurements seconds apart compare better than medians
 * taken apart. `ours / same answer` is what the code costs, `ours / bare` adds what the headers
 * cost to send and read. Paths: /health, GET /subscriptions/plans, GET /changelog, GET /auth/me
 * (a subscribed user's token; the anchor gets the same request and sends the same body without
 * checking anything).
 * The product logs nothing by default (LOG_LEVEL=silent); `--log-level info` runs it as
 * `npm start` does, its log lines going to a file in the temporary folder (removed after), and
 * the same-answer anchor then logs too, its access-log line at the level the product's rule
 * gives (plugins/access-log.ts: at `info`, no line for these fast good reads unless
 * `--access-log all`, the product's ACCESS_LOG) with Fastify's own serializers, to a file of its
 * own: `ours / same answer` compares the product with a bare Fastify doing the same work,
 * logging included; `ours / bare` stays against a server that logs nothing.
 * Figures only; no pass/fail. Run `npm run build` first.
 */
import { rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuMs, startBareFastify, startProduct, subscribedUser } from './lib/server.mjs';
import { fmt, median, printTable } from './lib/stats.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '5' },
    url: { type: 'string' },
    'log-level': { type: 'string', default: 'silent' },
    'access-log': { type: 'string', default: 'notable' },
    anchor: { type: 'string' },
    rate: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const ROUNDS = Number(values.rounds);
/** Requests per second in all for each run (`--rate`), or undefined: as fast as it goes. */
const RATE = values.rate === undefined ? undefined : Number(values.rate);

/**
 * req/s of GET `path` on `server` ({ url, pid }) with `headers` (autocannon), and the server's CPU
 * time per request in microseconds, and the latency's median and p99 in milliseconds; throws
 * when any answer is not 2xx. With `--rate`, at that many requests per second in all.
 */
async function rate(server, path, headers = {}) {
  const url = `${server.url}${path}`;
  const cpuBefore = cpuMs(server.pid);
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(RATE && { overallRate: RATE }),
  });
  const cpu = cpuMs(server.pid) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return {
    rps: result.requests.average,
    cpuUs: (cpu * 1000) / result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

const LOG_LEVEL = values['log-level'];
/** The product's ACCESS_LOG, which the same-answer anchor follows too (it reads the env). */
process.env.ACCESS_LOG = values['access-log'];
const logFile =
  LOG_LEVEL === 'silent' ? undefined : path.join(os.tmpdir(), `flockr-bench-${process.pid}.log`);
/** Where the same-answer anchor logs when the product does. */
const anchorLogFile = logFile && `${logFile}.anchor`;
const product = await startProduct(
  { LOG_LEVEL, ...(values.url && { DATABASE_URL: values.url }) },
  { logFile },
);
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
let earlier;
try {
  const auth = await subscribedUser(product.api);
  if (values.anchor) {
    earlier = await startProduct(
      { LOG_LEVEL, ...(values.url && { DATABASE_URL: values.url }) },
      { serverJs: path.resolve(values.anchor, 'apps/api/dist/server.js') },
    );
  }
  /** The earlier build's own subscribed user (its database is its own), for /auth/me. */
  const earlierAuth = earlier && (await subscribedUser(earlier.api));
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
  same = await startBareFastify(answers, {
    sameHeaders: true,
    logFile: anchorLogFile,
    logLevel: LOG_LEVEL,
  });
  bare = await startBareFastify(answers);
  const servers = { ours: product, same, bare, ...(earlier && { earlier }) };
  const order = Object.keys(servers);
  const results = Object.fromEntries(
    paths.map(([p]) => [p, Object.fromEntries(order.map((k) => [k, []]))]),
  );
  /** The request headers for `server` (`k`): the earlier build signs in its own user. */
  const headersFor = (k, p, headers) =>
    k === 'earlier' && p === '/api/v1/auth/me' ? earlierAuth : headers;
  for (const [p, headers] of paths) {
    for (const [k, server] of Object.entries(servers)) {
      await autocannon({
        url: `${server.url}${p}`,
        headers: headersFor(k, p, headers),
        connections: CONNECTIONS,
        duration: 1,
      });
    }
  }
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [p, headers] of paths) {
      // The same request (headers included) to all three, one after the other: only the
      // answering differs. Who goes first turns round by round, so none is always the one
      // measured on a freshly idle machine (or right after a busy one).
      for (let i = 0; i < order.length; i += 1) {
        const k = order[(round - 1 + i) % order.length];
        results[p][k].push(await rate(servers[k], p, headersFor(k, p, headers)));
      }
      const [ours, sameAnswer, bareAnswer, earlierAnswer] = order.map((k) => results[p][k].at(-1));
      console.log(
        `round ${round} ${p}: ours ${fmt(ours.rps, 0)} req/s ${fmt(ours.cpuUs)} µs CPU/request, ` +
          (earlierAnswer
            ? `earlier build ${fmt(earlierAnswer.rps, 0)} ${fmt(earlierAnswer.cpuUs)} µs, `
            : '') +
          `same answer ${fmt(sameAnswer.rps, 0)} ${fmt(sameAnswer.cpuUs)} µs, ` +
          `bare Fastify ${fmt(bareAnswer.rps, 0)} ${fmt(bareAnswer.cpuUs)} µs ` +
          `(ours / bare ${fmt(ours.rps / bareAnswer.rps, 2)})`,
      );
    }
  }
  console.log(
    `\nmedian of ${ROUNDS} rounds, ${CONNECTIONS} connections, ${SECONDS} s each, ${values.url ? 'PostgreSQL' : 'embedded database'}` +
      (RATE ? `, ${RATE} requests per second in all;` : ';') +
      "\nthe ratios are the median of each round's own ratio (three measurements a few seconds apart)," +
      '\nwith the lowest and highest round in brackets' +
      (logFile
        ? `;\nthe product and the same-answer anchor log at ${LOG_LEVEL} (ACCESS_LOG=${process.env.ACCESS_LOG}); bare Fastify logs nothing\n`
        : '\n'),
  );
  const of = (p, k, field) => median(results[p][k].map((r) => r[field]));
  /** Median, lowest and highest over the rounds of `a`'s `field` / `b`'s, as text. */
  const ratio = (p, a, b, field) => {
    const each = results[p][a].map((r, i) => r[field] / results[p][b][i][field]);
    return `${fmt(median(each), 2)} [${fmt(Math.min(...each), 2)}–${fmt(Math.max(...each), 2)}]`;
  };
  if (earlier) {
    console.log(`ours against the earlier build at ${values.anchor}:\n`);
    printTable(
      [
        'GET',
        'ours req/s',
        'earlier req/s',
        'ours / earlier',
        'ours µs CPU',
        'earlier µs CPU',
        ...(RATE ? ['ours p50 / p99 ms', 'earlier p50 / p99 ms'] : []),
      ],
      paths.map(([p]) => [
        p,
        fmt(of(p, 'ours', 'rps'), 0),
        fmt(of(p, 'earlier', 'rps'), 0),
        ratio(p, 'ours', 'earlier', 'rps'),
        fmt(of(p, 'ours', 'cpuUs')),
        fmt(of(p, 'earlier', 'cpuUs')),
        ...(RATE
          ? ['ours', 'earlier'].map((k) => `${fmt(of(p, k, 'p50'))} / ${fmt(of(p, k, 'p99'))}`)
          : []),
      ]),
    );
    console.log('');
  }
  printTable(
    ['GET', 'ours req/s', 'same answer req/s', 'bare req/s', 'ours / same answer', 'ours / bare'],
    paths.map(([p]) => {
      const [ours, sameRate, bareRate] = order.map((k) => of(p, k, 'rps'));
      return [
        p,
        fmt(ours, 0),
        fmt(sameRate, 0),
        fmt(bareRate, 0),
        ratio(p, 'ours', 'same', 'rps'),
        ratio(p, 'ours', 'bare', 'rps'),
      ];
    }),
  );
  console.log(
    '\nServer CPU time per request (user + system, µs; less depends on the load generator sharing the cores):\n',
  );
  printTable(
    ['GET', 'ours µs', 'same answer µs', 'bare µs', 'same answer / ours', 'bare / ours'],
    paths.map(([p]) => {
      const [ours, sameCpu, bareCpu] = order.map((k) => of(p, k, 'cpuUs'));
      return [
        p,
        fmt(ours),
        fmt(sameCpu),
        fmt(bareCpu),
        ratio(p, 'same', 'ours', 'cpuUs'),
        ratio(p, 'bare', 'ours', 'cpuUs'),
      ];
    }),
  );
} finally {
  await same?.stop();
  await bare?.stop();
  await earlier?.stop();
  await product.stop();
  if (logFile) {
    const mib = (file) => fmt(statSync(file, { throwIfNoEntry: false })?.size / 2 ** 20 || 0);
    console.log(
      `log level ${LOG_LEVEL}: ${mib(logFile)} MiB of log lines, ` +
        `the same-answer anchor ${mib(anchorLogFile)} MiB`,
    );
    rmSync(logFile, { force: true });
    rmSync(anchorLogFile, { force: true });
  }
}
