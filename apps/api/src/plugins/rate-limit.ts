/**
 * Brute-force and abuse limits (OWASP ASVS V6.3) with @fastify/rate-limit. Counters live
 * in Redis when REDIS_URL is set, so every server instance shares them; otherwise in memory.
 * Exceeding a limit answers 429 'Too many requests. Please try again later' with Retry-After.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config.js';
import { HttpError } from '../lib/http-error.js';

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
}

/**
 * Registers the rate-limit plugin on `app` (Redis store when configured) and returns the
 * limiters routes use. The Redis connection closes with the app.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Pick<AppConfig, 'redisUrl' | 'rateLimits' | 'rateLimitNamespace'>,
): Promise<Limiters> {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        connectTimeout: 2_000,
        maxRetriesPerRequest: 2,
        enableOfflineQueue: true,
      })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis && { redis }),
    nameSpace: config.rateLimitNamespace,
  });
  const { windowMs } = config.rateLimits;
  const make = (name: string, max: number, key: (request: FastifyRequest) => string): Limiter => {
    const check = app.createRateLimit({
      max,
      timeWindow: windowMs,
      keyGenerator: (request) => `${name}:${key(request)}`,
    });
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
  return {
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
