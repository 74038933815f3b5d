/**
 * Changelog tab: every entry (drafts included) with its state and view count, Publish for
 * drafts, and "New entry" opening the form with a live markdown preview.
 */
import { Plus, ScrollText, Send } from 'lucide-react';
import type { ChangelogEntry } from '@flockr/contract';
import { Button } from '../../../components/ui/button';
import { formatCalendarDate } from '../../../lib/format';
import { useAdminChangelog, useUpdateChangelogEntry } from '../api/changelog';
import { AdminList, useEditor } from './admin-list';
import { tdClass } from './admin-table';
import { PublishedBadge } from './badges';
import { ChangelogForm } from './changelog-form';
import { useListParams } from './list-params';
import { changelogCsv, changelogFilters, changelogLocal } from './local-lists';

const columns = [
  { label: 'Version', sort: 'version' },
  { label: 'Title', sort: 'title' },
  { label: 'Released', sort: 'release_date' },
  { label: 'State', sort: 'state' },
  { label: 'Views', align: 'right', sort: 'views' },
  { label: 'Actions', hidden: true },
] as const;

/** One entry row with Publish for drafts; `publish` is the panel's publish change. */
function EntryRow({
  entry,
  publish,
}: {
  entry: ChangelogEntry;
  publish: ReturnType<typeof useUpdateChangelogEntry>;
}) {
  return (
    <tr>
      <td className={`${tdClass} font-semibold whitespace-nowrap text-slate-900`}>
        v{entry.version}
      </td>
      <td className={`${tdClass} max-w-[22rem]`}>
        <p className="truncate font-medium text-slate-900" title={entry.title}>
          {entry.title}
        </p>
        {entry.changes_summary ? (
          <p className="truncate text-xs text-slate-500" title={entry.changes_summary}>
            {entry.changes_summary}
          </p>
        ) : null}
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>{formatCalendarDate(entry.release_date)}</td>
      <td className={tdClass}>
        <PublishedBadge published={entry.is_published} />
      </td>
      <td className={`${tdClass} text-right tabular-nums`}>{entry.view_count}</td>
      <td className={`${tdClass} text-right`}>
        {entry.is_published ? null : (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Publish version ${entry.version}`}
            icon={<Send aria-hidden="true" className="size-4" />}
            loading={publish.isPending && publish.variables.id === entry.id}
            onClick={() => publish.mutate({ id: entry.id, is_published: true })}
          >
            Publish
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The changelog tab. */
export function ChangelogPanel() {
  const query = useAdminChangelog();
  const publish = useUpdateChangelogEntry();
  const editor = useEditor();
  const params = useListParams(changelogFilters);
  return (
    <AdminList
      title="Changelog"
      query={query}
      params={params}
      local={changelogLocal}
      localCsv={changelogCsv}
      items={(data) => data.changelog_entries}
      loadingLabel="Loading changelog entries…"
      error={publish.error?.message}
      empty={{
        icon: ScrollText,
        title: 'No changelog entries yet',
        description: 'Write release notes with New entry; save them as drafts or publish at once.',
        noMatchTitle: 'No entries found',
        noMatchDescription: 'No entry was released in these dates.',
      }}
      create={editor.create('New entry', Plus)}
      form={editor.editing ? <ChangelogForm onClose={editor.close} /> : null}
      table={{
        label: 'Changelog entries',
        columns,
        minWidth: 'min-w-[46rem]',
        row: (entry) => <EntryRow entry={entry} publish={publish} />,
      }}
    />
  );
}
