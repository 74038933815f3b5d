/**
 * The access log (access-log.ts) through a real server on a port: at `info` one line per
 * request, `request completed`, naming the request (id, method, URL with its token redacted),
 * its status and time, for an answer Fastify routes and one the front lane sends; at `debug`
 * `incoming request` before it.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createHarness, type Harness } from '../test/harness.js';
import { logLines } from '../test/log-lines.js';
import { INCOMING_REQUEST, REQUEST_COMPLETED } from './access-log.js';

interface Line {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

/** Starts the app at `level` on a port; its log lines land in `lines`. */
async function serve(level: 'info' | 'debug') {
  const { stream, lines } = logLines<Line>();
  const app: FastifyInstance = await buildApp({
    config: h.config,
    db: h.db,
    logger: { level, stream },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  /** Asks `path`; resolves with its request id and the lines written with that id. */
  const ask = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers });
    await res.arrayBuffer();
    const id = res.headers.get('x-request-id')!;
    await expect
      .poll(() => lines.some((l) => l.reqId === id && l.msg === REQUEST_COMPLETED))
      .toBe(true);
    return { status: res.status, id, mine: lines.filter((l) => l.reqId === id) };
  };
  return { app, ask, lines };
}

describe('the access log', () => {
  it('writes one info line per request naming it, routed or sent by the front lane', async () => {
    const { app, ask } = await serve('info');
    try {
      for (const path of ['/api/v1/health', '/api/v1/no-such-route']) {
        const { status, id, mine } = await ask(path);
        expect(
          mine.map((l) => l.msg),
          path,
        ).toEqual([REQUEST_COMPLETED]);
        expect(mine[0]).toMatchObject({
          level: 30,
          req: { id, method: 'GET', url: path },
          res: { statusCode: status },
        });
        expect(mine[0]!.responseTime).toBeGreaterThanOrEqual(0);
      }
      // The URL as the redacting serializer writes it: a download token never reaches the log.
      const { mine } = await ask('/api/v1/downloads/file?token=secret-token-value');
      expect(mine[0]!.req!.url).toBe('/api/v1/downloads/file?token=[REDACTED]');
    } finally {
      await app.close();
    }
  });

  it('writes incoming request first at debug', async () => {
    const { app, ask } = await serve('debug');
    try {
      for (const path of ['/api/v1/health', '/api/v1/no-such-route']) {
        const { id, mine } = await ask(path);
        const requestLines = mine.filter((l) =>
          [INCOMING_REQUEST, REQUEST_COMPLETED].includes(l.msg ?? ''),
        );
        expect(
          requestLines.map((l) => [l.msg, l.level]),
          path,
        ).toEqual([
          [INCOMING_REQUEST, 20],
          [REQUEST_COMPLETED, 30],
        ]);
        expect(requestLines[0]!.req).toMatchObject({ id, method: 'GET', url: path });
      }
    } finally {
      await app.close();
    }
  });

  it('never writes the Authorization or Cookie header, at debug either', async () => {
    const { app, ask, lines } = await serve('debug');
    const secrets = {
      authorization: 'Bearer bearer-secret-4711',
      cookie: 'sid=cookie-secret-4711',
    };
    try {
      // One the front lane answers, one Fastify routes and refuses (401, the error handler's line).
      for (const path of ['/api/v1/health', '/api/v1/auth/me']) {
        const { mine } = await ask(path, secrets);
        expect(
          mine.map((l) => l.msg),
          path,
        ).toContain(REQUEST_COMPLETED);
      }
      const written = lines.map((l) => l.raw).join('\n');
      expect(written).not.toContain('secret-4711');
    } finally {
      await app.close();
    }
  });
});
