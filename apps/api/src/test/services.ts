/**
 * Outside services some API tests need (today: Redis). A test file probes the service once, at
 * load, and passes the answer to `describe(name, needs(service), …)`: when the service is not
 * there, the group is skipped and carries the reason in its `meta.skipReason`, which Vitest's
 * JSON report keeps and scripts/test-all.mjs prints in its summary. This works the same under
 * `npm test` and under a plain `npx vitest` in apps/api.
 */
import { Redis } from 'ioredis';
import type { TestOptions } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** Why a skipped test or group did not run (set by `needs`). */
    skipReason?: string;
  }
}

/** Whether a service answered, where, and if not, why. */
export interface ServiceCheck {
  available: boolean;
  /** Where the service was looked for (password hidden). */
  where: string;
  /** Why it is unavailable; empty when available. */
  reason: string;
}

/** The Redis the tests use: TEST_REDIS_URL, or the local default when unset or empty. */
export const testRedisUrl = (): string => process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** `url` with any password replaced by `***`, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

/**
 * Connects to Redis at `url` and sends PING, giving up after about `timeoutMs`. Resolves (never
 * rejects) with whether it answered and, if not, a one-line reason.
 */
export async function probeRedis(url = testRedisUrl(), timeoutMs = 1_000): Promise<ServiceCheck> {
  const where = redactUrl(url);
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let cause: Error | undefined; // ioredis rejects with "Connection is closed."; this says why
  client.on('error', (error: Error) => (cause ??= error));
  let timer: NodeJS.Timeout | undefined;
  try {
    const gaveUp = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    await Promise.race([client.connect().then(() => client.ping()), gaveUp]);
    return { available: true, where, reason: '' };
  } catch (error) {
    const detail = cause?.message ?? (error instanceof Error ? error.message : String(error));
    return { available: false, where, reason: `Redis not reachable at ${where}: ${detail}` };
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/**
 * Options for `describe`/`it` that skip the group unless every service in `checks` is
 * available, recording the reasons in `meta.skipReason`.
 */
export function needs(...checks: ServiceCheck[]): TestOptions {
  const missing = checks.filter((c) => !c.available).map((c) => c.reason);
  return missing.length > 0 ? { skip: true, meta: { skipReason: missing.join('; ') } } : {};
}
