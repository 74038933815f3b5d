/**
 * One release in the release manager: its version, channel, state (published, draft, withdrawn,
 * archived) and whether it was yanked (with the reason); release date, rollout, downloads and
 * notes; its files (platform, architecture, kind, size, signatures); and its actions: Publish or
 * Withdraw, Channel and rollout (a dialog), Yank (a confirmation with the reason) or Restore, and
 * Add files (the upload section under the files).
 */
import { lazy, Suspense, useId, useState } from 'react';
import { ArchiveRestore, Ban, Eye, EyeOff, FilePlus2, SlidersHorizontal } from 'lucide-react';
import { formatFileSize, type AdminReleaseDetail } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatCalendarDate, formatCount, formatDate } from '../../../lib/format';
import type { useChangeRelease } from './api/releases';
import { AdminTable, tdClass } from '../kit/admin-table';
import { ArtifactUpload } from './artifact-upload';
import { PLATFORM_NAMES } from '../kit/release-names';
import { ChannelBadge, ReleaseStateBadge, releaseState } from '../kit/badges';

/** The dialogs, loaded when opened. */
const ReleaseSettingsDialog = lazy(() =>
  import('./release-settings-dialog').then((m) => ({ default: m.ReleaseSettingsDialog })),
);
const YankReleaseDialog = lazy(() =>
  import('./yank-release-dialog').then((m) => ({ default: m.YankReleaseDialog })),
);

const artifactColumns = [
  'File',
  'Platform',
  'Arch',
  'Kind',
  { label: 'Size', align: 'right' },
  'Signatures',
] as const;

/**
 * The platform a file is for in words; the single-file form's zip is for every computer
 * (docs/downloads.md "Builds for each computer"), whatever the feeds record.
 */
function platformOf(artifact: AdminReleaseDetail['artifacts'][number]): string {
  return artifact.any_platform ? 'Every computer' : PLATFORM_NAMES[artifact.platform];
}

/** Which signatures a file has, in words. */
function signaturesOf(artifact: AdminReleaseDetail['artifacts'][number]): string {
  const kinds = [
    artifact.has_signature ? 'minisign' : null,
    artifact.has_ed_signature ? 'Ed25519' : null,
  ].filter(Boolean);
  return kinds.length ? kinds.join(', ') : '—';
}

/** The rollout as a figure and a bar. */
function Rollout({ percent }: { percent: number }) {
  return (
    <div className="flex items-center gap-2">
      <span className="tabular-nums">{percent}%</span>
      <span aria-hidden="true" className="h-1.5 w-16 overflow-hidden rounded-full bg-slate-200">
        <span className="block h-full bg-brand-600" style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}

/** The release's files as a table (cards on a phone), or a line saying there are none. */
function Artifacts({ release }: { release: AdminReleaseDetail }) {
  if (release.artifacts.length === 0) {
    return (
      <p className="border-t border-slate-100 px-5 py-4 text-sm text-slate-600 sm:px-6">
        No files yet. Add the installers and update packages with Add files.
      </p>
    );
  }
  return (
    <div className="border-t border-slate-100">
      {/* Phones: one compact line per file (the table's cards would take six lines each). */}
      <ul
        aria-label={`Files of ${release.version}`}
        className="divide-y divide-slate-100 sm:hidden"
      >
        {release.artifacts.map((a) => (
          <li key={a.id} className="px-5 py-3 text-sm">
            <p className="font-medium break-all text-slate-900">{a.filename}</p>
            <p className="mt-0.5 text-xs text-slate-600">
              {[platformOf(a), a.arch, a.kind, formatFileSize(a.file_size)].join(' · ')}
              {signaturesOf(a) === '—' ? '' : ` · signed: ${signaturesOf(a)}`}
            </p>
          </li>
        ))}
      </ul>
      <div className="max-sm:hidden">
        <AdminTable
          label={`Files of ${release.version}`}
          columns={artifactColumns}
          minWidth="min-w-[40rem]"
        >
          {release.artifacts.map((a) => (
            <tr key={a.id}>
              <td className={`${tdClass} max-w-[18rem]`}>
                <span className="block break-all text-slate-900">{a.filename}</span>
              </td>
              <td className={`${tdClass} whitespace-nowrap`}>{platformOf(a)}</td>
              <td className={`${tdClass} whitespace-nowrap`}>{a.arch}</td>
              <td className={`${tdClass} whitespace-nowrap`}>{a.kind}</td>
              <td className={`${tdClass} text-right whitespace-nowrap tabular-nums`}>
                <span title={`${a.file_size} bytes`}>{formatFileSize(a.file_size)}</span>
              </td>
              <td className={`${tdClass} whitespace-nowrap`}>{signaturesOf(a)}</td>
            </tr>
          ))}
        </AdminTable>
      </div>
    </div>
  );
}

/**
 * The card of `release`. `change` is the panel's release change (publish, withdraw, restore run
 * from here; its buttons wait while it runs for this release).
 */
export function ReleaseCard({
  release,
  change,
}: {
  release: AdminReleaseDetail;
  change: ReturnType<typeof useChangeRelease>;
}) {
  const headingId = useId();
  const [open, setOpen] = useState<'settings' | 'yank' | 'upload' | null>(null);
  const state = releaseState(release);
  const busy = change.isPending && change.variables?.id === release.id;
  const yanked = release.yanked_at !== null;
  const archived = state === 'archived';
  return (
    <Card className="min-w-0 overflow-hidden">
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-3 px-5 py-4 sm:px-6">
          <div className="min-w-0">
            <h3 id={headingId} className="text-base font-semibold text-slate-900">
              Version {release.version}
            </h3>
            <div className="mt-1.5 flex flex-wrap gap-1.5">
              <ChannelBadge channel={release.channel} />
              <ReleaseStateBadge state={state} />
              {yanked ? <Badge tone="danger">Yanked</Badge> : null}
            </div>
          </div>
          {archived ? null : (
            <div className="flex w-full flex-wrap gap-2 max-sm:[&>*]:grow sm:w-auto">
              {release.is_active ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  icon={<EyeOff aria-hidden="true" className="size-4" />}
                  onClick={() => change.mutate({ id: release.id, is_active: false })}
                >
                  Withdraw
                </Button>
              ) : (
                <Button
                  size="sm"
                  disabled={busy}
                  icon={<Eye aria-hidden="true" className="size-4" />}
                  onClick={() => change.mutate({ id: release.id, is_active: true })}
                >
                  Publish
                </Button>
              )}
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                icon={<SlidersHorizontal aria-hidden="true" className="size-4" />}
                onClick={() => setOpen('settings')}
              >
                Channel and rollout
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={busy || open === 'upload'}
                icon={<FilePlus2 aria-hidden="true" className="size-4" />}
                onClick={() => setOpen('upload')}
              >
                Add files
              </Button>
              {yanked ? (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  icon={<ArchiveRestore aria-hidden="true" className="size-4" />}
                  onClick={() => change.mutate({ id: release.id, yanked: false })}
                >
                  Restore
                </Button>
              ) : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  className="text-red-700!"
                  icon={<Ban aria-hidden="true" className="size-4" />}
                  onClick={() => setOpen('yank')}
                >
                  Yank
                </Button>
              )}
            </div>
          )}
        </div>
        {yanked ? (
          <div className="px-5 pb-4 sm:px-6">
            <Alert variant="warning">
              Yanked on {formatDate(release.yanked_at)}
              {release.yank_reason ? `: ${release.yank_reason}` : ''}. No feed or download centre
              offers it.
            </Alert>
          </div>
        ) : null}
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 border-t border-slate-100 px-5 py-4 text-sm sm:grid-cols-4 sm:px-6">
          <div>
            <dt className="text-xs font-medium text-slate-500">Released</dt>
            <dd className="mt-0.5 text-slate-900">{formatCalendarDate(release.release_date)}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Rollout</dt>
            <dd className="mt-0.5 text-slate-900">
              <Rollout percent={release.rollout_percentage} />
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Downloads</dt>
            <dd className="mt-0.5 text-slate-900 tabular-nums">
              {formatCount(release.download_count)}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs font-medium text-slate-500">Release notes</dt>
            <dd className="mt-0.5 truncate text-slate-900" title={release.notes_title ?? undefined}>
              {release.notes_title ?? <span className="text-slate-500">No changelog entry</span>}
            </dd>
          </div>
        </dl>
        <Artifacts release={release} />
        {open === 'upload' ? (
          <ArtifactUpload release={release} onClose={() => setOpen(null)} />
        ) : null}
      </article>
      <Suspense fallback={null}>
        {open === 'settings' ? (
          <ReleaseSettingsDialog release={release} onClose={() => setOpen(null)} />
        ) : null}
        {open === 'yank' ? (
          <YankReleaseDialog release={release} onClose={() => setOpen(null)} />
        ) : null}
      </Suspense>
    </Card>
  );
}
