/** Renders a screen inside the app's providers and a memory router, as the app does. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, type User } from '@flockr/contract';
import { AppProviders } from '../app/providers';

/** A query client without retries (tests want the first answer). */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Stores a session as the app would after login. */
export function signIn(user: User, token = 'test-token'): void {
  window.localStorage.setItem(STORAGE_KEYS.token, token);
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/**
 * Renders `ui` at `path` (a route pattern) starting from `url`, inside `layout` when given (a
 * guard of app/guards.tsx). Other paths render a marker with the location so navigation can be
 * asserted. Returns the router and query client.
 */
export function renderRoute(
  ui: ReactElement,
  {
    path = '/',
    url = path,
    extraRoutes = [],
    layout,
  }: {
    path?: string;
    url?: string;
    extraRoutes?: Array<{ path: string; element: ReactElement }>;
    /** A layout route around the page, e.g. a guard: `<SignedInOnly denied="…" />`. */
    layout?: ReactElement;
  } = {},
) {
  const queryClient = testQueryClient();
  const router = createMemoryRouter(
    [
      {
        element: (
          <AppProviders queryClient={queryClient}>
            <Outlet />
          </AppProviders>
        ),
        children: [
          layout ? { element: layout, children: [{ path, element: ui }] } : { path, element: ui },
          ...extraRoutes,
          { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  const result = render(<RouterProvider router={router} />);
  return { ...result, router, queryClient };
}

/** Current path + search of `router`. */
export function currentUrl(router: { state: { location: { pathname: string; search: string } } }) {
  return router.state.location.pathname + router.state.location.search;
}
