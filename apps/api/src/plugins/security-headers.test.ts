import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.js';
import { API_HELMET_OPTIONS, HELMET_OPTIONS, securityHeaders } from './security-headers.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe('security headers', () => {
  it('are the headers helmet itself sets on a real response for the same options', async () => {
    // helmet as middleware on a real Node response: what @fastify/helmet would have sent.
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      helmet(HELMET_OPTIONS)(req, res, () => res.end('ok'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    server.close();
    const expected = Object.fromEntries(
      [...answer.headers].filter(([name]) => Object.hasOwn(securityHeaders(), name)),
    );
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    expect(securityHeaders()).toEqual(expected);
  });

  it('are on API answers, error answers and the web app alike', async () => {
    for (const url of ['/api/v1/health', '/api/v1/no-such-route', '/']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('are the short REST set on API answers and the full set on pages (OWASP REST Security)', async () => {
    const api = await h.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['referrer-policy']).toBeUndefined();
    const page = await h.app.inject({ method: 'GET', url: '/' });
    expect(page.headers).toMatchObject(securityHeaders());
    expect(securityHeaders(API_HELMET_OPTIONS)).toEqual(
      Object.fromEntries(
        Object.keys(securityHeaders(API_HELMET_OPTIONS)).map((name) => [name, api.headers[name]]),
      ),
    );
  });
});
