/**
 * The update feeds (docs/updates.md) read by their clients, against the app listening on a
 * port: the real Velopack client (test/updaters/velopack.ts) finds and downloads a package with
 * the token in the path; Tauri's answer verified the way its updater does, with minisign and the
 * seller's public key; Sparkle's appcast parsed as XML, Squirrel.Windows' RELEASES parsed as
 * Squirrel does and its packages fetched by name, Squirrel.Mac's JSON or 204. The Tauri group
 * needs Debian's minisign (`apt-get install -y minisign`); without it the group is skipped with
 * the reason, unless REQUIRE_ALL_SUITES=1 (or CI=true), where it fails instead.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tauriUpdateResponseSchema } from '@flockr/contract';
import { needs } from '../../test/services.js';
import {
  createFeedHarness,
  feedSubscriber,
  publishRelease,
  setMinimumVersion,
  type FeedHarness,
  type PublishedFile,
  type ReleaseFile,
} from '../../test/update-feeds.js';
import {
  generateKeyPair,
  minisigFromTauri,
  minisignCheck,
  minisignPath,
  signFile,
  tauriSignature,
  verifyFile,
  type MinisignKeyPair,
} from '../../test/updaters/minisign.js';
import { checkVelopackUpdate } from '../../test/updaters/velopack.js';
import { SPARKLE_NAMESPACE } from './formats/sparkle.js';
import { parseSquirrelReleases } from './formats/squirrel-windows.js';

type Subscriber = Awaited<ReturnType<typeof feedSubscriber>>;

const strict =
  ['1', 'true'].includes(process.env.REQUIRE_ALL_SUITES ?? '') || process.env.CI === 'true';
const DAY = 86_400_000;
const PACKAGE = 'Flockr';

let tmp: string;
/** A fresh empty folder under this file's temporary folder. */
const freshDir = (name: string) => mkdtemp(path.join(tmp, `${name}-`));

/** GET `url` on the listening app, with `headers`. */
const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });
const body = async (res: Response) => Buffer.from(await res.arrayBuffer());

let h: FeedHarness;
/** The minisign key pair Tauri's files are signed with (null without minisign). */
let keys: MinisignKeyPair | null = null;
/** Published files by name, all versions. */
const stored: Record<string, PublishedFile> = {};
let stable: Subscriber;
let beta: Subscriber;

/** The files of `version`: a Velopack and a Squirrel.Windows package, a Mac zip, an AppImage. */
async function filesOf(version: string): Promise<ReleaseFile[]> {
  const data = (name: string) => Buffer.from(`${name}: ${'Flockr update '.repeat(300)}`);
  const appImage = `Flockr_${version}_amd64.AppImage`;
  let signature: string | null = null;
  if (keys) {
    const file = path.join(tmp, appImage);
    await writeFile(file, data(appImage));
    const minisig = await signFile(
      file,
      keys.secretKeyPath,
      `timestamp:1750000000\tfile:${appImage}\tversion:${version}`,
    );
    signature = tauriSignature(minisig);
  }
  return [
    {
      filename: `${PACKAGE}-${version}-full.nupkg`,
      platform: 'linux',
      arch: 'x64',
      kind: 'nupkg',
      data: data(`linux nupkg ${version}`),
    },
    {
      filename: `FlockrWin-${version}-full.nupkg`,
      platform: 'windows',
      arch: 'x64',
      kind: 'nupkg',
      data: data(`windows nupkg ${version}`),
    },
    {
      filename: `Flockr-${version}-mac.zip`,
      platform: 'macos',
      arch: 'universal',
      kind: 'zip',
      data: data(`mac zip ${version}`),
      edSignature: Buffer.from(`ed25519 signature of ${version}`).toString('base64'),
    },
    {
      filename: appImage,
      platform: 'linux',
      arch: 'x64',
      kind: 'appimage',
      data: data(appImage),
      signature,
    },
  ];
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'flockr-feed-clients-'));
  if (minisignPath()) keys = await generateKeyPair(tmp);
  h = await createFeedHarness();
  for (const [version, days, channel] of [
    ['1.2.0', 20, 'stable'],
    ['1.5.0', 5, 'stable'],
    ['1.6.0-beta.1', 1, 'beta'],
  ] as const) {
    const { files } = await publishRelease(h, {
      version,
      channel,
      publishedAt: new Date(Date.now() - days * DAY),
      minimumSystemVersion: version === '1.5.0' ? '12.0' : null,
      files: await filesOf(version),
    });
    Object.assign(stored, files);
  }
  stable = await feedSubscriber(h);
  beta = await feedSubscriber(h, 'beta');
});
afterAll(async () => {
  await h?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('Velopack 0.0.1053 against the feed (token in the path)', () => {
  it('finds 1.5.0 in releases.linux.json and downloads the package whose checksums match', async () => {
    const workDir = await freshDir('velopack');
    const r = await checkVelopackUpdate({
      feedUrl: stable.feeds.velopack,
      currentVersion: '1.0.0',
      packageId: PACKAGE,
      workDir,
      download: true,
    });
    expect(r.error).toBeUndefined();
    expect(r.updateAvailable).toBe(true);
    expect(r.targetVersion).toBe('1.5.0');
    const file = stored[`${PACKAGE}-1.5.0-full.nupkg`]!;
    expect(r.asset).toMatchObject({
      PackageId: PACKAGE,
      Version: '1.5.0',
      Type: 'Full',
      FileName: `${PACKAGE}-1.5.0-full.nupkg`,
      SHA1: file.row.sha1!.toUpperCase(),
      SHA256: file.row.sha256!.toUpperCase(),
      Size: file.data.length,
    });
    // the driver checked Size and SHA256 like Velopack ≥ 1.2; the bytes are the stored ones
    expect(r.downloadedFile).toBe(path.join(workDir, 'packages', `${PACKAGE}-1.5.0-full.nupkg`));
    const downloaded = await readFile(r.downloadedFile!);
    expect(createHash('sha256').update(downloaded).digest('hex')).toBe(file.row.sha256);
    expect(downloaded).toEqual(file.data);
    expect(r.requestedUrls).toEqual([
      `${stable.feeds.velopack}/releases.linux.json?localVersion=1.0.0&id=${PACKAGE}`,
      `${stable.feeds.velopack}/${PACKAGE}-1.5.0-full.nupkg`,
    ]);
  });

  it('finds no update at 1.5.0, and a beta user on linux-beta gets the beta package', async () => {
    const same = await checkVelopackUpdate({
      feedUrl: stable.feeds.velopack,
      currentVersion: '1.5.0',
      packageId: PACKAGE,
      workDir: await freshDir('velopack-same'),
      download: true,
    });
    expect(same.error).toBeUndefined();
    expect(same.updateAvailable).toBe(false);

    const pre = await checkVelopackUpdate({
      feedUrl: beta.feeds.velopack,
      currentVersion: '1.5.0',
      packageId: PACKAGE,
      channel: 'linux-beta',
      workDir: await freshDir('velopack-beta'),
      download: true,
    });
    expect(pre.error).toBeUndefined();
    expect(pre.targetVersion).toBe('1.6.0-beta.1');
    expect(await readFile(pre.downloadedFile!)).toEqual(
      stored[`${PACKAGE}-1.6.0-beta.1-full.nupkg`]!.data,
    );
    // the same app of a stable user is offered no beta
    const notBeta = await checkVelopackUpdate({
      feedUrl: stable.feeds.velopack,
      currentVersion: '1.5.0',
      packageId: PACKAGE,
      channel: 'linux-beta',
      workDir: await freshDir('velopack-not-beta'),
    });
    expect(notBeta.error).toBeUndefined();
    expect(notBeta.updateAvailable).toBe(false);
  });

  it('asked for a channel we do not serve, gets 404 FEED_NOT_FOUND and offers nothing', async () => {
    const r = await checkVelopackUpdate({
      feedUrl: stable.feeds.velopack,
      currentVersion: '1.0.0',
      packageId: PACKAGE,
      channel: 'linux-nightly',
      workDir: await freshDir('velopack-nightly'),
      download: true,
    });
    expect(r.updateAvailable).toBe(false);
    expect(r.downloadedFile).toBeUndefined();
    expect(r.errorFrom).toBe('client');
    expect(r.error?.message).toMatch(/status code 404/);
    const feedUrl = `${stable.feeds.velopack}/releases.linux-nightly.json?localVersion=1.0.0&id=${PACKAGE}`;
    expect(r.requestedUrls).toEqual([feedUrl]);
    // what the client was answered (its error keeps only the status)
    const res = await get(feedUrl);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'FEED_NOT_FOUND' });
  });
});

describe('Tauri v2 answers, verified with minisign', strict ? {} : needs(minisignCheck()), () => {
  /** The user's Tauri endpoint with the updater's variables filled in. */
  const tauriUrl = (sub: Subscriber, current: string) =>
    sub.feeds.tauri
      .replace('{{target}}', 'linux')
      .replace('{{arch}}', 'x86_64')
      .replace('{{current_version}}', current);

  it('offers 1.5.0 to 1.0.0 with a signature that verifies the downloaded file; one changed byte fails', async () => {
    if (!keys) throw new Error(`REQUIRE_ALL_SUITES: ${minisignCheck().reason}`);
    const url = tauriUrl(stable, '1.0.0');
    expect(url).toMatch(/\/updates\/t\/flf_[\w-]+\/tauri\/stable\/linux\/x86_64\/1\.0\.0$/);
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const update = tauriUpdateResponseSchema.parse(await res.json());
    expect(update).toMatchObject({ version: '1.5.0', notes: '' });
    expect(update.pub_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const file = path.join(await freshDir('tauri'), 'download.AppImage');
    const downloaded = await get(update.url);
    expect(downloaded.status).toBe(200);
    await writeFile(file, await body(downloaded));
    const minisig = minisigFromTauri(update.signature);
    expect(minisig).toContain('version:1.5.0');
    expect(await verifyFile(file, minisig, keys.publicKey)).toMatchObject({ ok: true });

    const changed = await readFile(file);
    changed[42] = changed[42]! ^ 0x01;
    await writeFile(file, changed);
    expect(await verifyFile(file, minisig, keys.publicKey)).toEqual({
      ok: false,
      output: 'Signature verification failed',
    });
  });

  it('answers 204 to the newest version, and the same with the token in a header', async () => {
    expect((await get(tauriUrl(stable, '1.5.0'))).status).toBe(204);
    const headerForm = `${h.url}/api/v1/updates/tauri/stable/linux/x86_64`;
    const auth = { authorization: `Bearer ${stable.token}` };
    expect((await get(`${headerForm}/1.5.0`, auth)).status).toBe(204);
    const res = await get(`${headerForm}/1.2.0`, auth);
    expect(res.status).toBe(200);
    expect((await res.json()) as unknown).toMatchObject({ version: '1.5.0' });
    expect((await get(`${headerForm}/1.2.0`)).status).toBe(401);
  });
});

describe('Sparkle appcast', () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => name === 'item',
  });
  type Item = Record<string, unknown> & {
    'sparkle:version': string;
    enclosure: Record<string, string>;
  };
  async function appcast(sub: Subscriber, current = '1.0.0') {
    const res = await get(sub.feeds.sparkle, { 'user-agent': `Flockr/${current} Sparkle/2.6` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const doc = parser.parse(await res.text()) as {
      rss: { '@_xmlns:sparkle': string; channel: { item?: Item[] } };
    };
    expect(doc.rss['@_xmlns:sparkle']).toBe(SPARKLE_NAMESPACE);
    return doc.rss.channel.item ?? [];
  }

  it("lists a stable user's releases, newest first, with enclosures that download", async () => {
    expect(stable.feeds.sparkle).toMatch(/\/sparkle\/stable\/appcast\.xml$/);
    const items = await appcast(stable);
    expect(items.map((i) => i['sparkle:version'])).toEqual(['1.5.0', '1.2.0']);
    for (const item of items) {
      const file = stored[`Flockr-${item['sparkle:version']}-mac.zip`]!;
      expect(item['sparkle:shortVersionString']).toBe(item['sparkle:version']);
      expect(item).not.toHaveProperty('sparkle:channel');
      expect(item).not.toHaveProperty('sparkle:criticalUpdate');
      expect(item.enclosure['@_length']).toBe(String(file.data.length));
      expect(item.enclosure['@_sparkle:edSignature']).toBe(file.row.edSignature);
      const res = await get(item.enclosure['@_url']!);
      expect(res.status).toBe(200);
      expect(await body(res)).toEqual(file.data);
    }
    expect(items[0]?.['sparkle:minimumSystemVersion']).toBe('12.0');
  });

  it("marks a beta item with sparkle:channel in a beta user's appcast", async () => {
    expect(beta.feeds.sparkle).toMatch(/\/sparkle\/beta\/appcast\.xml$/);
    const items = await appcast(beta);
    expect(items.map((i) => [i['sparkle:version'], i['sparkle:channel']])).toEqual([
      ['1.6.0-beta.1', 'beta'],
      ['1.5.0', undefined],
      ['1.2.0', undefined],
    ]);
  });

  it('flags items sparkle:criticalUpdate when the reported version is below the minimum', async () => {
    await setMinimumVersion(h, '1.3.0');
    try {
      for (const item of await appcast(stable, '1.0.0'))
        expect(item['sparkle:criticalUpdate']).toBe('');
      for (const item of await appcast(stable, '1.5.0'))
        expect(item).not.toHaveProperty('sparkle:criticalUpdate');
    } finally {
      await setMinimumVersion(h, null);
    }
  });
});

describe('Squirrel.Windows RELEASES', () => {
  it('lists the Windows packages as Squirrel reads them; each downloads by name from the same folder', async () => {
    for (const [url, headers] of [
      [stable.feeds.squirrel_windows, {}],
      [`${h.url}/api/v1/updates/squirrel-win/stable`, { authorization: `Bearer ${stable.token}` }],
    ] as const) {
      const res = await get(`${url}/RELEASES?id=${PACKAGE}&localVersion=1.0.0&arch=x64`, headers);
      expect(res.status).toBe(200);
      const entries = parseSquirrelReleases(await res.text());
      expect(entries.map((e) => e.filename)).toEqual([
        'FlockrWin-1.2.0-full.nupkg',
        'FlockrWin-1.5.0-full.nupkg',
      ]);
      for (const entry of entries) {
        const file = stored[entry.filename]!;
        expect(entry).toMatchObject({
          sha1: file.row.sha1!.toUpperCase(),
          size: file.data.length,
          isDelta: false,
          baseUrl: null,
        });
        const pkg = await get(`${url}/${entry.filename}`, headers);
        expect(pkg.status).toBe(200);
        const data = await body(pkg);
        expect(createHash('sha1').update(data).digest('hex').toUpperCase()).toBe(entry.sha1);
      }
    }
  });
});

describe('Squirrel.Mac', () => {
  const macUrl = (sub: Subscriber, arch: string, current: string) =>
    sub.feeds.squirrel_mac.replace('{arch}', arch).replace('{version}', current);

  it('answers the update JSON with a zip that downloads, or 204 when up to date', async () => {
    for (const arch of ['x64', 'arm64']) {
      const res = await get(macUrl(stable, arch, '1.0.0'));
      expect(res.status).toBe(200);
      const update = (await res.json()) as Record<string, string>;
      expect(update).toMatchObject({ name: '1.5.0', notes: '' });
      expect(update.pub_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const zip = await get(update.url!);
      expect(zip.status).toBe(200);
      expect(await body(zip)).toEqual(stored['Flockr-1.5.0-mac.zip']!.data);
    }
    const upToDate = await get(macUrl(stable, 'x64', '1.5.0'));
    expect(upToDate.status).toBe(204);
    expect(await upToDate.text()).toBe('');
    expect(
      (
        await get(`${h.url}/api/v1/updates/squirrel-mac/stable/x64/1.2.0`, {
          authorization: `Bearer ${stable.token}`,
        })
      ).status,
    ).toBe(200);
  });
});
