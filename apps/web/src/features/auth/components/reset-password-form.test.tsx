import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, API_ERROR_CODES, API_ERRORS, STORAGE_KEYS, type ApiErrorKey } from '@flockr/contract';
import ResetPasswordRoute from '../../../app/routes/reset-password';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeUser } from '../../../test/fixtures';
import { currentUrl, renderRoute, signIn } from '../../../test/render';

const NEW_PASSWORD = 'N3w-Passw0rd!';

function renderReset(url = '/reset-password?token=tok-1') {
  return renderRoute(<ResetPasswordRoute />, { path: '/reset-password', url });
}

/** The error answer the server gives for `key`. */
const failure = (key: ApiErrorKey) => ({ error: API_ERRORS[key], code: API_ERROR_CODES[key] });

async function submit(password = NEW_PASSWORD) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('reset password', () => {
  it.each(['resetLinkExpired', 'resetLinkUsed', 'resetLinkInvalid'] as const)(
    'shows a dead link (%s) in the red box with a link to ask for a new one',
    async (key) => {
      mockEndpoint(API.auth.resetPassword, reply(400, failure(key)));
      renderReset();
      await submit();
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(API_ERRORS[key]);
      expect(within(alert).getByRole('link', { name: 'Request a new reset link' })).toBeVisible();
      // Focus moves to the answer (the submit button it was on was disabled while sending).
      expect(alert.parentElement).toHaveFocus();
    },
  );

  it('sends the token and password; the new-link offer leads to /forgot-password', async () => {
    mockEndpoint(API.auth.resetPassword, reply(400, failure('resetLinkExpired')));
    const { router } = renderReset();
    await submit();
    const alert = await screen.findByRole('alert');
    const link = within(alert).getByRole('link', { name: 'Request a new reset link' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    expect(callsTo(API.auth.resetPassword)[0]!.body).toEqual({
      token: 'tok-1',
      password: NEW_PASSWORD,
    });
    await userEvent.click(link);
    await waitFor(() => expect(currentUrl(router)).toBe('/forgot-password'));
  });

  it('shows a too-common password without the new-link offer', async () => {
    mockEndpoint(API.auth.resetPassword, reply(400, failure('passwordTooCommon')));
    renderReset();
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(API_ERRORS.passwordTooCommon);
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the server message and a Sign in link, and ends a stored session', async () => {
    const user = makeUser();
    signIn(user);
    const message = 'Your password was changed. Please sign in with your new password.';
    mockEndpoint(API.auth.me, { user });
    mockEndpoint(API.auth.resetPassword, { message });
    mockEndpoint(API.auth.logout, reply(204, undefined));
    renderReset();
    await submit();
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(message);
    expect(status.parentElement).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    // The server already ended the session: no logout call.
    expect(callsTo(API.auth.logout)).toHaveLength(0);
  });
});
