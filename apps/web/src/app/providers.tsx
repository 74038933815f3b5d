/**
 * App-wide providers, rendered by the root route (inside the router, because the auth state
 * navigates on logout): query client, auth state, download state, toasts, scroll restoration.
 */
import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from '../components/ui/toaster';
import { DownloadProvider } from '../features/downloads/components/download-provider';
import { AuthProvider } from '../lib/auth';
import { queryClient as appQueryClient } from '../lib/query-client';

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
      <AuthProvider>
        <DownloadProvider>
          {children}
          <Toaster />
        </DownloadProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}

/** The root route's element: providers around the matched route. */
export function RootRoute() {
  return (
    <AppProviders>
      <Outlet />
      <ScrollRestoration />
    </AppProviders>
  );
}
