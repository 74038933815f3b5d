import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { createHarness, subscribedUser, type Harness } from '../test/harness.js';

let h: Harness;
let admin: Awaited<ReturnType<typeof subscribedUser>>;
beforeAll(async () => {
  h = await createHarness();
  admin = await subscribedUser(h.app);
  await h.db.update(users).set({ role: 'SUPER_ADMIN' }).where(eq(users.id, admin.user.id));
});
afterAll(async () => {
  await h.close();
});

/** The public catalog: the only API answers a shared cache may keep. */
const PUBLIC = new Set([
  '/api/v1/subscriptions/plans',
  '/api/v1/changelog',
  '/api/v1/changelog/latest',
  '/api/v1/changelog/search',
  '/api/v1/changelog/:version',
  '/api/v1/site/config',
  '/api/v1/openapi.json',
  '/api/v1/licenses/keys',
]);

/** A concrete URL for a route pattern, with real ids where the route needs one. */
function concrete(url: string): string {
  return url
    .replace(':id', admin.user.id)
    .replace(':version', '1.1.0')
    .replace(':sessionId', 'sbx_unknown')
    .replace(':provider', 'sandbox')
    .replace('/changelog/search', '/changelog/search?q=release');
}

describe('Cache-Control on API answers', () => {
  it('every GET answer that depends on the caller is no-store; only the public catalog is cacheable', async () => {
    const gets = h.app.routeTable.filter(
      (r) => r.method === 'GET' && r.url.startsWith('/api/v1/') && !r.url.includes('*'),
    );
    expect(gets.length).toBeGreaterThan(20);
    const answered = new Map<string, number>();
    for (const route of gets) {
      const res = await h.app.inject({
        method: 'GET',
        url: concrete(route.url),
        headers: admin.headers,
      });
      answered.set(route.url, res.statusCode);
      const cacheControl = String(res.headers['cache-control']);
      if (PUBLIC.has(route.url) && res.statusCode === 200) {
        expect(cacheControl, route.url).toBe('public, no-cache');
        expect(String(res.headers.vary), route.url).toContain('Authorization');
      } else if (route.url === '/api/v1/payments/qr/:sessionId') {
        expect(res.statusCode).toBe(404);
        expect(cacheControl).toBe('no-store');
      } else {
        expect(cacheControl, `${route.url} → ${res.statusCode}`).toMatch(/no-store/);
      }
    }
    // The personal answers a proxy must never keep were really answered (not refused early).
    for (const url of [
      '/api/v1/auth/me',
      '/api/v1/payments/orders',
      '/api/v1/subscriptions/my-subscriptions',
      '/api/v1/downloads/link',
      '/api/v1/downloads/history',
      '/api/v1/admin/users',
      '/api/v1/admin/users/:id',
    ])
      expect(answered.get(url), url).toBe(200);
  });

  it('sign-in and registration answers are no-store', async () => {
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: admin.payload.email, password: admin.payload.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: admin.payload.email, password: 'wrong-password' },
    });
    expect(wrong.headers['cache-control']).toBe('no-store');
  });

  it('a public route that fails is not cacheable either', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/changelog/9.9.9' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
