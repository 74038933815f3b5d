/**
 * Sorting, date range and CSV of the admin lists the page holds in full (program versions,
 * changelog entries and plans: a few dozen rows, read whole by `GET /admin/downloads`,
 * `GET /admin/changelog` and `GET /admin/plans`), so they sort, filter and export here without
 * a server round trip, with the same controls and URL parameters as the server lists
 * (list-params.ts). Plans are cards, not a table: they export only.
 */
import type { AdminDownload, AdminPlan, ChangelogEntry } from '@flockr/contract';
import type { LocalCsv } from './api/export';
import type { LocalList } from './admin-list';
import { defineFilters } from './list-params';

/** The program versions: sortable columns, newest release first, range on the release date. */
export const releaseFilters = defineFilters(
  '',
  {},
  {
    sort: ['version', 'filename', 'size', 'release_date', 'downloads'] as const,
    defaultSort: { column: 'release_date', dir: 'desc' },
    dates: 'Released',
  },
);

/** Sort values and date of a program version. */
export const releaseLocal: LocalList<AdminDownload> = {
  sortValue: (d, column) =>
    ({
      version: d.version,
      filename: d.filename,
      size: d.file_size,
      release_date: d.release_date,
      downloads: d.download_count,
    })[column] ?? '',
  date: (d) => d.release_date,
};

/** CSV of the program versions (sizes in bytes). */
export const releaseCsv: LocalCsv<AdminDownload> = {
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
  row: (d) => [
    d.version,
    d.filename,
    d.file_size,
    d.release_date,
    d.is_active,
    d.download_count,
    d.sha256,
    d.download_url,
  ],
};

/** The changelog entries: sortable columns, newest release first, range on the release date. */
export const changelogFilters = defineFilters(
  '',
  {},
  {
    sort: ['version', 'title', 'release_date', 'state', 'views'] as const,
    defaultSort: { column: 'release_date', dir: 'desc' },
    dates: 'Released',
  },
);

/** Sort values and date of a changelog entry. */
export const changelogLocal: LocalList<ChangelogEntry> = {
  sortValue: (e, column) =>
    ({
      version: e.version,
      title: e.title,
      release_date: e.release_date,
      state: e.is_published ? 'Published' : 'Draft',
      views: e.view_count,
    })[column] ?? '',
  date: (e) => e.release_date,
};

/** CSV of the changelog entries. */
export const changelogCsv: LocalCsv<ChangelogEntry> = {
  name: 'changelog',
  header: ['Version', 'Title', 'Released', 'Published', 'Views', 'Summary'],
  row: (e) => [e.version, e.title, e.release_date, e.is_published, e.view_count, e.changes_summary],
};

/** CSV of the plans (prices and revenue decimal in the plan's currency). */
export const planCsv: LocalCsv<AdminPlan> = {
  name: 'plans',
  header: [
    'Name',
    'Monthly price',
    'Yearly price',
    'Currency',
    'Active',
    'Subscribers',
    'Revenue',
    'Created',
  ],
  row: (p) => [
    p.name,
    p.monthly_price,
    p.yearly_price,
    p.currency,
    p.is_active,
    p.subscriber_count,
    p.total_revenue,
    p.created_at,
  ],
};
