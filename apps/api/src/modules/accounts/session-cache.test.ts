/**
 * Signed-in callers from memory (session-cache.ts): a repeated request reads nothing, and every
 * change to the account, its sessions or its subscription is in force for the next request,
 * whoever made it (a service, or SQL run by hand: the database's own notice clears the copy), on
 * this instance at once and, on PostgreSQL, on another instance once the notice arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { API_ERROR_CODES, API_ERRORS, userResponseSchema } from '@flockr/contract';
import { CHANGES_CHANNEL } from '../../db/changes.js';
import type { UserRow } from '../../db/schema.js';
import {
  createHarness,
  eventually,
  registerUser,
  secondInstance,
  subscribedUser,
  testDbKind,
  type Harness,
} from '../../test/harness.js';
import { ACCOUNT_CACHE_MAX_AGE_MS, SessionCache, accountTopic } from './session-cache.js';

let h: Harness;
const statements: string[] = [];
beforeAll(async () => {
  h = await createHarness({}, { onQuery: (query) => statements.push(query) });
});
afterAll(async () => {
  await h.close();
});

type App = Harness['app'];
const me = (app: App, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });

/** Runs `query` on the test database as SQL typed by hand would: no service, no cache call. */
async function runSql(query: SQL): Promise<void> {
  await h.db.execute(query);
}

describe('SessionCache', () => {
  const user = { id: 'u1' } as UserRow;
  const caller = { user, sessionId: 's1' };

  it('keeps a caller until its own deadline or the max age, on the given clock', async () => {
    let now = 1_000_000;
    const cache = new SessionCache(() => now);
    await cache.remember('t', async () => ({ caller, until: now + 60 * ACCOUNT_CACHE_MAX_AGE_MS }));
    expect(cache.caller('t')).toBe(caller);
    now += ACCOUNT_CACHE_MAX_AGE_MS;
    expect(cache.caller('t')).toBeUndefined();

    await cache.remember('t', async () => ({ caller, until: now + 5 }));
    now += 5;
    expect(cache.caller('t')).toBeUndefined();
  });

  it("forgets a user's callers on a notice about them, and nobody else's", async () => {
    const cache = new SessionCache(() => 0);
    const other = { user: { id: 'u2' } as UserRow, sessionId: 's2' };
    await cache.remember('t1', async () => ({ caller, until: 1e9 }));
    await cache.remember('t2', async () => ({ caller: other, until: 1e9 }));
    cache.forgetUser('u1');
    expect(cache.caller('t1')).toBeUndefined();
    expect(cache.caller('t2')).toBe(other);
    cache.clear();
    expect(cache.caller('t2')).toBeUndefined();
  });

  it('does not keep a caller whose load was overtaken by a notice about them', async () => {
    const cache = new SessionCache(() => 0);
    let finish!: () => void;
    const loading = cache.remember('t', async () => {
      await new Promise<void>((r) => (finish = r));
      return { caller, until: 1e9 };
    });
    await new Promise((r) => setImmediate(r));
    cache.forgetUser('u1');
    finish();
    expect(await loading).toBe(caller);
    expect(cache.caller('t')).toBeUndefined();

    // A notice about someone else does not stop it being kept.
    const again = cache.remember('t', async () => {
      await new Promise<void>((r) => (finish = r));
      return { caller, until: 1e9 };
    });
    await new Promise((r) => setImmediate(r));
    cache.forgetUser('u2');
    finish();
    await again;
    expect(cache.caller('t')).toBe(caller);
  });

  it('keeps a /auth/me answer no longer than it stays true, and only while its caller is', async () => {
    let now = 0;
    const cache = new SessionCache(() => now);
    await cache.remember('t', async () => ({ caller, until: 1e9 }));
    let loads = 0;
    const load = async () => ({ body: { n: (loads += 1) }, until: now + 100 });
    expect((await cache.me('t', load)).body).toBe('{"n":1}');
    expect((await cache.me('t', load)).body).toBe('{"n":1}');
    now += 100;
    expect((await cache.me('t', load)).body).toBe('{"n":2}');
    cache.forgetAnswers();
    expect((await cache.me('t', load)).body).toBe('{"n":3}');
    // Without a kept caller the answer is loaded every time.
    expect((await cache.me('nobody', load)).body).toBe('{"n":4}');
    expect((await cache.me('nobody', load)).body).toBe('{"n":5}');
  });
});

describe('GET /auth/me and the access guard from memory', () => {
  it('answers a repeated request without a statement, with an ETag and no-store', async () => {
    const { headers } = await registerUser(h.app, 'cached');
    expect((await me(h.app, headers)).statusCode).toBe(200);
    statements.length = 0;
    const res = await me(h.app, headers);
    expect(res.statusCode).toBe(200);
    expect(statements).toEqual([]);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toMatch(/^"/);
    expect(userResponseSchema.parse(res.json()).user.subscription).toBeNull();
  });

  it('refuses a token at once after sign-out', async () => {
    const { headers } = await registerUser(h.app, 'signout');
    expect((await me(h.app, headers)).statusCode).toBe(200);
    const out = await h.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
    expect(out.statusCode).toBeLessThan(300);
    const res = await me(h.app, headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: API_ERRORS.invalidToken,
      code: API_ERROR_CODES.invalidToken,
    });
  });

  it('applies a role change and a suspension made in SQL, past every service, to the next request', async () => {
    const { headers, user } = await registerUser(h.app, 'byhand');
    expect((await me(h.app, headers)).statusCode).toBe(200);
    const stats = () => h.app.inject({ method: 'GET', url: '/api/v1/admin/stats', headers });
    expect((await stats()).statusCode).toBe(403);

    await runSql(sql`update users set role = 'ADMIN' where id = ${user.id}`);
    // The notice came back with the commit: no waiting.
    expect((await stats()).statusCode).toBe(200);
    expect(userResponseSchema.parse((await me(h.app, headers)).json()).user.role).toBe('ADMIN');

    await runSql(sql`update users set status = 'SUSPENDED' where id = ${user.id}`);
    const res = await me(h.app, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: API_ERRORS.accountSuspended,
      code: API_ERROR_CODES.accountSuspended,
    });
  });

  it('shows a purchase in /auth/me as soon as it is paid', async () => {
    const buyer = await subscribedUser(h.app);
    const res = await me(h.app, buyer.headers);
    expect(userResponseSchema.parse(res.json()).user.subscription?.status).toBe('ACTIVE');
  });

  it('turns the subscription EXPIRED in /auth/me when its expires_at passes', async () => {
    const buyer = await subscribedUser(h.app);
    const first = userResponseSchema.parse((await me(h.app, buyer.headers)).json()).user;
    const left = Date.parse(first.subscription!.expires_at) - h.clock.now().getTime();
    try {
      h.clock.advance(left + 1);
      const after = await me(h.app, buyer.headers);
      // The session may outlive the subscription or not; either way nothing stale is served.
      if (after.statusCode === 200) {
        expect(userResponseSchema.parse(after.json()).user.subscription?.status).toBe('EXPIRED');
      } else {
        expect(after.statusCode).toBe(401);
      }
    } finally {
      h.clock.reset();
    }
  });

  it('the database sends account:<user id> when a user row changes, on its channel', async () => {
    const { user } = await registerUser(h.app, 'topic');
    const heard: (string | null)[] = [];
    const stop = h.app.appContext.changes.subscribe((topic) => heard.push(topic));
    try {
      await runSql(sql`update users set country = 'FR' where id = ${user.id}`);
      expect(heard).toContain(accountTopic(user.id));
    } finally {
      stop();
    }
    expect(CHANGES_CHANNEL).toBe('flockr_changes');
  });
});

// Only the api-postgres project defines this group: PGlite serves one process, so there is no
// second instance to ask.
if (testDbKind() === 'postgres')
  describe('a second instance on the same PostgreSQL', () => {
    it('refuses a token once another instance signed it out', async () => {
      const other = await secondInstance(h);
      const second = other.app;
      try {
        const { headers } = await registerUser(h.app, 'twoplaces');
        expect((await me(second, headers)).statusCode).toBe(200);
        await h.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
        const res = await eventually(
          async () => me(second, headers),
          (r) => r.statusCode === 401,
        );
        expect(res.statusCode).toBe(401);
      } finally {
        await other.close();
      }
    });
  });
