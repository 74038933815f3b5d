/**
 * The Downloads tab (requirements §2 and §16): the one release capability of the admin
 * (docs/decisions/025-one-release-capability.md). One list of every version (`GET
 * /admin/releases`: drafts, withdrawn, yanked and archived ones too) as the spec's table
 * (version-row.tsx: file, size, release date, Active, downloads, SHA-256; sortable, a range on
 * the release date, Export CSV), each row opening the release manager's part of that version
 * (release-details.tsx: channel and rollout, files per platform and their upload, yank); one
 * "Add version" (version-form.tsx: upload a file, an external URL, or files per platform);
 * Edit (release date) and Archive or Restore per version. Under the list, the minimum supported
 * version and the API tokens of release pipelines (../api-tokens/).
 */
import { useState } from 'react';
import { HardDrive, PackagePlus } from 'lucide-react';
import type { AdminReleaseDetail } from '@flockr/contract';
import { useChangeRelease, useReleaseDetails } from './api/releases';
import { useUpdateRelease } from './api/downloads';
import { latestError } from '../kit/api/hooks';
import { AdminList, useEditor } from '../kit/admin-list';
import { useListParams } from '../kit/list-params';
import { ApiTokensCard } from '../api-tokens';
import { MinimumVersionCard } from './minimum-version-card';
import { ReleaseEditDialog } from './release-edit-dialog';
import { VersionForm } from './version-form';
import { ReleaseRow, columns, type RowActions } from './version-row';
import { versions, versionsCsv } from './versions';

/** The ids of the open rows; `toggle` opens a closed one and closes an open one. */
function useOpenRows() {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const set = (id: string, to: boolean) =>
    setOpen((now) => {
      const next = new Set(now);
      if (to) next.add(id);
      else next.delete(id);
      return next;
    });
  return {
    isOpen: (id: string) => open.has(id),
    toggle: (id: string) => set(id, !open.has(id)),
    show: (id: string) => set(id, true),
  };
}

/** The Downloads tab. */
export function ReleasesPanel() {
  const query = useReleaseDetails();
  const change = useChangeRelease();
  const update = useUpdateRelease();
  const editor = useEditor();
  const params = useListParams(versions.filters);
  const rows = useOpenRows();
  const [editing, setEditing] = useState<AdminReleaseDetail | null>(null);
  const actions: RowActions = { change, update, ...rows, onEdit: setEditing };
  return (
    <div className="space-y-6">
      <AdminList
        title="Program versions"
        query={query}
        params={params}
        local={versions.local}
        localCsv={versionsCsv}
        items={(data) => data.releases}
        loadingLabel="Loading versions…"
        error={latestError(change, update)?.message}
        empty={{
          icon: HardDrive,
          title: 'No versions yet',
          description: 'Add the first version of the program with Add version.',
          noMatchTitle: 'No versions found',
          noMatchDescription: 'No version was released in these dates.',
        }}
        create={editor.create('Add version', PackagePlus)}
        form={editor.editing ? <VersionForm onClose={editor.close} onCreated={rows.show} /> : null}
        table={{
          label: 'Program versions',
          columns,
          minWidth: 'min-w-[60rem]',
          row: (release) => <ReleaseRow release={release} actions={actions} />,
        }}
      />
      {query.data ? (
        <MinimumVersionCard
          key={query.data.minimum_version ?? ''}
          current={query.data.minimum_version}
        />
      ) : null}
      <ApiTokensCard />
      {editing ? (
        <ReleaseEditDialog key={editing.id} release={editing} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
