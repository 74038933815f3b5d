/**
 * Changelog tab: every entry (drafts included) with its state and view count, Publish for
 * drafts, and "New entry" opening the form with a live markdown preview.
 */
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, ScrollText, Send } from 'lucide-react';
import { toast } from 'sonner';
import type { ChangelogEntry } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatCalendarDate } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { adminChangelogQueryOptions, updateChangelogEntry } from '../api/changelog';
import { adminKeys } from '../api/keys';
import { AdminTable, tdClass, thClass } from './admin-table';
import { PublishedBadge } from './badges';
import { ChangelogForm } from './changelog-form';
import { ErrorState } from './list-states';

/** One entry row with Publish for drafts. */
function EntryRow({
  entry,
  onError,
}: {
  entry: ChangelogEntry;
  onError: (message: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const publish = useMutation({
    mutationFn: () => updateChangelogEntry(entry.id, { is_published: true }),
    onMutate: () => onError(null),
    onSuccess: ({ entry: saved }) => {
      toast.success(`Version ${saved.version} published`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.changelog });
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => onError(error.message),
  });
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
            loading={publish.isPending}
            onClick={() => publish.mutate()}
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
  const query = useQuery(adminChangelogQueryOptions);
  const [adding, setAdding] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const newButtonId = useId();
  const entries = query.data?.changelog_entries ?? [];

  const close = () => {
    setAdding(false);
    document.getElementById(newButtonId)?.focus();
  };

  return (
    <section aria-labelledby="admin-changelog-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-changelog-heading" className="text-base font-semibold text-slate-900">
          Changelog
        </h2>
        <Button
          id={newButtonId}
          icon={<Plus aria-hidden="true" className="size-4" />}
          onClick={() => setAdding(true)}
        >
          New entry
        </Button>
      </div>
      {adding ? <ChangelogForm onClose={close} /> : null}
      <Card className="min-w-0">
        {actionError ? (
          <div className="px-5 pt-4 sm:px-6">
            <Alert variant="error">{actionError}</Alert>
          </div>
        ) : null}
        {query.isPending ? (
          <Spinner label="Loading changelog entries…" />
        ) : query.isError ? (
          <ErrorState
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : entries.length === 0 ? (
          <EmptyState
            icon={ScrollText}
            title="No changelog entries yet"
            description="Write release notes with New entry; save them as drafts or publish at once."
          />
        ) : (
          <AdminTable
            label="Changelog entries"
            minWidth="min-w-[46rem]"
            head={
              <>
                <th scope="col" className={thClass}>
                  Version
                </th>
                <th scope="col" className={thClass}>
                  Title
                </th>
                <th scope="col" className={thClass}>
                  Released
                </th>
                <th scope="col" className={thClass}>
                  State
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Views
                </th>
                <th scope="col" className={thClass}>
                  <span className="sr-only">Actions</span>
                </th>
              </>
            }
          >
            {entries.map((e) => (
              <EntryRow key={e.id} entry={e} onError={setActionError} />
            ))}
          </AdminTable>
        )}
      </Card>
    </section>
  );
}
