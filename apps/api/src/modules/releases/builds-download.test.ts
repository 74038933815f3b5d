/**
 * The right build for each computer, end to end on a real database (docs/downloads.md "Builds
 * for each computer"): a seller publishes a version with a Windows installer, a macOS disk image
 * and a Linux AppImage (and feed-only files) through the release manager; a subscriber asking as
 * each computer is offered that computer's build first, its link serves those bytes under
 * `{product}-{version}-{platform}-{arch}.{ext}`, the other builds are listed, and a build the
 * version does not have is a 404 BUILD_NOT_FOUND that names the ones it has. E-mailed links list
 * every build; the spec's single-file release keeps its name and serves every computer.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERROR_CODES,
  adminReleaseResponseSchema,
  downloadHistoryResponseSchema,
  downloadLinkResponseSchema,
  downloadNotFoundResponseSchema,
  latestVersionResponseSchema,
  versionsResponseSchema,
} from '@flockr/contract';
import type { Mailer } from '../../mail/mailer.js';
import { updateUser } from '../accounts/repository.js';
import { createHarness, registerUser, subscribedUser, type Harness } from '../../test/harness.js';
import { multipartBody } from '../../test/multipart.js';

type Sent = Parameters<Mailer['send']>[0];
const sent: Sent[] = [];
let h: Harness;
let admin: Awaited<ReturnType<typeof registerUser>>;
let buyer: Awaited<ReturnType<typeof subscribedUser>>;

/** The version published here, newer than the seeded ones. */
const VERSION = '3.0.0';
const files = {
  windows: { filename: 'Flockr Setup 3.0.0.exe', data: randomBytes(40_000) },
  blockmap: { filename: 'Flockr Setup 3.0.0.exe.blockmap', data: randomBytes(2_000) },
  nupkg: { filename: 'flockr-3.0.0-full.nupkg', data: randomBytes(30_000) },
  macos: { filename: 'Flockr-3.0.0-universal.dmg', data: randomBytes(50_000) },
  linux: { filename: 'Flockr-3.0.0.AppImage', data: randomBytes(45_000) },
};

/** Real browsers' headers: a User-Agent string, and client hints where Chromium sends them. */
const AS = {
  windows: {
    'user-agent':
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
    'sec-ch-ua-platform': '"Windows"',
    'sec-ch-ua-arch': '"x86"',
    'sec-ch-ua-bitness': '"64"',
  },
  macos: {
    'user-agent':
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.1 Safari/605.1.15',
  },
  linux: {
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0',
  },
  phone: {
    'user-agent':
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1',
  },
};

const get = (url: string, headers: Record<string, string>) =>
  h.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

/** Uploads `file` as a build of release `id` through the release manager. */
async function upload(
  id: string,
  fields: Record<string, string>,
  file: { filename: string; data: Buffer },
) {
  const { payload, contentType } = multipartBody(fields, file);
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/v1/admin/releases/${id}/artifacts`,
    headers: { ...admin.headers, 'content-type': contentType },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  h = await createHarness({}, { mailer: { send: async (m) => void sent.push(m) } });
  admin = await registerUser(h.app, 'seller');
  await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
  const created = await h.app.inject({
    method: 'POST',
    url: '/api/v1/admin/releases',
    headers: admin.headers,
    payload: { version: VERSION, release_date: '2026-12-01' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = adminReleaseResponseSchema.parse(created.json()).release;
  await upload(id, { platform: 'windows', arch: 'x64', kind: 'installer' }, files.windows);
  await upload(id, { platform: 'windows', arch: 'x64', kind: 'blockmap' }, files.blockmap);
  await upload(id, { platform: 'windows', arch: 'x64', kind: 'nupkg' }, files.nupkg);
  await upload(id, { platform: 'macos', arch: 'universal', kind: 'dmg' }, files.macos);
  await upload(id, { platform: 'linux', arch: 'x64', kind: 'appimage' }, files.linux);
  const published = await h.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/releases/${id}`,
    headers: admin.headers,
    payload: { is_active: true },
  });
  expect(published.statusCode, published.body).toBe(200);
  buyer = await subscribedUser(h.app);
});
afterAll(async () => {
  await h.close();
});

describe('each computer gets its own build', () => {
  it.each([
    ['windows', 'flockr-3.0.0-windows-x64.exe', files.windows.data],
    ['macos', 'flockr-3.0.0-macos-universal.dmg', files.macos.data],
    ['linux', 'flockr-3.0.0-linux-x64.AppImage', files.linux.data],
  ] as const)(
    '%s: offered first, listed with the others, served byte for byte',
    async (os, name, data) => {
      const headers = { ...buyer.headers, ...AS[os] };
      const listed = await get('/downloads/versions', headers);
      expect(listed.statusCode).toBe(200);
      expect(listed.headers.vary).toMatch(/Sec-CH-UA-Platform/);
      const { versions, computer } = versionsResponseSchema.parse(listed.json());
      expect(computer.platform).toBe(os);
      const newest = versions[0]!;
      expect(newest.version).toBe(VERSION);
      // The recommended build first, every other downloadable build beside it, no feed files.
      expect(newest.builds[0]!.filename).toBe(name);
      expect(newest.recommended_build_id).toBe(newest.builds[0]!.id);
      expect(newest.filename).toBe(name);
      expect(newest.builds.map((b) => b.kind).sort()).toEqual(['appimage', 'dmg', 'installer']);
      expect(newest.builds.every((b) => /^[0-9a-f]{64}$/.test(b.sha256!))).toBe(true);

      const latest = latestVersionResponseSchema.parse(
        (await get('/downloads/latest', headers)).json(),
      );
      expect(latest.filename).toBe(name);

      // The header's Download: no version, no platform: the computer decides.
      const res = await get('/downloads/link', headers);
      expect(res.statusCode, res.body).toBe(200);
      const link = downloadLinkResponseSchema.parse(res.json());
      expect(link).toMatchObject({ filename: name, version: VERSION, platform: os });
      const file = await h.app.inject({
        method: 'GET',
        url: new URL(link.download_url).pathname + new URL(link.download_url).search,
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toBe(`attachment; filename=${name}`);
      expect(Buffer.compare(file.rawPayload, data)).toBe(0);
    },
  );

  it('a build chosen by platform and architecture, or by id, whatever the computer', async () => {
    const headers = { ...buyer.headers, ...AS.macos };
    const byPlatform = downloadLinkResponseSchema.parse(
      (await get(`/downloads/link?version=${VERSION}&platform=linux&arch=x64`, headers)).json(),
    );
    expect(byPlatform.filename).toBe('flockr-3.0.0-linux-x64.AppImage');
    const { versions } = versionsResponseSchema.parse(
      (await get('/downloads/versions', headers)).json(),
    );
    const windows = versions[0]!.builds.find((b) => b.platform === 'windows')!;
    const byId = downloadLinkResponseSchema.parse(
      (await get(`/downloads/link?version=${VERSION}&build=${windows.id}`, headers)).json(),
    );
    expect(byId.filename).toBe('flockr-3.0.0-windows-x64.exe');
  });

  it('a build the version does not have is a 404 BUILD_NOT_FOUND naming the builds it has', async () => {
    const headers = { ...buyer.headers, ...AS.windows };
    const res = await get(
      `/downloads/link?version=${VERSION}&platform=windows&arch=arm64`,
      headers,
    );
    expect(res.statusCode).toBe(404);
    const body = downloadNotFoundResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      code: API_ERROR_CODES.buildNotFound,
      error: 'Version 3.0.0 has no build for Windows (ARM64).',
    });
    expect(body.builds!.map((b) => b.filename)).toEqual([
      'flockr-3.0.0-windows-x64.exe',
      'flockr-3.0.0-macos-universal.dmg',
      'flockr-3.0.0-linux-x64.AppImage',
    ]);
    const unknownId = await get(
      `/downloads/link?version=${VERSION}&build=00000000-0000-4000-8000-000000000000`,
      headers,
    );
    expect(unknownId.json()).toMatchObject({ code: 'BUILD_NOT_FOUND', builds: expect.any(Array) });
    // An unknown version stays the spec's 404, and feed-only kinds are not a download at all.
    const noVersion = await get('/downloads/link?version=9.9.9', headers);
    expect(noVersion.json()).toEqual({ error: 'Download not found', code: 'RELEASE_NOT_FOUND' });
    expect((await get(`/downloads/link?version=${VERSION}&kind=nupkg`, headers)).statusCode).toBe(
      400,
    );
  });

  it("a version without a build for the visitor's platform says so, and lists the others", async () => {
    // The seeded 1.0.0 is the single-file form's zip: for every computer, under the spec's name.
    const headers = { ...buyer.headers, ...AS.linux };
    const { versions } = versionsResponseSchema.parse(
      (await get('/downloads/versions', headers)).json(),
    );
    const seeded = versions.find((v) => v.version === '1.0.0')!;
    expect(seeded.builds).toEqual([
      expect.objectContaining({ filename: 'flockr-v1.0.0.zip', platform: null, arch: null }),
    ]);
    expect(seeded.recommended_build_id).toBe(seeded.builds[0]!.id);
    const link = downloadLinkResponseSchema.parse(
      (await get('/downloads/link?version=1.0.0', headers)).json(),
    );
    expect(link.filename).toBe('flockr-v1.0.0.zip');
    // A computer we build nothing for: a Windows-only version asked for by a Mac.
    const windowsOnly = await get(
      `/downloads/link?version=${VERSION}&platform=macos&arch=arm64&kind=zip`,
      { ...buyer.headers, ...AS.macos },
    );
    expect(windowsOnly.statusCode).toBe(404);
    expect(windowsOnly.json().error).toBe('Version 3.0.0 has no build for macOS (Apple silicon).');
  });

  it('history names each download as it was saved', async () => {
    const { downloads } = downloadHistoryResponseSchema.parse(
      (await get('/downloads/history', buyer.headers)).json(),
    );
    expect(downloads.map((d) => d.filename)).toEqual(
      expect.arrayContaining([
        'flockr-3.0.0-windows-x64.exe',
        'flockr-3.0.0-macos-universal.dmg',
        'flockr-3.0.0-linux-x64.AppImage',
      ]),
    );
  });
});

describe('e-mailed links', () => {
  const mailsTo = (email: string) =>
    sent.filter((m) => m.to === email && m.subject.includes('download link'));

  it("from a computer: that computer's build first, every other build listed", async () => {
    const user = await subscribedUser(h.app);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/downloads/email-link',
      headers: { ...user.headers, ...AS.macos },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain('flockr-3.0.0-macos-universal.dmg');
    const [mail] = mailsTo(user.payload.email);
    expect(mail!.text).toContain('Download flockr-3.0.0-macos-universal.dmg: http');
    expect(mail!.text).toMatch(
      /For another computer:\n- Windows \(x64\) · Installer \(flockr-3\.0\.0-windows-x64\.exe, [^)]+\): http\S+\/api\/v1\/downloads\/file\?token=/,
    );
    expect(mail!.text).toContain('Linux (x64) · AppImage (flockr-3.0.0-linux-x64.AppImage');
    expect(mail!.html).toContain('<li><a href="http');
  });

  it('from a phone: every build alike, to choose on the computer', async () => {
    const user = await subscribedUser(h.app);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/downloads/email-link',
      headers: { ...user.headers, ...AS.phone },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      `We sent the links to version ${VERSION} for every computer to ${user.payload.email}. They work for 24 hours.`,
    );
    const [mail] = mailsTo(user.payload.email);
    expect(mail!.text).toContain('Choose the build for your computer:');
    const links = [...mail!.text.matchAll(/\/api\/v1\/downloads\/file\?token=(\S+)/g)];
    expect(links).toHaveLength(3);
    // Each link serves its own build.
    const served = await h.app.inject({
      method: 'GET',
      url: `/api/v1/downloads/file?token=${links[2]![1]}`,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-disposition']).toContain('flockr-3.0.0-');
  });
});
