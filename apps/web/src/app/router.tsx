/**
 * Route table (requirements §2). Pages load lazily so the first page stays small; signed-in and
 * admin pages sit under the guards of guards.tsx; the admin panel has its own shell
 * (admin-layout.tsx); the sandbox checkout renders without the site header and footer.
 *
 * The app uses React Router's declarative mode (`<BrowserRouter>` with {@link AppRoutes}), not its
 * data router: no page has a loader or an action (TanStack Query owns the data), and the data
 * router's code is 16 KB brotli a public page would load for nothing
 * (docs/web-performance.md, "What a public page loads").
 */
import { Suspense, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { CLIENT_ERRORS } from '@flockr/contract';
import { preloadable } from '../lib/lazy-now';
import { AdminShellOrSite } from './admin-layout';
import { AdminOnly, SignedInOnly } from './guards';
import { RootRoute } from './providers';
import { PageLoading, RouteError } from './route-error';
import { SiteLayout } from './site-layout';

type RouteModule = { default: ComponentType };

/** What a page route carries in its `handle`: how to load its code ahead of the first render. */
interface PageHandle {
  preload: () => Promise<void>;
}

/**
 * A lazy page route whose module default-exports the page component (lib/lazy-now.ts
 * `preloadable`). Until the code is in, the page suspends (the nearest `<Suspense>` shows its
 * fallback on a first render; a navigation, a transition, keeps the previous page on screen).
 * Once {@link PageHandle.preload} has resolved, the page's first render has its code at once, so
 * hydration finds the server's markup on its first pass.
 */
export const lazyPage = (
  load: () => Promise<RouteModule>,
): Pick<RouteObject, 'element' | 'handle'> => {
  const { Component, preload } = preloadable(async () => (await load()).default);
  return { element: <Component />, handle: { preload } satisfies PageHandle };
};

/** Every route of the app, exported for the server's renderer (entry-server.tsx). */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          { index: true, ...lazyPage(() => import('./routes/landing')) },
          { path: 'login', ...lazyPage(() => import('./routes/login')) },
          { path: 'register', ...lazyPage(() => import('./routes/register')) },
          { path: 'forgot-password', ...lazyPage(() => import('./routes/forgot-password')) },
          { path: 'reset-password', ...lazyPage(() => import('./routes/reset-password')) },
          { path: 'verify-email', ...lazyPage(() => import('./routes/verify-email')) },
          { path: 'confirm-email', ...lazyPage(() => import('./routes/confirm-email')) },
          { path: 'plans', ...lazyPage(() => import('./routes/plans')) },
          {
            element: <SignedInOnly denied={CLIENT_ERRORS.accessDenied.orders} />,
            children: [{ path: 'orders', ...lazyPage(() => import('./routes/orders')) }],
          },
          {
            element: <SignedInOnly denied={CLIENT_ERRORS.accessDenied.orders} />,
            children: [
              { path: 'thank-you/:orderRef', ...lazyPage(() => import('./routes/thank-you')) },
            ],
          },
          {
            element: <SignedInOnly denied={CLIENT_ERRORS.accessDenied.profile} />,
            children: [{ path: 'profile', ...lazyPage(() => import('./routes/profile')) }],
          },
          {
            element: <SignedInOnly denied={CLIENT_ERRORS.accessDenied.downloads} />,
            children: [{ path: 'downloads', ...lazyPage(() => import('./routes/downloads')) }],
          },
          { path: 'changelog', ...lazyPage(() => import('./routes/changelog')) },
          { path: 'support', ...lazyPage(() => import('./routes/support')) },
          { path: 'privacy', ...lazyPage(() => import('./routes/privacy')) },
          { path: 'terms', ...lazyPage(() => import('./routes/terms')) },
          { path: '*', ...lazyPage(() => import('./routes/not-found')) },
        ],
      },
      {
        // The admin's own shell (admin-layout.tsx); others get the site with Access Denied.
        element: <AdminShellOrSite />,
        children: [
          {
            element: <AdminOnly />,
            children: [{ path: 'admin', ...lazyPage(() => import('./routes/admin')) }],
          },
        ],
      },
      {
        path: 'sandbox/checkout/:sessionId',
        ...lazyPage(() => import('./routes/sandbox-checkout')),
      },
    ],
  },
];

/**
 * The matched route of the current location, inside the app's error boundary (a page that throws
 * while rendering, or whose code fails to load, shows {@link RouteError}; leaving the page clears
 * it) and a Suspense boundary whose fallback shows while the first page's code loads. Rendered
 * inside a router: `<BrowserRouter>` in the browser, `<StaticRouter>` on the server.
 */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  return (
    <ErrorBoundary FallbackComponent={RouteError} resetKeys={[location.pathname]}>
      <Suspense fallback={<PageLoading />}>{element}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * Loads the code of the pages matched at `location` (the browser's, on a page the server
 * rendered), so the first render shows the page the HTML holds instead of the loading fallback,
 * and hydration finds the same markup.
 */
export async function preloadMatchedPages(location: Pick<Location, 'pathname'>): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(({ route }) => (route.handle as PageHandle | undefined)?.preload()),
  );
}
