/**
 * electron-updater's generic provider (electron-builder): the channel files `{channel}.yml`,
 * `{channel}-mac.yml` and `{channel}-linux[-{arch}].yml` it fetches from the feed URL, in the
 * shape of builder-util-runtime's `UpdateInfo` (updateInfo.ts), which the client reads with
 * js-yaml's `load`. Pure: no I/O.
 */
import { dump } from 'js-yaml';
import { archNamed, type Arch, type Platform, type ReleaseChannel } from '@flockr/contract';
import type { FeedArtifact, FeedRelease } from '../feed-model.js';

/** What a channel file name asks for. */
export interface ElectronChannelFile {
  channel: ReleaseChannel;
  platform: Platform;
  /**
   * The architecture the file is for, or null when one file serves every architecture: Windows
   * and macOS clients fetch the same file whatever their CPU and pick their download by name.
   */
  arch: Arch | null;
}

/** A file of `UpdateInfo.files` (builder-util-runtime `UpdateFileInfo`). */
export interface ElectronUpdateFile {
  url: string;
  /** Base64 SHA-512 of the file; the client refuses a file without a checksum. */
  sha512: string;
  /** Bytes. */
  size: number;
}

/** The YAML document's fields, as electron-updater's `UpdateInfo` names them. */
export interface ElectronUpdateInfo {
  version: string;
  files: ElectronUpdateFile[];
  /** Legacy (electron-updater before 2.16): the first file's URL. */
  path: string;
  /** Legacy: the first file's SHA-512. */
  sha512: string;
  releaseName?: string;
  releaseNotes?: string;
  /** ISO 8601. */
  releaseDate: string;
  /** 0–99; absent means everybody (the client treats a missing value as 100). */
  stagingPercentage?: number;
}

/** electron-updater's channel names: its default `latest` is our stable channel. */
const CHANNEL_NAMES: Record<string, ReleaseChannel> = {
  latest: 'stable',
  rc: 'rc',
  beta: 'beta',
  alpha: 'alpha',
};

const CHANNEL_FILE = /^([a-z]+)(-mac|-linux(-[a-z0-9]+)?)?\.yml$/;

/**
 * Parses the channel file name electron-updater's generic provider requests
 * (Provider.getCustomChannelName + util.getChannelFilename): `{channel}.yml` for Windows,
 * `{channel}-mac.yml` for macOS, `{channel}-linux.yml` for Linux x64 and
 * `{channel}-linux-arm64.yml` / `{channel}-linux-ia32.yml` for the other Linux CPUs. The channel
 * is `latest` (electron-updater's default, our `stable`), `rc`, `beta` or `alpha`.
 * Returns null for any other name.
 */
export function electronChannelFile(name: string): ElectronChannelFile | null {
  const match = CHANNEL_FILE.exec(name);
  if (!match) return null;
  const [, channelName = '', platformPart, linuxSuffix = ''] = match;
  const channel = Object.hasOwn(CHANNEL_NAMES, channelName)
    ? CHANNEL_NAMES[channelName]
    : undefined;
  if (!channel) return null;
  if (platformPart === undefined) return { channel, platform: 'windows', arch: null };
  if (platformPart === '-mac') return { channel, platform: 'macos', arch: null };
  // None for x64, `-{process.arch}` otherwise (contract `ARCH_ALIASES` `electronLinux`).
  const arch = archNamed(linuxSuffix, 'electronLinux');
  return arch ? { channel, platform: 'linux', arch } : null;
}

/** Order of files the client may fall back to the first of (it prefers a name with its arch). */
const ARCH_ORDER: Record<Arch, number> = { x64: 0, arm64: 1, ia32: 2, universal: 3 };
/** macOS: the universal file first, so an Apple silicon Mac without an arm64 file gets it. */
const MAC_ARCH_ORDER: Record<Arch, number> = { universal: 0, x64: 1, arm64: 2, ia32: 3 };

const byOrder =
  (order: Record<Arch, number>) =>
  (a: FeedArtifact, b: FeedArtifact): number =>
    order[a.arch] - order[b.arch];

/** The files the channel file lists for `platform`, in the order the client should see them. */
function updateFiles(release: FeedRelease, platform: Platform, arch: Arch | null): FeedArtifact[] {
  const of = release.artifacts.filter((a) => a.platform === platform && a.sha512 !== '');
  switch (platform) {
    case 'windows':
      // NsisUpdater: findFile(files, "exe") picks the .exe whose URL contains process.arch,
      // else the first one.
      return of
        .filter((a) => a.kind === 'installer' && a.filename.toLowerCase().endsWith('.exe'))
        .sort(byOrder(ARCH_ORDER));
    case 'macos': {
      // MacUpdater drops files whose URL contains "arm64" on an Intel Mac (keeps only those on
      // Apple silicon when there are any), then findFile(files, "zip", ["pkg", "dmg"]).
      const zips = of.filter((a) => a.kind === 'zip').sort(byOrder(MAC_ARCH_ORDER));
      const dmgs = of.filter((a) => a.kind === 'dmg').sort(byOrder(MAC_ARCH_ORDER));
      return [...zips, ...dmgs];
    }
    case 'linux':
      // AppImageUpdater: findFile(files, "AppImage"); the channel file is per architecture.
      return of.filter((a) => a.kind === 'appimage' && a.arch === (arch ?? 'x64'));
  }
}

/**
 * The `UpdateInfo` of `release` for a channel file of `platform` (and `arch`, used for Linux
 * only, where each architecture has its own file; null there means x64), or null when the release
 * has no file for it. Windows lists every NSIS installer (`installer` ending in .exe) of the
 * release, macOS the `zip` files then the `dmg` files of every architecture (the client picks by
 * "arm64" / its arch in the file's URL, so file names must carry the arch, as electron-builder's
 * do), Linux the `appimage` of `arch`. URLs are the artifacts' absolute URLs. Artifacts without a
 * SHA-512 are left out (electron-updater refuses them). `stagingPercentage` is written only below
 * 100; notes only when there are some. electron-updater has no field for a required update
 * (`minimumSystemVersion` is an OS kernel version, not ours), so `critical` is not written.
 */
export function electronUpdateInfoObject(
  release: FeedRelease,
  platform: Platform,
  arch: Arch | null,
): ElectronUpdateInfo | null {
  const files = updateFiles(release, platform, arch);
  const [first] = files;
  if (!first) return null;
  const info: ElectronUpdateInfo = {
    version: release.version,
    files: files.map((a) => ({ url: a.url, sha512: a.sha512, size: a.size })),
    path: first.url,
    sha512: first.sha512,
    releaseDate: release.publishedAt.toISOString(),
  };
  if (release.title !== null) info.releaseName = release.title;
  if (release.notes !== null) info.releaseNotes = release.notes;
  if (release.rolloutPercentage < 100) {
    info.stagingPercentage = Math.max(0, Math.floor(release.rolloutPercentage));
  }
  return info;
}

/**
 * The channel file of `release` for `platform`/`arch` as YAML text (see
 * {@link electronUpdateInfoObject} for what it holds), or null when the release has no file for
 * the platform. Keys in `UpdateInfo` order; no line folding, no anchors.
 */
export function electronUpdateInfo(
  release: FeedRelease,
  platform: Platform,
  arch: Arch | null,
): string | null {
  const info = electronUpdateInfoObject(release, platform, arch);
  return info ? dump(info, { lineWidth: -1, noRefs: true }) : null;
}
