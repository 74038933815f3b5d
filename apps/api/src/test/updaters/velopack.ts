/**
 * Runs the real Velopack client (npm `velopack` 0.0.1053: its Rust UpdateManager through a
 * native Node module) against an HTTP update feed, without an installed app: an explicit
 * `VelopackLocatorConfig` points it at a hand-written `sq.version` manifest (the app id, version
 * and channel an installed app carries) in a work folder.
 *
 * 0.0.1053 is the newest npm version whose native module loads on Debian 12's glibc 2.36:
 * 0.0.1298 and 1.2.110-ge826545 need GLIBC_2.39. It does NOT check the downloaded package
 * against the asset's Size/SHA1/SHA256 (that came in later releases), so this driver does
 * that check itself after the client's download, the way Velopack 1.2's
 * `verify_package_checksum` does (see `verifyVelopackPackage`), and says which side rejected.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UpdateInfo, VelopackLocatorConfig } from 'velopack';

/** One release asset of a Velopack feed, as the client parses it (velopack's VelopackAsset). */
export type VelopackAsset = UpdateInfo['TargetFullRelease'];

/** Options of `checkVelopackUpdate`. */
export interface VelopackUpdateOptions {
  /**
   * The HttpSource base URL. The client requests `{feedUrl}/releases.{channel}.json?localVersion=
   * {currentVersion}&id={packageId}` then `{feedUrl}/{FileName}`. A query string in `feedUrl` is
   * NOT kept (the URL is joined as a folder), so put a token in the path.
   */
  feedUrl: string;
  /** The installed version (semver), written to the manifest. */
  currentVersion: string;
  /** The app id (`<id>` of the manifest), sent as `id=`. */
  packageId: string;
  /**
   * The channel the app was packed with (`<channel>` of the manifest). Unset: Velopack's default
   * for this OS, `linux` here (`win` on Windows, `osx` on macOS).
   */
  channel?: string;
  /** UpdateOptions.ExplicitChannel: overrides the manifest's channel. */
  explicitChannel?: string;
  /** An empty folder for this run: the manifest and the packages folder. */
  workDir: string;
  /** Also download the update when one is found (default false: check only). */
  download?: boolean;
  /**
   * After a download, check Size and SHA256 (SHA1 when SHA256 is empty) like Velopack ≥ 1.2 does
   * and fail on a mismatch (default true). 0.0.1053 itself checks nothing.
   */
  verifyChecksums?: boolean;
}

/** What `checkVelopackUpdate` found. */
export interface VelopackUpdateResult {
  /** Whether the client found a newer Full release than `currentVersion`. */
  updateAvailable: boolean;
  /** The version of the release it would update to. */
  targetVersion?: string;
  /** The asset it picked (as the client parsed it: missing fields become "" or 0). */
  asset?: VelopackAsset;
  /** The downloaded package in the packages folder (only with `download` and success). */
  downloadedFile?: string;
  /**
   * The error of the check or download. Client errors are plain `Error`s with Velopack's text,
   * e.g. "Network error: Http error: <url>: status code 403"; a checksum error from this driver's
   * check has `code: 'VELOPACK_SIZE_INVALID' | 'VELOPACK_CHECKSUM_INVALID'`.
   */
  error?: Error & { code?: string };
  /** Who raised `error`: the Velopack client, or this driver's post-download check. */
  errorFrom?: 'client' | 'driver-checksum';
  /** The URLs the client said it requested (from its log), in order. */
  requestedUrls: string[];
  /** Velopack's log lines, prefixed with their level. */
  logs: string[];
}

/**
 * Checks a downloaded Velopack package against its feed asset as Velopack 1.2's
 * `verify_package_checksum` does: size must equal `Size`; then SHA256 must match when the asset
 * has one, else SHA1 (hex, case-insensitive). Resolves with nothing on success; rejects with an
 * Error carrying `code` `VELOPACK_SIZE_INVALID` or `VELOPACK_CHECKSUM_INVALID` and Velopack's
 * message ("Size did not match for …", "Checksum did not match for …").
 */
export async function verifyVelopackPackage(file: string, asset: VelopackAsset): Promise<void> {
  const data = await readFile(file);
  const fail = (code: string, message: string) => Object.assign(new Error(message), { code });
  if (data.length !== Number(asset.Size)) {
    throw fail(
      'VELOPACK_SIZE_INVALID',
      `Size did not match for ${file} (expected ${asset.Size}, actual ${data.length})`,
    );
  }
  const [algorithm, expected] = asset.SHA256 ? ['sha256', asset.SHA256] : ['sha1', asset.SHA1];
  const actual = createHash(algorithm).update(data).digest('hex');
  if (actual.toLowerCase() !== expected.toLowerCase()) {
    throw fail(
      'VELOPACK_CHECKSUM_INVALID',
      `Checksum did not match for ${file} (expected ${expected}, actual ${actual})`,
    );
  }
}

/** Velopack's log line naming each URL it requests (0.0.1053 wording). */
const REQUEST_LOG = [
  /^info: Downloading releases for channel .* from: (\S+)$/,
  /^info: About to download from URL '([^']+)'/,
];

/** Escapes text for an XML element. */
const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Runs Velopack's UpdateManager against `feedUrl` as an installed app (`packageId` at
 * `currentVersion`, on `channel`) would: checks for updates and, with `download`, downloads the
 * release into `{workDir}/packages` (then checks it, see `verifyChecksums`). Never throws for
 * what the feed answers: failures come back in `error`. Loading the native module fails (rejects)
 * only on a machine it does not support.
 *
 * Velopack's logger is process-wide: calls must not overlap (Vitest runs a file's tests one after
 * the other).
 */
export async function checkVelopackUpdate(
  opts: VelopackUpdateOptions,
): Promise<VelopackUpdateResult> {
  const { UpdateManager, setVelopackLogger } = await import('velopack');
  const logs: string[] = [];
  setVelopackLogger((level, message) => logs.push(`${level}: ${message}`));

  const currentDir = path.join(opts.workDir, 'current');
  const packagesDir = path.join(opts.workDir, 'packages');
  await mkdir(currentDir, { recursive: true });
  const manifestPath = path.join(currentDir, 'sq.version');
  await writeFile(
    manifestPath,
    [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<package xmlns="http://schemas.microsoft.com/packaging/2010/07/nuspec.xsd"><metadata>',
      `<id>${xml(opts.packageId)}</id>`,
      `<version>${xml(opts.currentVersion)}</version>`,
      `<title>${xml(opts.packageId)}</title>`,
      '<mainExe>Flockr.exe</mainExe>',
      ...(opts.channel === undefined ? [] : [`<channel>${xml(opts.channel)}</channel>`]),
      '</metadata></package>',
      '',
    ].join('\n'),
  );
  const locator: VelopackLocatorConfig = {
    RootAppDir: opts.workDir,
    // Only run by waitExitThenApplyUpdate (and delta patching), neither of which is used here.
    UpdateExePath: path.join(opts.workDir, 'UpdateNix'),
    PackagesDir: packagesDir,
    ManifestPath: manifestPath,
    CurrentBinaryDir: currentDir,
    IsPortable: true,
  };

  const result: VelopackUpdateResult = { updateAvailable: false, requestedUrls: [], logs };
  try {
    const manager = new UpdateManager(
      opts.feedUrl,
      {
        AllowVersionDowngrade: false,
        ExplicitChannel: opts.explicitChannel ?? null,
      },
      locator,
    );
    const update: UpdateInfo | null = await manager.checkForUpdatesAsync();
    if (update) {
      result.updateAvailable = true;
      result.asset = update.TargetFullRelease;
      result.targetVersion = update.TargetFullRelease.Version;
      if (opts.download) {
        await manager.downloadUpdateAsync(update);
        const file = path.join(packagesDir, update.TargetFullRelease.FileName);
        if (opts.verifyChecksums ?? true) {
          try {
            await verifyVelopackPackage(file, update.TargetFullRelease);
          } catch (error) {
            await rm(file, { force: true });
            result.errorFrom = 'driver-checksum';
            throw error;
          }
        }
        result.downloadedFile = file;
      }
    }
  } catch (error) {
    result.error = error as VelopackUpdateResult['error'];
    result.errorFrom ??= 'client';
  }
  // Log lines come back through their own queue to the JS thread: let it drain.
  await new Promise((resolve) => setTimeout(resolve, 50));
  setVelopackLogger(() => {});
  for (const line of logs) {
    for (const pattern of REQUEST_LOG) {
      const url = pattern.exec(line)?.[1];
      if (url) result.requestedUrls.push(url);
    }
  }
  return result;
}
