/**
 * Rendering the admin page in tests as the app does: `/admin` inside its guard (`AdminOnly`,
 * app/guards.tsx), the signed-in user confirmed by `GET /auth/me`; and the answers the API's
 * surroundings give that the route table cannot declare.
 */
import { Route, Routes } from 'react-router';
import { HttpResponse } from 'msw';
import {
  API,
  API_ERROR_CODES,
  API_ERRORS,
  type AdminReleaseDetail,
  type ApiErrorKey,
  type ApiToken,
  type Endpoint,
  type User,
} from '@flockr/contract';
import AdminRoute from '../../../app/routes/admin';
import { AdminOnly } from '../../../app/guards';
import { callsTo, mockEndpoint } from '../../../test/api';
import { renderRoute, signIn } from '../../../test/render';
import { makeAdmin } from './fixtures';

/** The admin route under its guard, as the app's route table nests it. */
function GuardedAdmin() {
  return (
    <Routes>
      <Route element={<AdminOnly />}>
        <Route index element={<AdminRoute />} />
      </Route>
    </Routes>
  );
}

/**
 * Renders `/admin` at `url` (e.g. '/admin?tab=users') for `me` (an ADMIN by default; null:
 * signed out). Returns the router and query client of `renderRoute`.
 */
export function renderAdmin(url = '/admin', me: User | null = makeAdmin()) {
  if (me) {
    signIn(me);
    mockEndpoint(API.auth.me, { user: me });
  }
  return renderRoute(<GuardedAdmin />, { path: '/admin/*', url });
}

/**
 * Renders the Downloads tab at `url` with `releases` (`GET /admin/releases`, no minimum
 * supported version) and the API tokens `tokens`.
 */
export function renderDownloadsTab(
  releases: AdminReleaseDetail[],
  { url = '/admin?tab=downloads', tokens = [] }: { url?: string; tokens?: ApiToken[] } = {},
) {
  mockEndpoint(API.admin.releaseDetails, { releases, minimum_version: null });
  mockEndpoint(API.admin.apiTokens, { tokens });
  return renderAdmin(url);
}

/** The error answer the API gives for `key` (docs/errors.md): its text and its code. */
export function apiError(key: ApiErrorKey): { error: string; code: string } {
  return { error: API_ERRORS[key], code: API_ERROR_CODES[key] };
}

/**
 * What the proxy in front of the API answers while the API is unreachable: 502 with a page of
 * its own, no JSON error. The screens then show the operation's default text (requirements §8).
 */
export function gatewayError(): Response {
  return new HttpResponse('<html><body>Bad Gateway</body></html>', {
    status: 502,
    headers: { 'Content-Type': 'text/html' },
  });
}

/** The query parameters of the last call to `endpoint`. */
export function lastQuery(endpoint: Endpoint): Record<string, string> {
  const call = callsTo(endpoint).at(-1);
  if (!call) throw new Error(`${endpoint.method} ${endpoint.path} was not called`);
  return Object.fromEntries(call.url.searchParams);
}
