/**
 * Proves the updater-client drivers (electron-updater, Velopack, minisign for Tauri) against
 * small hand-written feeds served by a local node:http server: what each real client requests,
 * what it accepts and what it rejects. The minisign group needs Debian's minisign
 * (`apt-get install -y minisign`); without it the group is skipped with the reason, unless
 * REQUIRE_ALL_SUITES=1 (or CI=true), where it fails instead.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { needs } from '../services.js';
import { checkElectronUpdate, TEST_PUBLISHER_NAME } from './electron-updater.js';
import { startFixtureServer, type FixtureServer, type RecordedRequest } from './fixture-server.js';
import {
  generateKeyPair,
  minisigFromTauri,
  minisignCheck,
  signFile,
  tauriPublicKey,
  tauriSignature,
  verifyFile,
} from './minisign.js';
import { checkVelopackUpdate } from './velopack.js';

const strict =
  ['1', 'true'].includes(process.env.REQUIRE_ALL_SUITES ?? '') || process.env.CI === 'true';

let tmp: string;
/** A fresh empty folder under this file's temporary folder. */
const freshDir = (name: string) => mkdtemp(path.join(tmp, `${name}-`));

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'flockr-updaters-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Path and query of each request, the way the clients sent them. */
const urls = (requests: RecordedRequest[]) => requests.map((r) => r.url);

describe('electron-updater 6.8 (NsisUpdater / AppImageUpdater without Electron)', () => {
  const installer = Buffer.from('Flockr installer 1.1.0 '.repeat(64));
  const sha512 = createHash('sha512').update(installer).digest('base64');
  /** A generic-provider channel file announcing `version` with one file. */
  const channelFile = (version: string, file: string, sum = sha512) =>
    [
      `version: ${version}`,
      'files:',
      `  - url: ${file}`,
      `    sha512: ${sum}`,
      `    size: ${installer.length}`,
      `path: ${file}`,
      `sha512: ${sum}`,
      "releaseDate: '2025-06-01T12:00:00.000Z'",
      '',
    ].join('\n');
  const EXE = 'Flockr-Setup-1.1.0.exe';
  const APPIMAGE = 'Flockr-1.1.0.AppImage';
  let feed: FixtureServer;

  beforeAll(async () => {
    /** Answers `body` only to `Authorization: Bearer good-token`, else 401 or 403. */
    const guarded = (body: string | Buffer) => (r: RecordedRequest) =>
      r.headers.authorization === undefined
        ? { status: 401, body: 'token required' }
        : r.headers.authorization === 'Bearer good-token'
          ? { body }
          : { status: 403, body: 'token refused' };
    feed = await startFixtureServer({
      '/feed/latest.yml': { body: channelFile('1.1.0', EXE) },
      '/feed/beta.yml': { body: channelFile('1.1.0', EXE) },
      '/feed/latest-linux.yml': { body: channelFile('1.1.0', APPIMAGE) },
      '/feed/latest-linux-arm64.yml': { body: channelFile('1.1.0', APPIMAGE) },
      [`/feed/${EXE}`]: { body: installer },
      [`/feed/${APPIMAGE}`]: { body: installer },
      // the channel file's checksum is right, but the served bytes are not what it describes
      '/corrupt/latest.yml': { body: channelFile('1.1.0', EXE) },
      '/corrupt/latest-linux.yml': { body: channelFile('1.1.0', APPIMAGE) },
      [`/corrupt/${EXE}`]: { body: Buffer.from(installer).fill(0x41, 0, 1) },
      [`/corrupt/${APPIMAGE}`]: { body: Buffer.from(installer).fill(0x41, 0, 1) },
      '/private/latest.yml': guarded(channelFile('1.1.0', EXE)),
      [`/private/${EXE}`]: guarded(installer),
      // the channel file is public, the installer is not
      '/half/latest.yml': { body: channelFile('1.1.0', EXE) },
      [`/half/${EXE}`]: { status: 403, body: 'no' },
    });
  });
  afterAll(() => feed.close());
  beforeEach(() => {
    feed.requests.length = 0;
  });

  it('Windows: finds 1.1.0, tries the blockmap, downloads the installer and accepts its sha512', async () => {
    const cacheDir = await freshDir('nsis');
    const r = await checkElectronUpdate({
      feedUrl: `${feed.url}/feed`,
      currentVersion: '1.0.0',
      platform: 'windows',
      cacheDir,
      download: true,
    });
    expect(r.error).toBeUndefined();
    expect(r.updateAvailable).toBe(true);
    expect(r.info?.version).toBe('1.1.0');
    expect(r.updateDownloadedEvent).toBe(true);
    expect(path.basename(r.downloadedFile ?? '')).toBe(EXE);
    expect(await readFile(r.downloadedFile ?? '')).toEqual(installer);
    // the NSIS signature check ran (stubbed) on the downloaded file, for app-update.yml's publisher
    expect(r.signatureCheck?.publisherNames).toEqual([TEST_PUBLISHER_NAME]);
    // latest.yml with a cache-busting query (no Authorization header), then the new blockmap
    // (404 here, so no old blockmap and no Range requests: it falls back), then the whole file
    expect(urls(feed.requests)).toEqual([
      expect.stringMatching(/^\/feed\/latest\.yml\?noCache=[0-9a-v]+$/),
      `/feed/${EXE}.blockmap`,
      `/feed/${EXE}`,
    ]);
    expect(r.logs.join('\n')).toContain('fallback to full download');
    const [channel, , file] = feed.requests;
    expect(channel?.headers).toMatchObject({
      'user-agent': 'electron-builder',
      'cache-control': 'no-cache',
      'x-user-staging-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(file?.headers).toMatchObject({ accept: '*/*', 'user-agent': 'electron-builder' });
    expect(file?.headers['x-user-staging-id']).toBeUndefined();
    expect(r.requests.map((q) => q.url)).toEqual(feed.requests.map((q) => feed.url + q.url));
  });

  it('Windows: with blockmaps on the feed, fetches the new then the old one before falling back', async () => {
    // a blockmap is gzipped JSON; the old one's URL is the new file name with the new version
    // replaced by the running one. No old installer is cached here, so the differential
    // download fails locally and the whole file follows.
    const blockmap = gzipSync(
      JSON.stringify({
        version: '2',
        files: [{ name: 'file', offset: 0, checksums: ['x'], sizes: [installer.length] }],
      }),
    );
    feed.routes[`/feed/${EXE}.blockmap`] = { body: blockmap };
    feed.routes['/feed/Flockr-Setup-1.0.0.exe.blockmap'] = { body: blockmap };
    try {
      const r = await checkElectronUpdate({
        feedUrl: `${feed.url}/feed`,
        currentVersion: '1.0.0',
        platform: 'windows',
        cacheDir: await freshDir('nsis-blockmap'),
        download: true,
      });
      expect(r.error).toBeUndefined();
      expect(await readFile(r.downloadedFile ?? '')).toEqual(installer);
      expect(urls(feed.requests).map((u) => u.split('?')[0])).toEqual([
        '/feed/latest.yml',
        `/feed/${EXE}.blockmap`,
        '/feed/Flockr-Setup-1.0.0.exe.blockmap',
        `/feed/${EXE}`,
      ]);
      expect(r.logs.join('\n')).toContain('fallback to full download');
    } finally {
      delete feed.routes[`/feed/${EXE}.blockmap`];
      delete feed.routes['/feed/Flockr-Setup-1.0.0.exe.blockmap'];
    }
  });

  it('Linux: AppImageUpdater reads latest-linux.yml (x64) and downloads the AppImage, no blockmap file', async () => {
    const r = await checkElectronUpdate({
      feedUrl: `${feed.url}/feed/`,
      currentVersion: '1.0.0',
      platform: 'linux',
      arch: 'x64',
      cacheDir: await freshDir('appimage'),
      download: true,
    });
    expect(r.error).toBeUndefined();
    expect(r.updateDownloadedEvent).toBe(true);
    expect(await readFile(r.downloadedFile ?? '')).toEqual(installer);
    // AppImage blockmaps are embedded in the file (blockMapSize in the channel file); without
    // blockMapSize the differential attempt fails locally and it downloads the whole file
    expect(urls(feed.requests)).toEqual([
      expect.stringMatching(/^\/feed\/latest-linux\.yml\?noCache=/),
      `/feed/${APPIMAGE}`,
    ]);
  });

  it('names the channel file after the channel and architecture', async () => {
    const channelOf = async (opts: {
      platform: 'windows' | 'linux';
      channel?: string;
      arch?: string;
    }) => {
      feed.requests.length = 0;
      const r = await checkElectronUpdate({
        feedUrl: `${feed.url}/feed`,
        currentVersion: '1.0.0',
        cacheDir: await freshDir('channel'),
        ...opts,
      });
      return { path: feed.requests[0]?.path, error: r.error?.message };
    };
    expect(await channelOf({ platform: 'windows', channel: 'beta' })).toEqual({
      path: '/feed/beta.yml',
      error: undefined,
    });
    expect(await channelOf({ platform: 'linux', arch: 'arm64' })).toEqual({
      path: '/feed/latest-linux-arm64.yml',
      error: undefined,
    });
    const beta = await channelOf({ platform: 'linux', channel: 'beta', arch: 'x64' });
    expect(beta.path).toBe('/feed/beta-linux.yml');
    expect(beta.error).toMatch(/Cannot find channel "beta-linux\.yml" update info/);
  });

  it('rejects a file whose bytes do not match the sha512 with ERR_CHECKSUM_MISMATCH', async () => {
    for (const platform of ['windows', 'linux'] as const) {
      const cacheDir = await freshDir(`corrupt-${platform}`);
      const r = await checkElectronUpdate({
        feedUrl: `${feed.url}/corrupt`,
        currentVersion: '1.0.0',
        platform,
        arch: 'x64',
        cacheDir,
        download: true,
      });
      expect(r.updateAvailable).toBe(true);
      expect(r.error?.code).toBe('ERR_CHECKSUM_MISMATCH');
      expect(r.error?.message).toMatch(/^sha512 checksum mismatch, expected \S+, got \S+$/);
      expect(r.error?.message).toContain(`expected ${sha512}, got `);
      expect(r.downloadedFile).toBeUndefined();
      expect(r.updateDownloadedEvent).toBe(false);
      expect(r.signatureCheck).toBeUndefined();
      const file = platform === 'windows' ? EXE : APPIMAGE;
      const pending = path.join(cacheDir, 'cache/flockr-test-updater/pending');
      expect(existsSync(path.join(pending, file))).toBe(false);
      expect(existsSync(path.join(pending, `temp-${file}`))).toBe(false);
    }
  });

  it('finds no update when the feed announces the current version, and downloads nothing', async () => {
    for (const platform of ['windows', 'linux'] as const) {
      feed.requests.length = 0;
      const r = await checkElectronUpdate({
        feedUrl: `${feed.url}/feed`,
        currentVersion: '1.1.0',
        platform,
        arch: 'x64',
        cacheDir: await freshDir('same'),
        download: true,
      });
      expect(r.error).toBeUndefined();
      expect(r.updateAvailable).toBe(false);
      expect(r.info?.version).toBe('1.1.0');
      expect(r.downloadedFile).toBeUndefined();
      expect(feed.requests).toHaveLength(1);
    }
  });

  it('sends requestHeaders on every request, and then no cache-busting query', async () => {
    const r = await checkElectronUpdate({
      feedUrl: `${feed.url}/private`,
      currentVersion: '1.0.0',
      platform: 'windows',
      headers: { Authorization: 'Bearer good-token' },
      cacheDir: await freshDir('auth'),
      download: true,
    });
    expect(r.error).toBeUndefined();
    expect(await readFile(r.downloadedFile ?? '')).toEqual(installer);
    expect(urls(feed.requests)).toEqual([
      '/private/latest.yml',
      `/private/${EXE}.blockmap`,
      `/private/${EXE}`,
    ]);
    for (const request of feed.requests) {
      expect(request.headers.authorization).toBe('Bearer good-token');
    }
  });

  it('keeps a token in the feed URL query string on every request', async () => {
    const r = await checkElectronUpdate({
      feedUrl: `${feed.url}/feed?token=abc123`,
      currentVersion: '1.0.0',
      platform: 'windows',
      cacheDir: await freshDir('query'),
      download: true,
    });
    expect(r.error).toBeUndefined();
    expect(urls(feed.requests)).toEqual([
      '/feed/latest.yml?token=abc123',
      `/feed/${EXE}.blockmap?token=abc123`,
      `/feed/${EXE}?token=abc123`,
    ]);
  });

  it('surfaces 401 and 403 answers as errors carrying the status', async () => {
    const unauthorized = await checkElectronUpdate({
      feedUrl: `${feed.url}/private`,
      currentVersion: '1.0.0',
      platform: 'windows',
      cacheDir: await freshDir('401'),
    });
    expect(unauthorized.updateAvailable).toBe(false);
    expect(unauthorized.error).toMatchObject({
      name: 'HttpError',
      statusCode: 401,
      code: 'HTTP_ERROR_401',
    });
    expect(unauthorized.error?.message).toMatch(/^401 Unauthorized\n/);

    const forbidden = await checkElectronUpdate({
      feedUrl: `${feed.url}/private`,
      currentVersion: '1.0.0',
      platform: 'windows',
      headers: { Authorization: 'Bearer wrong-token' },
      cacheDir: await freshDir('403'),
    });
    expect(forbidden.error).toMatchObject({ statusCode: 403, code: 'HTTP_ERROR_403' });
    expect(forbidden.error?.message).toMatch(/^403 Forbidden\n/);

    // a refused download is a plain Error naming the status (no statusCode property)
    const download = await checkElectronUpdate({
      feedUrl: `${feed.url}/half`,
      currentVersion: '1.0.0',
      platform: 'windows',
      cacheDir: await freshDir('403-download'),
      download: true,
    });
    expect(download.updateAvailable).toBe(true);
    expect(download.error?.message).toMatch(
      new RegExp(`^Cannot download "http://127\\.0\\.0\\.1/half/${EXE}", status 403: Forbidden$`),
    );
    expect(download.downloadedFile).toBeUndefined();
  });
});

describe('Velopack 0.0.1053 UpdateManager (HttpSource, explicit locator)', () => {
  const nupkg = Buffer.from('Flockr 1.1.0 full package '.repeat(64));
  const FILE = 'Flockr-1.1.0-full.nupkg';
  const digest = (algorithm: string, data: Buffer) =>
    createHash(algorithm).update(data).digest('hex');
  /** A Velopack asset for 1.1.0 with correct checksums, fields replaced by `over`. */
  const asset = (over: Record<string, unknown> = {}) => ({
    PackageId: 'Flockr',
    Version: '1.1.0',
    Type: 'Full',
    FileName: FILE,
    SHA1: digest('sha1', nupkg),
    SHA256: digest('sha256', nupkg),
    Size: nupkg.length,
    NotesMarkdown: '## 1.1.0\nFaster.',
    ...over,
  });
  const releases = (...assets: object[]) => ({ body: JSON.stringify({ Assets: assets }) });
  /** Velopack's default channel on this OS. */
  const defaultChannel = { win32: 'win', darwin: 'osx' }[process.platform as string] ?? 'linux';
  let feed: FixtureServer;

  beforeAll(async () => {
    feed = await startFixtureServer({
      [`/feed/releases.${defaultChannel}.json`]: releases(asset()),
      '/feed/releases.win.json': releases(asset()),
      [`/feed/${FILE}`]: { body: nupkg },
      '/bad-sha/releases.linux.json': releases(
        asset({ SHA1: '0'.repeat(40), SHA256: '0'.repeat(64) }),
      ),
      [`/bad-sha/${FILE}`]: { body: nupkg },
      '/bad-size/releases.linux.json': releases(asset({ Size: nupkg.length + 1 })),
      [`/bad-size/${FILE}`]: { body: nupkg },
      '/minimal/releases.linux.json': releases(
        { Version: '1.0.5', Type: 'full', FileName: 'other.nupkg' },
        { PackageId: 'SomeOtherApp', Version: '1.2.0', Type: 'Full', FileName: 'x.nupkg' },
        { PackageId: 'Flockr', Version: '2.0.0', Type: 'Delta', FileName: 'd.nupkg' },
        { PackageId: 'Flockr', Version: 'not-semver', Type: 'Full', FileName: 'n.nupkg' },
      ),
      '/forbidden/releases.linux.json': { status: 403, body: 'no' },
    });
  });
  afterAll(() => feed.close());
  beforeEach(() => {
    feed.requests.length = 0;
  });

  it(`finds and downloads 1.1.0 from releases.${defaultChannel}.json (its default channel here)`, async () => {
    const workDir = await freshDir('velopack');
    const r = await checkVelopackUpdate({
      feedUrl: `${feed.url}/feed`,
      currentVersion: '1.0.0',
      packageId: 'Flockr',
      workDir,
      download: true,
    });
    expect(r.error).toBeUndefined();
    expect(r.updateAvailable).toBe(true);
    expect(r.targetVersion).toBe('1.1.0');
    expect(r.asset).toMatchObject({ FileName: FILE, Size: nupkg.length, NotesHtml: '' });
    expect(r.downloadedFile).toBe(path.join(workDir, 'packages', FILE));
    expect(await readFile(r.downloadedFile ?? '')).toEqual(nupkg);
    expect(urls(feed.requests)).toEqual([
      `/feed/releases.${defaultChannel}.json?localVersion=1.0.0&id=Flockr`,
      `/feed/${FILE}`,
    ]);
    expect(feed.requests[0]?.query).toEqual({ localVersion: '1.0.0', id: 'Flockr' });
    for (const request of feed.requests) {
      expect(request.headers['user-agent']).toMatch(/^ureq\//);
      expect(request.headers.authorization).toBeUndefined();
    }
    expect(r.requestedUrls).toEqual(feed.requests.map((q) => feed.url + q.url));
  });

  it('asks for the channel the app was packed with, encoding the query', async () => {
    const r = await checkVelopackUpdate({
      feedUrl: `${feed.url}/feed/`,
      currentVersion: '1.0.0-beta.2',
      packageId: 'Flockr App',
      channel: 'win',
      workDir: await freshDir('velopack-win'),
    });
    expect(r.updateAvailable).toBe(true);
    expect(urls(feed.requests)).toEqual([
      '/feed/releases.win.json?localVersion=1.0.0-beta.2&id=Flockr%20App',
    ]);
  });

  it('finds no update when the feed has the current version', async () => {
    const r = await checkVelopackUpdate({
      feedUrl: `${feed.url}/feed`,
      currentVersion: '1.1.0',
      packageId: 'Flockr',
      channel: 'win',
      workDir: await freshDir('velopack-same'),
      download: true,
    });
    expect(r.error).toBeUndefined();
    expect(r.updateAvailable).toBe(false);
    expect(feed.requests).toHaveLength(1);
  });

  it('downloads a package whose SHA1/SHA256 or Size are wrong (0.0.1053 checks none); the driver rejects it', async () => {
    const unchecked = await checkVelopackUpdate({
      feedUrl: `${feed.url}/bad-sha`,
      currentVersion: '1.0.0',
      packageId: 'Flockr',
      channel: 'linux',
      workDir: await freshDir('velopack-bad'),
      download: true,
      verifyChecksums: false,
    });
    expect(unchecked.error).toBeUndefined();
    expect(await readFile(unchecked.downloadedFile ?? '')).toEqual(nupkg);

    const checked = await checkVelopackUpdate({
      feedUrl: `${feed.url}/bad-sha`,
      currentVersion: '1.0.0',
      packageId: 'Flockr',
      channel: 'linux',
      workDir: await freshDir('velopack-bad'),
      download: true,
    });
    expect(checked.errorFrom).toBe('driver-checksum');
    expect(checked.error?.code).toBe('VELOPACK_CHECKSUM_INVALID');
    expect(checked.error?.message).toMatch(
      new RegExp(
        `^Checksum did not match for .*${FILE} \\(expected 0{64}, actual [0-9a-f]{64}\\)$`,
      ),
    );
    expect(checked.downloadedFile).toBeUndefined();

    const size = await checkVelopackUpdate({
      feedUrl: `${feed.url}/bad-size`,
      currentVersion: '1.0.0',
      packageId: 'Flockr',
      channel: 'linux',
      workDir: await freshDir('velopack-size'),
      download: true,
    });
    expect(size.error?.code).toBe('VELOPACK_SIZE_INVALID');
  });

  it('needs only Version (semver), Type "Full" and FileName; ignores PackageId', async () => {
    const r = await checkVelopackUpdate({
      feedUrl: `${feed.url}/minimal`,
      currentVersion: '1.0.0',
      packageId: 'Flockr',
      channel: 'linux',
      workDir: await freshDir('velopack-minimal'),
    });
    // the highest valid Full release wins, even with another PackageId; Delta and non-semver
    // entries are skipped; missing fields read as "" and 0
    expect(r.error).toBeUndefined();
    expect(r.asset).toEqual({
      PackageId: 'SomeOtherApp',
      Version: '1.2.0',
      Type: 'Full',
      FileName: 'x.nupkg',
      SHA1: '',
      SHA256: '',
      Size: 0,
      NotesMarkdown: '',
      NotesHtml: '',
    });
  });

  it('surfaces a 403 on the releases file as an error naming the status', async () => {
    const r = await checkVelopackUpdate({
      feedUrl: `${feed.url}/forbidden`,
      currentVersion: '1.0.0',
      packageId: 'Flockr',
      channel: 'linux',
      workDir: await freshDir('velopack-403'),
    });
    expect(r.errorFrom).toBe('client');
    expect(r.error?.message).toBe(
      `Network error: Http error: ${feed.url}/forbidden/releases.linux.json?localVersion=1.0.0&id=Flockr: status code 403`,
    );
  });

  it('drops a query string in the feed URL (a token must go in the path)', async () => {
    await checkVelopackUpdate({
      feedUrl: `${feed.url}/feed?token=abc`,
      currentVersion: '1.0.0',
      packageId: 'Flockr',
      channel: 'linux',
      workDir: await freshDir('velopack-query'),
    });
    expect(urls(feed.requests)).toEqual(['/releases.linux.json?localVersion=1.0.0&id=Flockr']);
  });
});

describe('minisign signatures for Tauri', strict ? {} : needs(minisignCheck()), () => {
  it('signs and verifies a file; one changed byte fails; Tauri signature round-trips', async () => {
    const dir = await freshDir('minisign');
    const keys = await generateKeyPair(dir);
    expect(keys.publicKey).toMatch(/^RW[A-Za-z0-9+/]{54}$/);
    const file = path.join(dir, 'Flockr_1.1.0_amd64.AppImage.tar.gz');
    const data = Buffer.from('Flockr 1.1.0 update bundle '.repeat(32));
    await writeFile(file, data);

    const minisig = await signFile(
      file,
      keys.secretKeyPath,
      'timestamp:1750000000\tfile:Flockr_1.1.0_amd64.AppImage.tar.gz\tversion:1.1.0',
    );
    expect(minisig.split('\n').slice(0, 4)).toEqual([
      expect.stringMatching(/^untrusted comment: /),
      expect.stringMatching(/^RU[A-Za-z0-9+/]+=*$/), // "ED" prehashed signature (minisign ≥ 0.10)
      'trusted comment: timestamp:1750000000\tfile:Flockr_1.1.0_amd64.AppImage.tar.gz\tversion:1.1.0',
      expect.stringMatching(/^[A-Za-z0-9+/]{86}==$/),
    ]);
    expect(await verifyFile(file, minisig, keys.publicKey)).toMatchObject({
      ok: true,
      output: expect.stringContaining('Signature and comment signature verified'),
    });

    const tauri = tauriSignature(minisig);
    expect(tauri).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(minisigFromTauri(tauri)).toBe(minisig);
    expect(await verifyFile(file, minisigFromTauri(tauri), keys.publicKey)).toMatchObject({
      ok: true,
    });
    expect(Buffer.from(tauriPublicKey(keys.publicKeyText), 'base64').toString()).toBe(
      keys.publicKeyText,
    );
    expect(() => minisigFromTauri(Buffer.from('hello').toString('base64'))).toThrow();

    const tampered = Buffer.from(data);
    tampered[100] = (tampered[100] ?? 0) ^ 0x01;
    await writeFile(file, tampered);
    expect(await verifyFile(file, minisig, keys.publicKey)).toEqual({
      ok: false,
      output: 'Signature verification failed',
    });

    const other = await generateKeyPair(await freshDir('minisign-other'));
    await writeFile(file, data);
    expect((await verifyFile(file, minisig, other.publicKey)).ok).toBe(false);
  });
});
