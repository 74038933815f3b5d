/**
 * The three states of anything the admin panel loads: a spinner while it loads, the error in the
 * red box with Try Again when it failed (spec section 8: the server's text, else the default),
 * and the data once it came.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';

/** The failed load: `message` in a role="alert" box and a Try Again button calling `onRetry`. */
function ErrorState({
  message,
  onRetry,
  retrying = false,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div className="flex flex-col items-center gap-4 px-5 py-10 text-center sm:px-6">
      <Alert variant="error" className="w-full max-w-lg text-left">
        {message}
      </Alert>
      <Button variant="outline" onClick={onRetry} loading={retrying}>
        Try Again
      </Button>
    </div>
  );
}

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
    <ErrorState
      message={query.error.message}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
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
