/**
 * One version in the Downloads tab's table (requirements §3 and §5): a disclosure that opens the
 * release manager's part of it (release-details.tsx) in a row of its own under it, the version
 * with its channel and rollout unless Stable at 100 %, its file (the spec's one: versions.ts
 * `specFile`) stored here or at an external URL (a link), size, release date, the Active switch
 * (publishes or withdraws; Draft or Yanked under it), downloads and the SHA-256; then Edit
 * (release date) and Archive, or Restore. A release without a file yet has no Edit or Archive:
 * the spec's calls that do them know only versions with a file (docs/updates.md "One release
 * capability").
 */
import * as RadixSwitch from '@radix-ui/react-switch';
import { ChevronRight, ExternalLink } from 'lucide-react';
import type { AdminReleaseDetail } from '@flockr/contract';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../components/ui/cn';
import { formatCalendarDate, formatCount } from '../../../lib/format';
import { formatFileSize } from '@flockr/contract';
import type { useChangeRelease } from './api/releases';
import type { useUpdateRelease } from './api/downloads';
import { tdClass } from '../kit/admin-table';
import { VersionRow } from '../kit/archive-actions';
import { ChannelBadge, releaseState } from '../kit/badges';
import { ReleaseDetails } from './release-details';
import { specFile } from './versions';

/** Characters of the SHA-256 shown in the table (the full hash is in the title). */
const SHA_PREFIX = 12;

/** The table's columns, in the order {@link ReleaseRow} writes its cells. */
export const columns = [
  { label: 'Version', sort: 'version' },
  { label: 'File', sort: 'filename' },
  { label: 'Size', sort: 'size' },
  { label: 'Released', sort: 'release_date' },
  'Active',
  { label: 'Downloads', align: 'right', sort: 'downloads' },
  'SHA-256',
  { label: 'Actions', hidden: true },
] as const;

/** What a row does: the panel's changes, which rows are open, and the edit dialog. */
export interface RowActions {
  /** Publish, withdraw and restore from a yank (`PATCH /admin/releases/{id}`). */
  change: ReturnType<typeof useChangeRelease>;
  /** Release date, archive and restore (`PUT /admin/downloads/{id}`). */
  update: ReturnType<typeof useUpdateRelease>;
  isOpen: (id: string) => boolean;
  toggle: (id: string) => void;
  onEdit: (release: AdminReleaseDetail) => void;
}

/** Its channel and rollout, unless it is on Stable at full rollout (most versions). */
function ChannelMark({ release }: { release: AdminReleaseDetail }) {
  if (release.channel === 'stable' && release.rollout_percentage === 100) return null;
  return (
    <span className="mt-1 block">
      <ChannelBadge channel={release.channel} rollout={release.rollout_percentage} />
    </span>
  );
}

/**
 * The Active cell: Archived, or the switch that publishes or withdraws, with Draft (never
 * published) or Yanked (no feed or download centre offers it, active or not) under it.
 */
function ActiveCell({
  release,
  change,
}: {
  release: AdminReleaseDetail;
  change: ReturnType<typeof useChangeRelease>;
}) {
  if (release.archived_at) {
    return (
      <td className={tdClass}>
        <Badge tone="neutral">Archived</Badge>
      </td>
    );
  }
  const switching = change.isPending && change.variables.id === release.id;
  const mark = release.yanked_at ? (
    <Badge tone="danger">Yanked</Badge>
  ) : releaseState(release) === 'draft' ? (
    <Badge tone="warning">Draft</Badge>
  ) : null;
  return (
    <td className={tdClass}>
      <span className="flex flex-col items-start gap-1">
        {/* A compact switch named by its label: a table row has no room for visible text. */}
        <RadixSwitch.Root
          aria-label={`Version ${release.version} active`}
          checked={switching ? change.variables.is_active : release.is_active}
          disabled={switching}
          onCheckedChange={(is_active) => change.mutate({ id: release.id, is_active })}
          className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand-600"
        >
          <RadixSwitch.Thumb className="inline-block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5.5" />
        </RadixSwitch.Root>
        {mark}
      </span>
    </td>
  );
}

/** The File cell: the spec's file and where it is, and how many files the release has. */
function FileCell({ release }: { release: AdminReleaseDetail }) {
  const file = specFile(release);
  if (!file) {
    return (
      <td className={`${tdClass} text-slate-500`}>
        <p>No file yet</p>
      </td>
    );
  }
  const others = release.artifacts.length - 1;
  return (
    <td className={`${tdClass} max-w-[11.5rem]`}>
      <p className="truncate" title={file.filename}>
        {file.filename}
      </p>
      <p className="text-xs text-slate-500">
        {file.download_url ? (
          <a
            href={file.download_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            External URL
            <ExternalLink aria-hidden="true" className="size-3" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          <span>Stored on this server</span>
        )}
        {others > 0 ? <span className="whitespace-nowrap"> · {others + 1} files</span> : null}
      </p>
    </td>
  );
}

/**
 * The row of `release`, and when open the row under it with the release manager's part
 * (spanning the table, as wide as the visible table even when it scrolls sideways).
 */
export function ReleaseRow({
  release,
  actions,
}: {
  release: AdminReleaseDetail;
  actions: RowActions;
}) {
  const { change, update } = actions;
  const updating = update.isPending && update.variables.id === release.id;
  const archived = release.archived_at !== null;
  const file = specFile(release);
  const open = actions.isOpen(release.id);
  const detailsId = `release-details-${release.id}`;
  return (
    <>
      <VersionRow
        version={release.version}
        archived={archived}
        busy={updating}
        editable={file !== null}
        wrapActions
        onEdit={() => actions.onEdit(release)}
        onArchive={() => update.mutate({ id: release.id, archived: true })}
        onRestore={() => update.mutate({ id: release.id, archived: false })}
        lead={
          <button
            type="button"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={`Manage version ${release.version}`}
            title="Channel, rollout, files and yank"
            onClick={() => actions.toggle(release.id)}
            className="-my-1 -ml-2 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <ChevronRight
              aria-hidden="true"
              className={cn('size-4 transition-transform', open && 'rotate-90')}
            />
          </button>
        }
        marks={<ChannelMark release={release} />}
        cells={
          <>
            <FileCell release={release} />
            <td className={`${tdClass} whitespace-nowrap`}>
              {file ? (
                <span title={`${file.file_size} bytes`}>{formatFileSize(file.file_size)}</span>
              ) : (
                <span className="text-slate-500">—</span>
              )}
            </td>
            <td className={`${tdClass} whitespace-nowrap`}>
              {formatCalendarDate(release.release_date)}
            </td>
            <ActiveCell release={release} change={change} />
            <td className={`${tdClass} text-right tabular-nums`}>
              {formatCount(release.download_count)}
            </td>
            <td className={`${tdClass} font-mono text-xs whitespace-nowrap`}>
              {file?.sha256 ? (
                <span title={file.sha256}>
                  {file.sha256.slice(0, SHA_PREFIX)}…
                  <span className="sr-only"> (full hash: {file.sha256})</span>
                </span>
              ) : (
                <span className="text-slate-500">—</span>
              )}
            </td>
          </>
        }
      />
      {open ? (
        <tr id={detailsId} className="bg-slate-50">
          <td colSpan={columns.length} className="p-0">
            {/* As wide as the table's visible part (its scroll region is a size container). */}
            <div className="sticky left-0 w-[100cqw] px-3 py-3 sm:px-5 sm:py-4">
              <ReleaseDetails release={release} change={change} />
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}
