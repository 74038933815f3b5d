import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, ENDPOINTS, errorResponseSchema } from '@flockr/contract';
import { createHarness, registerUser, type Harness } from '../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const key = (method: string, url: string) => `${method} ${url}`;

describe('the route table', () => {
  it('every contract endpoint is registered, and no API route exists without one', () => {
    const registered = h.app.routeTable
      .filter((r) => r.url.startsWith(API_BASE_PATH))
      .map((r) => key(r.method, r.url.slice(API_BASE_PATH.length)));
    const declared = ENDPOINTS.map((e) => key(e.method, e.path));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...registered].sort()).toEqual([...declared].sort());
  });

  it('the OpenAPI document lists every endpoint not marked hidden, with its error answers', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    for (const e of ENDPOINTS.filter((x) => !x.hidden)) {
      const path = e.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      const operation = doc.paths[`${API_BASE_PATH}${path}`]?.[e.method.toLowerCase()];
      expect(operation, `${e.method} ${e.path}`).toBeDefined();
      for (const status of Object.keys(e.responses))
        expect(operation!.responses, `${e.method} ${e.path} ${status}`).toHaveProperty(status);
    }
  });

  it('guards every non-public endpoint before reading the body: 401 without a token', async () => {
    for (const e of ENDPOINTS.filter((x) => x.access !== 'public')) {
      const url = `${API_BASE_PATH}${e.path.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000')}`;
      const res = await h.app.inject({ method: e.method, url, payload: '{not json' });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401);
      expect(errorResponseSchema.parse(res.json()).code).toBe('AUTH_REQUIRED');
    }
  });

  it('admin endpoints answer a signed-in USER 403 FORBIDDEN', async () => {
    const user = await registerUser(h.app);
    for (const e of ENDPOINTS.filter((x) => x.access === 'admin')) {
      const url = `${API_BASE_PATH}${e.path.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000')}`;
      const res = await h.app.inject({ method: e.method, url, headers: user.headers });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });
});
