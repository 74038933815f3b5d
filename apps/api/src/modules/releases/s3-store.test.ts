/**
 * Program files in S3-compatible object storage (docs/downloads.md, "Object storage"), against a
 * real S3 server (s3rver, test/s3.ts) and the real database: uploads land in the bucket
 * (multipart, hashed on the way, nothing left behind when refused), downloads are a 302 to a
 * presigned URL that serves the exact bytes, the file name and Range, expires, and is counted
 * once; the move of DATA_DIR's files (`migrateArtifacts` and the CLI) is idempotent; `/ready`
 * checks the bucket.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, downloadLinkResponseSchema } from '@flockr/contract';
import { ConfigError, loadConfig } from '../../config.js';
import { artifacts } from '../../db/schema.js';
import { TokenService } from '../../lib/tokens.js';
import {
  createHarness,
  registerUser,
  releaseFileRow,
  subscribedUser,
  testDbKind,
  type Harness,
} from '../../test/harness.js';
import { multipartBody } from '../../test/multipart.js';
import { startS3, type TestS3 } from '../../test/s3.js';
import { startTcpProxy } from '../../test/tcp-proxy.js';
import { updateUser } from '../accounts/repository.js';
import type { Logger } from '../../lib/logger.js';
import { seedObjectStore } from '../../seed/seed.js';
import { migrateArtifacts } from './migrate.js';
import {
  PRESIGNED_URL_TTL_SECONDS,
  S3ArtifactStore,
  S3_HEAD_DEADLINE_MS,
  S3_TIMEOUTS,
  UPLOAD_PART_BYTES,
} from './s3-store.js';

let s3: TestS3;
let h: Harness;
let store: S3ArtifactStore;
beforeAll(async () => {
  s3 = await startS3();
  h = await createHarness({ objectStore: s3.config });
  store = h.app.appContext.artifacts as S3ArtifactStore;
});
afterAll(async () => {
  await h?.close();
  await s3?.close();
});

const sha256 = (data: Buffer | Uint8Array) => createHash('sha256').update(data).digest('hex');
const get = (url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers });

/** A subscriber's signed link to `version` from `app` (this file's), as a path with its query. */
async function fileUrl(version: string, buyer?: { headers: Record<string, string> }, app = h.app) {
  const user = buyer ?? (await subscribedUser(app));
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/downloads/link?version=${version}`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(downloadLinkResponseSchema.parse(res.json()).download_url);
  return url.pathname + url.search;
}

const releaseRow = (version: string) => releaseFileRow(h.db, version);

/** The multipart form of an admin upload: `fields` first, then `file` as a zip named `name`. */
const uploadForm = (fields: Record<string, string>, file: Buffer, name = 'Flockr Setup.zip') =>
  multipartBody(fields, { filename: name, data: file, contentType: 'application/zip' });

let admin: Awaited<ReturnType<typeof registerUser>>;
async function upload(fields: Record<string, string>, file: Buffer) {
  if (!admin) {
    admin = await registerUser(h.app, 'admin');
    await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
  }
  const form = uploadForm(fields, file);
  return h.app.inject({
    method: 'POST',
    url: '/api/v1/admin/downloads/upload',
    headers: { ...admin.headers, 'content-type': form.contentType },
    payload: form.payload,
  });
}

describe('moving DATA_DIR files to the bucket', () => {
  it('serves nothing from the bucket before the move: 404 ARTIFACT_MISSING', async () => {
    const res = await get(await fileUrl('1.0.0'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: API_ERRORS.downloadFileMissing });
  });

  it('copies every stored file under the key the database holds, verified, and skips them on a re-run', async () => {
    const seeded = await Promise.all(['1.0.0', '1.1.0'].map(releaseRow));
    const first = await migrateArtifacts(h.db, h.config.dataDir, store);
    expect(first).toEqual(seeded.map((r) => ({ key: r.storagePath, outcome: 'copied' })));
    for (const row of seeded) {
      const local = await readFile(path.join(h.config.dataDir, row.storagePath!));
      const object = await s3.bytes(row.storagePath!);
      expect(object.equals(local)).toBe(true);
      expect(object.length).toBe(row.fileSize);
      expect(sha256(object)).toBe(row.sha256);
      expect(await store.describe(row.storagePath!)).toEqual({
        size: row.fileSize,
        sha256: row.sha256,
      });
    }
    // The database is unchanged: the same keys, sizes and checksums.
    expect(await Promise.all(['1.0.0', '1.1.0'].map(releaseRow))).toEqual(seeded);

    const again = await migrateArtifacts(h.db, h.config.dataDir, store);
    expect(again.map((r) => r.outcome)).toEqual(['present', 'present']);
  });

  it('copies again an object that differs from the record, and refuses a local file that does', async () => {
    const row = await releaseRow('1.1.0');
    const key = row.storagePath!;
    await s3.client.send(
      new PutObjectCommand({ Bucket: s3.config.bucket, Key: key, Body: Buffer.from('stale') }),
    );
    const fixed = await migrateArtifacts(h.db, h.config.dataDir, store);
    expect(fixed.find((r) => r.key === key)).toEqual({ key, outcome: 'copied' });
    expect(sha256(await s3.bytes(key))).toBe(row.sha256);

    // A local file that is not what the database recorded is not uploaded over a good object's
    // absence: it is reported, and nothing stays in the bucket for it.
    const local = path.join(h.config.dataDir, key);
    const original = await readFile(local);
    await store.remove(key);
    await writeFile(local, Buffer.concat([original, Buffer.from('tampered')]));
    try {
      const refused = await migrateArtifacts(h.db, h.config.dataDir, store);
      expect(refused.find((r) => r.key === key)).toMatchObject({ key, outcome: 'failed' });
      expect(await store.describe(key)).toBeUndefined();
    } finally {
      await writeFile(local, original);
    }
    expect((await migrateArtifacts(h.db, h.config.dataDir, store)).map((r) => r.outcome)).toEqual([
      'present',
      'copied',
    ]);
  });

  it('at start, the seeded files are copied to the bucket when missing, once', async () => {
    const seeded = await Promise.all(['1.0.0', '1.1.0'].map(releaseRow));
    for (const row of seeded) await store.remove(row.storagePath!);
    const copied: unknown[] = [];
    const warned: unknown[] = [];
    const log = {
      ...h.app.log,
      info: (fields: unknown) => copied.push(fields),
      warn: (fields: unknown) => warned.push(fields),
    } as unknown as Logger;
    await seedObjectStore(h.db, h.config, store, log);
    expect(copied).toEqual(seeded.map((r) => ({ key: r.storagePath })));
    for (const row of seeded)
      expect(await store.describe(row.storagePath!)).toEqual({
        size: row.fileSize,
        sha256: row.sha256,
      });
    expect((await get(await fileUrl('1.0.0'))).statusCode).toBe(302);
    // The next instance's start finds them there and copies nothing.
    await seedObjectStore(h.db, h.config, store, log);
    expect(copied).toHaveLength(2);
    expect(warned).toEqual([]);
  });

  if (testDbKind() === 'postgres') {
    it('the CLI (npm run artifacts:migrate) reports every file already there, exit 0', async () => {
      const apiDir = path.resolve(import.meta.dirname, '../../..');
      const { stdout } = await promisify(execFile)(
        path.join(apiDir, '../../node_modules/.bin/tsx'),
        ['src/cli/migrate-artifacts.ts'],
        {
          cwd: apiDir,
          env: {
            ...process.env,
            INIT_CWD: apiDir,
            NODE_ENV: 'test',
            DATABASE_URL: h.databaseUrl!,
            DATA_DIR: h.config.dataDir,
            S3_BUCKET: s3.config.bucket,
            S3_ENDPOINT: s3.config.endpoint,
            S3_FORCE_PATH_STYLE: 'true',
          },
        },
      );
      expect(stdout).toContain(`0 copied, 2 already in s3://${s3.config.bucket}, 0 failed.`);
    });
  }
});

describe('downloads redirected to a presigned URL', () => {
  // The seeded files in the bucket (done by the group above already; a no-op then).
  beforeAll(async () => {
    await migrateArtifacts(h.db, h.config.dataDir, store);
  });

  it('answers 302 to a presigned URL (no-store) serving the exact bytes, name, type and Range; counted once', async () => {
    const before = await releaseRow('1.0.0');
    const url = await fileUrl('1.0.0');
    const answer = await get(url);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.rawPayload.length).toBe(0);
    const location = new URL(answer.headers.location!);
    expect(location.origin).toBe(s3.config.endpoint);
    expect(location.pathname).toBe(`/${s3.config.bucket}/${before.storagePath}`);
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBe(PRESIGNED_URL_TTL_SECONDS);
    expect(PRESIGNED_URL_TTL_SECONDS).toBeLessThanOrEqual(300);

    const file = await fetch(location);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(before.fileSize);
    expect(sha256(bytes)).toBe(before.sha256);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename=flockr-v1.0.0.zip');
    expect(file.headers.get('content-type')).toBe('application/zip');

    const ranged = await fetch(location, { headers: { range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${before.fileSize}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);

    // The same link asked again (a resumed download) redirects again, and is not counted again.
    expect((await get(url)).statusCode).toBe(302);
    expect((await releaseRow('1.0.0')).downloadCount).toBe(before.downloadCount + 1);
  });

  it('signs URLs that expire: refused by the store once their lifetime has passed', async () => {
    const shortLived = new S3ArtifactStore(s3.config, 1);
    try {
      const { storagePath } = await releaseRow('1.0.0');
      const delivery = await shortLived.deliveryOf(storagePath!, 'flockr-v1.0.0.zip');
      expect(delivery?.kind).toBe('redirect');
      const url = delivery!.kind === 'redirect' ? delivery!.url : '';
      expect((await fetch(url)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const expired = await fetch(url);
      expect(expired.status).toBe(403);
      expect(await expired.text()).toContain('Request has expired');
    } finally {
      shortLived.close();
    }
  });

  it('signs for S3_PUBLIC_ENDPOINT when browsers reach the store at another address', async () => {
    // The same server at another address, as a bucket behind a public name or a reverse proxy.
    const internal = new URL(s3.config.endpoint!);
    const proxy = await startTcpProxy({ host: internal.hostname, port: Number(internal.port) });
    const publicEndpoint = `http://127.0.0.1:${proxy.port}`;
    const store = new S3ArtifactStore({ ...s3.config, publicEndpoint });
    try {
      const { storagePath, sha256: recorded } = await releaseRow('1.0.0');
      const delivery = await store.deliveryOf(storagePath!, 'flockr-v1.0.0.zip');
      const url = delivery?.kind === 'redirect' ? delivery.url : '';
      expect(url.startsWith(`${publicEndpoint}/`)).toBe(true);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(recorded);
      // (AWS and MinIO also refuse the URL at any other address, its host being signed; s3rver
      // does not check the Host header, so that is not asserted here.)
    } finally {
      store.close();
      await proxy.close();
    }
  });

  it('still refuses a non-subscriber: no link, and a signed link serves no redirect', async () => {
    const user = await registerUser(h.app);
    const link = await get('/api/v1/downloads/link?version=1.0.0', user.headers);
    expect(link.statusCode).toBe(403);
    const { storagePath } = await releaseRow('1.0.0');
    const [artifact] = await h.db
      .select({ id: artifacts.id })
      .from(artifacts)
      .where(eq(artifacts.storagePath, storagePath!));
    const token = await new TokenService(h.config.jwtSecret).sign(
      'download',
      user.user.id,
      60_000,
      {
        aid: artifact!.id,
      },
    );
    const res = await get(`/api/v1/downloads/file?token=${encodeURIComponent(token.token)}`);
    expect(res.statusCode).toBe(403);
    expect(res.headers.location).toBeUndefined();
    expect(res.json()).toMatchObject({ error: API_ERRORS.subscriptionRequired });
  });
});

describe('uploads streamed to the bucket', () => {
  it('streams a multi-part upload (> 5 MiB) to its key with the right bytes, size and SHA-256, and serves it', async () => {
    const file = randomBytes(UPLOAD_PART_BYTES + 3 * 1024 * 1024); // two parts: 8 MiB + 3 MiB
    file.write('PK\u0003\u0004', 0, 'latin1');
    const eventsBefore = s3.events.length;
    const res = await upload({ version: '3.0.0', release_date: '2026-12-01' }, file);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().download).toMatchObject({
      version: '3.0.0',
      file_size: file.length,
      sha256: sha256(file),
      filename: 'Flockr-Setup.zip',
    });
    const row = await releaseRow('3.0.0');
    expect(row.storagePath).toMatch(/^artifacts\/3\.0\.0\/[0-9a-f]{8}-Flockr-Setup\.zip$/);
    const key = row.storagePath!;
    const object = await s3.bytes(key);
    expect(object.equals(file)).toBe(true);
    expect(await store.describe(key)).toEqual({ size: file.length, sha256: sha256(file) });
    const head = await s3.client.send(
      new HeadObjectCommand({ Bucket: s3.config.bucket, Key: key }),
    );
    expect(head.ContentType).toBe('application/zip');
    // lib-storage sent a multipart upload to the temporary key, which was then copied and removed.
    const events = s3.events.slice(eventsBefore);
    expect(events).toContainEqual(expect.stringMatching(/^ObjectCreated:Post uploads\/.+\.part$/));
    expect(events).toContain(`ObjectCreated:Copy ${key}`);
    expect(await s3.keys('uploads/')).toEqual([]);

    const location = (await get(await fileUrl('3.0.0'))).headers.location!;
    const served = await fetch(location);
    expect(served.headers.get('content-disposition')).toBe(
      'attachment; filename=flockr-v3.0.0.zip',
    );
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(file));
  });

  it('leaves nothing in the bucket when an upload is refused (taken version, invalid fields, cut-off body)', async () => {
    const before = await s3.keys();
    const file = randomBytes(64 * 1024);
    const taken = await upload({ version: '1.0.0', release_date: '2026-12-01' }, file);
    expect(taken.statusCode).toBe(409);
    const invalid = await upload({ version: 'not-semver', release_date: '2026-12-01' }, file);
    expect(invalid.statusCode).toBe(400);
    // A body cut off in the middle of the file (no closing boundary): the client's fault.
    const form = uploadForm({ version: '3.1.0', release_date: '2026-12-01' }, file);
    const cut = await h.app.inject({
      method: 'POST',
      url: '/api/v1/admin/downloads/upload',
      headers: { ...admin.headers, 'content-type': form.contentType },
      payload: form.payload.subarray(0, form.payload.length - 5_000),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ code: 'UPLOAD_MALFORMED' });
    expect(await s3.keys()).toEqual(before);
  });

  it('aborts the multipart upload and leaves no object when the stream fails halfway', async () => {
    const before = await s3.keys();
    // A store of its own, whose client notes every command it sends (the real client and server).
    const watched = new S3ArtifactStore(s3.config);
    const sent: string[] = [];
    watched.client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize' },
    );
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(UPLOAD_PART_BYTES);
        yield randomBytes(1024 * 1024);
        throw new Error('client went away');
      })(),
    );
    try {
      await expect(watched.receive(failing)).rejects.toThrow();
    } finally {
      watched.close();
    }
    expect(sent).toContain('CreateMultipartUploadCommand');
    expect(sent).toContain('UploadPartCommand');
    // s3rver does not implement AbortMultipartUpload (405), so its part stays in its own folder;
    // S3 and the S3-compatible servers in use drop the parts on it.
    expect(sent).toContain('AbortMultipartUploadCommand');
    expect(sent).not.toContain('CompleteMultipartUploadCommand');
    expect(await s3.keys()).toEqual(before);
  });
});

describe('configuration', () => {
  it('reads S3_* into objectStore, and refuses half a setting or one next to DOWNLOAD_ACCEL_REDIRECT', () => {
    const base = { JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).objectStore).toBeUndefined();
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: 'files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
      }).objectStore,
    ).toEqual({
      bucket: 'files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      ConfigError,
    );
    expect(() =>
      loadConfig({
        ...base,
        S3_BUCKET: 'files',
        DOWNLOAD_ACCEL_REDIRECT: '/_protected_downloads/',
      }),
    ).toThrow(ConfigError);
  });
});

// Last: stops the S3 server.
describe('an object store that accepts connections and never answers', () => {
  it(`answers a download 503 SERVICE_UNAVAILABLE within S3_HEAD_DEADLINE_MS (${S3_HEAD_DEADLINE_MS} ms), not when the socket gives up`, async () => {
    // The same bucket reached through a proxy that can be made silent.
    const proxy = await startTcpProxy({
      host: '127.0.0.1',
      port: Number(new URL(s3.config.endpoint!).port),
    });
    const hung = await createHarness({
      objectStore: { ...s3.config, endpoint: `http://127.0.0.1:${proxy.port}` },
    });
    try {
      const hungStore = hung.app.appContext.artifacts as S3ArtifactStore;
      await migrateArtifacts(hung.db, hung.config.dataDir, hungStore);
      const path = await fileUrl('1.0.0', undefined, hung.app);
      // While the store answers: the redirect.
      expect((await hung.app.inject({ method: 'GET', url: path })).statusCode).toBe(302);
      await proxy.hang();
      const started = Date.now();
      const download = await hung.app.inject({ method: 'GET', url: path });
      const waited = Date.now() - started;
      expect(download.statusCode).toBe(503);
      expect(download.headers['retry-after']).toBeDefined();
      expect(download.headers.location).toBeUndefined();
      expect(download.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      // Ended by our deadline: not sooner (the store never refused), and long before the
      // socket's idle bound (S3_TIMEOUTS.socketTimeout) would have.
      expect(waited).toBeGreaterThanOrEqual(S3_HEAD_DEADLINE_MS - 50);
      expect(waited).toBeLessThan(S3_TIMEOUTS.socketTimeout);
      // Answering again: the next download is redirected, without a restart.
      await proxy.up();
      expect((await hung.app.inject({ method: 'GET', url: path })).statusCode).toBe(302);
    } finally {
      await hung.close();
      await proxy.close();
    }
  });
});

describe('GET /ready with object storage', () => {
  it('checks the bucket: 200 while it answers, 503 with object_store failed once the server is gone (and a download 503)', async () => {
    const up = await get('/api/v1/ready');
    expect(up.statusCode).toBe(200);
    expect(up.json().checks.object_store).toBe('ok');
    const url = await fileUrl('1.0.0');
    await s3.stop();
    const download = await get(url);
    // A link checked while the store is unreachable: 503 SERVICE_UNAVAILABLE, as for the database.
    expect(download.statusCode).toBe(503);
    expect(download.headers.location).toBeUndefined();
    expect(download.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    // So is an upload: the store's failure, not a malformed form.
    const uploaded = await upload(
      { version: '9.0.0', release_date: '2026-12-01' },
      randomBytes(1024),
    );
    expect(uploaded.statusCode).toBe(503);
    const down = await get('/api/v1/ready');
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBeDefined();
    expect(down.json()).toMatchObject({
      ready: false,
      checks: { database: 'ok', object_store: 'failed' },
    });
  });
});
