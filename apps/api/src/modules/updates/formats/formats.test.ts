/**
 * The six update-feed renderers (formats/): each output is read back with the format's own
 * parser or a schema of what its client reads (js-yaml's `load` for electron-updater, Squirrel's
 * ReleaseEntry rules, an XML parser for Sparkle, Zod for the JSON answers).
 */
import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Arch, ArtifactKind, Platform } from '@flockr/contract';
import type { FeedArtifact, FeedRelease } from '../feed-model.js';
import { electronChannelFile, electronUpdateInfo } from './electron.js';
import { SPARKLE_NAMESPACE, rfc822Date, sparkleAppcast } from './sparkle.js';
import { squirrelMacUpdate } from './squirrel-mac.js';
import { parseSquirrelReleases, squirrelWindowsReleases } from './squirrel-windows.js';
import { tauriNeedsUpdate, tauriTarget, tauriUpdate } from './tauri.js';
import { isVelopackFeedName, velopackChannel, velopackFeed } from './velopack.js';

const BASE = 'https://flockr.example/api/v1/updates/t/flf_token/files';
const digest = (algorithm: string, s: string, encoding: 'hex' | 'base64') =>
  createHash(algorithm).update(s).digest(encoding);

/** An artifact of `version` with digests derived from its name (lowercase hex, as stored). */
function artifact(
  version: string,
  platform: Platform,
  arch: Arch,
  kind: ArtifactKind,
  filename: string,
  extra: Partial<FeedArtifact> = {},
): FeedArtifact {
  return {
    platform,
    arch,
    kind,
    filename,
    size: 1000 + filename.length,
    sha1: digest('sha1', filename, 'hex'),
    sha256: digest('sha256', filename, 'hex'),
    sha512: digest('sha512', filename, 'base64'),
    signature: null,
    edSignature: null,
    url: `${BASE}/${version}/${filename}`,
    ...extra,
  };
}

const sig = (name: string) =>
  Buffer.from(`untrusted comment: signature\n${name}`).toString('base64');

const beta: FeedRelease = {
  version: '2.0.0-beta.1',
  channel: 'beta',
  publishedAt: new Date('2026-05-04T10:00:00.123Z'),
  title: 'Sync <fast> & "safe"',
  notes: '- Faster sync <b>bold</b> & more\n- Fixed ]]> in CDATA',
  rolloutPercentage: 25,
  critical: true,
  minimumSystemVersion: '12.0',
  artifacts: [
    artifact(
      '2.0.0-beta.1',
      'windows',
      'arm64',
      'installer',
      'Flockr-Setup-2.0.0-beta.1-arm64.exe',
    ),
    artifact('2.0.0-beta.1', 'windows', 'x64', 'installer', 'Flockr-Setup-2.0.0-beta.1-x64.exe', {
      signature: sig('nsis'),
    }),
    artifact('2.0.0-beta.1', 'windows', 'x64', 'installer', 'Flockr_2.0.0-beta.1_x64.msi', {
      signature: sig('msi'),
    }),
    artifact('2.0.0-beta.1', 'windows', 'x64', 'nupkg', 'Flockr-2.0.0-beta1-full.nupkg'),
    artifact('2.0.0-beta.1', 'windows', 'x64', 'delta', 'Flockr-2.0.0-beta1-delta.nupkg'),
    artifact(
      '2.0.0-beta.1',
      'windows',
      'x64',
      'blockmap',
      'Flockr-Setup-2.0.0-beta.1-x64.exe.blockmap',
    ),
    artifact('2.0.0-beta.1', 'macos', 'universal', 'dmg', 'Flockr-2.0.0-beta.1-universal.dmg'),
    artifact('2.0.0-beta.1', 'macos', 'universal', 'zip', 'Flockr-2.0.0-beta.1-universal-mac.zip', {
      edSignature: 'ZWQyNTUxOQ==',
    }),
    artifact('2.0.0-beta.1', 'macos', 'arm64', 'archive', 'Flockr_aarch64.app.tar.gz', {
      signature: sig('archive-arm64'),
    }),
    artifact('2.0.0-beta.1', 'macos', 'x64', 'archive', 'Flockr_x64.app.tar.gz'),
    artifact('2.0.0-beta.1', 'linux', 'x64', 'appimage', 'Flockr-2.0.0-beta.1.AppImage', {
      signature: sig('appimage'),
    }),
    artifact('2.0.0-beta.1', 'linux', 'arm64', 'appimage', 'Flockr-2.0.0-beta.1-arm64.AppImage'),
    artifact('2.0.0-beta.1', 'macos', 'universal', 'nupkg', 'Flockr-2.0.0-beta1-osx-full.nupkg'),
  ],
};

const stable: FeedRelease = {
  version: '1.5.0',
  channel: 'stable',
  publishedAt: new Date('2026-04-01T08:30:00Z'),
  title: null,
  notes: null,
  rolloutPercentage: 100,
  critical: false,
  minimumSystemVersion: null,
  artifacts: [
    artifact('1.5.0', 'windows', 'x64', 'installer', 'Flockr-Setup-1.5.0.exe'),
    artifact('1.5.0', 'windows', 'x64', 'nupkg', 'Flockr-1.5.0-full.nupkg'),
    artifact('1.5.0', 'windows', 'x64', 'delta', 'Flockr-1.5.0-delta.nupkg'),
    artifact('1.5.0', 'windows', 'x64', 'nupkg', 'Flockr 1.5.0 full.nupkg'),
    artifact('1.5.0', 'windows', 'arm64', 'nupkg', 'Flockr-1.5.0-arm64-full.nupkg'),
    artifact('1.5.0', 'macos', 'arm64', 'zip', 'Flockr-1.5.0-arm64-mac.zip'),
    artifact('1.5.0', 'macos', 'x64', 'zip', 'Flockr-1.5.0-mac.zip'),
    artifact('1.5.0', 'macos', 'x64', 'dmg', 'Flockr-1.5.0.dmg'),
    artifact('1.5.0', 'linux', 'x64', 'appimage', 'Flockr-1.5.0.AppImage'),
    artifact('1.5.0', 'linux', 'x64', 'deb', 'flockr_1.5.0_amd64.deb'),
  ],
};

const old: FeedRelease = {
  version: '1.4.0',
  channel: 'stable',
  publishedAt: new Date('2026-01-15T00:00:00Z'),
  title: 'First',
  notes: 'Initial release',
  rolloutPercentage: 100,
  critical: false,
  minimumSystemVersion: '11.0',
  artifacts: [
    artifact('1.4.0', 'windows', 'x64', 'nupkg', 'Flockr-1.4.0-full.nupkg'),
    artifact('1.4.0', 'macos', 'arm64', 'dmg', 'Flockr-1.4.0-arm64.dmg'),
  ],
};

/** Newest semantic version first, as the feed passes them. */
const releases = [beta, stable, old];

/** What electron-updater reads from a channel file (builder-util-runtime UpdateInfo). */
const updateInfoSchema = z
  .object({
    version: z.string(),
    files: z
      .array(z.object({ url: z.url(), sha512: z.base64().min(1), size: z.number().int() }).strict())
      .min(1),
    path: z.url(),
    sha512: z.string(),
    releaseName: z.string().optional(),
    releaseNotes: z.string().optional(),
    releaseDate: z.iso.datetime(),
    stagingPercentage: z.number().int().min(0).max(99).optional(),
  })
  .strict();

const parseYaml = (text: string | null) => {
  expect(text).not.toBeNull();
  return updateInfoSchema.parse(load(text ?? ''));
};

describe('electron-updater channel files', () => {
  it('parses the generic provider file names', () => {
    expect(electronChannelFile('latest.yml')).toEqual({
      channel: 'stable',
      platform: 'windows',
      arch: null,
    });
    expect(electronChannelFile('beta.yml')).toEqual({
      channel: 'beta',
      platform: 'windows',
      arch: null,
    });
    expect(electronChannelFile('latest-mac.yml')).toEqual({
      channel: 'stable',
      platform: 'macos',
      arch: null,
    });
    expect(electronChannelFile('rc-linux.yml')).toEqual({
      channel: 'rc',
      platform: 'linux',
      arch: 'x64',
    });
    expect(electronChannelFile('alpha-linux-arm64.yml')).toEqual({
      channel: 'alpha',
      platform: 'linux',
      arch: 'arm64',
    });
    expect(electronChannelFile('latest-linux-ia32.yml')).toEqual({
      channel: 'stable',
      platform: 'linux',
      arch: 'ia32',
    });
  });

  it.each([
    'stable.yml',
    'latest',
    'latest.yaml',
    'Latest.yml',
    'nightly.yml',
    'latest-win.yml',
    'latest-linux-x64.yml',
    'latest-linux-armv7l.yml',
    'latest-mac-arm64.yml',
    'beta-mac.yml.bak',
    '../latest.yml',
    'toString.yml',
    '__proto__-mac.yml',
    '',
  ])('rejects %j', (name) => {
    expect(electronChannelFile(name)).toBeNull();
  });

  it('lists every Windows NSIS installer, x64 first, without the .msi or the blockmap', () => {
    const info = parseYaml(electronUpdateInfo(beta, 'windows', null));
    const names = info.files.map((f) => f.url.slice(f.url.lastIndexOf('/') + 1));
    expect(names).toEqual([
      'Flockr-Setup-2.0.0-beta.1-x64.exe',
      'Flockr-Setup-2.0.0-beta.1-arm64.exe',
    ]);
    const x64 = beta.artifacts[1]!;
    expect(info.files[0]).toEqual({ url: x64.url, sha512: x64.sha512, size: x64.size });
    expect(info.path).toBe(x64.url);
    expect(info.sha512).toBe(x64.sha512);
    expect(info.version).toBe('2.0.0-beta.1');
    expect(info.releaseDate).toBe('2026-05-04T10:00:00.123Z');
    expect(info.releaseName).toBe(beta.title);
    expect(info.releaseNotes).toBe(beta.notes);
    expect(info.stagingPercentage).toBe(25);
  });

  it('writes releaseDate as a quoted string, not a YAML timestamp', () => {
    const text = electronUpdateInfo(stable, 'windows', null) ?? '';
    expect(text).toContain("releaseDate: '2026-04-01T08:30:00.000Z'");
    expect(typeof (load(text) as { releaseDate: unknown }).releaseDate).toBe('string');
  });

  it('omits notes, name and stagingPercentage when there are none or the rollout is full', () => {
    const info = parseYaml(electronUpdateInfo(stable, 'windows', null));
    expect(info).not.toHaveProperty('releaseNotes');
    expect(info).not.toHaveProperty('releaseName');
    expect(info).not.toHaveProperty('stagingPercentage');
    expect(electronUpdateInfo(stable, 'windows', null)).not.toMatch(/critical|minimum/i);
  });

  it('writes stagingPercentage 0 for a rollout that has not started', () => {
    const info = parseYaml(
      electronUpdateInfo({ ...stable, rolloutPercentage: 0 }, 'windows', null),
    );
    expect(info.stagingPercentage).toBe(0);
  });

  it('lists macOS zips (universal first) before dmgs', () => {
    expect(
      parseYaml(electronUpdateInfo(beta, 'macos', null)).files.map((f) => f.url.split('/').pop()),
    ).toEqual(['Flockr-2.0.0-beta.1-universal-mac.zip', 'Flockr-2.0.0-beta.1-universal.dmg']);
    expect(
      parseYaml(electronUpdateInfo(stable, 'macos', null)).files.map((f) => f.url.split('/').pop()),
    ).toEqual(['Flockr-1.5.0-mac.zip', 'Flockr-1.5.0-arm64-mac.zip', 'Flockr-1.5.0.dmg']);
  });

  it('picks the AppImage of the requested Linux architecture', () => {
    const x64 = parseYaml(electronUpdateInfo(beta, 'linux', 'x64'));
    expect(x64.files.map((f) => f.url.split('/').pop())).toEqual(['Flockr-2.0.0-beta.1.AppImage']);
    const arm = parseYaml(electronUpdateInfo(beta, 'linux', 'arm64'));
    expect(arm.files.map((f) => f.url.split('/').pop())).toEqual([
      'Flockr-2.0.0-beta.1-arm64.AppImage',
    ]);
    expect(electronUpdateInfo(stable, 'linux', 'arm64')).toBeNull();
  });

  it('returns null when the release has no file for the platform', () => {
    expect(electronUpdateInfo(old, 'windows', null)).toBeNull();
    expect(electronUpdateInfo(old, 'linux', 'x64')).toBeNull();
    expect(electronUpdateInfo({ ...stable, artifacts: [] }, 'macos', null)).toBeNull();
  });

  it('leaves out a file without a SHA-512 (electron-updater refuses it)', () => {
    const release = {
      ...stable,
      artifacts: stable.artifacts.map((a) => (a.kind === 'installer' ? { ...a, sha512: '' } : a)),
    };
    expect(electronUpdateInfo(release, 'windows', null)).toBeNull();
  });
});

/** Squirrel.Mac's update JSON (SQRLUpdate), with the contract's route schema's fields. */
const squirrelMacSchema = z
  .object({
    url: z.url(),
    name: z.string(),
    notes: z.string(),
    // SQRLUpdate's date format: yyyy-MM-dd'T'HH:mm:ssZZZZZ (no fraction).
    pub_date: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/),
  })
  .strict();

describe('Squirrel.Mac', () => {
  it('answers the zip of the architecture, else the universal one', () => {
    const arm = squirrelMacSchema.parse(squirrelMacUpdate(stable, 'arm64'));
    expect(arm).toEqual({
      url: `${BASE}/1.5.0/Flockr-1.5.0-arm64-mac.zip`,
      name: '1.5.0',
      notes: '',
      pub_date: '2026-04-01T08:30:00Z',
    });
    expect(squirrelMacSchema.parse(squirrelMacUpdate(stable, 'x64')).url).toBe(
      `${BASE}/1.5.0/Flockr-1.5.0-mac.zip`,
    );
    const universal = squirrelMacSchema.parse(squirrelMacUpdate(beta, 'x64'));
    expect(universal.url).toBe(`${BASE}/2.0.0-beta.1/Flockr-2.0.0-beta.1-universal-mac.zip`);
    expect(universal.notes).toBe(beta.notes);
    expect(universal.pub_date).toBe('2026-05-04T10:00:00Z');
  });

  it('returns null (204) without a release or without a zip for the Mac', () => {
    expect(squirrelMacUpdate(null, 'x64')).toBeNull();
    expect(squirrelMacUpdate(old, 'arm64')).toBeNull();
    expect(squirrelMacUpdate(stable, 'universal')).toBeNull();
  });
});

describe('Squirrel.Windows RELEASES', () => {
  const text = squirrelWindowsReleases(releases);
  const entries = parseSquirrelReleases(text);

  it('lists every Windows package, oldest first, delta before full, as Squirrel parses it', () => {
    expect(entries.map((e) => e.filename)).toEqual([
      'Flockr-1.4.0-full.nupkg',
      'Flockr-1.5.0-delta.nupkg',
      'Flockr-1.5.0-full.nupkg',
      'Flockr-1.5.0-arm64-full.nupkg',
      'Flockr-2.0.0-beta1-delta.nupkg',
      'Flockr-2.0.0-beta1-full.nupkg',
    ]);
    expect(entries.map((e) => e.isDelta)).toEqual([false, true, false, false, true, false]);
    for (const e of entries) {
      const stored = releases
        .flatMap((r) => r.artifacts)
        .find((a) => a.filename === e.filename && a.platform === 'windows');
      expect(e.sha1).toBe(stored?.sha1.toUpperCase());
      expect(e.sha1).toMatch(/^[0-9A-F]{40}$/);
      expect(e.size).toBe(stored?.size);
      expect(e.baseUrl).toBeNull();
      expect(e.query).toBeNull();
      expect(e.stagingPercentage).toBeNull();
    }
  });

  it('writes plain lines joined with \\n, no URL, no final newline', () => {
    const lines = text.split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(
      `${digest('sha1', 'Flockr-1.4.0-full.nupkg', 'hex').toUpperCase()} Flockr-1.4.0-full.nupkg ${1000 + 'Flockr-1.4.0-full.nupkg'.length}`,
    );
    expect(text).not.toContain('http');
    expect(text.endsWith('\n')).toBe(false);
  });

  it('leaves out what Squirrel would refuse: spaces, a delta not named -delta, a bad SHA-1', () => {
    expect(text).not.toContain('Flockr 1.5.0');
    const odd: FeedRelease = {
      ...stable,
      artifacts: [
        artifact('1.5.0', 'windows', 'x64', 'delta', 'Flockr-1.5.0-full.nupkg'),
        artifact('1.5.0', 'windows', 'x64', 'nupkg', 'Flockr-1.5.0-delta.nupkg'),
        artifact('1.5.0', 'windows', 'x64', 'nupkg', 'Flockr-1.5.0.zip'),
        artifact('1.5.0', 'windows', 'x64', 'nupkg', 'a:b-1.5.0-full.nupkg'),
        artifact('1.5.0', 'windows', 'x64', 'nupkg', 'Flockr-1.5.1-full.nupkg', { sha1: 'abc' }),
        artifact('1.5.0', 'windows', 'x64', 'nupkg', 'Flockr-1.5.2-full.nupkg', { size: 0 }),
        artifact('1.5.0', 'macos', 'x64', 'nupkg', 'Flockr-1.5.0-osx-full.nupkg'),
      ],
    };
    expect(squirrelWindowsReleases([odd])).toBe('');
  });

  it('parses lines as Squirrel does: URLs, staging comments, CRLF, BOM, bad lines', () => {
    const sha = 'a'.repeat(40);
    const parsed = parseSquirrelReleases(
      `\uFEFF${sha} https://cdn.example/app/Flockr-1.0.0-delta.nupkg?t=1 42 # 10%\n# comment\r\n\n${sha}  Flockr-1.0.0-full.nupkg\t7 # 5%\r`,
    );
    expect(parsed).toEqual([
      {
        sha1: sha,
        filename: 'Flockr-1.0.0-delta.nupkg',
        size: 42,
        isDelta: true,
        baseUrl: 'https://cdn.example/app/',
        query: '?t=1',
        stagingPercentage: 0.1,
      },
      {
        sha1: sha,
        filename: 'Flockr-1.0.0-full.nupkg',
        size: 7,
        isDelta: false,
        baseUrl: null,
        query: null,
        // Squirrel's staging pattern ends at `%$`, so a CRLF line has no staging.
        stagingPercentage: null,
      },
    ]);
    expect(() => parseSquirrelReleases(`${sha} Flockr-1.0.0-full.nupkg`)).toThrow(/Invalid/);
    expect(() => parseSquirrelReleases(`${sha} dir\\Flockr.nupkg 1`)).toThrow(/file name/);
    expect(parseSquirrelReleases('')).toEqual([]);
  });
});

describe('Tauri', () => {
  const tauriSchema = z
    .object({
      version: z.string(),
      url: z.url(),
      signature: z.base64().min(1),
      notes: z.string(),
      pub_date: z.iso.datetime({ offset: true }),
    })
    .strict();

  it('maps {{target}} and {{arch}}', () => {
    expect(tauriTarget('windows', 'x86_64')).toEqual({ platform: 'windows', arch: 'x64' });
    expect(tauriTarget('darwin', 'aarch64')).toEqual({ platform: 'macos', arch: 'arm64' });
    expect(tauriTarget('linux', 'i686')).toEqual({ platform: 'linux', arch: 'ia32' });
    expect(tauriTarget('linux', 'armv7')).toBeNull();
    expect(tauriTarget('macos', 'x86_64')).toBeNull();
    expect(tauriTarget('windows', 'x64')).toBeNull();
    expect(tauriTarget('constructor', 'x86_64')).toBeNull();
  });

  it('answers the signed installer, archive or AppImage of the platform', () => {
    const win = tauriSchema.parse(tauriUpdate(beta, 'windows', 'x64'));
    expect(win).toEqual({
      version: '2.0.0-beta.1',
      url: `${BASE}/2.0.0-beta.1/Flockr-Setup-2.0.0-beta.1-x64.exe`,
      signature: sig('nsis'),
      notes: beta.notes,
      pub_date: '2026-05-04T10:00:00Z',
    });
    expect(tauriSchema.parse(tauriUpdate(beta, 'macos', 'arm64')).url).toMatch(
      /Flockr_aarch64\.app\.tar\.gz$/,
    );
    expect(tauriSchema.parse(tauriUpdate(beta, 'linux', 'x64')).url).toMatch(/beta\.1\.AppImage$/);
  });

  it('skips unsigned artifacts', () => {
    // The arm64 installer, the x64 archive and the arm64 AppImage have no signature.
    expect(tauriUpdate(beta, 'windows', 'arm64')).toBeNull();
    expect(tauriUpdate(beta, 'macos', 'x64')).toBeNull();
    expect(tauriUpdate(beta, 'linux', 'arm64')).toBeNull();
    expect(tauriUpdate(stable, 'windows', 'x64')).toBeNull();
    const msiOnly = {
      ...beta,
      artifacts: beta.artifacts.filter((a) => a.filename !== 'Flockr-Setup-2.0.0-beta.1-x64.exe'),
    };
    expect(tauriUpdate(msiOnly, 'windows', 'x64')?.url).toMatch(/\.msi$/);
  });

  it('passes the .sig content through, trimmed, and encodes a decoded minisign text', () => {
    const withSpace = {
      ...beta,
      artifacts: beta.artifacts.map((a) =>
        a.kind === 'appimage' && a.arch === 'x64' ? { ...a, signature: `${sig('appimage')}\n` } : a,
      ),
    };
    expect(tauriUpdate(withSpace, 'linux', 'x64')?.signature).toBe(sig('appimage'));
    const raw =
      'untrusted comment: signature from tauri secret key\nRUQ=\ntrusted comment: x\nAA==';
    const decoded = {
      ...beta,
      artifacts: beta.artifacts.map((a) =>
        a.kind === 'appimage' && a.arch === 'x64' ? { ...a, signature: raw } : a,
      ),
    };
    const signature = tauriUpdate(decoded, 'linux', 'x64')?.signature ?? '';
    expect(Buffer.from(signature, 'base64').toString('utf8')).toBe(raw);
  });

  it('writes empty notes when there are none', () => {
    const release = { ...beta, notes: null };
    expect(tauriSchema.parse(tauriUpdate(release, 'linux', 'x64')).notes).toBe('');
  });

  it('compares versions by semantic-version precedence', () => {
    expect(tauriNeedsUpdate('1.4.0', stable)).toBe(true);
    expect(tauriNeedsUpdate('v1.4.0', stable)).toBe(true);
    expect(tauriNeedsUpdate('1.5.0', stable)).toBe(false);
    expect(tauriNeedsUpdate('1.6.0', stable)).toBe(false);
    expect(tauriNeedsUpdate('2.0.0-alpha.3', beta)).toBe(true);
    expect(tauriNeedsUpdate('2.0.0', beta)).toBe(false);
    expect(tauriNeedsUpdate('not-a-version', stable)).toBe(true);
  });
});

describe('Velopack', () => {
  /** VelopackAsset as the Rust client reads it: strings may be empty but never null. */
  const feedSchema = z
    .object({
      Assets: z.array(
        z
          .object({
            PackageId: z.string().min(1),
            Version: z.string(),
            Type: z.enum(['Full', 'Delta']),
            FileName: z.string().regex(/^[^/\\]+$/),
            SHA1: z.string().regex(/^[0-9A-F]{40}$/),
            SHA256: z.string().regex(/^([0-9A-F]{64})?$/),
            Size: z.number().int().positive(),
            NotesMarkdown: z.string(),
          })
          .strict(),
      ),
    })
    .strict();

  it('parses releases.{channel}.json names', () => {
    expect(velopackChannel('releases.win.json')).toEqual({
      platform: 'windows',
      channel: 'stable',
    });
    expect(velopackChannel('releases.osx.json')).toEqual({ platform: 'macos', channel: 'stable' });
    expect(velopackChannel('releases.linux.json')).toEqual({
      platform: 'linux',
      channel: 'stable',
    });
    expect(velopackChannel('releases.win-beta.json')).toEqual({
      platform: 'windows',
      channel: 'beta',
    });
    expect(velopackChannel('releases.osx-rc.json')).toEqual({ platform: 'macos', channel: 'rc' });
    expect(velopackChannel('releases.linux-stable.json')).toEqual({
      platform: 'linux',
      channel: 'stable',
    });
    for (const bad of [
      'releases.json',
      'RELEASES',
      'releases.windows.json',
      'releases.win-nightly.json',
      'releases.win-beta-x.json',
      'releases.win.json.bak',
      'releases.constructor.json',
      'releases.win-__proto__.json',
    ]) {
      expect(velopackChannel(bad)).toBeNull();
    }
  });

  it('tells feed names of any channel from package names', () => {
    for (const feedName of [
      'releases.win.json',
      'releases.win-nightly.json',
      'releases.windows.json',
      'releases.WIN-X64.json',
      'releases.json',
    ])
      expect(isVelopackFeedName(feedName)).toBe(true);
    for (const other of [
      'Flockr-1.2.0-full.nupkg',
      'Flockr-1.2.0-delta.nupkg',
      'RELEASES',
      'releases.win.json.bak',
      'assets.win.json',
      'releasesXwin.json',
    ])
      expect(isVelopackFeedName(other)).toBe(false);
  });

  it('lists full and delta packages of the platform, newest first, uppercase digests', () => {
    const feed = feedSchema.parse(
      JSON.parse(JSON.stringify(velopackFeed(releases, 'windows', 'Flockr'))),
    );
    expect(feed.Assets.map((a) => [a.Version, a.Type, a.FileName])).toEqual([
      ['2.0.0-beta.1', 'Full', 'Flockr-2.0.0-beta1-full.nupkg'],
      ['2.0.0-beta.1', 'Delta', 'Flockr-2.0.0-beta1-delta.nupkg'],
      ['1.5.0', 'Full', 'Flockr-1.5.0-full.nupkg'],
      ['1.5.0', 'Full', 'Flockr 1.5.0 full.nupkg'],
      ['1.5.0', 'Full', 'Flockr-1.5.0-arm64-full.nupkg'],
      ['1.5.0', 'Delta', 'Flockr-1.5.0-delta.nupkg'],
      ['1.4.0', 'Full', 'Flockr-1.4.0-full.nupkg'],
    ]);
  });

  it('filters by architecture when asked, keeping notes as strings', () => {
    const feed = velopackFeed(releases, 'windows', 'Flockr', 'x64');
    expect(feed.Assets.map((a) => a.FileName)).not.toContain('Flockr-1.5.0-arm64-full.nupkg');
    const first = feed.Assets[0]!;
    const stored = beta.artifacts.find((a) => a.filename === first.FileName)!;
    expect(first).toEqual({
      PackageId: 'Flockr',
      Version: '2.0.0-beta.1',
      Type: 'Full',
      FileName: 'Flockr-2.0.0-beta1-full.nupkg',
      SHA1: stored.sha1.toUpperCase(),
      SHA256: stored.sha256.toUpperCase(),
      Size: stored.size,
      NotesMarkdown: beta.notes,
    });
    const from15 = feed.Assets.find((a) => a.Version === '1.5.0')!;
    expect(from15.NotesMarkdown).toBe('');
    const mac = velopackFeed(releases, 'macos', 'Flockr', 'arm64');
    expect(mac.Assets.map((a) => a.FileName)).toEqual(['Flockr-2.0.0-beta1-osx-full.nupkg']);
    expect(velopackFeed(releases, 'linux', 'Flockr')).toEqual({ Assets: [] });
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
  const xml = sparkleAppcast(releases, {
    title: 'Flockr <beta> & co',
    link: 'https://flockr.example/?a=1&b=2',
  });
  type Item = Record<string, unknown> & { enclosure: Record<string, string> };
  const doc = parser.parse(xml) as {
    rss: {
      '@_version': string;
      '@_xmlns:sparkle': string;
      channel: { title: string; link: string; description: string; item: Item[] };
    };
  };
  const items = doc.rss.channel.item;

  it('is RSS 2.0 with the Sparkle namespace and an escaped channel header', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(doc.rss['@_version']).toBe('2.0');
    expect(doc.rss['@_xmlns:sparkle']).toBe(SPARKLE_NAMESPACE);
    expect(doc.rss.channel.title).toBe('Flockr <beta> & co');
    expect(doc.rss.channel.link).toBe('https://flockr.example/?a=1&b=2');
    expect(doc.rss.channel.description).toBe('Flockr <beta> & co');
    expect(xml).toContain('<title>Flockr &lt;beta&gt; &amp; co</title>');
  });

  it('has one item per release with a macOS zip or dmg', () => {
    expect(items.map((i) => i['sparkle:version'])).toEqual(['2.0.0-beta.1', '1.5.0', '1.4.0']);
  });

  it('writes the beta release with channel, minimum OS, critical flag and escaped notes', () => {
    const [item] = items;
    expect(item).toEqual({
      title: 'Sync <fast> & "safe"',
      pubDate: 'Mon, 04 May 2026 10:00:00 +0000',
      'sparkle:version': '2.0.0-beta.1',
      'sparkle:shortVersionString': '2.0.0-beta.1',
      'sparkle:channel': 'beta',
      'sparkle:minimumSystemVersion': '12.0',
      'sparkle:criticalUpdate': '',
      description: { '#text': beta.notes, '@_sparkle:format': 'markdown' },
      enclosure: {
        '@_url': `${BASE}/2.0.0-beta.1/Flockr-2.0.0-beta.1-universal-mac.zip`,
        '@_length': String(beta.artifacts[7]!.size),
        '@_type': 'application/octet-stream',
        '@_sparkle:edSignature': 'ZWQyNTUxOQ==',
      },
    });
    expect(xml).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; more');
    expect(xml).not.toContain('<b>bold');
  });

  it('omits channel, notes, minimum OS, critical flag and signature for a plain stable release', () => {
    const item = items[1]!;
    for (const key of [
      'sparkle:channel',
      'description',
      'sparkle:minimumSystemVersion',
      'sparkle:criticalUpdate',
      'sparkle:hardwareRequirements',
    ]) {
      expect(item).not.toHaveProperty(key);
    }
    expect(item.title).toBe('Version 1.5.0');
    expect(item.enclosure['@_url']).toMatch(/Flockr-1\.5\.0-mac\.zip$/);
    expect(item.enclosure).not.toHaveProperty('@_sparkle:edSignature');
  });

  it('falls back to a dmg, and marks an Apple-silicon-only build', () => {
    const item = items[2]!;
    expect(item.enclosure['@_url']).toMatch(/Flockr-1\.4\.0-arm64\.dmg$/);
    expect(item['sparkle:hardwareRequirements']).toBe('arm64');
    expect(item['sparkle:minimumSystemVersion']).toBe('11.0');
  });

  it('drops characters XML cannot carry and keeps an empty channel valid', () => {
    const release = { ...stable, notes: 'a\u0000b\u001bc\uFFFEd', title: 'x\u0007y' };
    const out = parser.parse(sparkleAppcast([release], { title: 'F', link: 'https://f' })) as {
      rss: { channel: { item: Item[] } };
    };
    expect(out.rss.channel.item[0]!.title).toBe('xy');
    expect(out.rss.channel.item[0]!.description).toEqual({
      '#text': 'abcd',
      '@_sparkle:format': 'markdown',
    });
    const empty = parser.parse(sparkleAppcast([], { title: 'F', link: 'https://f' }));
    expect(empty).toMatchObject({ rss: { channel: { title: 'F', link: 'https://f' } } });
  });

  it('formats pubDate as RFC 822 with two-digit days', () => {
    expect(rfc822Date(new Date('2026-01-05T03:04:05.999Z'))).toBe(
      'Mon, 05 Jan 2026 03:04:05 +0000',
    );
    expect(rfc822Date(new Date('2025-12-31T23:59:59Z'))).toBe('Wed, 31 Dec 2025 23:59:59 +0000');
  });
});
