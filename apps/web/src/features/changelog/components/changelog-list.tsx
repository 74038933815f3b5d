/**
 * Public changelog (requirements §2): expandable entries, Load More Entries, Try Again on error,
 * and the "No Changelog Entries" empty state.
 */
import { ScrollText } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingRegion, Skeleton, SkeletonLines } from '../../../components/ui/skeleton';
import { LoadFailed } from '../../../components/ui/load-failed';
import { useChangelog } from '../api/changelog';
import { ChangelogEntryCard } from './changelog-entry-card';

/** The published entries, CHANGELOG_PAGE_SIZE at a time, with its loading, error and empty states. */
export function ChangelogList() {
  const query = useChangelog();
  const entries = query.data?.pages.flatMap((p) => p.changelog) ?? [];

  if (query.isPending) {
    return (
      <LoadingRegion label="Loading changelog…" className="grid gap-4">
        {[0, 1, 2].map((i) => (
          <Card key={i} className="grid gap-3 p-5 sm:p-6">
            <div className="flex items-center gap-3">
              <Skeleton className="h-6 w-16 rounded-full" />
              <Skeleton className="h-4 w-28" />
            </div>
            <Skeleton className="h-6 w-2/3" />
            <SkeletonLines count={2} />
          </Card>
        ))}
      </LoadingRegion>
    );
  }

  if (query.isError && entries.length === 0) {
    return (
      <Card className="mx-auto max-w-lg p-6">
        <LoadFailed
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          className="justify-items-center gap-4"
        />
      </Card>
    );
  }

  if (entries.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={ScrollText}
          title="No Changelog Entries"
          description="Release notes will appear here as soon as the first version ships."
        />
      </Card>
    );
  }

  return (
    <div>
      <ol className="space-y-4" aria-label="Releases">
        {entries.map((entry) => (
          <ChangelogEntryCard key={entry.id} entry={entry} />
        ))}
      </ol>
      {query.isFetchNextPageError ? (
        <LoadFailed
          message={query.error?.message}
          onRetry={() => void query.fetchNextPage()}
          retrying={query.isFetchingNextPage}
          className="mt-6 justify-items-center"
        />
      ) : query.hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            Load More Entries
          </Button>
        </div>
      ) : null}
    </div>
  );
}
