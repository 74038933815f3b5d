/**
 * Tauri v2's dynamic update server answer (tauri-plugin-updater `RemoteRelease`, "dynamic
 * update server" format): the updater requests the endpoint with `{{target}}`, `{{arch}}` and
 * `{{current_version}}` filled in and reads a 200 JSON body, or 204 for "no update". Pure: no I/O.
 */
import semver from 'semver';
import { archNamed, type Arch, type Platform } from '@flockr/contract';
import type { FeedArtifact, FeedRelease } from '../feed-model.js';

/** The dynamic server JSON (`version`, `url`, `signature` required; `notes`, `pub_date` optional). */
export interface TauriUpdate {
  version: string;
  url: string;
  /** The `.sig` file's content: base64 of the minisign signature. */
  signature: string;
  /** Markdown release notes, or an empty string. */
  notes: string;
  /** RFC 3339, UTC, whole seconds. */
  pub_date: string;
}

/** tauri-plugin-updater's `get_updater_target()` values. */
const TARGETS: Record<string, Platform> = { windows: 'windows', darwin: 'macos', linux: 'linux' };

/**
 * Maps Tauri's `{{target}}` (`windows`, `darwin`, `linux`) and `{{arch}}` (`x86_64`, `aarch64`,
 * `i686`: Rust's names, contract `ARCH_ALIASES` `rust`) URL variables (tauri-plugin-updater
 * `get_updater_target` / `get_updater_arch`) to our platform and architecture; null for anything
 * else, including `armv7` and our own names (`x64`).
 */
export function tauriTarget(
  target: string,
  arch: string,
): { platform: Platform; arch: Arch } | null {
  const platform = Object.hasOwn(TARGETS, target) ? TARGETS[target] : undefined;
  const ourArch = archNamed(arch, 'rust');
  return platform && ourArch ? { platform, arch: ourArch } : null;
}

/**
 * The signature as the updater wants it: the `.sig` file's content, which is base64 of the
 * minisign signature. Whitespace around it is dropped (the updater base64-decodes it strictly);
 * a signature stored decoded (the minisign text, starting `untrusted comment:`) is encoded.
 */
function tauriSignature(stored: string): string {
  const sig = stored.trim();
  return sig.startsWith('untrusted comment:') ? Buffer.from(sig, 'utf8').toString('base64') : sig;
}

/** The file Tauri installs for `platform`/`arch`, signed; null when there is none. */
function tauriArtifact(release: FeedRelease, platform: Platform, arch: Arch): FeedArtifact | null {
  const signed = release.artifacts.filter(
    (a) => a.platform === platform && a.signature !== null && a.signature.trim() !== '',
  );
  switch (platform) {
    case 'windows': {
      // The updater runs an NSIS .exe or an .msi; the NSIS one first (Tauri's default bundle).
      const installers = signed.filter((a) => a.kind === 'installer' && a.arch === arch);
      const nsis = installers.find((a) => a.filename.toLowerCase().endsWith('.exe'));
      return nsis ?? installers[0] ?? null;
    }
    case 'macos': {
      const archives = signed.filter((a) => a.kind === 'archive');
      return (
        archives.find((a) => a.arch === arch) ??
        archives.find((a) => a.arch === 'universal') ??
        null
      );
    }
    case 'linux':
      return signed.find((a) => a.kind === 'appimage' && a.arch === arch) ?? null;
  }
}

/**
 * The dynamic update server JSON of `release` for `platform`/`arch` (tauri-plugin-updater
 * `RemoteRelease`: `version`, `url`, `signature`, `notes`, `pub_date`), or null when the release
 * has no signed file for it: Windows `installer` (NSIS .exe preferred over .msi), macOS `archive`
 * (`.app.tar.gz`, else the universal one), Linux `appimage`. Only an artifact with a `signature`
 * qualifies: the updater refuses to install a file it cannot verify. `pub_date` is RFC 3339.
 */
export function tauriUpdate(
  release: FeedRelease,
  platform: Platform,
  arch: Arch,
): TauriUpdate | null {
  const artifact = tauriArtifact(release, platform, arch);
  if (!artifact?.signature) return null;
  return {
    version: release.version,
    url: artifact.url,
    signature: tauriSignature(artifact.signature),
    notes: release.notes ?? '',
    pub_date: release.publishedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

/**
 * True when `release` is newer than the caller's `current` version (the `{{current_version}}`
 * URL variable; a leading `v` is allowed), by semantic-version precedence as the updater's own
 * default comparator (`release.version > current_version`). The route answers 204 No Content
 * when false. A `current` that is not a semantic version gives true: the updater compares again
 * itself and ignores a release that is not newer.
 */
export function tauriNeedsUpdate(current: string, release: FeedRelease): boolean {
  const installed = semver.valid(current);
  return installed === null ? true : semver.gt(release.version, installed);
}
