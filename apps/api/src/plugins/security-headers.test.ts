import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.js';
import {
  API_HELMET_OPTIONS,
  HELMET_OPTIONS,
  STRICT_TRANSPORT_SECURITY,
  securityHeaders,
  tlsRequestCheck,
} from './security-headers.js';

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
      // Plain HTTP here: HSTS only over TLS (the test below).
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('are the short REST set on API answers and the full set on pages (OWASP REST Security)', async () => {
    const api = await h.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    // Framing is the CSP's frame-ancestors' to forbid; pages keep X-Frame-Options too.
    expect(api.headers['x-frame-options']).toBeUndefined();
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['referrer-policy']).toBeUndefined();
    const page = await h.app.inject({ method: 'GET', url: '/' });
    expect(page.headers).toMatchObject(securityHeaders());
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(securityHeaders(API_HELMET_OPTIONS)).toEqual(
      Object.fromEntries(
        Object.keys(securityHeaders(API_HELMET_OPTIONS)).map((name) => [name, api.headers[name]]),
      ),
    );
  });
});

describe('Strict-Transport-Security (RFC 6797 §7.2: over TLS only)', () => {
  /** An app trusting `trustProxy`, listening on a free port; its base URL. */
  async function listening(trustProxy: boolean | string) {
    const app = await createHarness({ trustProxy });
    await app.app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return { app, base: `http://127.0.0.1:${address.port}` };
  }
  // A constant answer (/health), a kept one with a query string, an error answer, and a page.
  const URLS = ['/api/v1/health', '/api/v1/changelog?page=1', '/api/v1/no-such-route', '/'];

  /** The HSTS header of GET `url` over real HTTP with `X-Forwarded-Proto: proto` (if given). */
  async function hsts(base: string, url: string, proto?: string): Promise<string | null> {
    const res = await fetch(`${base}${url}`, {
      headers: proto === undefined ? {} : { 'x-forwarded-proto': proto },
    });
    await res.arrayBuffer();
    return res.headers.get('strict-transport-security');
  }

  it("is on every answer to a trusted proxy's https request, and on none over http", async () => {
    const { app, base } = await listening('127.0.0.1');
    try {
      for (const url of URLS) {
        expect(await hsts(base, url, 'https'), url).toBe(STRICT_TRANSPORT_SECURITY);
        // A chain of proxies: the last one, ours, says how the request reached it.
        expect(await hsts(base, url, 'http, https'), url).toBe(STRICT_TRANSPORT_SECURITY);
        expect(await hsts(base, url, 'https, http'), url).toBeNull();
        expect(await hsts(base, url, 'http'), url).toBeNull();
        expect(await hsts(base, url), url).toBeNull();
      }
    } finally {
      await app.close();
    }
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
  });

  it('believes X-Forwarded-Proto from trusted proxies only', async () => {
    const { app, base } = await listening('10.0.0.0/8');
    try {
      for (const url of URLS) expect(await hsts(base, url, 'https'), url).toBeNull();
    } finally {
      await app.close();
    }
  });

  it('goes on answers over a TLS socket', () => {
    const overTls = tlsRequestCheck(false);
    const request = (encrypted: boolean, headers: Record<string, string> = {}) =>
      ({ headers, socket: { encrypted, remoteAddress: '127.0.0.1' } }) as never;
    expect(overTls(request(true))).toBe(true);
    expect(overTls(request(false))).toBe(false);
    // An untrusted peer's header changes nothing either way.
    expect(overTls(request(true, { 'x-forwarded-proto': 'http' }))).toBe(true);
    expect(overTls(request(false, { 'x-forwarded-proto': 'https' }))).toBe(false);
  });
});
