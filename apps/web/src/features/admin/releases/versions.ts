/**
 * The Downloads tab's one list of versions: every release of `GET /admin/releases` (drafts without
 * a file too), shown with the spec's columns (requirements §3 and §5: version, file, size, release
 * date, active, downloads, SHA-256, external URL). The spec's one file of a release is its zip
 * (the first uploaded), else its first file, as `GET /admin/downloads` and `/downloads/*` pick it
 * (docs/updates.md "Releases, channels and artifacts"). Sorting, the date range and the CSV work
 * on the list held in full (kit/local-lists.ts).
 */
import type { AdminArtifact, AdminReleaseDetail } from '@flockr/contract';
import type { LocalCsv } from '../kit/api/export';
import { releasedList } from '../kit/local-lists';

/** The spec's file of `release`: its first zip, else its first file; null while it has none. */
export function specFile(release: AdminReleaseDetail): AdminArtifact | null {
  return release.artifacts.find((a) => a.kind === 'zip') ?? release.artifacts[0] ?? null;
}

/** The versions: sortable columns, newest release first, range on the release date. */
export const versions = releasedList(
  ['version', 'filename', 'size', 'release_date', 'downloads'],
  (r: AdminReleaseDetail) => ({
    version: r.version,
    filename: specFile(r)?.filename ?? '',
    size: specFile(r)?.file_size ?? 0,
    release_date: r.release_date,
    downloads: r.download_count,
  }),
);

/** CSV of the versions as shown (sizes in bytes; a release without a file has empty cells). */
export const versionsCsv: LocalCsv<AdminReleaseDetail> = {
  name: 'versions',
  header: [
    'Version',
    'Filename',
    'Size (bytes)',
    'Released',
    'Active',
    'Downloads',
    'SHA-256',
    'External URL',
  ],
  row: (r) => {
    const file = specFile(r);
    return [
      r.version,
      file?.filename ?? null,
      file?.file_size ?? null,
      r.release_date,
      r.is_active,
      r.download_count,
      file?.sha256 ?? null,
      file?.download_url ?? null,
    ];
  },
};
