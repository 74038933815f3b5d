import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import { API_ERRORS, STORAGE_KEYS } from '@flockr/contract';
import ConfirmEmailRoute from '../../../app/routes/confirm-email';
import VerifyEmailRoute from '../../../app/routes/verify-email';
import { makeUser } from '../../../test/fixtures';
import { json, mockApi } from '../../../test/mock-api';
import { renderRoute, signIn } from '../../../test/render';
import { EMAIL_LINK_TOKEN_MISSING_TEXT } from '../api/texts';

const pages = [
  {
    name: '/verify-email',
    path: '/verify-email',
    call: 'POST /auth/verify-email',
    Page: VerifyEmailRoute,
    title: 'Verify e-mail · Flockr',
    retry: 'Resend from your profile',
    success: 'Your e-mail address is confirmed.',
  },
  {
    name: '/confirm-email',
    path: '/confirm-email',
    call: 'POST /auth/confirm-email',
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

describe.each(pages)('$name', ({ path, call, Page, title, retry, success }) => {
  const renderPage = (url: string) => renderRoute(<Page />, { path, url });

  it('posts the token exactly once and shows the message with a Log in link', async () => {
    const { callsTo } = mockApi({ [call]: { message: success } });
    renderPage(`${path}?token=tok-123`);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText(success)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(callsTo(call)).toHaveLength(1);
    expect(callsTo(call)[0]!.body).toEqual({ token: 'tok-123' });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('signed in, refreshes the stored user and offers Go to Profile', async () => {
    const user = makeUser({ email_verified: false });
    signIn(user);
    const fresh = { ...user, email: 'new@example.com', email_verified: true };
    let confirmed = false;
    const { callsTo } = mockApi({
      [call]: () => {
        confirmed = true;
        return json({ message: success });
      },
      'GET /auth/me': () => json({ user: confirmed ? fresh : user }),
    });
    renderPage(`${path}?token=tok-123`);
    expect(await screen.findByText(success)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Profile' })).toHaveAttribute('href', '/profile');
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(fresh),
    );
    expect(callsTo(call)).toHaveLength(1);
  });

  it('shows the server error text and a way to ask for a new link', async () => {
    const { callsTo } = mockApi({ [call]: json({ error: API_ERRORS.verifyLinkExpired }, 400) });
    renderPage(`${path}?token=old`);
    expect(await screen.findByRole('alert')).toHaveTextContent(API_ERRORS.verifyLinkExpired);
    expect(screen.getByRole('link', { name: retry })).toBeInTheDocument();
    expect(callsTo(call)).toHaveLength(1);
  });

  it('without a token explains the link is incomplete and calls nothing', async () => {
    const { callsTo } = mockApi({ [call]: { message: success } });
    renderPage(path);
    expect(screen.getByRole('alert')).toHaveTextContent(EMAIL_LINK_TOKEN_MISSING_TEXT);
    expect(screen.getByRole('link', { name: retry })).toBeInTheDocument();
    // Give any stray effect a chance to run before checking.
    await waitFor(() => expect(document.title).toBe(title));
    expect(callsTo(call)).toHaveLength(0);
  });
});

describe('/confirm-email', () => {
  it('shows a 409 (address taken meanwhile) as the server text', async () => {
    mockApi({ 'POST /auth/confirm-email': json({ error: API_ERRORS.emailTaken }, 409) });
    renderRoute(<ConfirmEmailRoute />, { path: '/confirm-email', url: '/confirm-email?token=t' });
    expect(await screen.findByRole('alert')).toHaveTextContent(API_ERRORS.emailTaken);
  });
});
