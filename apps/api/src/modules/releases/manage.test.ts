/**
 * The release manager (docs/updates.md "Publishing from CI"): releases created as drafts, files
 * uploaded with their digests computed while they stream in, published, listed, yanked and
 * restored; conflicts and refused input change nothing; every change is audited. Also the
 * spec's `/admin/downloads` under the same publish rule and audit words (ADR 025), its
 * single-file upload keeping SHA-1/SHA-512, and the start's backfill of those digests.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminArtifactResponseSchema,
  adminReleaseResponseSchema,
  adminReleasesResponseSchema,
  type AdminReleaseDetail,
} from '@flockr/contract';
import { artifacts, auditLog, releases } from '../../db/schema.js';
import { updateUser } from '../accounts/repository.js';
import { createHarness, registerUser, type Harness } from '../../test/harness.js';
import { multipartBody } from '../../test/multipart.js';
import { backfillArtifactDigests } from './digests.js';

let h: Harness;
let admin: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  h = await createHarness();
  admin = await registerUser(h.app, 'relmgr');
  await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
});
afterAll(async () => {
  await h.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, payload?: object, headers = admin.headers) =>
  h.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

const digests = (data: Buffer) => ({
  sha1: createHash('sha1').update(data).digest('hex'),
  sha256: createHash('sha256').update(data).digest('hex'),
  sha512: createHash('sha512').update(data).digest('base64'),
});

/** Uploads `data` as a file of release `id` with `fields`. */
function upload(
  id: string,
  fields: Record<string, string>,
  file?: { filename: string; data: Buffer },
  headers = admin.headers,
) {
  const { payload, contentType } = multipartBody(fields, file);
  return h.app.inject({
    method: 'POST',
    url: `/api/v1/admin/releases/${id}/artifacts`,
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}

async function createDraft(version: string, extra: object = {}): Promise<AdminReleaseDetail> {
  const res = await call('POST', '/admin/releases', {
    version,
    release_date: '2026-12-01',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return adminReleaseResponseSchema.parse(res.json()).release;
}

async function listed(id: string): Promise<AdminReleaseDetail | undefined> {
  const res = await call('GET', '/admin/releases');
  expect(res.statusCode).toBe(200);
  return adminReleasesResponseSchema.parse(res.json()).releases.find((r) => r.id === id);
}

const auditActions = async (entityId: string) =>
  (
    await h.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.entityId, entityId))
      .orderBy(auditLog.createdAt)
  ).map((r) => {
    expect(r.actorId).toBe(admin.user.id);
    return r.action;
  });

/** Every file under DATA_DIR's artifacts/ and uploads/ folders, relative. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(h.config.dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(h.config.dataDir, path.join(e.parentPath, e.name)))
    .filter((p) => p.startsWith('artifacts') || p.startsWith('uploads'))
    .sort();
}

describe('a release from draft to published', () => {
  it('creates a draft, takes several files with their digests, publishes it and lists it', async () => {
    const draft = await createDraft('2.0.0', { channel: 'beta', rollout_percentage: 50 });
    expect(draft).toMatchObject({
      version: '2.0.0',
      channel: 'beta',
      rollout_percentage: 50,
      is_active: false,
      published_at: null,
      yanked_at: null,
      artifacts: [],
    });

    const files: {
      fields: Record<string, string>;
      file: { filename: string; data: Buffer };
      stored: string;
    }[] = [
      {
        fields: { platform: 'windows', arch: 'x64', kind: 'installer' },
        file: { filename: 'Flockr Setup 2.0.0.exe', data: randomBytes(300_000) },
        stored: 'Flockr-Setup-2.0.0.exe',
      },
      {
        fields: { platform: 'windows', arch: 'x64', kind: 'blockmap' },
        file: { filename: 'Flockr Setup 2.0.0.exe.blockmap', data: randomBytes(2_000) },
        stored: 'Flockr-Setup-2.0.0.exe.blockmap',
      },
      {
        fields: {
          platform: 'macos',
          arch: 'universal',
          kind: 'zip',
          filename: 'Flockr-2.0.0-mac.zip',
          signature: 'untrusted comment: signature from tauri secret key\nRWTabc==\n',
          ed_signature: 'M2VkMjU1MTlzaWduYXR1cmU=',
        },
        file: { filename: 'ignored.zip', data: randomBytes(150_000) },
        stored: 'Flockr-2.0.0-mac.zip',
      },
    ];
    for (const f of files) {
      const res = await upload(draft.id, f.fields, f.file);
      expect(res.statusCode, res.body).toBe(201);
      const { artifact } = adminArtifactResponseSchema.parse(res.json());
      const want = digests(f.file.data);
      expect(artifact).toMatchObject({
        filename: f.stored,
        platform: f.fields.platform,
        arch: f.fields.arch,
        kind: f.fields.kind,
        file_size: f.file.data.length,
        sha256: want.sha256,
        sha512: want.sha512,
        has_signature: f.fields.kind === 'zip',
        has_ed_signature: f.fields.kind === 'zip',
        download_url: null,
      });
      const [row] = await h.db.select().from(artifacts).where(eq(artifacts.id, artifact.id));
      expect(row!.sha1).toBe(want.sha1);
      expect(row!.storagePath).toMatch(new RegExp(`^artifacts/2\\.0\\.0/[0-9a-f]{8}-${f.stored}$`));
      expect(await readFile(path.join(h.config.dataDir, row!.storagePath!))).toEqual(f.file.data);
      if (f.fields.kind === 'zip') {
        expect(row!.signature).toBe(f.fields.signature!.trim());
        expect(row!.edSignature).toBe(f.fields.ed_signature);
      }
    }

    const published = await call('PATCH', `/admin/releases/${draft.id}`, { is_active: true });
    expect(published.statusCode, published.body).toBe(200);
    const first = adminReleaseResponseSchema.parse(published.json()).release;
    expect(first.is_active).toBe(true);
    expect(first.published_at).not.toBeNull();
    // Withdrawn and published again: published_at stays the first publication.
    await call('PATCH', `/admin/releases/${draft.id}`, { is_active: false });
    const again = await call('PATCH', `/admin/releases/${draft.id}`, { is_active: true });
    expect(again.json().release.published_at).toBe(first.published_at);

    const res = await call('GET', '/admin/releases');
    const list = adminReleasesResponseSchema.parse(res.json());
    expect(list.minimum_version).toBeNull();
    const versions = list.releases.map((r) => r.version);
    expect(versions.indexOf('2.0.0')).toBeLessThan(versions.indexOf('1.1.0'));
    const mine = list.releases.find((r) => r.id === draft.id)!;
    expect(mine.artifacts.map((a) => a.filename)).toEqual(files.map((f) => f.stored));
    expect(mine.notes_title).toBeNull();

    // The release notes' title comes from the published changelog entry of the same version.
    const entry = await call('POST', '/admin/changelog', {
      version: '2.0.0',
      title: 'Two point oh',
      changes: '- Everything is new',
      release_date: '2026-12-01',
      is_published: true,
    });
    expect(entry.statusCode, entry.body).toBe(201);
    expect((await listed(draft.id))!.notes_title).toBe('Two point oh');

    expect(await auditActions(draft.id)).toEqual([
      'release.create',
      'release.file',
      'release.file',
      'release.file',
      'release.publish',
      'release.withdraw',
      'release.publish',
    ]);
  });

  it('moves a release to another channel and rollout, audited as an update', async () => {
    const r = await createDraft('2.0.1', { publish: true });
    expect(r.is_active).toBe(true);
    expect(r.published_at).not.toBeNull();
    const res = await call('PATCH', `/admin/releases/${r.id}`, {
      channel: 'rc',
      rollout_percentage: 10,
      minimum_system_version: '12.0',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().release).toMatchObject({
      channel: 'rc',
      rollout_percentage: 10,
      minimum_system_version: '12.0',
    });
    // The same values again change nothing and record nothing.
    await call('PATCH', `/admin/releases/${r.id}`, { rollout_percentage: 10 });
    expect(await auditActions(r.id)).toEqual(['release.create', 'release.update']);
  });

  it('yanks a release with its reason and restores it', async () => {
    const r = await createDraft('2.0.2', { publish: true });
    const yanked = await call('PATCH', `/admin/releases/${r.id}`, {
      yanked: true,
      yank_reason: 'Crashes on start on Windows 10',
    });
    expect(yanked.statusCode).toBe(200);
    expect(yanked.json().release).toMatchObject({
      yank_reason: 'Crashes on start on Windows 10',
      is_active: true,
    });
    expect(yanked.json().release.yanked_at).not.toBeNull();
    const restored = await call('PATCH', `/admin/releases/${r.id}`, { yanked: false });
    expect(restored.json().release).toMatchObject({ yanked_at: null, yank_reason: null });
    expect(await auditActions(r.id)).toEqual(['release.create', 'release.yank', 'release.unyank']);
  });
});

describe('conflicts and refused input', () => {
  it('answers 409 for a taken version and a file name the release has, leaving no file behind', async () => {
    const r = await createDraft('2.1.0');
    const taken = await call('POST', '/admin/releases', {
      version: '2.1.0',
      release_date: '2026-12-01',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'VERSION_TAKEN' });
    const file = { filename: 'Flockr-2.1.0.zip', data: randomBytes(10_000) };
    expect((await upload(r.id, { platform: 'windows', kind: 'zip' }, file)).statusCode).toBe(201);
    const before = await storedFiles();
    const again = await upload(r.id, { platform: 'linux', kind: 'zip' }, file);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ARTIFACT_NAME_TAKEN',
      error: 'This release already has a file with this name',
    });
    expect(await storedFiles()).toEqual(before);
    expect((await listed(r.id))!.artifacts).toHaveLength(1);
  });

  it('refuses invalid input with 400 (404 for an unknown release) and changes nothing', async () => {
    const r = await createDraft('2.2.0');
    const before = await listed(r.id);
    const files = await storedFiles();
    const audits = (await h.db.select({ n: count() }).from(auditLog))[0]!.n;
    const refusals: [Promise<{ statusCode: number; json(): unknown }>, number][] = [
      [call('POST', '/admin/releases', { version: 'two', release_date: '2026-12-01' }), 400],
      [call('POST', '/admin/releases', { version: '2.2.9', release_date: 'soon' }), 400],
      [
        call('POST', '/admin/releases', { version: '2.2.9', release_date: '2026-12-01', x: 1 }),
        400,
      ],
      [call('PATCH', `/admin/releases/${r.id}`, {}), 400],
      [call('PATCH', `/admin/releases/${r.id}`, { rollout_percentage: 101 }), 400],
      [call('PATCH', `/admin/releases/${r.id}`, { rollout_percentage: 2.5 }), 400],
      [call('PATCH', `/admin/releases/${r.id}`, { channel: 'nightly' }), 400],
      [call('PATCH', `/admin/releases/${r.id}`, { is_active: true, bogus: 1 }), 400],
      [call('PATCH', `/admin/releases/not-a-uuid`, { is_active: true }), 400],
      [call('PATCH', `/admin/releases/${crypto.randomUUID()}`, { is_active: true }), 404],
      [call('PUT', '/admin/update-settings', { minimum_version: 'latest' }), 400],
      [
        upload(
          r.id,
          { platform: 'beos', kind: 'zip' },
          { filename: 'a.zip', data: randomBytes(9) },
        ),
        400,
      ],
      [
        upload(
          r.id,
          { platform: 'windows', kind: 'tarball' },
          { filename: 'a', data: randomBytes(9) },
        ),
        400,
      ],
      [upload(r.id, { platform: 'windows', kind: 'zip' }), 400],
      [
        upload(
          crypto.randomUUID(),
          { platform: 'windows', kind: 'zip' },
          { filename: 'a.zip', data: randomBytes(9) },
        ),
        404,
      ],
    ];
    for (const [request, status] of refusals) {
      const res = await request;
      expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
    }
    expect(await listed(r.id)).toEqual(before);
    expect(await storedFiles()).toEqual(files);
    expect((await h.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(audits);
    expect(
      (await call('GET', '/admin/releases'))
        .json()
        .releases.map((x: { version: string }) => x.version),
    ).not.toContain('2.2.9');
  });
});

describe('update settings', () => {
  it('sets and clears the minimum supported version, audited when it changes', async () => {
    const set = await call('PUT', '/admin/update-settings', { minimum_version: '1.1.0' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ minimum_version: '1.1.0' });
    expect(
      adminReleasesResponseSchema.parse((await call('GET', '/admin/releases')).json())
        .minimum_version,
    ).toBe('1.1.0');
    await call('PUT', '/admin/update-settings', { minimum_version: '1.1.0' });
    await call('PUT', '/admin/update-settings', { minimum_version: null });
    const rows = await h.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'update_settings.update'))
      .orderBy(auditLog.createdAt);
    expect(rows).toEqual([
      { before: { minimum_version: null }, after: { minimum_version: '1.1.0' } },
      { before: { minimum_version: '1.1.0' }, after: { minimum_version: null } },
    ]);
  });
});

describe("the spec's /admin/downloads: an alias of the release manager (ADR 025)", () => {
  it('creates, publishes, withdraws, archives, restores and re-dates by the one publish rule, with the release words', async () => {
    const created = await call('POST', '/admin/downloads', {
      version: '3.6.0',
      download_url: 'https://cdn.example.com/flockr-3.6.0.zip',
      filename: 'flockr-3.6.0.zip',
      file_size: 4321,
      release_date: '2026-12-10',
      is_active: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().download.id;
    // A draft on stable at full rollout, with its one file for every computer.
    expect(await listed(id)).toMatchObject({
      version: '3.6.0',
      channel: 'stable',
      rollout_percentage: 100,
      is_active: false,
      published_at: null,
      artifacts: [{ filename: 'flockr-3.6.0.zip', any_platform: true, file_size: 4321 }],
    });

    const put = async (body: object) => {
      const res = await call('PUT', `/admin/downloads/${id}`, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().download as { is_active: boolean; archived_at: string | null };
    };
    await put({ is_active: true });
    const published = (await listed(id))!.published_at;
    expect(published).not.toBeNull();
    await put({ is_active: false });
    expect(await put({ is_active: true })).toMatchObject({ is_active: true });
    // Published again: published_at stays the first publication, as with PATCH /admin/releases.
    expect((await listed(id))!.published_at).toBe(published);
    expect(await put({ archived: true })).toMatchObject({ is_active: false });
    expect((await listed(id))!.archived_at).not.toBeNull();
    expect(await put({ archived: false })).toMatchObject({ is_active: false, archived_at: null });
    await put({ release_date: '2026-12-11' });
    // The release manager acts on the same row.
    const yank = await call('PATCH', `/admin/releases/${id}`, { yanked: true });
    expect(yank.statusCode).toBe(200);

    expect(await auditActions(id)).toEqual([
      'release.create',
      'release.publish',
      'release.withdraw',
      'release.publish',
      'release.archive',
      'release.restore',
      'release.update',
      'release.yank',
    ]);
    const [createEntry] = await h.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'release.create')));
    expect(createEntry!.after).toMatchObject({
      version: '3.6.0',
      is_active: false,
      artifacts: [
        { filename: 'flockr-3.6.0.zip', download_url: 'https://cdn.example.com/flockr-3.6.0.zip' },
      ],
    });
  });

  it('answers an unknown version the same on both calls', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const spec = await call('PUT', `/admin/downloads/${unknown}`, { is_active: true });
    const manager = await call('PATCH', `/admin/releases/${unknown}`, { is_active: true });
    expect(spec.statusCode).toBe(404);
    expect(spec.json()).toEqual({ error: 'Download not found', code: 'RELEASE_NOT_FOUND' });
    expect(manager.statusCode).toBe(404);
    expect(manager.json()).toEqual(spec.json());
  });

  it('answers a release without a file 404 on the spec call, and leaves it as it was', async () => {
    const draft = await createDraft('7.7.7');
    const res = await call('PUT', `/admin/downloads/${draft.id}`, { is_active: true });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Download not found', code: 'RELEASE_NOT_FOUND' });
    expect(await listed(draft.id)).toMatchObject({ is_active: false, published_at: null });
  });
});

describe("digests of the spec's single-file versions", () => {
  it('keeps SHA-1 and SHA-512 of a file uploaded through /admin/downloads/upload, as a Windows x64 zip', async () => {
    const data = randomBytes(50_000);
    const { payload, contentType } = multipartBody(
      { version: '3.5.0', release_date: '2026-12-24' },
      { filename: 'flockr-v3.5.0.zip', data },
    );
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/admin/downloads/upload',
      headers: { ...admin.headers, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await h.db
      .select({ artifact: artifacts, release: releases })
      .from(artifacts)
      .innerJoin(releases, eq(releases.id, artifacts.releaseId))
      .where(eq(releases.version, '3.5.0'));
    expect(row!.artifact).toMatchObject({
      ...digests(data),
      platform: 'windows',
      arch: 'x64',
      kind: 'zip',
    });
    expect(row!.release.publishedAt).not.toBeNull();
  });

  it('fills missing SHA-1 and SHA-512 of stored files once, and leaves a file that differs alone', async () => {
    const seeded = await h.db
      .select()
      .from(artifacts)
      .innerJoin(releases, eq(releases.id, artifacts.releaseId))
      .where(eq(releases.version, '1.0.0'));
    const one = seeded[0]!.artifacts;
    const other = (
      await h.db
        .select()
        .from(artifacts)
        .innerJoin(releases, eq(releases.id, artifacts.releaseId))
        .where(eq(releases.version, '1.1.0'))
    )[0]!.artifacts;
    await h.db.update(artifacts).set({ sha1: null, sha512: null }).where(eq(artifacts.id, one.id));
    await h.db
      .update(artifacts)
      .set({ sha512: null, sha256: 'f'.repeat(64) })
      .where(eq(artifacts.id, other.id));
    const warnings: unknown[] = [];
    const log = { ...h.app.log, warn: (o: unknown) => warnings.push(o), info: () => {} };
    const first = await backfillArtifactDigests(h.db, h.app.appContext.artifacts, log as never);
    expect(first).toEqual({ filled: 1, failed: 1 });
    expect(warnings).toHaveLength(1);
    const [after] = await h.db.select().from(artifacts).where(eq(artifacts.id, one.id));
    const data = await readFile(path.join(h.config.dataDir, one.storagePath!));
    expect(after).toMatchObject(digests(data));
    const [untouched] = await h.db
      .select()
      .from(artifacts)
      .where(and(eq(artifacts.id, other.id)));
    expect(untouched!.sha512).toBeNull();
    // Put the other row back: then a second run finds it and nothing else.
    const otherData = await readFile(path.join(h.config.dataDir, other.storagePath!));
    await h.db
      .update(artifacts)
      .set({ sha256: digests(otherData).sha256 })
      .where(eq(artifacts.id, other.id));
    expect(await backfillArtifactDigests(h.db, h.app.appContext.artifacts, log as never)).toEqual({
      filled: 1,
      failed: 0,
    });
    expect(await backfillArtifactDigests(h.db, h.app.appContext.artifacts, log as never)).toEqual({
      filled: 0,
      failed: 0,
    });
  });
});
