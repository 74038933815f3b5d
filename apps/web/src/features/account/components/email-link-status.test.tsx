import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, API_ERROR_CODES, API_ERRORS, STORAGE_KEYS, type ApiErrorKey } from '@flockr/contract';
import ConfirmEmailRoute from '../../../app/routes/confirm-email';
import VerifyEmailRoute from '../../../app/routes/verify-email';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeUser } from '../../../test/fixtures';
import { renderRoute, signIn } from '../../../test/render';
import { EMAIL_LINK_TOKEN_MISSING_TEXT } from '../api/texts';

/** The error answer the server gives for `key`. */
const failure = (key: ApiErrorKey) => ({ error: API_ERRORS[key], code: API_ERROR_CODES[key] });

const pages = [
  {
    name: '/verify-email',
    path: '/verify-email',
    endpoint: API.auth.verifyEmail,
    Page: VerifyEmailRoute,
    title: 'Verify e-mail · Flockr',
    retry: 'Resend from your profile',
    success: 'Your e-mail address is confirmed.',
  },
  {
    name: '/confirm-email',
    path: '/confirm-email',
    endpoint: API.auth.confirmEmail,
    Page: ConfirmEmailRoute,
    title: 'Confirm e-mail · Flockr',
    retry: 'Update Email again from your profile',
    success: 'Your e-mail address is now new@example.com.',
  },
];

// Render the whole tree in StrictMode, as main.tsx does: React then runs every effect twice on
// mount, and the single-use token must still be posted once. (A <StrictMode> placed inside the
// tree does not double effects on the first mount, so it would not test this.)
beforeAll(() => configure({ reactStrictMode: true }));
afterAll(() => configure({ reactStrictMode: false }));

describe.each(pages)('$name', ({ path, endpoint, Page, title, retry, success }) => {
  const renderPage = (url: string) => renderRoute(<Page />, { path, url });

  it('posts the token exactly once and shows the message with a Sign in link', async () => {
    mockEndpoint(endpoint, { message: success });
    renderPage(`${path}?token=tok-123`);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText(success)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(callsTo(endpoint)).toHaveLength(1);
    expect(callsTo(endpoint)[0]!.body).toEqual({ token: 'tok-123' });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('signed in, refreshes the stored user and offers Go to Profile', async () => {
    const user = makeUser({ email_verified: false });
    signIn(user);
    const fresh = { ...user, email: 'new@example.com', email_verified: true };
    let confirmed = false;
    mockEndpoint(endpoint, () => {
      confirmed = true;
      return { message: success };
    });
    mockEndpoint(API.auth.me, () => ({ user: confirmed ? fresh : user }));
    renderPage(`${path}?token=tok-123`);
    expect(await screen.findByText(success)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Profile' })).toHaveAttribute('href', '/profile');
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(fresh),
    );
    expect(callsTo(endpoint)).toHaveLength(1);
  });

  it('shows an expired link as the server text with a way to ask for a new link', async () => {
    mockEndpoint(endpoint, reply(400, failure('verifyLinkExpired')));
    renderPage(`${path}?token=old`);
    expect(await screen.findByRole('alert')).toHaveTextContent(API_ERRORS.verifyLinkExpired);
    const link = screen.getByRole('link', { name: retry });
    // Signed out, asking for a new link goes through /login.
    expect(link).toHaveAttribute('href', '/login?redirect=/profile');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(callsTo(endpoint)).toHaveLength(1);
  });

  it('signed in, a used link reloads the user (it was most likely opened already)', async () => {
    const user = makeUser({ email_verified: false });
    signIn(user);
    let meCalls = 0;
    mockEndpoint(endpoint, reply(400, failure('verifyLinkUsed')));
    mockEndpoint(API.auth.me, () => {
      meCalls += 1;
      return { user: meCalls > 1 ? { ...user, email_verified: true } : user };
    });
    renderPage(`${path}?token=used`);
    expect(await screen.findByRole('alert')).toHaveTextContent(API_ERRORS.verifyLinkUsed);
    expect(screen.getByRole('link', { name: retry })).toHaveAttribute('href', '/profile');
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!).email_verified).toBe(true),
    );
  });

  it('after too many requests offers Try again, which posts the token once more', async () => {
    let attempts = 0;
    mockEndpoint(endpoint, () => {
      attempts += 1;
      return attempts === 1
        ? reply(429, failure('tooManyRequests'))
        : reply(200, { message: success });
    });
    renderPage(`${path}?token=tok-9`);
    expect(await screen.findByRole('alert')).toHaveTextContent(API_ERRORS.tooManyRequests);
    expect(screen.queryByRole('link', { name: retry })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(success)).toBeInTheDocument();
    expect(callsTo(endpoint).map((c) => c.body)).toEqual([{ token: 'tok-9' }, { token: 'tok-9' }]);
  });

  it('without a token explains the link is incomplete and calls nothing', async () => {
    mockEndpoint(endpoint, { message: success });
    renderPage(path);
    expect(screen.getByRole('alert')).toHaveTextContent(EMAIL_LINK_TOKEN_MISSING_TEXT);
    expect(screen.getByRole('link', { name: retry })).toBeInTheDocument();
    // Give any stray effect a chance to run before checking.
    await waitFor(() => expect(document.title).toBe(title));
    expect(callsTo(endpoint)).toHaveLength(0);
  });
});

describe('/confirm-email', () => {
  it('shows a 409 (address taken meanwhile) as the server text, with Update Email again', async () => {
    mockEndpoint(API.auth.confirmEmail, reply(409, failure('emailTaken')));
    renderRoute(<ConfirmEmailRoute />, { path: '/confirm-email', url: '/confirm-email?token=t' });
    expect(await screen.findByRole('alert')).toHaveTextContent(API_ERRORS.emailTaken);
    expect(
      screen.getByRole('link', { name: 'Update Email again from your profile' }),
    ).toBeInTheDocument();
  });
});
