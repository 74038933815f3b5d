/**
 * The front lane (plugins/front-answers.ts) against the routes it stands in for: over real HTTP,
 * each answer the lane sends equals the one Fastify's route sends for the same request (status,
 * headers but the per-request ones, bytes), the lane steps aside for anything it does not own,
 * an admin's change reaches it at once, and its requests are counted and logged like the rest.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { createHarness, planByName, subscribedUser, type Harness } from '../test/harness.js';
import { parsePrometheusText, sampleValue } from '../test/prometheus-text.js';

/** Headers that differ between any two answers, or that only a socket (not inject) sends. */
const PER_REQUEST = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);

let h: Harness;
let base: string;
/** Whether the lane answered each request since the last `served.length = 0`. */
const served: boolean[] = [];
let admin: Awaited<ReturnType<typeof subscribedUser>>;

beforeAll(async () => {
  h = await createHarness();
  admin = await subscribedUser(h.app);
  await h.db.update(users).set({ role: 'SUPER_ADMIN' }).where(eq(users.id, admin.user.id));
  // Observe (not replace) the lane's decision: the server calls `handle` through the object.
  const front = h.app.frontAnswers;
  const handle = front.handle.bind(front);
  front.handle = (request, response) => {
    const answered = handle(request, response);
    served.push(answered);
    return answered;
  };
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  const address = h.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await h.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** GET `url` over real HTTP (no automatic decompression: the bytes as sent). */
async function overHttp(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(`${base}${url}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: comparable(res.headers),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The same request through Fastify's routing (inject never passes through the server). */
async function throughRoute(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await h.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: comparable(res.headers), body: res.rawPayload };
}

function comparable(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_REQUEST.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

const PATHS = [
  '/api/v1/health',
  '/api/v1/subscriptions/plans',
  '/api/v1/changelog',
  '/api/v1/site/config',
];

describe('the front lane', () => {
  it('serves the kept answers, and no other path', () => {
    expect(h.app.frontAnswers.paths().sort()).toEqual([...PATHS, '/api/v1/auth/me'].sort());
  });

  it.each(PATHS)(
    '%s: the same answer as the route, plain, compressed and revalidated',
    async (path) => {
      const plain = await throughRoute(path);
      expect(plain.status).toBe(200);
      const etag = plain.headers.etag;
      const variants: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'gzip, deflate, br' },
        { 'accept-encoding': 'gzip' },
        { 'accept-encoding': 'identity' },
        { authorization: admin.headers.authorization },
        ...(etag ? [{ 'if-none-match': etag }, { 'if-none-match': '"other"' }] : []),
        ...(etag ? [{ 'if-none-match': etag, 'accept-encoding': 'br' }] : []),
      ];
      for (const headers of variants) {
        // The first request of a kind may be the route's (it makes a compressed copy); the
        // second is the lane's.
        await overHttp(path, headers);
        served.length = 0;
        const lane = await overHttp(path, headers);
        expect(served, JSON.stringify(headers)).toEqual([true]);
        const route = await throughRoute(path, headers);
        expect(lane.status, JSON.stringify(headers)).toBe(route.status);
        expect(lane.headers, JSON.stringify(headers)).toEqual(route.headers);
        expect(lane.body.equals(route.body), JSON.stringify(headers)).toBe(true);
      }
    },
  );

  it('gives each answer its own request id, and keeps a trusted proxy out of it here', async () => {
    const a = await fetch(`${base}/api/v1/health`, { headers: { 'x-request-id': 'mine' } });
    const b = await fetch(`${base}/api/v1/health`);
    const id = /^[0-9a-f-]{36}$/;
    expect(a.headers.get('x-request-id')).toMatch(id);
    expect(b.headers.get('x-request-id')).toMatch(id);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it('leaves a query string, HEAD, other methods and unknown paths to the routes', async () => {
    await overHttp('/api/v1/changelog');
    served.length = 0;
    const query = await overHttp('/api/v1/changelog?page=1');
    expect(query.status).toBe(200);
    const head = await fetch(`${base}/api/v1/subscriptions/plans`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const post = await fetch(`${base}/api/v1/health`, { method: 'POST' });
    expect(post.status).toBe(404);
    const slash = await overHttp('/api/v1/health/');
    expect(slash.status).toBe(404);
    expect(served).toEqual([false, false, false, false]);
  });

  it("an admin's change to the plans reaches the lane's next answer", async () => {
    await overHttp('/api/v1/subscriptions/plans');
    const before = await overHttp('/api/v1/subscriptions/plans');
    const pro = await planByName(h.app, 'PRO');
    const description = `Changed ${Date.now()}`;
    const put = await h.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/plans/${pro.id}`,
      headers: admin.headers,
      payload: { description },
    });
    expect(put.statusCode, put.body).toBe(200);
    served.length = 0;
    const first = await overHttp('/api/v1/subscriptions/plans');
    const second = await overHttp('/api/v1/subscriptions/plans');
    // The change cleared the copy: the route loads the new one, then the lane sends it.
    expect(served).toEqual([false, true]);
    for (const after of [first, second]) {
      expect(after.body.toString()).toContain(description);
      expect(after.headers.etag).not.toBe(before.headers.etag);
    }
  });

  it("counts the lane's answers in the request histogram under the route's pattern", async () => {
    const count = async () => {
      const res = await h.app.inject({ method: 'GET', url: '/metrics' });
      return (
        sampleValue(
          parsePrometheusText(res.body).samples,
          'flockr_http_request_duration_seconds_count',
          {
            method: 'GET',
            route: '/api/v1/health',
            status_code: '200',
          },
        ) ?? 0
      );
    };
    const before = await count();
    served.length = 0;
    for (let i = 0; i < 3; i += 1) await overHttp('/api/v1/health');
    expect(served).toEqual([true, true, true]);
    expect((await count()) - before).toBe(3);
  });

  it("/auth/me: the caller's kept answer, only while the session cache vouches for the caller", async () => {
    const me = '/api/v1/auth/me';
    const auth = { authorization: admin.headers.authorization };
    for (const headers of [
      auth,
      { ...auth, 'accept-encoding': 'gzip, br' },
      { ...auth, 'if-none-match': (await throughRoute(me, auth)).headers.etag! },
    ]) {
      await overHttp(me, headers);
      served.length = 0;
      const lane = await overHttp(me, headers);
      expect(served, JSON.stringify(headers)).toEqual([true]);
      const route = await throughRoute(me, headers);
      expect(lane.status).toBe(route.status);
      expect(lane.headers).toEqual(route.headers);
      expect(lane.headers['cache-control']).toBe('no-store');
      expect(lane.body.equals(route.body)).toBe(true);
    }

    served.length = 0;
    expect((await overHttp(me)).status).toBe(401);
    expect((await overHttp(me, { authorization: 'Bearer not-a-token' })).status).toBe(401);
    expect(served).toEqual([false, false]);

    // A profile change is in the next answer; a sign-out ends the lane's answers at once.
    const user = await subscribedUser(h.app);
    const mine = { authorization: user.headers.authorization };
    await overHttp(me, mine);
    const username = `renamed${Date.now() % 1_000_000}`;
    const put = await h.app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile',
      headers: user.headers,
      payload: { username },
    });
    expect(put.statusCode, put.body).toBe(200);
    const renamed = await overHttp(me, mine);
    expect(JSON.parse(renamed.body.toString()).user.username).toBe(username);
    const logout = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: user.headers,
    });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    served.length = 0;
    expect((await overHttp(me, mine)).status).toBe(401);
    expect(served).toEqual([false]);
  });
});
