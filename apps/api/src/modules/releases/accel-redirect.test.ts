/**
 * DOWNLOAD_ACCEL_REDIRECT (docs/downloads.md): once a link is checked, the file's answer is
 * empty and names the stored file in X-Accel-Redirect for nginx, with every check, header and
 * history row the streamed answer has. Through `app.inject`; nginx.test.ts runs a real nginx.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, downloadLinkResponseSchema } from '@flockr/contract';
import { ConfigError, loadConfig } from '../../config.js';
import { artifacts, releases, users } from '../../db/schema.js';
import { attachmentDisposition } from '../../lib/content-disposition.js';
import { TokenService } from '../../lib/tokens.js';
import { createHarness, registerUser, subscribedUser, type Harness } from '../../test/harness.js';
import { accelRedirectUri, artifactContentType } from './storage.js';

const PREFIX = '/_protected_downloads/';

let accel: Harness;
let streamed: Harness;
beforeAll(async () => {
  [accel, streamed] = await Promise.all([
    createHarness({ downloadAccelRedirect: PREFIX }),
    createHarness(),
  ]);
});
afterAll(async () => {
  await Promise.all([accel.close(), streamed.close()]);
});

const get = (h: Harness, url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers });

/** A subscriber's signed link to `version` on `h`, as a path with its query. */
async function fileUrl(h: Harness, version: string, user?: { headers: Record<string, string> }) {
  const buyer = user ?? (await subscribedUser(h.app));
  const res = await get(h, `/api/v1/downloads/link?version=${version}`, buyer.headers);
  const url = new URL(downloadLinkResponseSchema.parse(res.json()).download_url);
  return url.pathname + url.search;
}

/** The seeded release `version`: its download count, stored path and checksum. */
async function releaseRow(h: Harness, version: string) {
  const [row] = await h.db
    .select({
      id: releases.id,
      downloadCount: releases.downloadCount,
      storagePath: artifacts.storagePath,
      sha256: artifacts.sha256,
    })
    .from(releases)
    .innerJoin(artifacts, eq(artifacts.releaseId, releases.id))
    .where(eq(releases.version, version));
  return row!;
}

describe('the file behind a signed link, with DOWNLOAD_ACCEL_REDIRECT set', () => {
  it('answers an empty body naming the stored file in X-Accel-Redirect, with the headers of a streamed answer', async () => {
    const [answer, reference] = await Promise.all([
      get(accel, await fileUrl(accel, '1.0.0')),
      get(streamed, await fileUrl(streamed, '1.0.0')),
    ]);
    expect(reference.headers['x-accel-redirect']).toBeUndefined();
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.length).toBe(0);
    expect(answer.headers['x-accel-redirect']).toBe(`${PREFIX}1.0.0/flockr-v1.0.0.zip`);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toBe('attachment; filename=flockr-v1.0.0.zip');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    // Every other header is the streamed answer's too (security headers included), but those
    // about the bytes, which nginx writes from the file.
    const aboutTheBytes = ['content-length', 'accept-ranges', 'etag', 'last-modified', 'date'];
    const rest = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) =>
            !aboutTheBytes.includes(name) && name !== 'x-accel-redirect' && name !== 'x-request-id',
        ),
      );
    expect(rest(answer.headers)).toEqual(rest(reference.headers));
    // Each answer carries its own request's id (plugins/request-id.ts).
    expect(answer.headers['x-request-id']).toEqual(expect.any(String));
    expect(answer.headers['content-length']).toBe('0');

    // The name is the stored file's: under DATA_DIR/artifacts, the bytes the release records.
    const row = await releaseRow(accel, '1.0.0');
    const underArtifacts = decodeURIComponent(
      answer.headers['x-accel-redirect']!.toString().slice(PREFIX.length),
    );
    expect(path.join('artifacts', underArtifacts)).toBe(row.storagePath);
    const bytes = await readFile(path.join(accel.config.dataDir, 'artifacts', underArtifacts));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
  });

  it('leaves Range to nginx: a ranged request gets the same empty answer', async () => {
    const res = await get(accel, await fileUrl(accel, '1.1.0'), { range: 'bytes=0-99' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['x-accel-redirect']).toBe(`${PREFIX}1.1.0/flockr-v1.1.0.zip`);
  });

  it('records the download once per link, in the history and the count', async () => {
    const buyer = await subscribedUser(accel.app);
    const before = await releaseRow(accel, '1.1.0');
    const url = await fileUrl(accel, '1.1.0', buyer);
    expect((await get(accel, url)).statusCode).toBe(200);
    expect((await get(accel, url)).statusCode).toBe(200);
    expect((await releaseRow(accel, '1.1.0')).downloadCount).toBe(before.downloadCount + 1);
    const history = await get(accel, '/api/v1/downloads/history', buyer.headers);
    expect(history.json().downloads).toEqual([
      expect.objectContaining({ version: '1.1.0', filename: 'flockr-v1.1.0.zip' }),
    ]);
  });

  it('keeps the 401, 403 and 404 answers, none of them naming a file', async () => {
    const noAccel = (res: { headers: Record<string, unknown> }) =>
      expect(res.headers['x-accel-redirect']).toBeUndefined();

    const signedOut = await get(accel, '/api/v1/downloads/link');
    expect(signedOut.statusCode).toBe(401);
    const unsubscribed = await registerUser(accel.app);
    const refused = await get(accel, '/api/v1/downloads/link', unsubscribed.headers);
    expect(refused.statusCode).toBe(403);

    const tokens = new TokenService(accel.config.jwtSecret);
    const [artifact] = await accel.db
      .select({ artifactId: artifacts.id })
      .from(artifacts)
      .innerJoin(releases, eq(artifacts.releaseId, releases.id))
      .where(eq(releases.version, '1.0.0'));
    const artifactId = artifact!.artifactId;
    const expired = (
      await tokens.sign('download', unsubscribed.user.id, -1000, { aid: artifactId })
    ).token;
    for (const token of [expired, `${expired}x`, unsubscribed.token]) {
      const res = await get(accel, `/api/v1/downloads/file?token=${encodeURIComponent(token)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: API_ERRORS.downloadLinkInvalid });
      noAccel(res);
    }
    // Issued to a subscriber who has none now: refused when the file is asked for.
    const lapsed = await get(
      accel,
      `/api/v1/downloads/file?token=${encodeURIComponent(
        (await tokens.sign('download', unsubscribed.user.id, 60_000, { aid: artifactId })).token,
      )}`,
    );
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.json()).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });
    noAccel(lapsed);

    const buyer = await subscribedUser(accel.app);
    const url = await fileUrl(accel, '1.0.0', buyer);
    await accel.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, buyer.user.id));
    try {
      const suspended = await get(accel, url);
      expect(suspended.statusCode).toBe(403);
      expect(suspended.json()).toEqual({
        error: API_ERRORS.accountSuspended,
        code: 'ACCOUNT_SUSPENDED',
      });
      noAccel(suspended);
    } finally {
      await accel.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, buyer.user.id));
    }
    await accel.db.update(releases).set({ isActive: false }).where(eq(releases.version, '1.0.0'));
    try {
      const inactive = await get(accel, url);
      expect(inactive.statusCode).toBe(404);
      expect(inactive.json()).toMatchObject({ error: API_ERRORS.downloadNotFound });
      noAccel(inactive);
    } finally {
      await accel.db.update(releases).set({ isActive: true }).where(eq(releases.version, '1.0.0'));
    }
  });

  it('answers 404 ARTIFACT_MISSING, as when streaming, when the stored file is gone', async () => {
    const row = await releaseRow(accel, '1.0.0');
    const url = await fileUrl(accel, '1.0.0');
    await accel.db
      .update(artifacts)
      .set({ storagePath: 'artifacts/1.0.0/gone.zip' })
      .where(eq(artifacts.releaseId, row.id));
    try {
      const res = await get(accel, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: API_ERRORS.downloadFileMissing,
        code: 'ARTIFACT_MISSING',
      });
      expect(res.headers['x-accel-redirect']).toBeUndefined();
    } finally {
      await accel.db
        .update(artifacts)
        .set({ storagePath: row.storagePath })
        .where(eq(artifacts.releaseId, row.id));
    }
  });
});

describe('accelRedirectUri', () => {
  it('maps a stored path under artifacts/ onto the prefix, each segment percent-encoded', () => {
    expect(accelRedirectUri(PREFIX, 'artifacts/1.0.0/flockr-v1.0.0.zip')).toBe(
      '/_protected_downloads/1.0.0/flockr-v1.0.0.zip',
    );
    expect(accelRedirectUri('/dl/', 'artifacts/2.0.0-rc.1+b.7/a b%?#.zip')).toBe(
      '/dl/2.0.0-rc.1%2Bb.7/a%20b%25%3F%23.zip',
    );
  });

  it.each([
    'jwt-secret',
    'uploads/x.part',
    'artifacts',
    'artifacts/',
    'artifacts//x.zip',
    'artifacts/../jwt-secret',
    'artifacts/1.0.0/../../jwt-secret',
    'artifacts/./x.zip',
    '/artifacts/x.zip',
    'artifacts/x\0.zip',
  ])('refuses %j, which is not a plain path under artifacts/', (stored) => {
    expect(() => accelRedirectUri(PREFIX, stored)).toThrow(/outside artifacts/);
  });
});

describe('artifactContentType and attachmentDisposition', () => {
  it('types a stored file by its extension like the streamed answer does', () => {
    expect(artifactContentType('artifacts/1.0.0/x.zip')).toBe('application/zip');
    expect(artifactContentType('artifacts/1.0.0/X.ZIP')).toBe('application/zip');
    expect(artifactContentType('artifacts/1.0.0/x.tar.gz')).toBe('application/gzip');
    expect(artifactContentType('artifacts/1.0.0/setup.exe')).toBe('application/octet-stream');
    expect(artifactContentType('artifacts/1.0.0/noextension')).toBe('application/octet-stream');
  });

  it.each([
    ['flockr-v1.0.0.zip', 'attachment; filename=flockr-v1.0.0.zip'],
    ['flockr-v1.0.0-beta.1+b.2.zip', 'attachment; filename=flockr-v1.0.0-beta.1+b.2.zip'],
    ['x y.zip', 'attachment; filename="x y.zip"'],
    ['a\\b.zip', 'attachment; filename="a\\\\b.zip"'],
    ['a b"ü.zip', `attachment; filename="a b\\"?.zip"; filename*=UTF-8''a%20b%22%C3%BC.zip`],
    ['€.zip', `attachment; filename="?.zip"; filename*=UTF-8''%E2%82%AC.zip`],
  ])('names %j as the streamed answer does', (name, header) => {
    expect(attachmentDisposition(name)).toBe(header);
  });
});

describe('DOWNLOAD_ACCEL_REDIRECT', () => {
  const env = { JWT_SECRET: 's'.repeat(40), DATA_DIR: '/tmp/flockr-config-test' };

  it('is off when unset or empty, else the location prefix', () => {
    expect(loadConfig(env).downloadAccelRedirect).toBeUndefined();
    expect(loadConfig({ ...env, DOWNLOAD_ACCEL_REDIRECT: '' }).downloadAccelRedirect).toBe(
      undefined,
    );
    expect(loadConfig({ ...env, DOWNLOAD_ACCEL_REDIRECT: PREFIX }).downloadAccelRedirect).toBe(
      PREFIX,
    );
    expect(
      loadConfig({ ...env, DOWNLOAD_ACCEL_REDIRECT: '/internal/files/' }).downloadAccelRedirect,
    ).toBe('/internal/files/');
  });

  it.each(['_protected_downloads/', '/_protected_downloads', '/', '/../x/', '/a//', '/a b/'])(
    'refuses %j (a location path with a leading and a trailing slash)',
    (value) => {
      expect(() => loadConfig({ ...env, DOWNLOAD_ACCEL_REDIRECT: value })).toThrow(ConfigError);
    },
  );
});
