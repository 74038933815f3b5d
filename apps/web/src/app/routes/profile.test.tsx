import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { API, CLIENT_ERRORS } from '@flockr/contract';
import { makeMyUpdates } from '../../features/profile/test/updates-fixtures';
import { mockEndpoint } from '../../test/api';
import { makeUser } from '../../test/fixtures';
import { phoneViewport, stubMatchMedia } from '../../test/media';
import { renderRoute, signIn } from '../../test/render';
import { SignedInOnly } from '../guards';
import ProfileRoute from './profile';

/** The card headings of /profile, in reading order. */
function headings(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
}

function renderProfile() {
  const user = makeUser();
  signIn(user);
  mockEndpoint(API.auth.me, { user });
  mockEndpoint(API.subscriptions.mine, { subscription: null, subscriptions: [] });
  mockEndpoint(API.updates.me, makeMyUpdates());
  mockEndpoint(API.licenses.me, { license: null });
  renderRoute(<ProfileRoute />, {
    path: '/profile',
    layout: <SignedInOnly denied={CLIENT_ERRORS.accessDenied.profile} />,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('/profile card order', () => {
  it('puts the current subscription first and the danger zone last on a phone', async () => {
    stubMatchMedia(phoneViewport);
    renderProfile();
    await screen.findByRole('heading', { name: 'Profile', level: 1 });
    const order = headings();
    expect(order[0]).toMatch(/Subscription/);
    expect(order.slice(1, 3)).toEqual(['License', 'Updates']);
    expect(order.at(-1)).toMatch(/Danger/);
  });
});
