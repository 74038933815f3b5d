/**
 * Readiness for load balancers (docs/operations.md, "Readiness, draining and outages").
 * `GET /health` is liveness: the process answers, nothing else is checked. `GET /ready` says
 * whether this instance should get traffic: the database answers `select 1`, Redis (when
 * REDIS_URL is set) answers PING, the object store (when S3_BUCKET is set) answers HeadBucket,
 * each within READINESS_TIMEOUT_MS, and the instance is not draining. Otherwise it answers 503
 * with the failing check marked `failed` and Retry-After.
 */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import { pingDatabase, type Executor } from '../db/client.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from './errors.js';
import { route } from './route.js';

/** How long each readiness check may take before it counts as failed, in milliseconds. */
export const READINESS_TIMEOUT_MS = 1_000;

/** Whether the instance is draining: set once by server.ts on the first SIGTERM, never unset. */
export interface Readiness {
  /** True once {@link Readiness.drain} ran: `GET /ready` answers 503 from then on. */
  readonly draining: boolean;
  /** Starts draining (the SIGTERM sequence in server.ts, docs/operations.md). */
  drain(): void;
}

/** A readiness state that is not draining yet. */
export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}

/** Resolves 'ok' when `check` settles within READINESS_TIMEOUT_MS, 'failed' otherwise. */
async function outcome(check: () => Promise<void>): Promise<'ok' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'failed'>((resolve) => {
    timer = setTimeout(() => resolve('failed'), READINESS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().then(
        () => 'ok' as const,
        () => 'failed' as const,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Registers `GET /ready` on `api` (the /api/v1 scope).
 * @param deps the database, Redis's PING (undefined without REDIS_URL), the object store's
 * HeadBucket (undefined without S3_BUCKET; given the timeout in milliseconds) and the draining
 * state.
 */
export function readinessRoute(
  api: FastifyInstance,
  deps: {
    db: Executor;
    pingRedis: (() => Promise<void>) | undefined;
    pingObjectStore: ((timeoutMs: number) => Promise<void>) | undefined;
    readiness: Readiness;
  },
): void {
  route(
    api,
    API.system.ready,
    async (_input, reply) => {
      const { pingRedis, pingObjectStore } = deps;
      const [database, redis, objectStore] = await Promise.all([
        outcome(() => pingDatabase(deps.db, READINESS_TIMEOUT_MS)),
        pingRedis ? outcome(pingRedis) : ('not configured' as const),
        pingObjectStore
          ? outcome(() => pingObjectStore(READINESS_TIMEOUT_MS))
          : ('not configured' as const),
      ]);
      const draining = deps.readiness.draining;
      const ready =
        !draining && database === 'ok' && redis !== 'failed' && objectStore !== 'failed';
      const body = { ready, draining, checks: { database, redis, object_store: objectStore } };
      if (ready) return body;
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send(body);
    },
    { compress: false },
  );
}
