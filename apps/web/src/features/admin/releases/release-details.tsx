/**
 * The release manager's part of one version (requirements §16, docs/updates.md), opened from its
 * row in the Downloads tab: its channel, state (published, draft, withdrawn, archived) and whether
 * it was yanked (with the reason); rollout, minimum system version and release notes; its files
 * (platform, architecture, kind, size, signatures); and its actions: Channel and rollout (a
 * dialog), Add files (the upload section under the files), Yank (a confirmation with the reason)
 * or Restore. Publishing and withdrawing are the row's Active switch.
 */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { ArchiveRestore, Ban, FilePlus2, SlidersHorizontal, type LucideIcon } from 'lucide-react';
import { formatFileSize, type AdminReleaseDetail } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
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

/** An action of the release: an outlined small button with `icon`. */
function Action({ icon: Icon, ...props }: { icon: LucideIcon } & Omit<ButtonProps, 'icon'>) {
  return (
    <Button
      variant="outline"
      size="sm"
      icon={<Icon aria-hidden="true" className="size-4" />}
      {...props}
    />
  );
}

/** One figure of the release: its name over its value. */
function Figure({
  term,
  children,
  className,
}: {
  term: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-slate-500">{term}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * What the release manager shows and does for `release`, under its row in the versions table.
 * `change` is the panel's release change (Restore runs from here; the buttons wait while it runs
 * for this release).
 */
export function ReleaseDetails({
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
  return (
    <article
      aria-labelledby={headingId}
      className="min-w-0 overflow-hidden rounded-lg border border-slate-200 bg-white"
    >
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
        {/* An archived release is restored from its row first. */}
        {state === 'archived' ? null : (
          <div className="flex w-full flex-wrap gap-2 max-sm:[&>*]:grow sm:w-auto">
            <Action icon={SlidersHorizontal} disabled={busy} onClick={() => setOpen('settings')}>
              Channel and rollout
            </Action>
            <Action
              icon={FilePlus2}
              disabled={busy || open === 'upload'}
              onClick={() => setOpen('upload')}
            >
              Add files
            </Action>
            {yanked ? (
              <Action
                icon={ArchiveRestore}
                variant="secondary"
                disabled={busy}
                onClick={() => change.mutate({ id: release.id, yanked: false })}
              >
                Restore
              </Action>
            ) : (
              <Action
                icon={Ban}
                disabled={busy}
                className="text-red-700!"
                onClick={() => setOpen('yank')}
              >
                Yank
              </Action>
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
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 border-t border-slate-100 px-5 py-4 text-sm sm:grid-cols-3 sm:px-6">
        <Figure term="Rollout">
          <Rollout percent={release.rollout_percentage} />
        </Figure>
        <Figure term="Minimum system version">
          {release.minimum_system_version ?? <span className="text-slate-500">Any</span>}
        </Figure>
        <Figure term="Release notes" className="min-w-0 max-sm:col-span-2">
          <span className="block truncate" title={release.notes_title ?? undefined}>
            {release.notes_title ?? <span className="text-slate-500">No changelog entry</span>}
          </span>
        </Figure>
      </dl>
      <Artifacts release={release} />
      {open === 'upload' ? (
        <ArtifactUpload release={release} onClose={() => setOpen(null)} />
      ) : null}
      <Suspense fallback={null}>
        {open === 'settings' ? (
          <ReleaseSettingsDialog release={release} onClose={() => setOpen(null)} />
        ) : null}
        {open === 'yank' ? (
          <YankReleaseDialog release={release} onClose={() => setOpen(null)} />
        ) : null}
      </Suspense>
    </article>
  );
}
