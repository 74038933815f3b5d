/**
 * Admin API tokens (docs/updates.md "Publishing from CI"): created once and shown once, stored as
 * a hash, accepted instead of a session on the release endpoints only, acting as their admin;
 * refused once revoked, or when the admin is demoted, suspended or deleted; `last_used_at`
 * written at most once a minute; every change audited.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, apiTokensResponseSchema, createApiTokenResponseSchema } from '@flockr/contract';
import { apiTokens, auditLog, users } from '../../db/schema.js';
import { updateUser } from '../accounts/repository.js';
import { createHarness, registerUser, type Harness } from '../../test/harness.js';

let h: Harness;
let admin: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  h = await createHarness();
  admin = await registerUser(h.app, 'tokadm');
  await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
});
afterAll(async () => {
  await h.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  h.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function newToken(name: string, headers = admin.headers) {
  const res = await call('POST', '/admin/api-tokens', headers, { name });
  expect(res.statusCode, res.body).toBe(201);
  return createApiTokenResponseSchema.parse(res.json());
}

describe('API tokens', () => {
  it('are shown once, stored as their SHA-256 with a prefix, listed without the token, audited', async () => {
    const { token, api_token } = await newToken('GitHub Actions');
    expect(token).toMatch(/^flk_[A-Za-z0-9_-]{43}$/);
    expect(api_token).toMatchObject({
      name: 'GitHub Actions',
      prefix: token.slice(0, 12),
      created_by: admin.user.username,
      last_used_at: null,
      revoked_at: null,
    });
    const [row] = await h.db.select().from(apiTokens).where(eq(apiTokens.id, api_token.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const list = await call('GET', '/admin/api-tokens', admin.headers);
    const listed = apiTokensResponseSchema.parse(list.json()).tokens;
    expect(listed.find((t) => t.id === api_token.id)).toEqual(api_token);
    expect(list.body).not.toContain(token);
    const [audit] = await h.db.select().from(auditLog).where(eq(auditLog.entityId, api_token.id));
    expect(audit).toMatchObject({ action: 'api_token.create', actorId: admin.user.id });
    expect(JSON.stringify(audit!.after)).not.toContain(token);
    const missing = await call('POST', '/admin/api-tokens', admin.headers, { name: ' ' });
    expect(missing.statusCode).toBe(400);
  });

  it('act as their admin on the release endpoints, and nowhere else', async () => {
    const { token } = await newToken('ci');
    const list = await call('GET', '/admin/releases', bearer(token));
    expect(list.statusCode, list.body).toBe(200);
    expect((await call('GET', '/admin/downloads', bearer(token))).statusCode).toBe(200);
    const created = await call('POST', '/admin/releases', bearer(token), {
      version: '7.0.0',
      release_date: '2026-12-01',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().release.id;
    const [audit] = await h.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit).toMatchObject({ action: 'release.create', actorId: admin.user.id });
    expect(
      (await call('PATCH', `/admin/releases/${id}`, bearer(token), { rollout_percentage: 5 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', '/admin/update-settings', bearer(token), { minimum_version: null }))
        .statusCode,
    ).toBe(200);

    // Every other endpoint that needs a session refuses it as no session.
    const elsewhere = [
      ['GET', '/admin/users'],
      ['GET', '/admin/stats'],
      ['GET', '/admin/api-tokens'],
      ['POST', '/admin/api-tokens'],
      ['GET', '/admin/updates/adoption'],
      ['PUT', `/admin/downloads/${id}`],
      ['GET', '/auth/me'],
    ] as const;
    for (const [method, url] of elsewhere) {
      const res = await call(method, url, bearer(token), method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    // The route table marks exactly the release endpoints.
    expect(
      ENDPOINTS.filter((e) => e.apiToken)
        .map((e) => `${e.method} ${e.path}`)
        .sort(),
    ).toEqual([
      'GET /admin/downloads',
      'GET /admin/releases',
      'PATCH /admin/releases/:id',
      'POST /admin/releases',
      'POST /admin/releases/:id/artifacts',
      'PUT /admin/update-settings',
    ]);
  });

  it('stop at once when revoked (401), revoking twice is harmless, an unknown id is 404', async () => {
    const { token, api_token } = await newToken('to revoke');
    expect((await call('GET', '/admin/releases', bearer(token))).statusCode).toBe(200);
    const revoked = await call('DELETE', `/admin/api-tokens/${api_token.id}`, admin.headers);
    expect(revoked.statusCode).toBe(204);
    const refused = await call('GET', '/admin/releases', bearer(token));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(
      (await call('DELETE', `/admin/api-tokens/${api_token.id}`, admin.headers)).statusCode,
    ).toBe(204);
    const audits = await h.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, api_token.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['api_token.create', 'api_token.revoke']);
    const listed = apiTokensResponseSchema
      .parse((await call('GET', '/admin/api-tokens', admin.headers)).json())
      .tokens.find((t) => t.id === api_token.id);
    expect(listed!.revoked_at).not.toBeNull();
    expect(
      (await call('DELETE', `/admin/api-tokens/${crypto.randomUUID()}`, admin.headers)).statusCode,
    ).toBe(404);
    // A made-up token of the right shape is no token.
    expect((await call('GET', '/admin/releases', bearer(`flk_${'A'.repeat(43)}`))).statusCode).toBe(
      401,
    );
  });

  it('follow their admin: demoted 403, suspended 403, deleted 401', async () => {
    const other = await registerUser(h.app, 'tokadm2');
    await updateUser(h.db, other.user.id, { role: 'ADMIN' });
    const { token } = await newToken('other', other.headers);
    expect((await call('GET', '/admin/releases', bearer(token))).statusCode).toBe(200);
    await updateUser(h.db, other.user.id, { role: 'USER' });
    const demoted = await call('GET', '/admin/releases', bearer(token));
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json()).toMatchObject({ code: 'FORBIDDEN' });
    await updateUser(h.db, other.user.id, { role: 'ADMIN', status: 'SUSPENDED' });
    const suspended = await call('GET', '/admin/releases', bearer(token));
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    await updateUser(h.db, other.user.id, { status: 'ACTIVE' });
    expect((await call('GET', '/admin/releases', bearer(token))).statusCode).toBe(200);
    await h.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, other.user.id));
    expect((await call('GET', '/admin/releases', bearer(token))).statusCode).toBe(401);
  });

  it('record their last use at most once a minute', async () => {
    const { token, api_token } = await newToken('touch');
    const lastUsed = async () =>
      (await h.db.select().from(apiTokens).where(eq(apiTokens.id, api_token.id)))[0]!.lastUsedAt;
    await call('GET', '/admin/releases', bearer(token));
    const first = await lastUsed();
    expect(first).not.toBeNull();
    try {
      h.clock.advance(30_000);
      await call('GET', '/admin/releases', bearer(token));
      expect(await lastUsed()).toEqual(first);
      h.clock.advance(31_000);
      await call('GET', '/admin/releases', bearer(token));
      expect((await lastUsed())!.getTime()).toBeGreaterThan(first!.getTime() + 60_000);
    } finally {
      h.clock.reset();
    }
  });
});
