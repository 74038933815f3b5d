/**
 * The three states of anything the admin panel loads: a spinner while it loads, the error in the
 * red box with Try Again when it failed (requirements §8: the server's text, else the default),
 * and the data once it came.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card } from '../../../components/ui/card';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';

/**
 * Renders `children(data)` once `query` has data; before that a spinner announced as
 * `loadingLabel`, or the error with Try Again (refetching the query). `card` puts those two
 * states in a card of their own (where the data brings its own cards).
 */
export function QueryView<T>({
  query,
  loadingLabel,
  card = false,
  children,
}: {
  query: UseQueryResult<T, Error>;
  loadingLabel: string;
  card?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isSuccess) return children(query.data);
  const state = query.isError ? (
    <LoadFailed
      message={query.error.message}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      className="justify-items-center gap-4 px-5 py-10 sm:px-6"
    />
  ) : (
    <LoadingRegion label={loadingLabel} className="grid gap-3 p-5 sm:p-6">
      <Skeleton className="h-5 w-1/3" />
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} className="h-9" />
      ))}
    </LoadingRegion>
  );
  return card ? <Card>{state}</Card> : state;
}
