/**
 * The access log (access-log.ts) through a real server on a port: `request completed` naming
 * the request (id, method, URL with its token redacted), its status and time, for kept answers,
 * routed ones and refusals; at `info` for writes, failures and slow answers
 * and for every answer with ACCESS_LOG=all, at `debug` for reads answered well and fast; at
 * `debug` `incoming request` before it.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createHarness, type Harness } from '../test/harness.js';
import { logLines } from '../test/log-lines.js';
import {
  INCOMING_REQUEST,
  REQUEST_COMPLETED,
  SLOW_REQUEST_MS,
  accessLevel,
  type AccessLogMode,
} from './access-log.js';

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

/** Starts the app at `level` (and ACCESS_LOG `accessLog`) on a port; its lines land in `lines`. */
async function serve(level: 'info' | 'debug', accessLog: AccessLogMode = 'notable') {
  const { stream, lines } = logLines<Line>();
  const app: FastifyInstance = await buildApp({
    config: { ...h.config, accessLog },
    db: h.db,
    logger: { level, stream },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  /** Sends `init` to `path`; resolves with the answer's status and request id. */
  const send = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${path}`, init);
    await res.arrayBuffer();
    return { status: res.status, id: res.headers.get('x-request-id')! };
  };
  /** Sends `init` to `path`; resolves with its request id and the lines written with that id. */
  const ask = async (path: string, init: RequestInit = {}) => {
    const { status, id } = await send(path, init);
    await expect
      .poll(() => lines.some((l) => l.reqId === id && l.msg === REQUEST_COMPLETED))
      .toBe(true);
    return { status, id, mine: lines.filter((l) => l.reqId === id) };
  };
  /**
   * Sends `init` to `path`, then a request whose line is sure to be written (a 404); resolves
   * with the lines of the first once the second's is in, when every line of the first is too.
   */
  const askThenMark = async (path: string, init: RequestInit = {}) => {
    const { status, id } = await send(path, init);
    await ask('/api/v1/no-such-route');
    return { status, id, mine: lines.filter((l) => l.reqId === id) };
  };
  return { app, ask, askThenMark, lines };
}

describe('accessLevel', () => {
  it('puts writes, failures and slow answers at info, fast good reads at debug unless all', () => {
    expect(accessLevel('notable', 'GET', 200, 3)).toBe('debug');
    expect(accessLevel('notable', 'HEAD', 304, 3)).toBe('debug');
    expect(accessLevel('notable', 'GET', 302, SLOW_REQUEST_MS - 1)).toBe('debug');
    expect(accessLevel('notable', 'GET', 200, SLOW_REQUEST_MS)).toBe('info');
    expect(accessLevel('notable', 'GET', 400, 3)).toBe('info');
    expect(accessLevel('notable', 'GET', 503, 3)).toBe('info');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(accessLevel('notable', method, 200, 3), method).toBe('info');
    }
    expect(accessLevel('all', 'GET', 200, 3)).toBe('info');
  });
});

describe('the access log', () => {
  it('writes an info line naming each write and each failure, routed or refused', async () => {
    const { app, ask } = await serve('info');
    try {
      const json = { 'content-type': 'application/json' };
      for (const [path, init] of [
        ['/api/v1/no-such-route', {}],
        ['/api/v1/auth/me', {}],
        ['/api/v1/auth/login', { method: 'POST', headers: json, body: '{}' }],
      ] as const) {
        const { status, id, mine } = await ask(path, init);
        expect(
          mine.filter((l) => l.msg === REQUEST_COMPLETED).map((l) => l.level),
          path,
        ).toEqual([30]);
        expect(mine.find((l) => l.msg === REQUEST_COMPLETED)).toMatchObject({
          req: { id, method: init.method ?? 'GET', url: path },
          res: { statusCode: status },
        });
        expect(status, path).toBeGreaterThanOrEqual(400);
      }
      // The URL as the redacting serializer writes it: a download token never reaches the log.
      const { mine } = await ask('/api/v1/downloads/file?token=secret-token-value');
      expect(mine.find((l) => l.msg === REQUEST_COMPLETED)!.req!.url).toBe(
        '/api/v1/downloads/file?token=[REDACTED]',
      );
    } finally {
      await app.close();
    }
  });

  it('writes no info line for a read answered well, kept in memory or not', async () => {
    const { app, askThenMark } = await serve('info');
    try {
      for (const path of ['/api/v1/health', '/api/v1/changelog?page=1', '/api/v1/site/config']) {
        const { status, mine } = await askThenMark(path);
        expect(status, path).toBe(200);
        expect(mine, path).toEqual([]);
      }
    } finally {
      await app.close();
    }
  });

  it('writes every answer at info with ACCESS_LOG=all, kept, routed or refused', async () => {
    const { app, ask } = await serve('info', 'all');
    try {
      for (const path of ['/api/v1/health', '/api/v1/changelog?page=1', '/api/v1/no-such-route']) {
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
    } finally {
      await app.close();
    }
  });

  it('writes incoming request first at debug, and the line of a good read at debug too', async () => {
    const { app, ask } = await serve('debug');
    try {
      for (const [path, completedLevel] of [
        ['/api/v1/health', 20],
        ['/api/v1/changelog?page=1', 20],
        ['/api/v1/no-such-route', 30],
      ] as const) {
        const { id, mine } = await ask(path);
        const requestLines = mine.filter((l) =>
          [INCOMING_REQUEST, REQUEST_COMPLETED].includes(l.msg ?? ''),
        );
        expect(
          requestLines.map((l) => [l.msg, l.level]),
          path,
        ).toEqual([
          [INCOMING_REQUEST, 20],
          [REQUEST_COMPLETED, completedLevel],
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
      // A constant answer, and one the guard refuses (401, the error handler's line).
      for (const path of ['/api/v1/health', '/api/v1/auth/me']) {
        const { mine } = await ask(path, { headers: secrets });
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
