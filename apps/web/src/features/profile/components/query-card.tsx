/**
 * A /profile card whose content is loaded (requirements §2 "/profile"): its header, then
 * placeholders while the query loads, the server's error with Try Again when it failed
 * (requirements §8: the answer's text, else the default), or the content once it came.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, CardHeader } from '../../../components/ui/card';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadingRegion } from '../../../components/ui/skeleton';

/**
 * The card titled `title` over `description`: `skeleton` announced as `loadingLabel` while
 * `query` loads, its error with Try Again (refetching) when it failed, else `children(data)`.
 */
export function QueryCard<T>({
  title,
  description,
  query,
  loadingLabel,
  skeleton,
  children,
}: {
  title: string;
  description: string;
  query: UseQueryResult<T, Error>;
  loadingLabel: string;
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      {query.isPending ? (
        <LoadingRegion label={loadingLabel} className="grid gap-4 px-5 py-5 sm:px-6">
          {skeleton}
        </LoadingRegion>
      ) : query.isError ? (
        <LoadFailed
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          size="sm"
          className="px-5 py-5 sm:px-6"
        />
      ) : (
        children(query.data)
      )}
    </Card>
  );
}
