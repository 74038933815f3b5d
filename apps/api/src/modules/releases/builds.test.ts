/**
 * Which build each computer is offered, and the names files are saved under (builds.ts): pure
 * rules over artifact rows, without a database.
 */
import { describe, expect, it } from 'vitest';
import type { Arch, Platform } from '@flockr/contract';
import type { ArtifactRow } from '../../db/schema.js';
import type { DetectedComputer } from '../../lib/computer.js';
import { buildsOf, chooseBuild, orderBuilds, recommendedBuild } from './builds.js';

let n = 0;
/** An artifact row of `filename` for `platform`/`arch`/`kind`, uploaded after the previous one. */
function artifact(
  filename: string,
  platform: Platform,
  arch: Arch,
  kind: string,
  anyPlatform = false,
): ArtifactRow {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    releaseId: '00000000-0000-4000-8000-000000000000',
    filename,
    storagePath: `artifacts/2.0.0/${filename}`,
    downloadUrl: null,
    fileSize: 1000 + n,
    sha256: 'f'.repeat(64),
    sha1: null,
    sha512: null,
    platform,
    arch,
    kind,
    anyPlatform,
    signature: null,
    edSignature: null,
    createdAt: new Date(Date.UTC(2026, 11, 1, 0, 0, n)),
  };
}

const computer = (
  platform: Platform | null,
  arch: Arch | null = null,
  extra: Partial<DetectedComputer> = {},
): DetectedComputer => ({ platform, arch, mobile: false, linuxPackage: null, ...extra });

const rows = [
  artifact('Flockr Setup 2.0.0.exe', 'windows', 'x64', 'installer'),
  artifact('Flockr Setup 2.0.0.exe.blockmap', 'windows', 'x64', 'blockmap'),
  artifact('flockr-2.0.0-full.nupkg', 'windows', 'x64', 'nupkg'),
  artifact('Flockr-2.0.0-arm64.exe', 'windows', 'arm64', 'installer'),
  artifact('Flockr-2.0.0-universal.dmg', 'macos', 'universal', 'dmg'),
  artifact('Flockr-2.0.0-mac.zip', 'macos', 'universal', 'zip'),
  artifact('Flockr.app.tar.gz', 'macos', 'universal', 'archive'),
  artifact('Flockr.app.tar.gz.sig', 'macos', 'universal', 'signature'),
  artifact('Flockr-2.0.0.AppImage', 'linux', 'x64', 'appimage'),
  artifact('flockr_2.0.0_amd64.deb', 'linux', 'x64', 'deb'),
  artifact('flockr-2.0.0.x86_64.rpm', 'linux', 'x64', 'rpm'),
];
const builds = buildsOf('Flockr', '2.0.0', rows);
const names = (list: { filename: string }[]) => list.map((b) => b.filename);

describe('buildsOf', () => {
  it('keeps downloadable kinds only, each named {product}-{version}-{platform}-{arch}.{ext}', () => {
    expect(names(builds)).toEqual([
      'flockr-2.0.0-windows-x64.exe',
      'flockr-2.0.0-windows-arm64.exe',
      'flockr-2.0.0-macos-universal.dmg',
      'flockr-2.0.0-macos-universal.zip',
      'flockr-2.0.0-macos-universal.app.tar.gz',
      'flockr-2.0.0-linux-x64.AppImage',
      'flockr-2.0.0-linux-x64.deb',
      'flockr-2.0.0-linux-x64.rpm',
    ]);
  });

  it("names the single-file form's file for every computer as the spec does", () => {
    const [only] = buildsOf('My App', '1.0.0', [
      artifact('whatever.zip', 'windows', 'x64', 'zip', true),
    ]);
    expect(only).toMatchObject({ filename: 'my-app-v1.0.0.zip', platform: null, arch: null });
  });
});

describe('orderBuilds and recommendedBuild', () => {
  it.each([
    ['Windows x64', computer('windows', 'x64'), 'flockr-2.0.0-windows-x64.exe'],
    ['Windows on ARM', computer('windows', 'arm64'), 'flockr-2.0.0-windows-arm64.exe'],
    ['a Mac of unknown CPU', computer('macos'), 'flockr-2.0.0-macos-universal.dmg'],
    ['Linux', computer('linux', 'x64'), 'flockr-2.0.0-linux-x64.AppImage'],
    ['Ubuntu', computer('linux', 'x64', { linuxPackage: 'deb' }), 'flockr-2.0.0-linux-x64.deb'],
    ['Fedora', computer('linux', 'x64', { linuxPackage: 'rpm' }), 'flockr-2.0.0-linux-x64.rpm'],
    ['an unknown computer', computer(null), 'flockr-2.0.0-windows-x64.exe'],
  ])('%s gets %s first', (_name, c, first) => {
    const ordered = orderBuilds(builds, c);
    expect(ordered[0]!.filename).toBe(first);
    expect(recommendedBuild(ordered, c)?.filename).toBe(first);
    expect(ordered).toHaveLength(builds.length);
  });

  it("lists the computer's platform first, then the others in a fixed order", () => {
    expect(names(orderBuilds(builds, computer('linux', 'x64')))).toEqual([
      'flockr-2.0.0-linux-x64.AppImage',
      'flockr-2.0.0-linux-x64.deb',
      'flockr-2.0.0-linux-x64.rpm',
      'flockr-2.0.0-windows-x64.exe',
      'flockr-2.0.0-windows-arm64.exe',
      'flockr-2.0.0-macos-universal.dmg',
      'flockr-2.0.0-macos-universal.zip',
      'flockr-2.0.0-macos-universal.app.tar.gz',
    ]);
  });

  it('recommends nothing on a phone, or where the version has nothing for the platform', () => {
    const phone = { ...computer(null), mobile: true };
    expect(recommendedBuild(orderBuilds(builds, phone), phone)).toBeUndefined();
    const windowsOnly = builds.filter((b) => b.platform === 'windows');
    const mac = computer('macos', 'arm64');
    expect(recommendedBuild(orderBuilds(windowsOnly, mac), mac)).toBeUndefined();
  });

  it("offers every computer the file for every computer after its own platform's", () => {
    const [anyZip] = buildsOf('Flockr', '2.0.0', [
      artifact('x.zip', 'windows', 'x64', 'zip', true),
    ]);
    const withAny = [...builds.filter((b) => b.platform === 'windows'), anyZip!];
    const mac = computer('macos', 'arm64');
    expect(recommendedBuild(orderBuilds(withAny, mac), mac)?.filename).toBe('flockr-v2.0.0.zip');
    const win = computer('windows', 'x64');
    expect(names(orderBuilds(withAny, win))).toEqual([
      'flockr-2.0.0-windows-x64.exe',
      'flockr-2.0.0-windows-arm64.exe',
      'flockr-v2.0.0.zip',
    ]);
  });

  it("a Mac whose CPU is Intel still gets the platform's only build, whatever its architecture", () => {
    const armOnly = buildsOf('Flockr', '2.0.0', [
      artifact('Flockr-arm64.dmg', 'macos', 'arm64', 'dmg'),
    ]);
    const intel = computer('macos', 'x64');
    expect(recommendedBuild(orderBuilds(armOnly, intel), intel)?.filename).toBe(
      'flockr-2.0.0-macos-arm64.dmg',
    );
  });
});

describe('chooseBuild', () => {
  const mac = computer('macos', 'arm64');
  it('takes a build by id, and nothing else', () => {
    const deb = builds.find((b) => b.kind === 'deb')!;
    expect(chooseBuild(builds, mac, { build: deb.id })).toBe(deb);
    expect(
      chooseBuild(builds, mac, { build: '00000000-0000-4000-8000-999999999999' }),
    ).toBeUndefined();
  });

  it('takes the platform and architecture asked for over the computer', () => {
    expect(chooseBuild(builds, mac, { platform: 'windows', arch: 'arm64' })?.filename).toBe(
      'flockr-2.0.0-windows-arm64.exe',
    );
    expect(chooseBuild(builds, mac, { platform: 'linux', kind: 'rpm' })?.filename).toBe(
      'flockr-2.0.0-linux-x64.rpm',
    );
    expect(chooseBuild(builds, mac, { platform: 'linux', arch: 'arm64' })).toBeUndefined();
    expect(chooseBuild(builds, mac, { platform: 'windows', kind: 'dmg' })).toBeUndefined();
  });

  it("otherwise the computer's build, or the first of all for an unknown computer or a phone", () => {
    expect(chooseBuild(builds, mac, {})?.filename).toBe('flockr-2.0.0-macos-universal.dmg');
    expect(chooseBuild(builds, mac, { kind: 'zip' })?.filename).toBe(
      'flockr-2.0.0-macos-universal.zip',
    );
    expect(chooseBuild(builds, computer(null), {})?.filename).toBe('flockr-2.0.0-windows-x64.exe');
    expect(chooseBuild(builds, { ...computer(null), mobile: true }, {})?.filename).toBe(
      'flockr-2.0.0-windows-x64.exe',
    );
    const windowsOnly = builds.filter((b) => b.platform === 'windows');
    expect(chooseBuild(windowsOnly, computer('linux', 'x64'), {})).toBeUndefined();
  });
});
