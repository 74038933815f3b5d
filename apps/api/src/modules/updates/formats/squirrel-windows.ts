/**
 * Squirrel.Windows' `RELEASES` file (Squirrel.Windows ReleaseEntry.cs: `EntryAsString`,
 * `ParseReleaseEntry`, `WriteReleaseFile`), which Electron's autoUpdater on Windows and
 * Squirrel's UpdateManager fetch from `{feed URL}/RELEASES`. Pure: no I/O.
 */
import type { FeedArtifact, FeedRelease } from '../feed-model.js';

/** One line of a RELEASES file, as Squirrel.Windows' ReleaseEntry reads it. */
export interface SquirrelReleaseEntry {
  /** Hex SHA-1 as written (Squirrel writes uppercase). */
  sha1: string;
  /** The package's file name (the last path segment when the line names a URL). */
  filename: string;
  /** Bytes. */
  size: number;
  /** True for a `-delta.nupkg` (Squirrel decides by the name alone). */
  isDelta: boolean;
  /** The URL's folder when the line names an absolute http(s) URL, else null. */
  baseUrl: string | null;
  /** The URL's query (with its `?`) when the line names a URL with one, else null. */
  query: string | null;
  /** Staged rollout from a `# NN%` comment, 0–1, else null. */
  stagingPercentage: number | null;
}

/** Characters .NET's Path.GetInvalidFileNameChars() returns on Windows. */
// eslint-disable-next-line no-control-regex
const INVALID_FILENAME_CHARS = /["<>|\u0000-\u001f:*?\\/]/;

/**
 * ReleaseEntry's patterns, as Squirrel.Windows parses a line (.NET's `.` matches a `\r`, which
 * JavaScript's does not: hence `[^\n]`).
 */
const ENTRY = /^([0-9a-fA-F]{40})\s+(\S+)\s+(\d+)[\r]*$/;
const COMMENT = /\s*#[^\n]*$/;
const STAGING = /#\s+(\d{1,3})%$/;
const SHA1 = /^[0-9a-fA-F]{40}$/;

/**
 * True when Squirrel.Windows reads `a` as the package it is: a plain file name it accepts
 * (no whitespace, none of Windows' invalid file-name characters), ending `.nupkg`, `-delta.nupkg`
 * exactly when it is a delta (Squirrel tells deltas by the name), a 40-digit SHA-1 and a size
 * above zero (ReleaseEntry's contract). One bad line makes Squirrel reject the whole file.
 */
function isSquirrelPackage(a: FeedArtifact): boolean {
  const name = a.filename;
  const lower = name.toLowerCase();
  return (
    name.length > 0 &&
    !/\s/.test(name) &&
    !INVALID_FILENAME_CHARS.test(name) &&
    lower.endsWith('.nupkg') &&
    lower.endsWith('-delta.nupkg') === (a.kind === 'delta') &&
    SHA1.test(a.sha1) &&
    Number.isSafeInteger(a.size) &&
    a.size > 0
  );
}

/**
 * The RELEASES file for `releases` (newest first, as the feed passes them): one line
 * `SHA1 FILENAME SIZE` per Windows `nupkg` (full) and `delta` artifact of every release, SHA-1 in
 * uppercase hex as Squirrel writes it, the plain file name (Squirrel downloads it from the folder
 * of the RELEASES URL, `{base}/{filename}`, so the route serves packages by file name), size in
 * bytes. Lines are oldest release first and a release's delta before its full package, joined
 * with `\n` and no final newline, as Squirrel's WriteReleaseFile writes them. Squirrel reads the
 * version and delta-ness from the file name (`{id}-{version}-full.nupkg`, `-delta.nupkg`; SemVer
 * 1 pre-release tags such as `1.5.0-beta1`), so packages must be named so; artifacts it would
 * refuse outright are left out, as one bad line fails the whole file. No `# NN%` staging comment:
 * rollouts are applied by the feed before this. An empty string when there is no package
 * (Squirrel then reports the remote file as empty or corrupted).
 */
export function squirrelWindowsReleases(releases: FeedRelease[]): string {
  const lines: string[] = [];
  for (const release of [...releases].reverse()) {
    const packages = release.artifacts.filter(
      (a) => a.platform === 'windows' && (a.kind === 'nupkg' || a.kind === 'delta'),
    );
    const ordered = [
      ...packages.filter((a) => a.kind === 'delta'),
      ...packages.filter((a) => a.kind === 'nupkg'),
    ];
    for (const a of ordered) {
      if (isSquirrelPackage(a)) lines.push(`${a.sha1.toUpperCase()} ${a.filename} ${a.size}`);
    }
  }
  return lines.join('\n');
}

/**
 * Parses a RELEASES file as Squirrel.Windows does (ReleaseEntry.ParseReleaseFile /
 * ParseReleaseEntry): drops a byte-order mark, splits on `\n`, skips blank and comment-only lines,
 * reads `# NN%` staging, and throws on a line Squirrel would throw on (bad shape, or a file name
 * that is neither a plain name nor an absolute http(s) URL). For tests and diagnostics.
 */
export function parseSquirrelReleases(text: string): SquirrelReleaseEntry[] {
  const entries: SquirrelReleaseEntry[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split('\n')) {
    if (line.trim() === '') continue;
    const entry = parseReleaseEntry(line);
    if (entry) entries.push(entry);
  }
  return entries;
}

function parseReleaseEntry(line: string): SquirrelReleaseEntry | null {
  const staging = STAGING.exec(line);
  const stagingPercentage = staging ? Number(staging[1]) / 100 : null;
  const entry = line.replace(COMMENT, '');
  if (entry.trim() === '') return null;
  const m = ENTRY.exec(entry);
  if (!m) throw new Error(`Invalid release entry: ${entry}`);
  const [, sha1 = '', named = '', size = ''] = m;
  let filename = named;
  let baseUrl: string | null = null;
  let query: string | null = null;
  if (/^https?:\/\//i.test(named)) {
    const url = new URL(named);
    const cut = url.pathname.lastIndexOf('/') + 1;
    baseUrl = url.origin + url.pathname.slice(0, cut);
    filename = decodeURIComponent(url.pathname.slice(cut));
    query = url.search === '' ? null : url.search;
  }
  if (INVALID_FILENAME_CHARS.test(filename)) {
    throw new Error('Filename can either be an absolute HTTP[s] URL, *or* a file name');
  }
  return {
    sha1,
    filename,
    size: Number(size),
    isDelta: filename.toLowerCase().endsWith('-delta.nupkg'),
    baseUrl,
    query,
    stagingPercentage,
  };
}
