/**
 * Words about a version's builds for the download centre (docs/downloads.md "Builds for each
 * computer"): which computers it runs on, for a phone visitor. Pure.
 */
import { PLATFORMS, PLATFORM_NAMES, type DownloadBuild } from '@flockr/contract';

/**
 * The computers `builds` run on in words, in the fixed platform order: "Windows, macOS and Linux
 * computers"; null when one file is for every computer (nothing more to say) or there is none.
 */
export function runsOnText(builds: readonly DownloadBuild[]): string | null {
  if (builds.some((b) => b.platform === null)) return null;
  const names = PLATFORMS.filter((p) => builds.some((b) => b.platform === p)).map(
    (p) => PLATFORM_NAMES[p],
  );
  if (names.length === 0) return null;
  const list =
    names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  return `${list} computers`;
}
