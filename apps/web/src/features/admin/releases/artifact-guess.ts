/**
 * What a release file probably is, from its name (the admin can change every guess before the
 * upload): the platform, the architecture and the kind, following the names electron-builder,
 * Tauri, Squirrel and Velopack give their files (docs/updates.md "Which file each feed serves").
 */
import type { Arch, ArtifactKind, Platform } from '@flockr/contract';

/** A guess for one file. */
export interface ArtifactGuess {
  platform: Platform;
  arch: Arch;
  kind: ArtifactKind;
}

/** The kind of a file name, from its ending; null when the ending says nothing. */
function kindOf(name: string): ArtifactKind | null {
  if (name.endsWith('.blockmap')) return 'blockmap';
  if (name.endsWith('.sig') || name.endsWith('.asc')) return 'signature';
  if (name.endsWith('-delta.nupkg')) return 'delta';
  if (name.endsWith('.nupkg')) return 'nupkg';
  if (name.endsWith('.exe') || name.endsWith('.msi')) return 'installer';
  if (name.endsWith('.dmg')) return 'dmg';
  if (name.endsWith('.appimage')) return 'appimage';
  if (name.endsWith('.deb')) return 'deb';
  if (name.endsWith('.rpm')) return 'rpm';
  if (name.endsWith('.app.tar.gz') || name.endsWith('.tar.gz')) return 'archive';
  if (name.endsWith('.zip')) return 'zip';
  return null;
}

/** The platform a file name names, or what its kind implies; Windows when nothing does. */
function platformOf(name: string, kind: ArtifactKind | null): Platform {
  if (/(^|[^a-z])(mac|macos|darwin|osx)([^a-z]|$)/.test(name) || name.includes('.app.'))
    return 'macos';
  if (/(^|[^a-z])(win|win32|win64|windows)([^a-z]|$)/.test(name)) return 'windows';
  if (/(^|[^a-z])linux([^a-z]|$)/.test(name)) return 'linux';
  switch (kind) {
    case 'dmg':
    case 'archive':
      return 'macos';
    case 'appimage':
    case 'deb':
    case 'rpm':
      return 'linux';
    default:
      return 'windows';
  }
}

/** The architecture a file name names; x64 when it names none. */
function archOf(name: string): Arch {
  if (/universal/.test(name)) return 'universal';
  if (/(arm64|aarch64)/.test(name)) return 'arm64';
  if (/(x86_64|amd64|x64)/.test(name)) return 'x64';
  if (/(ia32|i386|i686|x86)/.test(name)) return 'ia32';
  return 'x64';
}

/**
 * The guess for `filename`: e.g. `Flockr-Setup-2.1.0.exe` → Windows x64 installer,
 * `Flockr-2.1.0-arm64-mac.zip` → macOS arm64 zip, `flockr_2.1.0_amd64.AppImage` → Linux x64
 * AppImage. A blockmap or signature takes the platform of the file it belongs to.
 */
export function guessArtifact(filename: string): ArtifactGuess {
  const name = filename.toLowerCase();
  const kind = kindOf(name);
  const inner =
    kind === 'blockmap' || kind === 'signature' ? name.replace(/\.(blockmap|sig|asc)$/, '') : name;
  const innerKind = kind === 'blockmap' || kind === 'signature' ? kindOf(inner) : kind;
  return {
    platform: platformOf(inner, innerKind),
    arch: archOf(inner),
    kind: kind ?? 'zip',
  };
}
