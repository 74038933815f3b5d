/**
 * Brute-force and abuse limits (OWASP ASVS V6.3) with @fastify/rate-limit. Counters live
 * in Redis when REDIS_URL is set, so every server instance shares them; otherwise in memory.
 * Exceeding a limit answers 429 'Too many requests. Please try again later' with Retry-After.
 *
 * While Redis cannot be reached, each limit is counted in this instance's memory instead
 * (per-instance limits, a warning logged once per outage), and a Redis command fails within
 * REDIS_COMMAND_TIMEOUT_MS rather than waiting in a queue (docs/operations.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config.js';
import { HttpError } from '../lib/http-error.js';
import type { AppMetrics } from '../lib/metrics.js';

/** A preHandler that counts the request under a key and refuses it past the limit. */
type Limiter = (request: FastifyRequest) => Promise<void>;

export interface Limiters {
  /** Login attempts per client address. */
  loginPerIp: Limiter;
  /** Login attempts per account (the email tried), whichever address they come from. */
  loginPerAccount: Limiter;
  /**
   * Login attempts from one trusted device (a valid device cookie for the account tried), in
   * place of the two limits above (modules/auth/device-cookie.ts).
   */
  loginPerDevice: Limiter;
  /** Register, forgot-password, reset and resend calls per client address. */
  sensitivePerIp: Limiter;
  /** Calls of the program's license API (`/licenses/activate`, …) per client address. */
  licensePerIp: Limiter;
  /**
   * Calls of the program's license API per license key (the body's `key`, upper-cased, without
   * separators), whichever address they come from (docs/licenses.md).
   */
  licensePerKey: Limiter;
}

/**
 * How long a Redis command (a counter's increment, the readiness PING) may take before it fails,
 * in milliseconds; opening the connection has the same bound.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/** The limiters, and how to check that their shared store answers (`GET /ready`). */
export interface RateLimits extends Limiters {
  /** Sends PING to Redis; undefined without REDIS_URL. Rejects within REDIS_COMMAND_TIMEOUT_MS. */
  pingRedis: (() => Promise<void>) | undefined;
}

type CreateRateLimit = FastifyInstance['createRateLimit'];

/**
 * Registers @fastify/rate-limit with `options` in a scope of its own and returns that
 * registration's `createRateLimit`, so one app can hold a Redis-backed and an in-memory store.
 */
async function limiterFactory(
  app: FastifyInstance,
  options: RateLimitPluginOptions,
): Promise<CreateRateLimit> {
  let create: CreateRateLimit | undefined;
  await app.register(async (scope) => {
    await scope.register(fastifyRateLimit, options);
    create = scope.createRateLimit;
  });
  return create!;
}

/**
 * Registers the rate-limit plugin on `app` (Redis store when configured, and an in-memory store
 * used while Redis is unreachable) and returns the limiters routes use. The Redis connection
 * closes with the app.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Pick<AppConfig, 'redisUrl' | 'rateLimits' | 'rateLimitNamespace'>,
  metrics: Pick<AppMetrics, 'rateLimitFallback'>,
): Promise<RateLimits> {
  // No offline queue: while the connection is down a command fails at once (and after
  // REDIS_COMMAND_TIMEOUT_MS when Redis does not answer), so a request never waits on Redis.
  // ioredis reconnects on its own with back-off.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        lazyConnect: true,
        connectTimeout: REDIS_COMMAND_TIMEOUT_MS,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        maxRetriesPerRequest: 0,
        enableOfflineQueue: false,
        retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
      })
    : undefined;

  // One warning when Redis stops answering, one line when it is back.
  let outage = false;
  const redisFailed = (error: unknown) => {
    if (outage) return;
    outage = true;
    app.log.warn(
      { err: error },
      'Redis unreachable: rate limits are counted per instance in memory until it answers again',
    );
  };
  const redisAnswered = () => {
    if (!outage) return;
    outage = false;
    app.log.info('Redis answers again: rate limits are shared again');
  };

  let createShared: CreateRateLimit | undefined;
  if (redis) {
    redis.on('error', redisFailed);
    redis.on('ready', redisAnswered);
    app.addHook('onClose', async () => {
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    });
    // Wait for the first connection so the first requests count in Redis; an instance still
    // starts when Redis is down (its limits are then in memory until Redis answers).
    await redis.connect().catch(redisFailed);
    createShared = await limiterFactory(app, {
      global: false,
      redis,
      nameSpace: config.rateLimitNamespace,
    });
  }
  const createLocal = await limiterFactory(app, { global: false });

  const { windowMs } = config.rateLimits;
  const make = (name: string, max: number, key: (request: FastifyRequest) => string): Limiter => {
    const options = {
      max,
      timeWindow: windowMs,
      keyGenerator: (request: FastifyRequest) => `${name}:${key(request)}`,
    };
    const shared = createShared?.(options);
    const local = createLocal(options);
    const check = async (request: FastifyRequest) => {
      if (!shared) return local(request);
      try {
        const result = await shared(request);
        redisAnswered();
        return result;
      } catch (error) {
        redisFailed(error);
        metrics.rateLimitFallback();
        return local(request);
      }
    };
    return async (request) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new HttpError(429, 'tooManyRequests', {
          headers: { 'retry-after': String(result.ttlInSeconds) },
        });
      }
    };
  };
  const email = (request: FastifyRequest) =>
    String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase();
  const licenseKey = (request: FastifyRequest) =>
    String((request.body as { key?: unknown } | undefined)?.key ?? '')
      .toUpperCase()
      .replace(/[^0-9A-Z]/g, '')
      .slice(0, 100);
  return {
    pingRedis: redis && (async () => void (await redis.ping())),
    licensePerIp: make('license-ip', config.rateLimits.licensePerIp ?? 300, (r) => r.ip),
    licensePerKey: make('license-key', config.rateLimits.licensePerKey ?? 60, licenseKey),
    loginPerIp: make('login-ip', config.rateLimits.loginPerIp, (r) => r.ip),
    loginPerAccount: make('login-account', config.rateLimits.loginPerAccount, email),
    sensitivePerIp: make('sensitive-ip', config.rateLimits.sensitivePerIp, (r) => r.ip),
    loginPerDevice: make(
      'login-device',
      config.rateLimits.loginPerDevice ?? config.rateLimits.loginPerAccount,
      (r) => r.trustedDevice?.id ?? `untrusted:${r.ip}`,
    ),
  };
}
