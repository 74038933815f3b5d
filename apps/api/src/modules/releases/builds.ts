/**
 * Which of a version's files a buyer is offered, and in what order (docs/downloads.md "Builds for
 * each computer", "Which build is yours", "File names"). Pure: artifacts and a computer in,
 * builds out.
 *
 * - Only downloadable kinds are builds (contract DOWNLOAD_KINDS); feed-only files (nupkg, delta,
 *   blockmap, signature) are never offered.
 * - The order: the builds for the computer's platform (architectures that run on it first, then
 *   the platform's others, each by the platform's preferred kind), then the one file for every
 *   computer (spec single-file form), then the other platforms'.
 * - The recommended build is the first when it is for the computer's platform or for every
 *   computer; none on a phone, or when the version has nothing for the platform. When the computer
 *   is not known at all, the first of the usual order is.
 */
import {
  ARCHES,
  PLATFORMS,
  archesThatRun,
  buildFilename,
  formatFileSize,
  isDownloadKind,
  versionFilename,
  type Arch,
  type DownloadBuild,
  type DownloadKind,
  type Platform,
} from '@flockr/contract';
import type { ArtifactRow } from '../../db/schema.js';
import type { DetectedComputer } from '../../lib/computer.js';

/** Each platform's kinds, the one to install first. */
const KIND_ORDER: Record<Platform, readonly DownloadKind[]> = {
  windows: ['installer', 'zip', 'archive'],
  macos: ['dmg', 'zip', 'archive'],
  linux: ['appimage', 'deb', 'rpm', 'zip', 'archive'],
};

/** A downloadable artifact as a build, with what ordering needs. */
export interface Build extends DownloadBuild {
  /** When it was uploaded: the first of equals wins. */
  createdAt: Date;
}

/**
 * The builds among `artifacts` of release `version` (downloadable kinds only), named as they
 * are saved: `{product}-{version}-{platform}-{arch}.{ext}`, or the spec's
 * `{product}-v{version}.zip` for a file for every computer.
 */
export function buildsOf(
  productName: string,
  version: string,
  artifacts: readonly ArtifactRow[],
): Build[] {
  const builds: Build[] = [];
  for (const a of artifacts) {
    if (!isDownloadKind(a.kind)) continue;
    const platform = a.anyPlatform ? null : (a.platform as Platform);
    const arch = a.anyPlatform ? null : (a.arch as Arch);
    builds.push({
      id: a.id,
      platform,
      arch,
      kind: a.kind,
      filename: a.anyPlatform
        ? versionFilename(productName, version)
        : buildFilename(productName, version, a),
      file_size: a.fileSize,
      file_size_formatted: formatFileSize(a.fileSize),
      sha256: a.sha256,
      createdAt: a.createdAt,
    });
  }
  return builds;
}

/** The kinds of `platform` in order, the Linux package format the computer uses first. */
function kindOrder(platform: Platform, computer: DetectedComputer): readonly DownloadKind[] {
  const order = KIND_ORDER[platform];
  if (platform !== 'linux' || !computer.linuxPackage) return order;
  return [computer.linuxPackage, ...order.filter((k) => k !== computer.linuxPackage)];
}

/**
 * The sort key of `build` for `computer` (smaller first): its group (the computer's platform,
 * every computer, other platforms), then architecture, then kind, then upload order.
 */
function rank(build: Build, computer: DetectedComputer): number[] {
  const kindIndex = (platform: Platform) => {
    const i = kindOrder(platform, computer).indexOf(build.kind);
    return i === -1 ? 99 : i;
  };
  if (build.platform === null) return [1, 0, 0, 0];
  if (build.platform === computer.platform) {
    const runs = archesThatRun(computer.platform, computer.arch);
    const archIndex = runs.indexOf(build.arch!);
    return [
      0,
      archIndex === -1 ? 10 + ARCHES.indexOf(build.arch!) : archIndex,
      kindIndex(build.platform),
      0,
    ];
  }
  return [
    2 + PLATFORMS.indexOf(build.platform),
    archesThatRun(build.platform, null).indexOf(build.arch!) + 1 || 99,
    kindIndex(build.platform),
    0,
  ];
}

/** Compares two sort keys element by element. */
function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i += 1) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return 0;
}

/** `builds` in the order they are offered to `computer` (see the module's docstring). */
export function orderBuilds(builds: readonly Build[], computer: DetectedComputer): Build[] {
  return builds
    .map((build) => ({ build, key: rank(build, computer) }))
    .sort(
      (x, y) =>
        compareKeys(x.key, y.key) || x.build.createdAt.getTime() - y.build.createdAt.getTime(),
    )
    .map((x) => x.build);
}

/**
 * The build to offer `computer` first among `ordered` (from `orderBuilds`): the first when it
 * is for the computer's platform or for every computer; the first of all when the computer is
 * not known; undefined on a phone or when the version has nothing for the platform.
 */
export function recommendedBuild(
  ordered: readonly Build[],
  computer: DetectedComputer,
): Build | undefined {
  if (computer.mobile) return undefined;
  const first = ordered[0];
  if (!first) return undefined;
  if (computer.platform === null) return first;
  return first.platform === null || first.platform === computer.platform ? first : undefined;
}

/** What a caller asked for: a build by id, or a platform, architecture and kind; all optional. */
export interface BuildChoice {
  build?: string;
  platform?: Platform;
  arch?: Arch;
  kind?: DownloadKind;
}

/**
 * The build a link is for (docs/downloads.md "Which build is yours"): with a `build` id, that
 * build (and nothing else); with a `platform`, the
 * best of that platform (of `arch` exactly when given; the computer's architecture decides the
 * order otherwise) or else a file for every computer; without one, the computer's recommended
 * build, or, on a phone or an unknown computer, the first of the usual order. `kind` narrows
 * either. Undefined when nothing matches.
 */
export function chooseBuild(
  builds: readonly Build[],
  computer: DetectedComputer,
  choice: BuildChoice,
): Build | undefined {
  if (choice.build) return builds.find((b) => b.id === choice.build);
  const kindMatches = (b: Build) => !choice.kind || b.kind === choice.kind;
  if (choice.platform) {
    const asked: DetectedComputer = {
      ...computer,
      platform: choice.platform,
      arch: choice.arch ?? (computer.platform === choice.platform ? computer.arch : null),
      mobile: false,
    };
    return orderBuilds(builds, asked).find(
      (b) =>
        kindMatches(b) &&
        (b.platform === null ||
          (b.platform === choice.platform && (!choice.arch || b.arch === choice.arch))),
    );
  }
  const candidates = builds.filter(
    (b) => kindMatches(b) && (!choice.arch || b.arch === null || b.arch === choice.arch),
  );
  const ordered = orderBuilds(candidates, computer);
  if (computer.platform === null) return ordered[0];
  return recommendedBuild(ordered, computer);
}

/** `build` as the wire shows it (without what ordering needs). */
export function toDownloadBuild({ createdAt: _createdAt, ...build }: Build): DownloadBuild {
  return build;
}
