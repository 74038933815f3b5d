/**
 * What the update feeds are rendered from: releases the caller may have, already chosen by the
 * access rules (modules/updates/service.ts), with every artifact's absolute download URL. The
 * renderers in formats/ only turn this into each updater's document (docs/updates.md).
 */
import type { Arch, ArtifactKind, Platform, ReleaseChannel } from '@flockr/contract';

/** One file of a release, as a feed names it. */
export interface FeedArtifact {
  platform: Platform;
  arch: Arch;
  kind: ArtifactKind;
  /** The stored file's own name (e.g. `Flockr-Setup-1.4.0.exe`); unique within its release. */
  filename: string;
  /** Bytes. */
  size: number;
  /** Hex SHA-1 (Squirrel.Windows RELEASES, Velopack). */
  sha1: string;
  /** Hex SHA-256 (Velopack, the web). */
  sha256: string;
  /** Base64 SHA-512 (electron-updater). */
  sha512: string;
  /** The seller's minisign signature of the file, as the `.sig` file Tauri's bundler writes. */
  signature: string | null;
  /** The seller's base64 Ed25519 signature of the file for Sparkle (`sparkle:edSignature`). */
  edSignature: string | null;
  /** Absolute URL the updater downloads the file from (carries the feed token when needed). */
  url: string;
}

/** One release as feeds present it; `artifacts` lists every file of the release. */
export interface FeedRelease {
  /** Semantic version, e.g. 1.4.0 or 1.5.0-beta.1. */
  version: string;
  channel: ReleaseChannel;
  /** When it was published (UTC). */
  publishedAt: Date;
  /** The changelog entry's title for the version, or null. */
  title: string | null;
  /** Release notes in markdown (the changelog entry's changes), or null. */
  notes: string | null;
  /** Share of users offered it, 0–100; only electron-updater applies it itself. */
  rolloutPercentage: number;
  /** True when the caller runs a version below the minimum supported one: the update is required. */
  critical: boolean;
  /** Oldest macOS the release runs on (Sparkle's `sparkle:minimumSystemVersion`), or null. */
  minimumSystemVersion: string | null;
  artifacts: FeedArtifact[];
}
