/**
 * Route table (spec section 2). Pages load lazily so the first page stays small; signed-in and
 * admin pages sit under the guards of guards.tsx; the admin panel has its own shell
 * (admin-layout.tsx); the sandbox checkout renders without the site header and footer.
 */
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { CLIENT_ERRORS } from '@flockr/contract';
import { AdminShellOrSite } from './admin-layout';
import { AdminOnly, SignedInOnly } from './guards';
import { RootRoute } from './providers';
import { PageLoading, RouteError } from './route-error';
import { SiteLayout } from './site-layout';

type RouteModule = { default: React.ComponentType };

/** Lazy route whose module default-exports the page component. */
const page = (load: () => Promise<RouteModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** Every route of the app, exported for tests that build a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          { index: true, ...page(() => import('./routes/landing')) },
          { path: 'login', ...page(() => import('./routes/login')) },
          { path: 'register', ...page(() => import('./routes/register')) },
          { path: 'forgot-password', ...page(() => import('./routes/forgot-password')) },
          { path: 'reset-password', ...page(() => import('./routes/reset-password')) },
          { path: 'verify-email', ...page(() => import('./routes/verify-email')) },
          { path: 'confirm-email', ...page(() => import('./routes/confirm-email')) },
          { path: 'plans', ...page(() => import('./routes/plans')) },
          {
            element: <SignedInOnly denied={CLIENT_ERRORS.accessDenied.orders} />,
            children: [{ path: 'orders', ...page(() => import('./routes/orders')) }],
          },
          {
            element: <SignedInOnly denied={CLIENT_ERRORS.accessDenied.orders} />,
            children: [
              { path: 'thank-you/:orderRef', ...page(() => import('./routes/thank-you')) },
            ],
          },
          {
            element: <SignedInOnly denied={CLIENT_ERRORS.accessDenied.profile} />,
            children: [{ path: 'profile', ...page(() => import('./routes/profile')) }],
          },
          {
            element: <SignedInOnly denied={CLIENT_ERRORS.accessDenied.downloads} />,
            children: [{ path: 'downloads', ...page(() => import('./routes/downloads')) }],
          },
          { path: 'changelog', ...page(() => import('./routes/changelog')) },
          { path: 'support', ...page(() => import('./routes/support')) },
          { path: 'privacy', ...page(() => import('./routes/privacy')) },
          { path: 'terms', ...page(() => import('./routes/terms')) },
          { path: '*', ...page(() => import('./routes/not-found')) },
        ],
      },
      {
        // The admin's own shell (admin-layout.tsx); others get the site with Access Denied.
        element: <AdminShellOrSite />,
        children: [
          {
            element: <AdminOnly />,
            children: [{ path: 'admin', ...page(() => import('./routes/admin')) }],
          },
        ],
      },
      {
        path: 'sandbox/checkout/:sessionId',
        ...page(() => import('./routes/sandbox-checkout')),
      },
    ],
  },
];

/**
 * The browser router of the app. On a page the server rendered, the matched routes' code is
 * loaded first, so the first render shows the page the HTML holds instead of the loading
 * fallback, and hydration finds the same markup.
 */
export async function createAppRouter(hydrating: boolean) {
  if (hydrating) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, await route.lazy(), { lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes);
}
