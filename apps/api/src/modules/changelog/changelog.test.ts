import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changelogEntriesResponseSchema,
  changelogEntryResponseSchema,
  changelogResponseSchema,
} from '@flockr/contract';
import { changelogEntries } from '../../db/schema.js';
import { createHarness, type Harness } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // 12 more published entries and one draft, on top of the 3 seeded ones.
  await h.db.insert(changelogEntries).values([
    ...Array.from({ length: 12 }, (_, i) => ({
      version: `0.${i + 1}.0`,
      title: `Old release ${i + 1}`,
      changes: `- change ${i + 1}`,
      releaseDate: `2025-0${(i % 9) + 1}-0${(i % 9) + 1}`,
      isPublished: true,
    })),
    {
      version: '2.0.0',
      title: 'Secret draft',
      changes: '- not yet',
      releaseDate: '2027-01-01',
      isPublished: false,
    },
  ]);
});
afterAll(async () => {
  await h.close();
});

const get = (url: string) => h.app.inject({ method: 'GET', url: `/api/v1${url}` });

describe('GET /changelog', () => {
  it('pages published entries 10 at a time, newest release first, without drafts', async () => {
    const first = changelogResponseSchema.parse((await get('/changelog')).json());
    expect(first.pagination).toEqual({ total: 15, page: 1, limit: 10, total_pages: 2 });
    expect(first.changelog).toHaveLength(10);
    expect(first.changelog[0]).toMatchObject({ version: '1.1.0', is_published: true });
    expect(first.changelog[0]!.changes_summary).toBe(
      'Smart scheduling picks the best time to post for each account.',
    );
    const second = changelogResponseSchema.parse((await get('/changelog?page=2&limit=10')).json());
    expect(second.changelog).toHaveLength(5);
    const all = [...first.changelog, ...second.changelog];
    expect(all.some((e) => e.title === 'Secret draft')).toBe(false);
    const dates = all.map((e) => e.release_date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it.each(['page=0', 'limit=0', 'limit=1000', 'page=abc'])('answers 400 for %s', async (q) => {
    const res = await get(`/changelog?${q}`);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });

  it('answers the latest entry, one by version, and search results; reading never counts a view, the view call does', async () => {
    expect(
      changelogEntryResponseSchema.parse((await get('/changelog/latest')).json()).entry.version,
    ).toBe('1.1.0');
    const one = changelogEntryResponseSchema.parse((await get('/changelog/1.0.0')).json()).entry;
    const again = changelogEntryResponseSchema.parse((await get('/changelog/1.0.0')).json()).entry;
    expect(again.view_count).toBe(one.view_count);
    const viewed = await h.app.inject({ method: 'POST', url: '/api/v1/changelog/1.0.0/views' });
    expect(viewed.statusCode).toBe(204);
    const after = changelogEntryResponseSchema.parse((await get('/changelog/1.0.0')).json()).entry;
    expect(after.view_count).toBe(one.view_count + 1);
    expect(
      (await h.app.inject({ method: 'POST', url: '/api/v1/changelog/9.9.9/views' })).statusCode,
    ).toBe(404);
    expect((await get('/changelog/2.0.0')).statusCode).toBe(404);
    const found = changelogEntriesResponseSchema.parse(
      (await get('/changelog/search?q=scheduling')).json(),
    );
    expect(found.entries.map((e) => e.version)).toEqual(['1.1.0']);
    const none = changelogEntriesResponseSchema.parse(
      (await get('/changelog/search?q=%25')).json(),
    );
    expect(none.entries).toEqual([]);
    expect((await get('/changelog/search?q=draft')).json().entries).toEqual([]);
  });
});
