/** Renders /profile behind its guard, as the app's router does (app/router.tsx). */
import { Route, Routes } from 'react-router';
import {
  API,
  CLIENT_ERRORS,
  type MyLicenseResponse,
  type MySubscriptionsResponse,
  type MyUpdatesResponse,
  type User,
} from '@flockr/contract';
import { SignedInOnly } from '../../../app/guards';
import ProfileRoute from '../../../app/routes/profile';
import { mockEndpoint } from '../../../test/api';
import { makeUser } from '../../../test/fixtures';
import { renderRoute, signIn } from '../../../test/render';
import { makeMyUpdates } from './updates-fixtures';

/** No subscription, now or before. */
export const noSubscriptions: MySubscriptionsResponse = { subscription: null, subscriptions: [] };

/**
 * Signs `user` in (alice by default), answers the calls the page makes on load (`/auth/me` with
 * `user`, my-subscriptions with `subscriptions`, `/updates/me` with `updates`, `/licenses/me`
 * with `license`: none by default) and renders /profile inside `SignedInOnly`.
 * Mock other endpoints before or after; later answers win. Returns what `renderRoute` returns.
 */
export function renderProfile({
  user = makeUser(),
  subscriptions = noSubscriptions,
  updates = makeMyUpdates(),
  license = { license: null },
}: {
  user?: User;
  subscriptions?: MySubscriptionsResponse;
  updates?: MyUpdatesResponse;
  license?: MyLicenseResponse;
} = {}) {
  signIn(user);
  mockEndpoint(API.auth.me, { user });
  mockEndpoint(API.subscriptions.mine, subscriptions);
  mockEndpoint(API.updates.me, updates);
  mockEndpoint(API.licenses.me, license);
  return renderRoute(
    <Routes>
      <Route element={<SignedInOnly denied={CLIENT_ERRORS.accessDenied.profile} />}>
        <Route index element={<ProfileRoute />} />
      </Route>
    </Routes>,
    { path: '/profile/*', url: '/profile' },
  );
}
