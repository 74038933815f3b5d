import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_ERRORS } from '@flockr/contract';
import { SiteLayout } from '../../../app/site-layout';
import { makeUser } from '../../../test/fixtures';
import { json, mockApi, type MockHandler } from '../../../test/mock-api';
import { renderRoute, signIn } from '../../../test/render';
import { verifyBannerText } from '../api/texts';

/** Renders the site layout (header, banner, main) with `routes` answered. */
function renderLayout(routes: Record<string, MockHandler> = {}) {
  const api = mockApi(routes);
  renderRoute(<SiteLayout />);
  return api;
}

const banner = () => screen.queryByRole('region', { name: 'E-mail confirmation' });

describe('e-mail verification banner', () => {
  it('is not shown signed out', () => {
    renderLayout();
    expect(banner()).not.toBeInTheDocument();
  });

  it('is not shown to a user whose address is confirmed', () => {
    const user = makeUser({ email_verified: true });
    signIn(user);
    renderLayout({ 'GET /auth/me': { user } });
    expect(banner()).not.toBeInTheDocument();
  });

  it('asks an unverified user to confirm, and Resend email calls the API and toasts', async () => {
    const user = makeUser({ email_verified: false });
    signIn(user);
    const message = 'We sent a new confirmation link to alice@example.com.';
    let release: () => void = () => {};
    const { callsTo } = renderLayout({
      'GET /auth/me': { user },
      'POST /auth/resend-verification': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json({ message }));
        }),
    });
    expect(banner()).toHaveTextContent(verifyBannerText('alice@example.com'));
    const button = screen.getByRole('button', { name: 'Resend email' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    release();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(button).toBeEnabled();
    expect(callsTo('POST /auth/resend-verification')).toHaveLength(1);
    expect(callsTo('POST /auth/resend-verification')[0]!.headers.get('Authorization')).toBe(
      'Bearer test-token',
    );
  });

  it('shows the server error text, e.g. too many requests', async () => {
    const user = makeUser({ email_verified: false });
    signIn(user);
    renderLayout({
      'GET /auth/me': { user },
      'POST /auth/resend-verification': json({ error: API_ERRORS.tooManyRequests }, 429),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText(API_ERRORS.tooManyRequests)).toBeInTheDocument();
  });

  it('disappears once the server says the address is already confirmed', async () => {
    const user = makeUser({ email_verified: false });
    signIn(user);
    let verified = false;
    renderLayout({
      'GET /auth/me': () => json({ user: { ...user, email_verified: verified } }),
      'POST /auth/resend-verification': () => {
        verified = true;
        return json({ error: API_ERRORS.alreadyVerified }, 409);
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText(API_ERRORS.alreadyVerified)).toBeInTheDocument();
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
  });
});
