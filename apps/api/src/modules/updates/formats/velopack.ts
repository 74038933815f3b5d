/**
 * Velopack's release feed `releases.{channel}.json` (Velopack `VelopackAssetFeed` /
 * `VelopackAsset`, read by the C# UpdateManager's SimpleWebSource and the Rust core's HttpSource
 * from `{feed URL}/releases.{channel}.json`). Pure: no I/O.
 */
import type { Arch, Platform, ReleaseChannel } from '@flockr/contract';
import type { FeedRelease } from '../feed-model.js';

/** One asset of the feed (Velopack `VelopackAsset`). */
export interface VelopackAsset {
  PackageId: string;
  /** Semantic version. */
  Version: string;
  /** Velopack's `VelopackAssetType`, written by name. */
  Type: 'Full' | 'Delta';
  /** Plain file name: the client downloads `{feed URL}/{FileName}`. */
  FileName: string;
  /** Uppercase hex, as Velopack writes it. */
  SHA1: string;
  /** Uppercase hex (the C# client compares it case-sensitively); empty when unknown. */
  SHA256: string;
  /** Bytes. */
  Size: number;
  /** Markdown release notes; an empty string when there are none (never null). */
  NotesMarkdown: string;
}

/** The feed document (Velopack `VelopackAssetFeed`). */
export interface VelopackFeed {
  Assets: VelopackAsset[];
}

/** Velopack's default channel per OS: the OS short name (`RuntimeOs.GetOsShortName()`). */
const OS_CHANNELS: Record<string, Platform> = { win: 'windows', osx: 'macos', linux: 'linux' };
const CHANNELS: Record<string, ReleaseChannel> = {
  stable: 'stable',
  rc: 'rc',
  beta: 'beta',
  alpha: 'alpha',
};
const FEED_FILE = /^releases\.([a-z]+)(?:-([a-z]+))?\.json$/;
/** Any name of the feed file's form, whatever its channel: `releases.json`, `releases.{…}.json`. */
const ANY_FEED_FILE = /^releases\.(?:.*\.)?json$/;

/**
 * Parses the feed file name Velopack requests (`CoreUtil.GetVeloReleaseIndexName`:
 * `releases.{channel}.json`). Velopack's default channel is the OS short name, so `win`, `osx`
 * and `linux` are our stable channel for Windows, macOS and Linux. Other channels follow our
 * convention `{os}-{channel}`, e.g. `releases.win-beta.json` for an app packed with
 * `vpk pack --channel win-beta` (also `win-stable`, `osx-rc`, `linux-alpha`, …). Null for any
 * other name.
 */
export function velopackChannel(
  name: string,
): { platform: Platform; channel: ReleaseChannel } | null {
  const match = FEED_FILE.exec(name);
  if (!match) return null;
  const [, os = '', channelName = 'stable'] = match;
  const platform = Object.hasOwn(OS_CHANNELS, os) ? OS_CHANNELS[os] : undefined;
  const channel = Object.hasOwn(CHANNELS, channelName) ? CHANNELS[channelName] : undefined;
  return platform && channel ? { platform, channel } : null;
}

/**
 * Whether `name` has the form of a Velopack feed file (`releases.{channel}.json`, the only index
 * the client reads: `CoreUtil.GetVeloReleaseIndexName`), whatever its channel. A name of this
 * form that {@link velopackChannel} does not parse names a feed we do not serve (404
 * FEED_NOT_FOUND, docs/updates.md "Errors"); any other name is a package the route looks up.
 */
export function isVelopackFeedName(name: string): boolean {
  return ANY_FEED_FILE.test(name);
}

/**
 * The feed of `releases` (newest first) for `platform`: one asset per `nupkg` (Type `Full`) and
 * `delta` (Type `Delta`) artifact of the platform, newest release first and a release's full
 * package before its delta, for package `packageId` (Velopack's app id). With `arch`, only that
 * architecture's packages (and universal ones) are listed: the client takes the newest `Full`
 * asset whatever its architecture, so a feed must not mix architectures. FileName is the plain
 * file name; SHA1/SHA256 uppercase hex; `NotesMarkdown` an empty string without notes (the Rust
 * client cannot read null). `NotesHTML` is not written (no HTML rendering here; it is optional).
 */
export function velopackFeed(
  releases: FeedRelease[],
  platform: Platform,
  packageId: string,
  arch?: Arch,
): VelopackFeed {
  const assets: VelopackAsset[] = [];
  for (const release of releases) {
    const packages = release.artifacts.filter(
      (a) =>
        a.platform === platform &&
        (arch === undefined || a.arch === arch || a.arch === 'universal'),
    );
    const ordered = [
      ...packages.filter((a) => a.kind === 'nupkg'),
      ...packages.filter((a) => a.kind === 'delta'),
    ];
    for (const a of ordered) {
      assets.push({
        PackageId: packageId,
        Version: release.version,
        Type: a.kind === 'delta' ? 'Delta' : 'Full',
        FileName: a.filename,
        SHA1: a.sha1.toUpperCase(),
        SHA256: a.sha256.toUpperCase(),
        Size: a.size,
        NotesMarkdown: release.notes ?? '',
      });
    }
  }
  return { Assets: assets };
}
