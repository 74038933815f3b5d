/**
 * Names of computers and builds, and the names files are saved under (platforms.ts, site.ts
 * `buildFilename`; docs/downloads.md "File names").
 */
import { describe, expect, it } from 'vitest';
import {
  ARCH_ALIASES,
  ARCHES,
  archNamed,
  archesThatRun,
  buildLabel,
  buildNotFoundMessage,
  computerName,
  isDownloadKind,
} from './platforms.js';
import { buildFilename, fileExtension, versionFilename } from './site.js';

describe('file names', () => {
  it.each([
    ['Flockr Setup 1.2.0.exe', 'installer', 'exe'],
    ['Flockr-1.2.0.msi', 'installer', 'msi'],
    ['Flockr-1.2.0-universal.dmg', 'dmg', 'dmg'],
    ['Flockr-1.2.0.AppImage', 'appimage', 'AppImage'],
    ['flockr_1.2.0_amd64.deb', 'deb', 'deb'],
    ['flockr-1.2.0.x86_64.rpm', 'rpm', 'rpm'],
    ['Flockr.app.tar.gz', 'archive', 'app.tar.gz'],
    ['flockr-linux.tar.gz', 'zip', 'tar.gz'],
    ['installer-without-extension', 'installer', 'exe'],
    ['no-extension-either', 'signature', 'bin'],
  ])('%s (%s) keeps its extension: %s', (filename, kind, ext) => {
    expect(fileExtension(filename, kind)).toBe(ext);
  });

  it('{product}-{version}-{platform}-{arch}.{ext}, the product as in the spec name', () => {
    const file = { platform: 'macos', arch: 'universal', kind: 'dmg', filename: 'X.dmg' };
    expect(buildFilename('My Growth App', '2.0.0', file)).toBe(
      'my-growth-app-2.0.0-macos-universal.dmg',
    );
    expect(versionFilename('My Growth App', '2.0.0')).toBe('my-growth-app-v2.0.0.zip');
  });
});

describe('names of computers and builds', () => {
  it('says a Mac CPU as its owner knows it', () => {
    expect(computerName('macos', 'arm64')).toBe('macOS (Apple silicon)');
    expect(computerName('macos', 'x64')).toBe('macOS (Intel)');
    expect(computerName('windows', 'arm64')).toBe('Windows (ARM64)');
    expect(computerName('linux', null)).toBe('Linux');
  });

  it('labels builds, and the file for every computer', () => {
    expect(buildLabel({ platform: 'windows', arch: 'x64', kind: 'installer' })).toBe(
      'Windows (x64) · Installer',
    );
    expect(buildLabel({ platform: null, arch: null, kind: 'zip' })).toBe(
      'Every computer · ZIP archive',
    );
  });

  it('says which build is missing', () => {
    expect(buildNotFoundMessage('1.2.0', 'linux', 'arm64')).toBe(
      'Version 1.2.0 has no build for Linux (ARM64).',
    );
    expect(buildNotFoundMessage('1.2.0', null, null)).toBe(
      'Version 1.2.0 has no build for this computer.',
    );
  });

  it('offers no feed-only file as a download', () => {
    expect(['nupkg', 'delta', 'blockmap', 'signature'].some(isDownloadKind)).toBe(false);
    expect(['installer', 'dmg', 'appimage', 'deb', 'rpm', 'zip'].every(isDownloadKind)).toBe(true);
  });

  it('knows which builds run where', () => {
    expect(archesThatRun('macos', 'arm64')).toEqual(['universal', 'arm64', 'x64']);
    expect(archesThatRun('macos', 'x64')).toEqual(['universal', 'x64']);
    expect(archesThatRun('windows', 'arm64')).toEqual(['arm64', 'x64', 'ia32']);
    expect(archesThatRun('linux', 'arm64')).toEqual(['arm64']);
  });
});

describe('architecture names (ARCH_ALIASES, archNamed)', () => {
  it('reads each one in the words of who wrote it, and only those', () => {
    expect(archNamed('aarch64', 'rust')).toBe('arm64');
    expect(archNamed('x86_64', 'rust')).toBe('x64');
    expect(archNamed('x64', 'rust')).toBeNull();
    expect(archNamed('x86_64', 'ours')).toBeNull();
    expect(archNamed('x86_64', 'ours', 'apple')).toBe('x64');
    expect(archNamed('universal', 'ours', 'apple')).toBe('universal');
    expect(archNamed('x86', 'windows')).toBe('ia32');
    expect(archNamed('', 'electronLinux')).toBe('x64');
    expect(archNamed('-x64', 'electronLinux')).toBeNull();
    expect(archNamed('x86/32', 'clientHints')).toBe('ia32');
    expect(archNamed('arm/32', 'clientHints')).toBeNull();
    expect(archNamed('constructor', 'ours', 'rust', 'userAgent')).toBeNull();
  });

  it('names only our architectures, and ours as they are', () => {
    for (const names of Object.values(ARCH_ALIASES)) {
      for (const arch of Object.values(names)) expect(ARCHES).toContain(arch);
    }
    for (const arch of ARCHES) expect(archNamed(arch, 'ours')).toBe(arch);
  });
});
