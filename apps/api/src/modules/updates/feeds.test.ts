/**
 * The update feeds (docs/updates.md) proved with the real electron-updater client
 * (test/updaters/electron-updater.ts) against the app listening on a port: an update found,
 * downloaded and accepted by its sha512 on Windows (NSIS) and Linux (AppImage) with the feed token
 * in the path and in an `Authorization` header; a stored file that no longer matches its recorded
 * digest; a differential download (blockmaps, then the changed blocks in one multi-range
 * request); the access rules (expiry, suspension, token rotation); blockmaps and Range answers.
 * Then the feed rules across formats: channels, staged rollout (applied here for Tauri, Velopack,
 * Squirrel and Sparkle; left to electron-updater), the minimum supported version, yanking, and
 * the update checks recorded. Velopack, Tauri and the parsed documents: feeds-clients.test.ts.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { load } from 'js-yaml';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateChecks, users } from '../../db/schema.js';
import {
  checkElectronUpdate,
  type ElectronUpdateOptions,
} from '../../test/updaters/electron-updater.js';
import {
  createFeedHarness,
  feedSubscriber,
  parseByteRanges,
  publishRelease,
  setMinimumVersion,
  yankRelease,
  type FeedHarness,
  type ReleaseFile,
} from '../../test/update-feeds.js';
import { parseSquirrelReleases } from './formats/squirrel-windows.js';

type Subscriber = Awaited<ReturnType<typeof feedSubscriber>>;

let tmp: string;
/** A fresh empty folder under this file's temporary folder. */
const freshDir = (name: string) => mkdtemp(path.join(tmp, `${name}-`));

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'flockr-feeds-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const DAY = 86_400_000;

/** `n` bytes that differ from position to position (so a wrong range shows). */
const bytes = (n: number, seed: number) =>
  Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed * 7 + (i >> 8)) & 0xff));

/** GET `url` on the listening app, with `headers`. */
const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

/** Path of a URL without its query. */
const pathOf = (url: string) => new URL(url).pathname;

/** The electron-updater generic provider `url` and headers of `sub` for the two forms. */
function electronForms(h: FeedHarness, sub: Subscriber) {
  return {
    path: { feedUrl: sub.feeds.electron },
    header: {
      feedUrl: `${h.url}/api/v1/updates/electron`,
      headers: { Authorization: `Bearer ${sub.token}` },
    },
  } satisfies Record<string, Pick<ElectronUpdateOptions, 'feedUrl' | 'headers'>>;
}

describe('electron-updater 6.8 against the feeds', () => {
  const EXE = 'Flockr-Setup-1.2.0.exe';
  const OLD_EXE = 'Flockr-Setup-1.1.5.exe';
  const APPIMAGE = 'Flockr-1.2.0.AppImage';
  const CHUNK = 4096;
  // 1.1.5's installer in 17 blocks; 1.2.0's differs in blocks 2 and 5
  const oldBlocks = Array.from({ length: 17 }, (_, i) => bytes(CHUNK, 10 + i));
  const newBlocks = oldBlocks.map((b, i) => (i === 2 || i === 5 ? bytes(CHUNK, 100 + i) : b));
  const oldExe = Buffer.concat(oldBlocks);
  const exe = Buffer.concat(newBlocks);
  const appImage = bytes(50_000, 2);
  /** electron-builder's blockmap: gzipped JSON naming each block by a digest and its size. */
  const blockmapOf = (blocks: Buffer[]) =>
    gzipSync(
      JSON.stringify({
        version: '2',
        files: [
          {
            name: 'file',
            offset: 0,
            checksums: blocks.map((b) => createHash('sha256').update(b).digest('base64')),
            sizes: blocks.map((b) => b.length),
          },
        ],
      }),
    );
  const blockmap = blockmapOf(newBlocks);
  let h: FeedHarness;
  let sub: Subscriber;
  let stored: Awaited<ReturnType<typeof publishRelease>>['files'];

  beforeAll(async () => {
    h = await createFeedHarness();
    await publishRelease(h, {
      version: '1.1.5',
      publishedAt: new Date(Date.now() - 30 * DAY),
      files: [
        { filename: OLD_EXE, platform: 'windows', arch: 'x64', kind: 'installer', data: oldExe },
        {
          filename: `${OLD_EXE}.blockmap`,
          platform: 'windows',
          arch: 'x64',
          kind: 'blockmap',
          data: blockmapOf(oldBlocks),
        },
      ],
    });
    const published = await publishRelease(h, {
      version: '1.2.0',
      publishedAt: new Date(Date.now() - 10 * DAY),
      files: [
        { filename: EXE, platform: 'windows', arch: 'x64', kind: 'installer', data: exe },
        {
          filename: `${EXE}.blockmap`,
          platform: 'windows',
          arch: 'x64',
          kind: 'blockmap',
          data: blockmap,
        },
        { filename: APPIMAGE, platform: 'linux', arch: 'x64', kind: 'appimage', data: appImage },
      ],
    });
    stored = published.files;
    sub = await feedSubscriber(h);
  });
  afterAll(() => h?.close());

  const fileUrl = (filename: string) =>
    `${sub.feeds.electron.replace(/\/electron$/, '')}/files/1.2.0/${filename}`;

  describe.each(['path', 'header'] as const)('feed token in the %s', (form) => {
    it('Windows: NsisUpdater finds 1.2.0, downloads the installer and accepts its sha512', async () => {
      const { feedUrl, headers } = { headers: undefined, ...electronForms(h, sub)[form] };
      const r = await checkElectronUpdate({
        feedUrl,
        headers,
        currentVersion: '1.0.0',
        platform: 'windows',
        cacheDir: await freshDir(`nsis-${form}`),
        download: true,
      });
      expect(r.error).toBeUndefined();
      expect(r.updateAvailable).toBe(true);
      expect(r.info?.version).toBe('1.2.0');
      expect(r.info?.files).toEqual([
        { url: fileUrl(EXE), sha512: stored[EXE]!.row.sha512, size: exe.length },
      ]);
      expect(r.updateDownloadedEvent).toBe(true);
      expect(path.basename(r.downloadedFile ?? '')).toBe(EXE);
      expect(await readFile(r.downloadedFile ?? '')).toEqual(exe);
      // the channel file, the new blockmap (served: a valid one), the old version's blockmap
      // (named by replacing the version in the URL: there is none, so the differential
      // download gives up), then the whole installer
      expect(r.requests.map((q) => pathOf(q.url))).toEqual([
        `${pathOf(feedUrl)}/latest.yml`,
        pathOf(`${fileUrl(EXE)}.blockmap`),
        pathOf(fileUrl('Flockr-Setup-1.0.0.exe.blockmap').replace('/1.2.0/', '/1.0.0/')),
        pathOf(fileUrl(EXE)),
      ]);
      expect(r.logs.join('\n')).toContain('fallback to full download');
      if (form === 'header') {
        for (const q of r.requests) expect(q.headers.Authorization).toBe(`Bearer ${sub.token}`);
      } else {
        expect(new URL(r.requests[0]!.url).searchParams.get('noCache')).toBeTruthy();
      }
    });

    it('Linux: AppImageUpdater reads latest-linux.yml and downloads the AppImage', async () => {
      const { feedUrl, headers } = { headers: undefined, ...electronForms(h, sub)[form] };
      const r = await checkElectronUpdate({
        feedUrl,
        headers,
        currentVersion: '1.0.0',
        platform: 'linux',
        arch: 'x64',
        cacheDir: await freshDir(`appimage-${form}`),
        download: true,
      });
      expect(r.error).toBeUndefined();
      expect(r.info?.version).toBe('1.2.0');
      expect(r.info?.files).toEqual([
        { url: fileUrl(APPIMAGE), sha512: stored[APPIMAGE]!.row.sha512, size: appImage.length },
      ]);
      expect(r.updateDownloadedEvent).toBe(true);
      expect(await readFile(r.downloadedFile ?? '')).toEqual(appImage);
      expect(r.requests.map((q) => pathOf(q.url))).toEqual([
        `${pathOf(feedUrl)}/latest-linux.yml`,
        pathOf(fileUrl(APPIMAGE)),
      ]);
    });
  });

  it('Windows: a differential update copies unchanged blocks from the old installer and fetches the rest in one multi-range request', async () => {
    const cacheDir = await freshDir('differential');
    // where the NSIS updater keeps the installer of the running version
    const updaterCache = path.join(cacheDir, 'cache', 'flockr-test-updater');
    await mkdir(updaterCache, { recursive: true });
    await writeFile(path.join(updaterCache, 'installer.exe'), oldExe);
    const r = await checkElectronUpdate({
      feedUrl: sub.feeds.electron,
      currentVersion: '1.1.5',
      platform: 'windows',
      cacheDir,
      download: true,
    });
    expect(r.error).toBeUndefined();
    expect(r.updateDownloadedEvent).toBe(true);
    expect(await readFile(r.downloadedFile ?? '')).toEqual(exe);
    expect(r.logs.join('\n')).not.toContain('fallback to full download');
    const base = sub.feeds.electron.replace(/\/electron$/, '');
    expect(r.requests.map((q) => [pathOf(q.url), q.headers.range ?? q.headers.Range])).toEqual([
      [`${pathOf(sub.feeds.electron)}/latest.yml`, undefined],
      [pathOf(`${fileUrl(EXE)}.blockmap`), undefined],
      [pathOf(`${base}/files/1.1.5/${OLD_EXE}.blockmap`), undefined],
      [pathOf(fileUrl(EXE)), `bytes=${2 * CHUNK}-${3 * CHUNK - 1}, ${5 * CHUNK}-${6 * CHUNK - 1}`],
    ]);
  });

  it('finds no update for the version it runs', async () => {
    for (const platform of ['windows', 'linux'] as const) {
      const r = await checkElectronUpdate({
        feedUrl: sub.feeds.electron,
        currentVersion: '1.2.0',
        platform,
        arch: 'x64',
        cacheDir: await freshDir('same'),
        download: true,
      });
      expect(r.error).toBeUndefined();
      expect(r.updateAvailable).toBe(false);
      expect(r.info?.version).toBe('1.2.0');
      expect(r.requests).toHaveLength(1);
    }
  });

  it('rejects a stored file changed after its digest was recorded: ERR_CHECKSUM_MISMATCH', async () => {
    for (const [platform, name] of [
      ['windows', EXE],
      ['linux', APPIMAGE],
    ] as const) {
      const file = stored[name]!;
      const changed = Buffer.from(file.data);
      changed[1234] = changed[1234]! ^ 0xff;
      await writeFile(file.absolutePath, changed);
      try {
        const r = await checkElectronUpdate({
          feedUrl: sub.feeds.electron,
          currentVersion: '1.0.0',
          platform,
          arch: 'x64',
          cacheDir: await freshDir(`corrupt-${platform}`),
          download: true,
          disableDifferentialDownload: true,
        });
        expect(r.updateAvailable).toBe(true);
        expect(r.error?.code).toBe('ERR_CHECKSUM_MISMATCH');
        expect(r.error?.message).toContain(`expected ${file.row.sha512}, got `);
        expect(r.downloadedFile).toBeUndefined();
        expect(r.updateDownloadedEvent).toBe(false);
      } finally {
        await writeFile(file.absolutePath, file.data);
      }
    }
  });

  it('serves the .blockmap next to the file it maps, as stored (gzip, not labelled Content-Encoding)', async () => {
    const yaml = load(await (await get(`${sub.feeds.electron}/latest.yml`)).text()) as {
      files: { url: string }[];
    };
    expect(yaml.files[0]?.url).toBe(fileUrl(EXE));
    // fetch asks for gzip, as Electron's network stack does, and undoes a Content-Encoding
    const res = await get(`${yaml.files[0]!.url}.blockmap`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer())).toEqual(blockmap);
  });

  it('answers a multi-range request with multipart/byteranges holding the right bytes', async () => {
    const res = await get(fileUrl(EXE), { range: 'bytes=0-9,20-29' });
    expect(res.status).toBe(206);
    const type = res.headers.get('content-type') ?? '';
    expect(type).toMatch(/^multipart\/byteranges; boundary=\S+$/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    const parts = parseByteRanges(body, type);
    expect(parts.map((p) => p.headers['content-range'])).toEqual([
      `bytes 0-9/${exe.length}`,
      `bytes 20-29/${exe.length}`,
    ]);
    expect(parts[0]?.data).toEqual(exe.subarray(0, 10));
    expect(parts[1]?.data).toEqual(exe.subarray(20, 30));
    for (const part of parts) expect(part.headers['content-type']).toBeTruthy();
  });

  it('answers a single range with 206 and Content-Range, in both forms', async () => {
    const headerForm = `${h.url}/api/v1/updates/files/1.2.0/${EXE}`;
    for (const [url, headers] of [
      [fileUrl(EXE), {}],
      [headerForm, { authorization: `Bearer ${sub.token}` }],
    ] as const) {
      const res = await get(url, { ...headers, range: 'bytes=100-149' });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes 100-149/${exe.length}`);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(exe.subarray(100, 150));
      const whole = await get(url, { ...headers, 'accept-encoding': 'gzip, deflate, br' });
      expect(whole.status).toBe(200);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      // sent as stored: with its length, not compressed on the fly
      expect(whole.headers.get('content-encoding')).toBeNull();
      expect(whole.headers.get('content-length')).toBe(String(exe.length));
      expect(Buffer.from(await whole.arrayBuffer())).toEqual(exe);
    }
    // the header form without the header
    expect((await get(headerForm)).status).toBe(401);
  });
});

describe('who may fetch a feed', () => {
  const exe = (version: string) => `Flockr-Setup-${version}.exe`;
  const installer = (version: string): ReleaseFile => ({
    filename: exe(version),
    platform: 'windows',
    arch: 'x64',
    kind: 'installer',
    data: bytes(20_000, version.length + Number(version.split('.')[1])),
  });
  let h: FeedHarness;

  beforeAll(async () => {
    h = await createFeedHarness();
    await publishRelease(h, {
      version: '1.2.0',
      publishedAt: new Date(Date.now() - 10 * DAY),
      files: [installer('1.2.0')],
    });
  });
  afterAll(() => h?.close());

  /** electron-updater on Windows at `currentVersion` with `sub`'s feed in `form`. */
  const check = async (
    sub: Subscriber,
    form: 'path' | 'header',
    currentVersion = '1.0.0',
    download = true,
  ) =>
    checkElectronUpdate({
      ...electronForms(h, sub)[form],
      currentVersion,
      platform: 'windows',
      cacheDir: await freshDir('access'),
      download,
    });

  it('after the expiry: the newest release published before it, nothing newer; flockr-update-access says until when', async () => {
    const sub = await feedSubscriber(h);
    const me = await h.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: sub.headers });
    const expiresAt = new Date(
      me.json<{ user: { subscription: { expires_at: string } } }>().user.subscription.expires_at,
    );
    try {
      h.clock.advance(expiresAt.getTime() + DAY - Date.now());
      await publishRelease(h, {
        version: '1.3.0',
        publishedAt: new Date(expiresAt.getTime() + 3_600_000),
        files: [installer('1.3.0')],
      });
      // someone subscribed now is offered 1.3.0 and gets no access header
      const active = await feedSubscriber(h);
      const fresh = await check(active, 'path', '1.0.0', false);
      expect(fresh.info?.version).toBe('1.3.0');
      const activeAnswer = await get(`${active.feeds.electron}/latest.yml`);
      expect(activeAnswer.headers.get('flockr-update-access')).toBeNull();

      for (const form of ['path', 'header'] as const) {
        const upToDate = await check(sub, form, '1.2.0');
        expect(upToDate.error).toBeUndefined();
        expect(upToDate.updateAvailable).toBe(false);
        expect(upToDate.info?.version).toBe('1.2.0');

        const older = await check(sub, form, '1.0.0');
        expect(older.error).toBeUndefined();
        expect(older.info?.version).toBe('1.2.0');
        expect(path.basename(older.downloadedFile ?? '')).toBe(exe('1.2.0'));
      }
      const res = await get(`${sub.feeds.electron}/latest.yml`);
      expect(res.status).toBe(200);
      expect(res.headers.get('flockr-update-access')).toBe(`until=${expiresAt.toISOString()}`);
      const base = sub.feeds.electron.replace(/\/electron$/, '');
      expect((await get(`${base}/files/1.3.0/${exe('1.3.0')}`)).status).toBe(404);
      expect((await get(`${base}/files/1.2.0/${exe('1.2.0')}`)).status).toBe(200);
    } finally {
      h.clock.reset();
    }
  });

  it('refuses a suspended account with 403, and serves it again once reinstated', async () => {
    const sub = await feedSubscriber(h);
    await h.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, sub.user.id));
    try {
      for (const form of ['path', 'header'] as const) {
        const r = await check(sub, form);
        expect(r.updateAvailable).toBe(false);
        expect(r.error).toMatchObject({ statusCode: 403, code: 'HTTP_ERROR_403' });
      }
      const res = await get(`${sub.feeds.electron}/latest.yml`);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
      const base = sub.feeds.electron.replace(/\/electron$/, '');
      expect((await get(`${base}/files/1.2.0/${exe('1.2.0')}`)).status).toBe(403);
    } finally {
      await h.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, sub.user.id));
    }
    expect((await check(sub, 'path')).updateAvailable).toBe(true);
  });

  it('a rotated token stops at once (401 FEED_TOKEN_INVALID); the new one works', async () => {
    const sub = await feedSubscriber(h);
    expect((await check(sub, 'header', '1.0.0', false)).updateAvailable).toBe(true);
    const rotated = await h.app.inject({
      method: 'POST',
      url: '/api/v1/updates/me/feed-token',
      headers: sub.headers,
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json<Subscriber['me']>();
    expect(fresh.feed_token).not.toBe(sub.token);
    expect(fresh.feeds.electron).not.toBe(sub.feeds.electron);

    for (const form of ['path', 'header'] as const) {
      const r = await check(sub, form);
      expect(r.error).toMatchObject({ statusCode: 401, code: 'HTTP_ERROR_401' });
    }
    for (const res of [
      await get(`${sub.feeds.electron}/latest.yml`),
      await get(`${h.url}/api/v1/updates/electron/latest.yml`, {
        authorization: `Bearer ${sub.token}`,
      }),
      await get(`${sub.feeds.electron.replace(/\/electron$/, '')}/files/1.2.0/${exe('1.2.0')}`),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'FEED_TOKEN_INVALID' });
    }
    const now = { ...sub, token: fresh.feed_token, feeds: fresh.feeds };
    for (const form of ['path', 'header'] as const) {
      const r = await check(now, form);
      expect(r.error).toBeUndefined();
      expect(r.updateDownloadedEvent).toBe(true);
    }
  });
});

describe('feed rules across formats', () => {
  const PACKAGE = 'Flockr';
  /** One file per feed format for `version`. */
  const filesOf = (version: string): ReleaseFile[] => {
    const file = (
      filename: string,
      platform: ReleaseFile['platform'],
      arch: ReleaseFile['arch'],
      kind: ReleaseFile['kind'],
      extra: Partial<ReleaseFile> = {},
    ): ReleaseFile => ({
      filename,
      platform,
      arch,
      kind,
      data: Buffer.from(`${filename} `.repeat(100)),
      ...extra,
    });
    return [
      file(`Flockr-Setup-${version}.exe`, 'windows', 'x64', 'installer'),
      // Tauri wants a signature; its content is not checked here (feeds-clients.test.ts does)
      file(`Flockr_${version}_amd64.AppImage`, 'linux', 'x64', 'appimage', {
        signature: Buffer.from(`untrusted comment: ${version}\nRUQ=\n`).toString('base64'),
      }),
      file(`${PACKAGE}-${version}-full.nupkg`, 'linux', 'x64', 'nupkg'),
      file(`FlockrWin-${version}-full.nupkg`, 'windows', 'x64', 'nupkg'),
      file(`Flockr-${version}-mac.zip`, 'macos', 'universal', 'zip', { edSignature: 'c2ln' }),
    ];
  };
  let h: FeedHarness;
  let releaseIds: Record<string, string>;

  beforeAll(async () => {
    h = await createFeedHarness();
    releaseIds = {};
    for (const [version, days, channel, rolloutPercentage] of [
      ['1.2.0', 20, 'stable', 100],
      ['1.3.0', 2, 'stable', 50],
      ['1.4.0-beta.1', 1, 'beta', 100],
    ] as const) {
      const { release } = await publishRelease(h, {
        version,
        channel,
        rolloutPercentage,
        publishedAt: new Date(Date.now() - days * DAY),
        files: filesOf(version),
      });
      releaseIds[version] = release.id;
    }
  });
  afterAll(() => h?.close());

  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => name === 'item',
  });
  type SparkleItem = Record<string, unknown> & { 'sparkle:version': string };

  /** The Sparkle appcast's items for an app at `current`. */
  async function sparkleItems(sub: Subscriber, current: string, channel = 'stable') {
    const url = sub.feeds.sparkle.replace(/\/sparkle\/\w+\//, `/sparkle/${channel}/`);
    const res = await get(url, { 'user-agent': `Flockr/${current} Sparkle/2.6` });
    expect(res.status).toBe(200);
    const doc = parser.parse(await res.text()) as { rss: { channel: { item?: SparkleItem[] } } };
    return doc.rss.channel.item ?? [];
  }

  /** What each server-side feed offers an app at `current` (a version, or null for none). */
  async function offers(sub: Subscriber, current = '1.0.0', channel = 'stable') {
    const base = sub.feeds.electron.replace(/\/electron$/, '');
    const tauri = await get(`${base}/tauri/${channel}/linux/x86_64/${current}`);
    const mac = await get(`${base}/squirrel-mac/${channel}/x64/${current}`);
    const velopackName = channel === 'stable' ? 'linux' : `linux-${channel}`;
    const velopack = await get(
      `${base}/velopack/releases.${velopackName}.json?localVersion=${current}&id=${PACKAGE}`,
    );
    const squirrel = await get(`${base}/squirrel-win/${channel}/RELEASES?localVersion=${current}`);
    const newest = (versions: string[]) => versions.sort(semver.rcompare)[0] ?? null;
    const sparkle = await sparkleItems(sub, current, channel);
    return {
      tauri: tauri.status === 204 ? null : ((await tauri.json()) as { version: string }).version,
      squirrelMac: mac.status === 204 ? null : ((await mac.json()) as { name: string }).name,
      velopack: newest(
        ((await velopack.json()) as { Assets: { Version: string }[] }).Assets.map((a) => a.Version),
      ),
      squirrelWindows: newest(
        parseSquirrelReleases(await squirrel.text()).map(
          (e) => /^FlockrWin-(.+)-full\.nupkg$/.exec(e.filename)?.[1] ?? '?',
        ),
      ),
      sparkle: sparkle[0]?.['sparkle:version'] ?? null,
    };
  }
  const all = (version: string | null) => ({
    tauri: version,
    squirrelMac: version,
    velopack: version,
    squirrelWindows: version,
    sparkle: version,
  });

  /** A staging id electron-updater reads from userData/.updaterId: `low` puts it in any rollout. */
  const stagingId = (low: boolean) =>
    `5a1e0000-0000-5000-8000-0000${low ? '00000001' : 'fffffffe'}`;
  async function electronWithStagingId(sub: Subscriber, low: boolean, channel?: string) {
    const cacheDir = await freshDir('staging');
    // the driver's userData folder (checkElectronUpdate: {cacheDir}/user-data)
    await mkdir(path.join(cacheDir, 'user-data'));
    await writeFile(path.join(cacheDir, 'user-data', '.updaterId'), stagingId(low));
    return checkElectronUpdate({
      feedUrl: sub.feeds.electron,
      currentVersion: '1.0.0',
      platform: 'windows',
      cacheDir,
      ...(channel ? { channel } : {}),
    });
  }

  /** A user inside the 50 % rollout of 1.3.0 and one outside (set by the first test). */
  let inRollout: Subscriber | undefined;
  let outOfRollout: Subscriber | undefined;
  /** The pair, found by new users' Tauri answers when the rollout test did not run (-t). */
  async function rolloutPair(): Promise<{ inside: Subscriber; outside: Subscriber }> {
    for (let tries = 0; !inRollout || !outOfRollout; tries++) {
      if (tries === 40) throw new Error('40 users, all inside or all outside a 50 % rollout');
      const sub = await feedSubscriber(h);
      if ((await offers(sub)).tauri === '1.3.0') inRollout ??= sub;
      else outOfRollout ??= sub;
    }
    return { inside: inRollout, outside: outOfRollout };
  }

  it('a 50 % rollout is applied here for Tauri, Velopack, Squirrel and Sparkle: some users get it, the same answer every time', async () => {
    const subs = [];
    for (let i = 0; i < 40; i++) subs.push(await feedSubscriber(h));
    const inside: Subscriber[] = [];
    const outside: Subscriber[] = [];
    for (const sub of subs) {
      const first = await offers(sub);
      // every format agrees for a user, and asking again gives the same answer
      expect([all('1.3.0'), all('1.2.0')]).toContainEqual(first);
      expect(await offers(sub)).toEqual(first);
      (first.tauri === '1.3.0' ? inside : outside).push(sub);
    }
    expect(inside.length).toBeGreaterThan(0);
    expect(outside.length).toBeGreaterThan(0);
    inRollout = inside[0];
    outOfRollout = outside[0];
    // a user outside sees 1.2.0 as up to date
    expect(await offers(outside[0]!, '1.2.0')).toEqual({
      ...all(null),
      velopack: '1.2.0',
      squirrelWindows: '1.2.0',
      sparkle: '1.2.0',
    });
  });

  it('electron-updater gets 1.3.0 with stagingPercentage 50 whoever asks, and decides itself', async () => {
    const { inside, outside } = await rolloutPair();
    for (const sub of [inside, outside]) {
      const yaml = load(await (await get(`${sub.feeds.electron}/latest.yml`)).text());
      expect(yaml).toMatchObject({ version: '1.3.0', stagingPercentage: 50 });
    }
    const lucky = await electronWithStagingId(outside, true);
    expect(lucky.error).toBeUndefined();
    expect(lucky.updateAvailable).toBe(true);
    expect(lucky.info?.version).toBe('1.3.0');
    const unlucky = await electronWithStagingId(inside, false);
    expect(unlucky.error).toBeUndefined();
    expect(unlucky.info?.version).toBe('1.3.0');
    expect(unlucky.updateAvailable).toBe(false);
    expect(unlucky.logs.join('\n')).toContain('Staging percentage: 0.5');
  });

  it('a beta release reaches beta users, never a stable user, even when the stable user asks for beta', async () => {
    const { inside, outside } = await rolloutPair();
    const beta = await feedSubscriber(h, 'beta');
    const betaYml = await electronWithStagingId(beta, true, 'beta');
    expect(betaYml.error).toBeUndefined();
    expect(pathOf(betaYml.requests[0]!.url)).toBe(`${pathOf(beta.feeds.electron)}/beta.yml`);
    expect(betaYml.updateAvailable).toBe(true);
    expect(betaYml.info?.version).toBe('1.4.0-beta.1');
    const betaOffers = await offers(beta, '1.0.0', 'beta');
    expect(betaOffers).toEqual(all('1.4.0-beta.1'));
    // asking for stable, a beta user gets stable
    expect(Object.values(await offers(beta, '1.0.0', 'stable'))).not.toContain('1.4.0-beta.1');

    for (const sub of [inside, outside]) {
      const stableYml = await electronWithStagingId(sub, true, 'beta');
      expect(stableYml.error).toBeUndefined();
      expect(pathOf(stableYml.requests[0]!.url)).toBe(`${pathOf(sub.feeds.electron)}/beta.yml`);
      expect(stableYml.info?.version).toBe('1.3.0');
      const stableOffers = await offers(sub, '1.0.0', 'beta');
      expect(Object.values(stableOffers)).not.toContain('1.4.0-beta.1');
      expect(stableOffers).toEqual(await offers(sub, '1.0.0', 'stable'));
      const base = sub.feeds.electron.replace(/\/electron$/, '');
      expect((await get(`${base}/files/1.4.0-beta.1/Flockr-Setup-1.4.0-beta.1.exe`)).status).toBe(
        404,
      );
    }
    const betaBase = beta.feeds.electron.replace(/\/electron$/, '');
    expect((await get(`${betaBase}/files/1.4.0-beta.1/Flockr-Setup-1.4.0-beta.1.exe`)).status).toBe(
      200,
    );
  });

  it('below the minimum supported version: the newest release whatever the rollout, flagged critical in the appcast', async () => {
    const { inside, outside } = await rolloutPair();
    await setMinimumVersion(h, '1.1.0');
    try {
      expect(await offers(outside, '1.0.0')).toEqual(all('1.3.0'));
      const items = await sparkleItems(outside, '1.0.0');
      expect(items.map((i) => i['sparkle:version'])).toEqual(['1.3.0', '1.2.0']);
      for (const item of items) expect(item).toHaveProperty('sparkle:criticalUpdate');
      // at or above the minimum, the rollout holds again and nothing is critical
      expect(await offers(outside, '1.2.0')).toMatchObject({ tauri: null, sparkle: '1.2.0' });
      for (const item of await sparkleItems(outside, '1.2.0'))
        expect(item).not.toHaveProperty('sparkle:criticalUpdate');
      for (const item of await sparkleItems(inside, '1.2.0'))
        expect(item).not.toHaveProperty('sparkle:criticalUpdate');
    } finally {
      await setMinimumVersion(h, null);
    }
    expect(await offers(outside, '1.0.0')).toEqual(all('1.2.0'));
  });

  it('a yanked release leaves every feed and its files answer 404', async () => {
    const { inside } = await rolloutPair();
    const base = inside.feeds.electron.replace(/\/electron$/, '');
    const files = [
      `${base}/files/1.3.0/Flockr-Setup-1.3.0.exe`,
      `${base}/files/1.3.0/Flockr-1.3.0-mac.zip`,
      `${base}/velopack/${PACKAGE}-1.3.0-full.nupkg`,
      `${base}/squirrel-win/stable/FlockrWin-1.3.0-full.nupkg`,
    ];
    expect(await offers(inside)).toEqual(all('1.3.0'));
    for (const url of files) expect((await get(url)).status).toBe(200);

    await yankRelease(h, releaseIds['1.3.0']!);
    expect(await offers(inside)).toEqual(all('1.2.0'));
    expect((await sparkleItems(inside, '1.0.0')).map((i) => i['sparkle:version'])).toEqual([
      '1.2.0',
    ]);
    const yaml = load(await (await get(`${inside.feeds.electron}/latest.yml`)).text());
    expect(yaml).toMatchObject({ version: '1.2.0' });
    expect(yaml).not.toHaveProperty('stagingPercentage');
    for (const url of files) expect((await get(url)).status).toBe(404);
  });

  /**
   * What each feed format answers for a name or path it does not serve, as docs/updates.md
   * "Errors" states it: a feed (channel, file name, target, arch) we do not serve is 404
   * FEED_NOT_FOUND; a package or file the user has no such copy of is 404 RELEASE_NOT_FOUND; a
   * path outside the route table is 404 NOT_FOUND. After the prefix, with a valid token.
   */
  const UNKNOWN_NAMES: { format: string; path: string; code: string }[] = [
    { format: 'electron-updater', path: 'electron/nightly.yml', code: 'FEED_NOT_FOUND' },
    { format: 'electron-updater', path: 'electron/latest-linux-ppc64.yml', code: 'FEED_NOT_FOUND' },
    { format: 'electron-updater', path: 'electron/latest.json', code: 'FEED_NOT_FOUND' },
    { format: 'Squirrel.Mac', path: 'squirrel-mac/nightly/x64/1.0.0', code: 'FEED_NOT_FOUND' },
    { format: 'Squirrel.Mac', path: 'squirrel-mac/stable/ppc/1.0.0', code: 'FEED_NOT_FOUND' },
    { format: 'Squirrel.Windows', path: 'squirrel-win/nightly/RELEASES', code: 'FEED_NOT_FOUND' },
    {
      format: 'Squirrel.Windows',
      path: 'squirrel-win/stable/FlockrWin-9.9.9-full.nupkg',
      code: 'RELEASE_NOT_FOUND',
    },
    { format: 'Tauri', path: 'tauri/nightly/linux/x86_64/1.0.0', code: 'FEED_NOT_FOUND' },
    { format: 'Tauri', path: 'tauri/stable/haiku/x86_64/1.0.0', code: 'FEED_NOT_FOUND' },
    { format: 'Tauri', path: 'tauri/stable/linux/mips/1.0.0', code: 'FEED_NOT_FOUND' },
    { format: 'Velopack', path: 'velopack/releases.linux-nightly.json', code: 'FEED_NOT_FOUND' },
    { format: 'Velopack', path: 'velopack/releases.windows.json', code: 'FEED_NOT_FOUND' },
    { format: 'Velopack', path: 'velopack/releases.json', code: 'FEED_NOT_FOUND' },
    {
      format: 'Velopack',
      path: `velopack/${PACKAGE}-9.9.9-full.nupkg`,
      code: 'RELEASE_NOT_FOUND',
    },
    { format: 'Sparkle', path: 'sparkle/nightly/appcast.xml', code: 'FEED_NOT_FOUND' },
    { format: 'Sparkle', path: 'sparkle/stable/feed.xml', code: 'NOT_FOUND' },
    { format: 'any', path: 'files/9.9.9/Flockr-Setup-9.9.9.exe', code: 'RELEASE_NOT_FOUND' },
    { format: 'any', path: 'files/1.2.0/Flockr-Setup-9.9.9.exe', code: 'RELEASE_NOT_FOUND' },
    { format: 'none', path: 'nuget/index.json', code: 'NOT_FOUND' },
  ];

  it('answers a name it does not serve, in every format and both forms, as documented', async () => {
    const sub = await feedSubscriber(h);
    const forms = {
      path: { base: sub.feeds.electron.replace(/\/electron$/, ''), headers: {} },
      header: {
        base: `${h.url}/api/v1/updates`,
        headers: { authorization: `Bearer ${sub.token}` },
      },
    };
    const answers = [];
    const expected = [];
    for (const row of UNKNOWN_NAMES) {
      for (const [form, { base, headers }] of Object.entries(forms)) {
        const res = await get(`${base}/${row.path}`, headers);
        const body = (await res.json()) as { code?: string };
        answers.push({ ...row, form, status: res.status, code: body.code });
        expected.push({ ...row, form, status: 404 });
      }
    }
    expect(answers).toEqual(expected);
  });

  it('notes update checks: one row per user, platform, architecture and day, with the reported version and the count', async () => {
    const sub = await feedSubscriber(h);
    const base = sub.feeds.electron.replace(/\/electron$/, '');
    const tauri = (v: string) => get(`${base}/tauri/stable/linux/x86_64/${v}`);
    await tauri('1.0.0');
    await tauri('1.0.0');
    await tauri('1.2.0');
    // electron-updater says no version: the row keeps the last one reported (same platform/arch)
    await checkElectronUpdate({
      feedUrl: sub.feeds.electron,
      currentVersion: '1.0.0',
      platform: 'linux',
      arch: 'x64',
      cacheDir: await freshDir('checks'),
    });
    await get(`${base}/velopack/releases.linux.json?localVersion=1.0.5&id=${PACKAGE}`);
    await get(`${base}/squirrel-win/stable/RELEASES?localVersion=1.0.1&arch=x64`);
    await get(`${base}/squirrel-mac/stable/arm64/1.0.2`);
    await get(sub.feeds.sparkle, { 'user-agent': 'Flockr/1.0.3 Sparkle/2.6' });
    await get(`${sub.feeds.electron}/latest.yml`, { 'x-app-version': '1.0.4' });
    // files are not checks
    await get(`${base}/files/1.2.0/Flockr-Setup-1.2.0.exe`);
    await h.app.updateChecks.flush();

    const day = h.clock.now().toISOString().slice(0, 10);
    const rows = async () =>
      (await h.db.select().from(updateChecks).where(eq(updateChecks.userId, sub.user.id)))
        .map(({ platform, arch, currentVersion, channel, format, checks, day }) => ({
          day,
          platform,
          arch,
          currentVersion,
          channel,
          format,
          checks,
        }))
        .sort((a, b) => `${a.platform}/${a.arch}`.localeCompare(`${b.platform}/${b.arch}`));
    const row = (
      platform: string,
      arch: string,
      currentVersion: string | null,
      format: string,
      checks = 1,
    ) => ({ day, platform, arch, currentVersion, channel: 'stable', format, checks });
    expect(await rows()).toEqual([
      row('linux', 'unknown', '1.0.5', 'velopack'),
      row('linux', 'x64', '1.2.0', 'electron', 4),
      row('macos', 'arm64', '1.0.2', 'squirrel-mac'),
      row('macos', 'unknown', '1.0.3', 'sparkle'),
      row('windows', 'unknown', '1.0.4', 'electron'),
      row('windows', 'x64', '1.0.1', 'squirrel-windows'),
    ]);

    // later checks the same day add to the same rows
    await tauri('1.2.1');
    await tauri('1.2.1');
    await get(`${base}/squirrel-win/stable/RELEASES?localVersion=1.0.1&arch=x64`);
    await h.app.updateChecks.flush();
    const later = await rows();
    expect(later).toHaveLength(6);
    expect(later).toContainEqual(row('linux', 'x64', '1.2.1', 'tauri', 6));
    expect(later).toContainEqual(row('windows', 'x64', '1.0.1', 'squirrel-windows', 2));
  });
});
