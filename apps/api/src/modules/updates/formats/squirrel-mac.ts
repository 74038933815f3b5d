/**
 * Squirrel.Mac's server JSON (Squirrel.Mac README "Update Server JSON Format"; Electron's
 * autoUpdater on macOS): the answer to an update request when an update is due. Pure: no I/O.
 */
import type { Arch } from '@flockr/contract';
import type { FeedArtifact, FeedRelease } from '../feed-model.js';

/** The update JSON; only `url` is required by Squirrel.Mac, the rest it passes to the app. */
export interface SquirrelMacUpdate {
  /** The `.zip` to download (Squirrel.Mac installs ZIP updates only). */
  url: string;
  /** The release name: the version (Electron's `releaseName`). */
  name: string;
  /** Markdown release notes, or an empty string (Electron's `releaseNotes`). */
  notes: string;
  /** ISO 8601 with whole seconds, e.g. `2026-05-04T10:00:00Z`. */
  pub_date: string;
}

/**
 * An instant as Squirrel.Mac parses `pub_date` (SQRLUpdate's `yyyy-MM-dd'T'HH:mm:ssZZZZZ`):
 * UTC, whole seconds, no fraction (a fraction makes its date formatter return nothing).
 */
function squirrelMacDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The macOS `zip` of `arch`, else the universal one. */
function macZip(release: FeedRelease, arch: Arch): FeedArtifact | null {
  const zips = release.artifacts.filter((a) => a.platform === 'macos' && a.kind === 'zip');
  return zips.find((a) => a.arch === arch) ?? zips.find((a) => a.arch === 'universal') ?? null;
}

/**
 * The Squirrel.Mac update JSON for a Mac of `arch` (SQRLUpdate keys `url`, `name`, `notes`,
 * `pub_date`), from the newest release offered (`release`, already chosen and already known to be
 * newer than the caller's version), or null when there is none or it has no macOS `zip` for
 * `arch` or universal: the route then answers 204 No Content, which Squirrel.Mac reads as "no
 * update" (it installs whatever a 200 names, even the running version).
 */
export function squirrelMacUpdate(
  release: FeedRelease | null,
  arch: Arch,
): SquirrelMacUpdate | null {
  if (!release) return null;
  const zip = macZip(release, arch);
  if (!zip) return null;
  return {
    url: zip.url,
    name: release.version,
    notes: release.notes ?? '',
    pub_date: squirrelMacDate(release.publishedAt),
  };
}
