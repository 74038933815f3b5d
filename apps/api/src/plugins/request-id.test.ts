import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createHarness, type Harness } from '../test/harness.js';
import { logLines } from '../test/log-lines.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let direct: Harness;
let proxied: Harness;
beforeAll(async () => {
  direct = await createHarness(); // trustProxy false, the default
  proxied = await createHarness({ trustProxy: '10.0.0.1' });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

const get = (h: Harness, url: string, headers: Record<string, string>, remoteAddress?: string) =>
  h.app.inject({ method: 'GET', url, headers, ...(remoteAddress && { remoteAddress }) });

describe('request ids', () => {
  it('are made for every answer, found or not, and sent back in X-Request-Id', async () => {
    const ids = new Set<string>();
    for (const url of ['/api/v1/health', '/api/v1/no-such-route', '/metrics']) {
      const res = await get(direct, url, {});
      expect(res.headers['x-request-id'], url).toMatch(UUID);
      ids.add(String(res.headers['x-request-id']));
    }
    expect(ids.size).toBe(3);
  });

  it('ignore the incoming header when trustProxy is off', async () => {
    const res = await get(direct, '/api/v1/health', { 'x-request-id': 'injected-by-client' });
    expect(res.headers['x-request-id']).toMatch(UUID);
    // Nor does Fastify's old default header name count.
    const old = await get(direct, '/api/v1/health', { 'request-id': 'injected-by-client' });
    expect(old.headers['x-request-id']).toMatch(UUID);
  });

  it('are taken from the header only when the peer is a trusted proxy', async () => {
    const id = 'edge:1a2b.3c_4d-5e';
    const fromProxy = await get(proxied, '/api/v1/health', { 'x-request-id': id }, '10.0.0.1');
    expect(fromProxy.headers['x-request-id']).toBe(id);
    const fromElsewhere = await get(proxied, '/api/v1/health', { 'x-request-id': id }, '10.0.0.2');
    expect(fromElsewhere.headers['x-request-id']).toMatch(UUID);
    const none = await get(proxied, '/api/v1/health', {}, '10.0.0.1');
    expect(none.headers['x-request-id']).toMatch(UUID);
  });

  it('replace a malformed incoming id, even from a trusted proxy', async () => {
    for (const bad of ['a'.repeat(129), 'has space', 'quote"d', 'new\\nline', 'ünïcode', '']) {
      const res = await get(proxied, '/api/v1/health', { 'x-request-id': bad }, '10.0.0.1');
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
    const longest = 'a'.repeat(128);
    const ok = await get(proxied, '/api/v1/health', { 'x-request-id': longest }, '10.0.0.1');
    expect(ok.headers['x-request-id']).toBe(longest);
  });

  it('are on every log line of their request', async () => {
    const { stream, lines } = logLines<{ reqId?: string; msg?: string }>();
    const app = await buildApp({
      config: { ...direct.config, trustProxy: true },
      db: direct.db,
      logger: { level: 'info', stream },
    });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/no-such-route',
        headers: { 'x-request-id': 'lb-7f3a' },
      });
      expect(res.headers['x-request-id']).toBe('lb-7f3a');
      const own = lines.filter((l) => l.reqId === 'lb-7f3a');
      expect(own.map((l) => l.msg)).toEqual(['request completed']);
      expect(lines.filter((l) => l.reqId !== undefined && l.reqId !== 'lb-7f3a')).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
