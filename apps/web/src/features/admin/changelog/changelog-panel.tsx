/**
 * Changelog tab: every entry (drafts and archived ones included) with its state and view count;
 * per entry Edit, Publish or Unpublish, and Archive or Restore (entries are never deleted);
 * "New entry" opens the form with a live markdown preview.
 */
import { EyeOff, Plus, ScrollText, Send } from 'lucide-react';
import type { AdminChangelogEntry } from '@flockr/contract';
import { formatCalendarDate } from '../../../lib/format';
import { useAdminChangelog, useUpdateChangelogEntry } from './api/changelog';
import { AdminList, useEditor } from '../kit/admin-list';
import { tdClass } from '../kit/admin-table';
import { VersionAction, VersionRow } from '../kit/archive-actions';
import { PublishedBadge } from '../kit/badges';
import { ChangelogForm } from './changelog-form';
import { useListParams } from '../kit/list-params';
import type { LocalCsv } from '../kit/api/export';
import { releasedList } from '../kit/local-lists';

/** The changelog entries: sortable columns, newest release first, range on the release date. */
const entries = releasedList(
  ['version', 'title', 'release_date', 'state', 'views'],
  (e: AdminChangelogEntry) => ({
    version: e.version,
    title: e.title,
    release_date: e.release_date,
    state: e.is_published ? 'Published' : 'Draft',
    views: e.view_count,
  }),
);

/** CSV of the changelog entries. */
const changelogCsv: LocalCsv<AdminChangelogEntry> = {
  name: 'changelog',
  header: ['Version', 'Title', 'Released', 'Published', 'Views', 'Summary'],
  row: (e) => [e.version, e.title, e.release_date, e.is_published, e.view_count, e.changes_summary],
};

const columns = [
  { label: 'Version', sort: 'version' },
  { label: 'Title', sort: 'title' },
  { label: 'Released', sort: 'release_date' },
  { label: 'State', sort: 'state' },
  { label: 'Views', align: 'right', sort: 'views' },
  { label: 'Actions', hidden: true },
] as const;

/** One entry row with its actions; `change` is the panel's update, `onEdit` opens the form. */
function EntryRow({
  entry,
  change,
  onEdit,
}: {
  entry: AdminChangelogEntry;
  change: ReturnType<typeof useUpdateChangelogEntry>;
  onEdit: (entry: AdminChangelogEntry) => void;
}) {
  const busy = change.isPending && change.variables.id === entry.id;
  const archived = entry.archived_at !== null;
  const act = (body: { is_published?: boolean; archived?: boolean }) =>
    change.mutate({ id: entry.id, ...body });
  const row = { version: entry.version, busy };
  return (
    <VersionRow
      archived={archived}
      onEdit={() => onEdit(entry)}
      onArchive={() => act({ archived: true })}
      onRestore={() => act({ archived: false })}
      {...row}
      cells={
        <>
          <td className={`${tdClass} max-w-[16rem]`}>
            <p className="truncate font-medium text-slate-900" title={entry.title}>
              {entry.title}
            </p>
            {entry.changes_summary ? (
              <p className="truncate text-xs text-slate-500" title={entry.changes_summary}>
                {entry.changes_summary}
              </p>
            ) : null}
          </td>
          <td className={`${tdClass} whitespace-nowrap`}>
            {formatCalendarDate(entry.release_date)}
          </td>
          <td className={tdClass}>
            <PublishedBadge published={entry.is_published} archived={archived} />
          </td>
          <td className={`${tdClass} text-right tabular-nums`}>{entry.view_count}</td>
        </>
      }
      actions={
        entry.is_published ? (
          <VersionAction
            label="Unpublish"
            icon={EyeOff}
            onClick={() => act({ is_published: false })}
            {...row}
          />
        ) : (
          <VersionAction
            label="Publish"
            icon={Send}
            variant="secondary"
            loading={busy && change.variables.is_published === true}
            onClick={() => act({ is_published: true })}
            {...row}
          />
        )
      }
    />
  );
}

/** The changelog tab. */
export function ChangelogPanel() {
  const query = useAdminChangelog();
  const change = useUpdateChangelogEntry();
  const editor = useEditor<AdminChangelogEntry>();
  const params = useListParams(entries.filters);
  const form =
    editor.editing === 'new' ? (
      <ChangelogForm onClose={editor.close} />
    ) : editor.editing ? (
      <ChangelogForm key={editor.editing.id} entry={editor.editing} onClose={editor.close} />
    ) : null;
  return (
    <AdminList
      title="Changelog"
      query={query}
      params={params}
      local={entries.local}
      localCsv={changelogCsv}
      items={(data) => data.changelog_entries}
      loadingLabel="Loading changelog entries…"
      error={change.error?.message}
      empty={{
        icon: ScrollText,
        title: 'No changelog entries yet',
        description: 'Write release notes with New entry; save them as drafts or publish at once.',
        noMatchTitle: 'No entries found',
        noMatchDescription: 'No entry was released in these dates.',
      }}
      create={editor.create('New entry', Plus)}
      form={form}
      table={{
        label: 'Changelog entries',
        columns,
        minWidth: 'min-w-[60rem]',
        row: (entry) => <EntryRow entry={entry} change={change} onEdit={editor.open} />,
      }}
    />
  );
}
