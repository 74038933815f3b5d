/**
 * App-wide providers, rendered by the root route (inside the router, because signing out
 * navigates): query client, the session's sync with storage and 401s, download state, toasts,
 * scroll restoration.
 */
import { useContext, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from '../components/ui/toaster';
import { DownloadProvider } from '../features/downloads/components/download-provider';
import { SessionSync } from '../lib/session';
import { AppQueryClient, queryClient as appQueryClient } from '../lib/query-client';
import { ScrollRestoration } from '../lib/scroll-restoration';

/** Wraps `children` in every provider; tests pass their own `queryClient`. */
export function AppProviders({
  children,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionSync />
      <DownloadProvider>
        {children}
        <Toaster />
      </DownloadProvider>
    </QueryClientProvider>
  );
}

/** The root route's element: providers around the matched route. */
export function RootRoute() {
  return (
    <AppProviders queryClient={useContext(AppQueryClient)}>
      <Outlet />
      <ScrollRestoration />
    </AppProviders>
  );
}
