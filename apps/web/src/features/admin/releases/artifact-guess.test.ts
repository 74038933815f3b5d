import { describe, expect, it } from 'vitest';
import { guessArtifact } from './artifact-guess';

describe('guessArtifact', () => {
  it.each([
    ['Flockr-Setup-2.1.0.exe', 'windows', 'x64', 'installer'],
    ['Flockr-Setup-2.1.0.exe.blockmap', 'windows', 'x64', 'blockmap'],
    ['Flockr-2.1.0-ia32.msi', 'windows', 'ia32', 'installer'],
    ['Flockr-2.1.0-full.nupkg', 'windows', 'x64', 'nupkg'],
    ['Flockr-2.1.0-delta.nupkg', 'windows', 'x64', 'delta'],
    ['Flockr-2.1.0-arm64-mac.zip', 'macos', 'arm64', 'zip'],
    ['Flockr-2.1.0-universal.dmg', 'macos', 'universal', 'dmg'],
    ['Flockr.app.tar.gz', 'macos', 'x64', 'archive'],
    ['Flockr.app.tar.gz.sig', 'macos', 'x64', 'signature'],
    ['flockr_2.1.0_amd64.AppImage', 'linux', 'x64', 'appimage'],
    ['flockr_2.1.0_arm64.deb', 'linux', 'arm64', 'deb'],
    ['flockr-2.1.0.aarch64.rpm', 'linux', 'arm64', 'rpm'],
    ['Flockr-2.1.0-win32-x64.zip', 'windows', 'x64', 'zip'],
    ['notes.txt', 'windows', 'x64', 'zip'],
  ])('%s → %s %s %s', (name, platform, arch, kind) => {
    expect(guessArtifact(name)).toEqual({ platform, arch, kind });
  });
});
