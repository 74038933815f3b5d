/**
 * Downloads tab: every program version with size, release date, active switch, download count
 * and checksum, and per version Edit (release date) and Archive or Restore (versions are never
 * deleted); "Add version" opens the upload / external-URL form above the list.
 */
import { useState } from 'react';
import * as RadixSwitch from '@radix-ui/react-switch';
import { ExternalLink, HardDrive, PackagePlus } from 'lucide-react';
import type { AdminRelease as AdminDownload } from '@flockr/contract';
import { Badge } from '../../../components/ui/badge';
import { formatCalendarDate } from '../../../lib/format';
import { useAdminReleases, useSetReleaseActive, useUpdateRelease } from './api/downloads';
import { latestError } from '../kit/api/hooks';
import { ReleaseEditDialog } from './release-edit-dialog';
import { AdminList, useEditor } from '../kit/admin-list';
import { tdClass } from '../kit/admin-table';
import { VersionRow } from '../kit/archive-actions';
import { DownloadForm } from './download-form';
import { useListParams } from '../kit/list-params';
import type { LocalCsv } from '../kit/api/export';
import { releasedList } from '../kit/local-lists';

/** The program versions: sortable columns, newest release first, range on the release date. */
const versions = releasedList(
  ['version', 'filename', 'size', 'release_date', 'downloads'],
  (d: AdminDownload) => ({
    version: d.version,
    filename: d.filename,
    size: d.file_size,
    release_date: d.release_date,
    downloads: d.download_count,
  }),
);

/** CSV of the program versions (sizes in bytes). */
const versionsCsv: LocalCsv<AdminDownload> = {
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

/** Characters of the SHA-256 shown in the table (the full hash is in the title). */
const SHA_PREFIX = 12;

const columns = [
  { label: 'Version', sort: 'version' },
  { label: 'File', sort: 'filename' },
  { label: 'Size', sort: 'size' },
  { label: 'Released', sort: 'release_date' },
  'Active',
  { label: 'Downloads', align: 'right', sort: 'downloads' },
  'SHA-256',
  { label: 'Actions', hidden: true },
] as const;

/** The row's Edit and Archive / Restore actions. */
interface RowActions {
  update: ReturnType<typeof useUpdateRelease>;
  onEdit: (download: AdminDownload) => void;
}

/** One version row; `setActive` is the panel's activate/deactivate change. */
function DownloadRow({
  download,
  setActive,
  actions,
}: {
  download: AdminDownload;
  setActive: ReturnType<typeof useSetReleaseActive>;
  actions: RowActions;
}) {
  const busy = setActive.isPending && setActive.variables.id === download.id;
  const updating = actions.update.isPending && actions.update.variables.id === download.id;
  const archived = download.archived_at !== null;
  return (
    <VersionRow
      version={download.version}
      archived={archived}
      busy={updating}
      onEdit={() => actions.onEdit(download)}
      onArchive={() => actions.update.mutate({ id: download.id, archived: true })}
      onRestore={() => actions.update.mutate({ id: download.id, archived: false })}
      cells={
        <>
          <td className={`${tdClass} max-w-[14rem]`}>
            <p className="truncate" title={download.filename}>
              {download.filename}
            </p>
            <p className="text-xs text-slate-500">
              {download.download_url ? (
                <a
                  href={download.download_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  External URL
                  <ExternalLink aria-hidden="true" className="size-3" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : (
                'Stored on this server'
              )}
            </p>
          </td>
          <td className={`${tdClass} whitespace-nowrap`}>
            <span title={`${download.file_size} bytes`}>{download.file_size_formatted}</span>
          </td>
          <td className={`${tdClass} whitespace-nowrap`}>
            {formatCalendarDate(download.release_date)}
          </td>
          <td className={tdClass}>
            {archived ? (
              <Badge tone="neutral">Archived</Badge>
            ) : (
              /* A compact switch named by its label: a table row has no room for visible text. */
              <RadixSwitch.Root
                aria-label={`Version ${download.version} active`}
                checked={busy ? setActive.variables.is_active : download.is_active}
                disabled={busy}
                onCheckedChange={(is_active) => setActive.mutate({ id: download.id, is_active })}
                className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand-600"
              >
                <RadixSwitch.Thumb className="inline-block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5.5" />
              </RadixSwitch.Root>
            )}
          </td>
          <td className={`${tdClass} text-right tabular-nums`}>{download.download_count}</td>
          <td className={`${tdClass} font-mono text-xs whitespace-nowrap`}>
            {download.sha256 ? (
              <span title={download.sha256}>
                {download.sha256.slice(0, SHA_PREFIX)}…
                <span className="sr-only"> (full hash: {download.sha256})</span>
              </span>
            ) : (
              <span className="text-slate-500">—</span>
            )}
          </td>
        </>
      }
    />
  );
}

/** The downloads tab. */
export function DownloadsPanel() {
  const query = useAdminReleases();
  const setActive = useSetReleaseActive();
  const update = useUpdateRelease();
  const editor = useEditor();
  const params = useListParams(versions.filters);
  const [editing, setEditing] = useState<AdminDownload | null>(null);
  const actions: RowActions = { update, onEdit: setEditing };
  return (
    <>
      <AdminList
        title="Program versions"
        query={query}
        params={params}
        local={versions.local}
        localCsv={versionsCsv}
        items={(data) => data.downloads}
        loadingLabel="Loading versions…"
        error={latestError(setActive, update)?.message}
        empty={{
          icon: HardDrive,
          title: 'No versions yet',
          description: 'Add the first version of the program with Add version.',
          noMatchTitle: 'No versions found',
          noMatchDescription: 'No version was released in these dates.',
        }}
        create={editor.create('Add version', PackagePlus)}
        form={editor.editing ? <DownloadForm onClose={editor.close} /> : null}
        table={{
          label: 'Program versions',
          columns,
          minWidth: 'min-w-[60rem]',
          row: (download) => (
            <DownloadRow download={download} setActive={setActive} actions={actions} />
          ),
        }}
      />
      {editing ? (
        <ReleaseEditDialog key={editing.id} release={editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
