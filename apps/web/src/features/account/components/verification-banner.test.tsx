import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, API_ERROR_CODES, API_ERRORS, type User } from '@flockr/contract';
import { SiteLayout } from '../../../app/site-layout';
import { callsTo, mockEndpoint, reply, type Reply } from '../../../test/api';
import { makeUser } from '../../../test/fixtures';
import { renderRoute, signIn } from '../../../test/render';
import { verifyBannerText } from '../api/texts';

type Resend = typeof API.auth.resendVerification;

/** Signs `user` in (answering /auth/me with it) and renders the site layout. */
function renderSignedIn(user: User) {
  signIn(user);
  mockEndpoint(API.auth.me, { user });
  renderRoute(<SiteLayout />);
}

const banner = () => screen.queryByRole('region', { name: 'E-mail confirmation' });

describe('e-mail verification banner', () => {
  it('is not shown signed out', () => {
    renderRoute(<SiteLayout />);
    expect(banner()).not.toBeInTheDocument();
  });

  it('is not shown to a user whose address is confirmed', () => {
    renderSignedIn(makeUser({ email_verified: true }));
    expect(banner()).not.toBeInTheDocument();
  });

  it('asks an unverified user to confirm, and Resend email calls the API and toasts', async () => {
    const message = 'We sent a new confirmation link to alice@example.com.';
    let release: () => void = () => {};
    mockEndpoint(
      API.auth.resendVerification,
      () =>
        new Promise<Reply<Resend>>((resolve) => {
          release = () => resolve(reply<Resend, 200>(200, { message }));
        }),
    );
    renderSignedIn(makeUser({ email_verified: false }));
    expect(await screen.findByRole('region', { name: 'E-mail confirmation' })).toHaveTextContent(
      verifyBannerText('alice@example.com'),
    );
    const button = await screen.findByRole('button', { name: 'Resend email' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    release();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(button).toBeEnabled();
    expect(callsTo(API.auth.resendVerification)).toHaveLength(1);
    expect(callsTo(API.auth.resendVerification)[0]!.headers.get('Authorization')).toBe(
      'Bearer test-token',
    );
  });

  it('shows the server error text, e.g. too many requests', async () => {
    mockEndpoint(
      API.auth.resendVerification,
      reply(429, { error: API_ERRORS.tooManyRequests, code: API_ERROR_CODES.tooManyRequests }),
    );
    renderSignedIn(makeUser({ email_verified: false }));
    await userEvent.click(await screen.findByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText(API_ERRORS.tooManyRequests)).toBeInTheDocument();
    expect(banner()).toBeInTheDocument();
  });

  it('disappears once the server says the address is already confirmed', async () => {
    const user = makeUser({ email_verified: false });
    signIn(user);
    let verified = false;
    mockEndpoint(API.auth.me, () => ({ user: { ...user, email_verified: verified } }));
    mockEndpoint(API.auth.resendVerification, () => {
      verified = true;
      return reply(409, {
        error: API_ERRORS.alreadyVerified,
        code: API_ERROR_CODES.alreadyVerified,
      });
    });
    renderRoute(<SiteLayout />);
    await userEvent.click(await screen.findByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText(API_ERRORS.alreadyVerified)).toBeInTheDocument();
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
  });
});
