/**
 * Prometheus metrics at `GET /metrics` (text exposition format; docs/observability.md), for many
 * instances behind a load balancer: each instance is scraped on its own.
 *
 * Every app has its own prom-client `Registry` (never the global one), so several apps built in
 * one process (tests) do not collide. Per request the cost is one `onResponse` hook and one
 * `histogram.observe` with the duration Fastify already measured (`reply.elapsedTime`): nothing
 * async, no timer of our own. Everything else (pool, hashing line, business figures) is read by
 * `collect()` callbacks when Prometheus scrapes; the business counters are added to by the
 * services (lib/metrics.ts), on the same registry (`ctx.metrics.registry`).
 *
 * `/metrics` sits at the root, outside /api/v1 and the contract's route table, like `/health`
 * endpoints of exporters: it is for the operator's scraper, not for API clients, and is hidden
 * from the OpenAPI document. With `METRICS_TOKEN` set it needs `Authorization: Bearer <token>`;
 * either way it should not be reachable from the public internet (deploy/nginx/flockr.conf).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, type Registry } from 'prom-client';
import type { AppContext } from '../context.js';
import { poolUse } from '../db/client.js';
import { METRICS_PREFIX } from '../lib/metrics.js';
import { registerJobMetrics } from '../jobs/metrics.js';
import { registerFigureMetrics } from '../modules/figures/metrics.js';
import { errorBody } from './errors.js';

/** Where the metrics are served (at the root, not under /api/v1). */
export const METRICS_PATH = '/metrics';

/** The `route` label of requests that matched no route (one value, so 404 scans add no series). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Bucket bounds of the request duration histogram, in seconds (Prometheus base unit): from 5 ms
 * (a request answered from memory) to 10 s (a large export or a slow upload).
 */
export const HTTP_DURATION_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const;

/** SHA-256 of a text: equal-length values for a constant-time comparison. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an `Authorization` header carries `Bearer <token>`, compared in constant time (both
 * sides hashed first, so neither the token's length nor its characters leak through timing).
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/**
 * Registers the metrics on `app`: the request duration histogram (`onResponse` hook, for every
 * route registered after this call, the not-found handler included), process metrics, the
 * database pool, the password-hashing line and the business figures, and the `GET /metrics`
 * route. `token` is METRICS_TOKEN (undefined: served to anyone who can reach it).
 */
export function registerMetrics(
  app: FastifyInstance,
  ctx: AppContext,
  token: string | undefined,
): void {
  const registry = ctx.metrics.registry;
  collectDefaultMetrics({ register: registry, prefix: METRICS_PREFIX });

  const requests = new Histogram({
    name: `${METRICS_PREFIX}http_request_duration_seconds`,
    help: 'Time from receiving a request to sending its answer, in seconds, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [...HTTP_DURATION_BUCKETS],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  registerPoolMetrics(registry, ctx);
  registerPasswordMetrics(registry, ctx);
  registerFigureMetrics(registry, ctx.db, ctx.log, METRICS_PREFIX);
  registerJobMetrics(registry, ctx);

  const expected = token;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (expected !== undefined && !bearerMatches(request.headers.authorization, expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .header('cache-control', 'no-store')
        .send(errorBody('authRequired'));
    }
    const text = await registry.metrics();
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(text);
  });
}

/**
 * PostgreSQL pool gauges (node-postgres `Pool`: totalCount, idleCount, waitingCount), read at
 * scrape time. Not registered on PGlite, which has one in-process connection and no pool.
 */
function registerPoolMetrics(registry: Registry, ctx: AppContext): void {
  if (!poolUse(ctx.db)) return;
  const gauge = (
    name: string,
    help: string,
    pick: (use: NonNullable<ReturnType<typeof poolUse>>) => number,
  ) =>
    new Gauge({
      name: `${METRICS_PREFIX}${name}`,
      help,
      registers: [registry],
      collect() {
        const use = poolUse(ctx.db);
        if (use) this.set(pick(use));
      },
    });
  gauge(
    'db_pool_connections',
    'Open PostgreSQL connections in the pool, idle or in use.',
    (u) => u.total,
  );
  gauge(
    'db_pool_idle_connections',
    'Open PostgreSQL connections waiting for a query.',
    (u) => u.idle,
  );
  gauge(
    'db_pool_waiting_queries',
    'Queries waiting for a pooled PostgreSQL connection (every connection busy).',
    (u) => u.waiting,
  );
}

/** Password-hashing line gauges (lib/password.ts): hashes running, hashes waiting, threads alive. */
function registerPasswordMetrics(registry: Registry, ctx: AppContext): void {
  const gauge = (name: string, help: string, pick: () => number) =>
    new Gauge({
      name: `${METRICS_PREFIX}${name}`,
      help,
      registers: [registry],
      collect() {
        this.set(pick());
      },
    });
  gauge(
    'password_hash_running',
    'Password hashes and checks running now.',
    () => ctx.passwords.load.running,
  );
  gauge(
    'password_hash_waiting',
    'Password hashes and checks waiting in line (past PASSWORD_HASH_QUEUE_LIMIT callers get 503).',
    () => ctx.passwords.load.waiting,
  );
  gauge(
    'password_hash_threads',
    'Password-hashing worker threads alive now.',
    () => ctx.passwords.threadCount,
  );
}
