import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@flockr/contract';
import { createHarness, registerUser, type Harness } from '../test/harness.js';
import { needs, probeRedis, testRedisUrl } from '../test/services.js';

// TEST_REDIS_URL, or the local default; without an answer, the shared-limit tests are skipped.
const REDIS_URL = testRedisUrl();
const redis = await probeRedis(REDIS_URL);
const limits = { loginPerIp: 1_000, loginPerAccount: 3, sensitivePerIp: 2, windowMs: 15 * 60_000 };

describe('rate limits shared between two server instances through Redis', needs(redis), () => {
  let a: Harness;
  let b: Harness;
  beforeAll(async () => {
    const rateLimitNamespace = `flockr-test-${randomBytes(6).toString('hex')}:`;
    a = await createHarness({ redisUrl: REDIS_URL, rateLimits: limits, rateLimitNamespace });
    b = await createHarness({ redisUrl: REDIS_URL, rateLimits: limits, rateLimitNamespace });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  const login = (h: Harness, email: string, remoteAddress: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'Wr0ng!guess' },
      remoteAddress,
    });

  it('throttles logins per account across instances and client addresses, with Retry-After', async () => {
    const email = `victim-${randomBytes(4).toString('hex')}@example.com`;
    expect((await login(a, email, '203.0.113.1')).statusCode).toBe(401);
    expect((await login(b, email, '203.0.113.2')).statusCode).toBe(401);
    expect((await login(a, email, '203.0.113.3')).statusCode).toBe(401);
    const blocked = await login(b, email, '203.0.113.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: API_ERRORS.tooManyRequests });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another account is not affected.
    expect((await login(b, `other-${email}`, '203.0.113.4')).statusCode).toBe(401);
  });

  it('throttles forgot-password per client address across instances', async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const forgot = (h: Harness) =>
      h.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: 'x@example.com' },
        remoteAddress: ip,
      });
    expect((await forgot(a)).statusCode).toBe(200);
    expect((await forgot(b)).statusCode).toBe(200);
    const blocked = await forgot(a);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('ignores a forged X-Forwarded-For (the socket address counts)', async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
    const forgot = (n: number) =>
      a.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: 'x@example.com' },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `10.9.9.${n}` },
      });
    expect((await forgot(1)).statusCode).toBe(200);
    expect((await forgot(2)).statusCode).toBe(200);
    expect((await forgot(3)).statusCode).toBe(429);
  });
});

describe('rate limits in memory (no Redis)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ rateLimits: { ...limits, sensitivePerIp: 1 } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('limits registrations per client address', async () => {
    await registerUser(h.app);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { username: 'another1', email: 'another1@example.com', password: 'Str0ng!pass' },
    });
    expect(res.statusCode).toBe(429);
  });
});
