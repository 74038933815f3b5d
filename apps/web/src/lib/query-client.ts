/** The TanStack Query client and its defaults. */
import { createContext } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** True for errors a retry cannot fix: any 4xx answer. */
function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status !== undefined && error.status < 500;
}

/** Creates a query client: one retry for server/network errors, none for 4xx, 30 s freshness. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 1,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's single query client. */
export const queryClient = createQueryClient();

/**
 * The client the app's root renders with: the browser's single client, or while the server renders
 * a page, that page's own (entry-server.tsx), so no data is shared between two visitors' pages.
 */
export const AppQueryClient = createContext<QueryClient>(queryClient);
