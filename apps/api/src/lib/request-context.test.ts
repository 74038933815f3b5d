import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createHarness, newUserPayload, type Harness } from '../test/harness.js';
import { logLines } from '../test/log-lines.js';

let h: Harness;
let app: FastifyInstance;
const { stream, lines } = logLines<{ reqId?: string; msg?: string }>();

beforeAll(async () => {
  h = await createHarness();
  // Every answer's access line at `info` (ACCESS_LOG=all), good fast reads too.
  app = await buildApp({
    config: { ...h.config, accessLog: 'all' },
    db: h.db,
    logger: { level: 'info', stream },
  });
  // A route whose handler logs through the app logger (as services do) before and after an
  // await, reached with a body that arrives in two pieces (read in the socket's events).
  app.post('/test/log', async (request) => {
    app.appContext.log.info({}, 'service line before await');
    await sleep(5);
    app.appContext.log.info({ body: request.body }, 'service line after await');
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await h.close();
});

const linesOf = (msg: string) => lines.filter((l) => l.msg === msg);

describe('the request id on log lines', () => {
  it('is on a service line written through ctx.log while handling a request, once', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: newUserPayload('reqlog'),
    });
    expect(res.statusCode).toBe(201);
    const id = String(res.headers['x-request-id']);
    const [registered] = linesOf('user registered').slice(-1);
    expect(registered?.reqId).toBe(id);
    // Fastify's own line carries it too, once (plugins/access-log.ts: one line at info).
    const fastifyLines = lines.filter(
      (l) => l.reqId === id && ['incoming request', 'request completed'].includes(l.msg ?? ''),
    );
    expect(fastifyLines.map((l) => l.msg)).toEqual(['request completed']);
    for (const line of lines.filter((l) => l.reqId === id)) {
      expect(line.raw.split('"reqId"').length - 1, line.msg).toBe(1);
    }
  });

  it('survives a body read over several socket events and an await in the handler', async () => {
    const { port } = app.server.address() as AddressInfo;
    const body = JSON.stringify({ text: 'x'.repeat(20_000) });
    const id = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/test/log',
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(String(res.headers['x-request-id'])));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 100));
      setTimeout(() => req.end(body.slice(100)), 30);
    });
    expect(linesOf('service line before await').at(-1)?.reqId).toBe(id);
    expect(linesOf('service line after await').at(-1)?.reqId).toBe(id);
  });

  it('is on no line written outside a request', async () => {
    app.appContext.log.info({}, 'outside any request');
    await sleep(1);
    const [outside] = linesOf('outside any request');
    expect(outside).toBeDefined();
    expect(outside!.reqId).toBeUndefined();
  });

  it('differs between concurrent requests', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject({ method: 'POST', url: '/test/log', payload: { n: 1 } }),
      ),
    );
    const ids = answers.map((res) => String(res.headers['x-request-id']));
    const logged = linesOf('service line after await')
      .slice(-5)
      .map((l) => l.reqId);
    expect(new Set(ids).size).toBe(5);
    expect(logged.sort()).toEqual([...ids].sort());
  });

  it('is on the access line of a constant answer, once per line', async () => {
    const { port } = app.server.address() as AddressInfo;
    for (let i = 0; i < 2; i += 1) {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      expect(res.status).toBe(200);
      const id = res.headers.get('x-request-id');
      const mine = lines.filter((l) => l.reqId === id);
      expect(mine.map((l) => l.msg)).toEqual(['request completed']);
      for (const line of mine) expect(line.raw.split('"reqId"').length - 1).toBe(1);
      expect(mine[0]?.raw).toContain('"url":"/api/v1/health"');
      expect(mine[0]?.raw).toContain('"statusCode":200');
    }
  });
});
