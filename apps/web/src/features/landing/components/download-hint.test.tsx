import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { API } from '@flockr/contract';
import LandingRoute from '../../../app/routes/landing';
import { mockEndpoint } from '../../../test/api';
import { makeUser } from '../../../test/fixtures';
import { renderRoute, signIn } from '../../../test/render';
import { HINT_NO_PLAN, HINT_SIGNED_OUT } from './download-hint';

const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString();

function signedInAs(user: ReturnType<typeof makeUser>) {
  signIn(user);
  mockEndpoint(API.auth.me, { user });
}

describe('landing hint: a plan unlocks the download', () => {
  it('tells a visitor that an account and a plan unlock it', () => {
    renderRoute(<LandingRoute />);
    expect(screen.getByText(HINT_SIGNED_OUT)).toBeInTheDocument();
  });

  it('offers View Plans to a signed-in user without a plan', () => {
    signedInAs(makeUser());
    renderRoute(<LandingRoute />);
    expect(screen.getByText(HINT_NO_PLAN)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/plans');
  });

  it('says nothing to a subscriber', () => {
    signedInAs(
      makeUser({
        subscription: { plan_name: 'PRO', status: 'ACTIVE', expires_at: inAYear },
      }),
    );
    renderRoute(<LandingRoute />);
    expect(screen.queryByText(HINT_NO_PLAN)).not.toBeInTheDocument();
    expect(screen.queryByText(HINT_SIGNED_OUT)).not.toBeInTheDocument();
  });
});
