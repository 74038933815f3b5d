/**
 * The public changelog pages answered from memory (docs/architecture.md "Caches"): the same bytes
 * and ETag until an admin changes an entry, 304 on a matching If-None-Match, view counts at most
 * CHANGELOG_VIEWS_MAX_AGE_MS old.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createHarness, registerUser, type Harness } from '../../test/harness.js';
import { CHANGELOG_VIEWS_MAX_AGE_MS } from './service.js';

let h: Harness;
let admin: { headers: Record<string, string> };
beforeAll(async () => {
  h = await createHarness();
  const user = await registerUser(h.app, 'pages-admin');
  await h.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, user.user.id));
  admin = user;
});
afterAll(async () => {
  await h.close();
});

const list = (headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url: '/api/v1/changelog?page=1&limit=10', headers });

type Page = { changelog: { version: string; view_count: number }[] };

/** Resolves once the app's change feed has carried no notice for 300 ms (at most 5 s). */
async function feedQuiet(): Promise<void> {
  let last = Date.now();
  const stop = h.app.appContext.changes.subscribe(() => {
    last = Date.now();
  });
  const until = Date.now() + 5_000;
  try {
    while (Date.now() - last < 300 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    stop();
  }
}

describe('GET /changelog from memory', () => {
  it('sends the same bytes with a strong ETag, and 304 when the client has them', async () => {
    const first = await list();
    const second = await list();
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(first.headers.etag).toMatch(/^"[\w-]{27}"$/);
    const again = await list({ 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows an entry an admin publishes at once', async () => {
    const before = await list();
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/v1/admin/changelog',
      headers: admin.headers,
      payload: {
        version: '7.7.7',
        title: 'Cached pages',
        changes: '- faster',
        release_date: '2026-11-23',
        is_published: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await list({ 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect((after.json() as Page).changelog.map((e) => e.version)).toContain('7.7.7');
  });

  it('counts a view in the page once the copy is older than the views allowance', async () => {
    // The entry published above clears every instance's pages through the change feed; on
    // PostgreSQL each pooled connection hears that notice, a few milliseconds apart. Wait until
    // the feed is quiet, so a late copy of it cannot clear the page this test reads.
    await feedQuiet();
    const viewsOf = async () =>
      ((await list()).json() as Page).changelog.find((e) => e.version === '7.7.7')?.view_count ??
      -1;
    const start = await viewsOf();
    const viewed = await h.app.inject({ method: 'POST', url: '/api/v1/changelog/7.7.7/views' });
    expect(viewed.statusCode).toBeLessThan(300);
    expect(await viewsOf()).toBe(start); // still the copy in memory
    h.clock.advance(CHANGELOG_VIEWS_MAX_AGE_MS + 1);
    expect(await viewsOf()).toBe(start + 1);
  });
});
