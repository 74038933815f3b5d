import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@flockr/contract';
import { BODY_LIMIT_BYTES } from './app.js';
import { redactUrl } from './lib/redact-url.js';
import { createHarness, registerUser, type Harness } from './test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe('bad input never causes a 500', () => {
  it('answers 400 for malformed JSON', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: API_ERRORS.invalidJson });
  });

  it('answers 400 for fields of the wrong type', async () => {
    for (const payload of [
      { email: 42, password: 'x' },
      { email: ['a@b.co'], password: 'x' },
      [],
      { email: null },
    ]) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    const user = await registerUser(h.app);
    const res = await h.app.inject({
      method: 'PUT',
      url: '/api/v1/user/notifications',
      headers: user.headers,
      payload: { notifications_enabled: 'yes' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 413 for an oversize body', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(BODY_LIMIT_BYTES + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: API_ERRORS.payloadTooLarge });
  });

  it('answers 415 for an unsupported content type', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers 404 JSON for an unknown API route', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: API_ERRORS.notFound });
  });
});

describe('OpenAPI and site configuration', () => {
  it('serves an OpenAPI document generated from the contract schemas', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/register',
        '/api/v1/subscriptions/plans',
        '/api/v1/downloads/link',
        '/api/v1/changelog',
      ]),
    );
  });

  it('serves the public site configuration', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/site/config' });
    expect(res.json()).toMatchObject({
      product_name: 'Flockr',
      discord_enabled: false,
      telegram_enabled: false,
      email_support_enabled: true,
    });
  });
});

describe('logging', () => {
  it('redacts signed download tokens from logged URLs', () => {
    expect(redactUrl('/api/v1/downloads/file?token=abc.def.ghi&x=1')).toBe(
      '/api/v1/downloads/file?token=[REDACTED]&x=1',
    );
  });

  it('redacts feed tokens from the path of an updater feed', () => {
    expect(redactUrl('/api/v1/updates/t/flf_abc-DEF_123/velopack/releases.stable.json')).toBe(
      '/api/v1/updates/t/[REDACTED]/velopack/releases.stable.json',
    );
    expect(redactUrl('/api/v1/updates/t/flf_abc/electron/stable.yml?token=x')).toBe(
      '/api/v1/updates/t/[REDACTED]/electron/stable.yml?token=[REDACTED]',
    );
    expect(redactUrl('/api/v1/updates/electron/stable.yml')).toBe(
      '/api/v1/updates/electron/stable.yml',
    );
  });
});
