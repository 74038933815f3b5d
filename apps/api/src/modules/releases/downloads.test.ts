import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  downloadHistoryResponseSchema,
  downloadLinkResponseSchema,
  latestVersionResponseSchema,
  versionsResponseSchema,
} from '@flockr/contract';
import { artifacts, plans, releases, users } from '../../db/schema.js';
import { TokenService } from '../../lib/tokens.js';
import {
  createHarness,
  registerUser,
  releaseFileRow,
  signIn,
  subscribedUser,
  type Harness,
} from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers });
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const releaseRow = (version: string) => releaseFileRow(h.db, version);

describe('access rules', () => {
  const routes = [
    '/api/v1/downloads/latest',
    '/api/v1/downloads/versions',
    '/api/v1/downloads/history',
    '/api/v1/downloads/link',
  ];

  it.each(routes)('%s answers 401 signed out', async (url) => {
    expect((await get(url)).statusCode).toBe(401);
  });

  it.each(routes)('%s answers 403 without an active subscription', async (url) => {
    const user = await registerUser(h.app);
    const res = await get(url, user.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'Active subscription required to download' });
  });

  /** Sets every plan's access after expiry (docs/updates.md "Access"). */
  const afterExpiry = (rule: 'keep_released' | 'none') =>
    h.db.update(plans).set({ afterExpiryAccess: rule });

  /** A subscribed user signed in again `ms` milliseconds after their expiry (clock moved). */
  async function pastExpiry(ms: number) {
    const user = await subscribedUser(h.app);
    const me = await get('/api/v1/auth/me', user.headers);
    const expiresAt = Date.parse(me.json().user.subscription.expires_at);
    h.clock.advance(expiresAt - Date.now() + ms);
    // A month later the first session has ended too: sign in again at the moved clock.
    return signIn(h.app, user.payload);
  }

  it('on a plan without access after expiry, access ends exactly at expires_at', async () => {
    await afterExpiry('none');
    try {
      const headers = await pastExpiry(-5_000);
      expect((await get('/api/v1/downloads/latest', headers)).statusCode).toBe(200);
      h.clock.advance(5_000);
      expect((await get('/api/v1/downloads/latest', headers)).statusCode).toBe(403);
      expect((await get('/api/v1/auth/me', headers)).json().user.subscription.status).toBe(
        'EXPIRED',
      );
    } finally {
      h.clock.reset();
      await afterExpiry('keep_released');
    }
  });

  it('on a plan that keeps releases, an expired user keeps those published before the expiry, nothing newer', async () => {
    const headers = await pastExpiry(60_000);
    const [late] = await h.db
      .insert(releases)
      .values({
        version: '9.0.0',
        releaseDate: '2030-01-01',
        isActive: true,
        publishedAt: h.clock.now(),
      })
      .returning();
    await h.db.insert(artifacts).values({
      releaseId: late!.id,
      filename: 'late.zip',
      downloadUrl: 'https://example.com/late.zip',
      fileSize: 10,
    });
    try {
      const list = versionsResponseSchema.parse(
        (await get('/api/v1/downloads/versions', headers)).json(),
      );
      expect(list.versions.map((v) => v.version)).toEqual(['1.1.0', '1.0.0']);
      expect((await get('/api/v1/downloads/link?version=9.0.0', headers)).statusCode).toBe(404);
      expect((await get('/api/v1/downloads/link?version=1.1.0', headers)).statusCode).toBe(200);
    } finally {
      h.clock.reset();
      await h.db
        .update(releases)
        .set({ isActive: false, archivedAt: new Date() })
        .where(eq(releases.id, late!.id));
    }
  });
});

describe('versions and links', () => {
  it('lists active versions newest first and answers the latest record', async () => {
    const user = await subscribedUser(h.app);
    const list = versionsResponseSchema.parse(
      (await get('/api/v1/downloads/versions', user.headers)).json(),
    );
    expect(list.versions.map((v) => v.version)).toEqual(['1.1.0', '1.0.0']);
    const latest = latestVersionResponseSchema.parse(
      (await get('/api/v1/downloads/latest', user.headers)).json(),
    );
    expect(latest).toMatchObject({
      version: '1.1.0',
      filename: 'flockr-v1.1.0.zip',
      is_active: true,
    });
    expect(latest.file_size).toBeGreaterThan(256 * 1024);
    expect(latest.file_size_formatted).toMatch(/^\d+(\.\d)? KB$/);
  });

  it('answers 404 "Download not found" for an unknown or inactive version', async () => {
    const user = await subscribedUser(h.app);
    const unknown = await get('/api/v1/downloads/link?version=9.9.9', user.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'Download not found' });
    await h.db.update(releases).set({ isActive: false }).where(eq(releases.version, '1.0.0'));
    try {
      const inactive = await get('/api/v1/downloads/link?version=1.0.0', user.headers);
      expect(inactive.statusCode).toBe(404);
    } finally {
      await h.db.update(releases).set({ isActive: true }).where(eq(releases.version, '1.0.0'));
    }
    expect((await get('/api/v1/downloads/link?version=not-semver', user.headers)).statusCode).toBe(
      400,
    );
  });

  it('streams the file behind a signed link with the right headers and bytes, and records it once', async () => {
    const user = await subscribedUser(h.app);
    const link = downloadLinkResponseSchema.parse(
      (await get('/api/v1/downloads/link?version=1.0.0', user.headers)).json(),
    );
    expect(link).toMatchObject({ version: '1.0.0', filename: 'flockr-v1.0.0.zip' });
    const ttl = Date.parse(link.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);

    const row = await releaseRow('1.0.0');
    const url = new URL(link.download_url);
    const file = await get(url.pathname + url.search);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="?flockr-v1\.0\.0\.zip"?$/,
    );
    expect(file.headers['accept-ranges']).toBe('bytes');
    expect(Number(file.headers['content-length'])).toBe(row.fileSize);
    expect(file.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04])); // ZIP local header
    expect(sha256(file.rawPayload)).toBe(row.sha256);

    const ranged = await h.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { range: 'bytes=0-99' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload).toEqual(file.rawPayload.subarray(0, 100));

    const after = await releaseRow('1.0.0');
    expect(after.downloadCount).toBe(row.downloadCount + 1);
    const hist = downloadHistoryResponseSchema.parse(
      (await get('/api/v1/downloads/history', user.headers)).json(),
    );
    expect(hist.downloads).toEqual([
      expect.objectContaining({ version: '1.0.0', filename: 'flockr-v1.0.0.zip' }),
    ]);
  });

  it('refuses expired, tampered and session tokens as download links', async () => {
    const user = await subscribedUser(h.app);
    const tokens = new TokenService(h.config.jwtSecret);
    const row = await releaseRow('1.1.0');
    const expired = (await tokens.sign('download', user.user.id, -1000, { aid: row.artifactId }))
      .token;
    for (const token of [expired, user.token, `${expired}x`]) {
      const res = await get(`/api/v1/downloads/file?token=${encodeURIComponent(token)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: API_ERRORS.downloadLinkInvalid });
    }
    expect((await get('/api/v1/downloads/file')).statusCode).toBe(400);
  });

  it.each(['SUSPENDED', 'INACTIVE'] as const)(
    'refuses a link issued before the account became %s, and serves it again once reinstated',
    async (status) => {
      const user = await subscribedUser(h.app);
      const link = downloadLinkResponseSchema.parse(
        (await get('/api/v1/downloads/link?version=1.0.0', user.headers)).json(),
      );
      const url = new URL(link.download_url);
      const before = await releaseRow('1.0.0');
      await h.db.update(users).set({ status }).where(eq(users.id, user.user.id));
      const refused = await get(url.pathname + url.search);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(
        status === 'SUSPENDED'
          ? { error: API_ERRORS.accountSuspended, code: 'ACCOUNT_SUSPENDED' }
          : { error: API_ERRORS.accountInactive, code: 'ACCOUNT_INACTIVE' },
      );
      const after = await releaseRow('1.0.0');
      expect(after.downloadCount).toBe(before.downloadCount);

      await h.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, user.user.id));
      expect((await get(url.pathname + url.search)).statusCode).toBe(200);
    },
  );

  it('refuses a link once the account was deleted', async () => {
    const user = await subscribedUser(h.app);
    const link = downloadLinkResponseSchema.parse(
      (await get('/api/v1/downloads/link', user.headers)).json(),
    );
    const deleted = await h.app.inject({
      method: 'DELETE',
      url: '/api/v1/user/account',
      headers: user.headers,
      payload: { password: user.payload.password },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const url = new URL(link.download_url);
    const res = await get(url.pathname + url.search);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: API_ERRORS.downloadLinkInvalid });
  });
});
