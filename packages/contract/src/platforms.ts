/**
 * The computers a program runs on and the kinds of file a release carries, with the names every
 * screen, e-mail and error text gives them (docs/downloads.md "Builds for each computer";
 * docs/updates.md "Which file each feed serves"). Free of zod, so any chunk may use the names;
 * their schemas are in updates.ts.
 */

/** Operating systems an artifact is built for. */
export const PLATFORMS = ['windows', 'macos', 'linux'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** CPU architectures; `universal` is a macOS universal binary (x64 and arm64 in one file). */
export const ARCHES = ['x64', 'arm64', 'ia32', 'universal'] as const;
export type Arch = (typeof ARCHES)[number];

/**
 * The one table of the names other software gives our architectures, by who writes them
 * (docs/updates.md "Architecture names"). Each updater, browser and header has its own words
 * (Rust's `x86_64` is our `x64`, Squirrel.Windows' `x86` our `ia32`), and each accepts only its
 * own: a name another one uses is not served (`x64` in Tauri's `{{arch}}` is 404 FEED_NOT_FOUND).
 * Read it with {@link archNamed}.
 */
export const ARCH_ALIASES = {
  /** Ours, which are also Node's and Electron's `process.arch` (Node "process.arch"). */
  ours: { x64: 'x64', arm64: 'arm64', ia32: 'ia32', universal: 'universal' },
  /** macOS `uname -m`: what Squirrel.Mac's `{arch}` carries when the app fills it so. */
  apple: { x86_64: 'x64', arm64: 'arm64' },
  /**
   * Rust's `std::env::consts::ARCH`, which tauri-plugin-updater sends as `{{arch}}`
   * (`get_updater_arch`); `armv7` has no build here.
   */
  rust: { x86_64: 'x64', aarch64: 'arm64', i686: 'ia32' },
  /** Squirrel.Windows' `arch` query (`x86` on a 32-bit Windows); the feed reads others as x64. */
  windows: { x64: 'x64', amd64: 'x64', x86: 'ia32', arm64: 'arm64' },
  /**
   * The suffix of electron-updater's Linux channel file: none for x64, else `-{process.arch}`
   * (electron-updater `Provider.getChannelFilePrefix`).
   */
  electronLinux: { '': 'x64', '-arm64': 'arm64', '-ia32': 'ia32' },
  /**
   * `Sec-CH-UA-Arch` (WICG "User-Agent Client Hints"), followed by `/32` when
   * `Sec-CH-UA-Bitness` is 32; a 32-bit ARM has no build here.
   */
  clientHints: { x86: 'x64', 'x86/32': 'ia32', arm: 'arm64' },
  /**
   * The words of a User-Agent string that name a CPU, lower-cased (RFC 9110 §10.1.5): `Win64;
   * x64`, `WOW64`, `x86_64`, `aarch64`, `i686`. macOS ones name none (they always say Intel).
   */
  userAgent: {
    arm64: 'arm64',
    aarch64: 'arm64',
    win64: 'x64',
    x64: 'x64',
    wow64: 'x64',
    x86_64: 'x64',
    amd64: 'x64',
    i386: 'ia32',
    i486: 'ia32',
    i586: 'ia32',
    i686: 'ia32',
    x86: 'ia32',
  },
} as const satisfies Record<string, Readonly<Record<string, Arch>>>;

/** Who names an architecture: a key of {@link ARCH_ALIASES}. */
export type ArchDialect = keyof typeof ARCH_ALIASES;

/**
 * Our architecture for `name` as the first of `dialects` that knows it names it (exact, case
 * sensitive), or null: `archNamed('aarch64', 'rust')` → `arm64`, `archNamed('x64', 'rust')` →
 * null. Pure.
 */
export function archNamed(name: string, ...dialects: readonly ArchDialect[]): Arch | null {
  for (const dialect of dialects) {
    const names: Readonly<Record<string, Arch>> = ARCH_ALIASES[dialect];
    if (Object.hasOwn(names, name)) return names[name]!;
  }
  return null;
}

/**
 * What an artifact is, which decides the feeds it appears in (docs/updates.md "Which file each
 * feed serves"): `installer` (NSIS .exe or .msi; Tauri's Windows bundle), `zip` (the spec's
 * download; Squirrel.Mac's and Sparkle's macOS update), `dmg`, `appimage`, `deb`, `rpm`,
 * `archive` (Tauri's macOS `.app.tar.gz`), `nupkg` (a full Squirrel.Windows or Velopack
 * package), `delta` (a delta package), `blockmap` (electron-builder's differential-update map of
 * the file it is named after), `signature` (a detached signature file).
 */
export const ARTIFACT_KINDS = [
  'installer',
  'zip',
  'dmg',
  'appimage',
  'deb',
  'rpm',
  'archive',
  'nupkg',
  'delta',
  'blockmap',
  'signature',
] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];

/**
 * The kinds a buyer downloads and installs (docs/downloads.md "Builds for each computer"). The
 * others (nupkg, delta, blockmap, signature) only serve the updaters' feeds and are never offered
 * in the download centre, an e-mail or `GET /downloads/link`.
 */
export const DOWNLOAD_KINDS = [
  'installer',
  'dmg',
  'appimage',
  'deb',
  'rpm',
  'zip',
  'archive',
] as const satisfies readonly ArtifactKind[];
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

/** True when artifacts of `kind` are offered for download (not feed-only). Pure. */
export function isDownloadKind(kind: string): kind is DownloadKind {
  return (DOWNLOAD_KINDS as readonly string[]).includes(kind);
}

/**
 * The architectures whose builds run on a computer of `platform` with CPU `arch` (null: not
 * known), best first: a Mac takes a universal build before its own, Apple silicon runs Intel
 * builds (Rosetta 2), Windows on ARM runs x64 and 32-bit builds, 64-bit Windows runs 32-bit ones.
 * With `arch` unknown, every architecture of the platform, the most common first. Pure.
 */
export function archesThatRun(platform: Platform, arch: Arch | null): readonly Arch[] {
  switch (platform) {
    case 'macos':
      if (arch === 'x64' || arch === 'ia32') return ['universal', 'x64'];
      return ['universal', 'arm64', 'x64'];
    case 'windows':
      if (arch === 'arm64') return ['arm64', 'x64', 'ia32'];
      if (arch === 'ia32') return ['ia32'];
      if (arch === 'x64') return ['x64', 'ia32'];
      return ['x64', 'arm64', 'ia32'];
    case 'linux':
      if (arch === null || arch === 'universal') return ['x64', 'arm64', 'ia32'];
      return [arch];
  }
}

/** Names of the platforms, as every screen and e-mail shows them. */
export const PLATFORM_NAMES: Record<Platform, string> = {
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
};

/**
 * Names of the architectures on `platform` as their owners know them: a Mac's arm64 is "Apple
 * silicon" and its x64 "Intel"; elsewhere "x64", "ARM64", "32-bit".
 */
export function archName(platform: Platform, arch: Arch): string {
  if (platform === 'macos') {
    if (arch === 'arm64') return 'Apple silicon';
    if (arch === 'x64') return 'Intel';
    if (arch === 'universal') return 'Apple silicon and Intel';
  }
  return { x64: 'x64', arm64: 'ARM64', ia32: '32-bit', universal: 'universal' }[arch];
}

/** Names of the downloadable kinds, e.g. "Installer", "Disk image", "AppImage". */
export const DOWNLOAD_KIND_NAMES: Record<DownloadKind, string> = {
  installer: 'Installer',
  dmg: 'Disk image',
  appimage: 'AppImage',
  deb: 'Debian package',
  rpm: 'RPM package',
  zip: 'ZIP archive',
  archive: 'Archive',
};

/**
 * A computer in words: "macOS (Apple silicon)", "Windows (x64)", or just "Linux" when the
 * architecture is not known. Pure.
 */
export function computerName(platform: Platform, arch: Arch | null): string {
  return arch
    ? `${PLATFORM_NAMES[platform]} (${archName(platform, arch)})`
    : PLATFORM_NAMES[platform];
}

/**
 * A build in words, as the download centre and e-mails list it: "macOS (Apple silicon) · Disk
 * image", or "Every computer · ZIP archive" for the one file for every computer. Pure.
 */
export function buildLabel(build: {
  platform: Platform | null;
  arch: Arch | null;
  kind: DownloadKind;
}): string {
  const computer = build.platform ? computerName(build.platform, build.arch) : 'Every computer';
  return `${computer} · ${DOWNLOAD_KIND_NAMES[build.kind]}`;
}

/**
 * The text of a 404 BUILD_NOT_FOUND: "Version 1.2.0 has no build for macOS (Apple silicon)." —
 * `platform` null when the computer is not known. Pure.
 */
export function buildNotFoundMessage(
  version: string,
  platform: Platform | null,
  arch: Arch | null,
): string {
  return platform
    ? `Version ${version} has no build for ${computerName(platform, arch)}.`
    : `Version ${version} has no build for this computer.`;
}

/** The text of a 404 BUILD_NOT_FOUND for a build id the version does not have. Pure. */
export function unknownBuildMessage(version: string): string {
  return `Version ${version} has no such build.`;
}
