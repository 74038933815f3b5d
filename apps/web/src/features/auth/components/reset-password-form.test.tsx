import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_ERRORS, STORAGE_KEYS } from '@flockr/contract';
import ResetPasswordRoute from '../../../app/routes/reset-password';
import { makeUser } from '../../../test/fixtures';
import { json, mockApi } from '../../../test/mock-api';
import { currentUrl, renderRoute, signIn } from '../../../test/render';

const NEW_PASSWORD = 'N3w-Passw0rd!';

function renderReset(url = '/reset-password?token=tok-1') {
  return renderRoute(<ResetPasswordRoute />, { path: '/reset-password', url });
}

async function submit(password = NEW_PASSWORD) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('reset password', () => {
  it('shows an expired link in the red box with a link to ask for a new one', async () => {
    const { callsTo } = mockApi({
      'POST /auth/reset-password': json({ error: API_ERRORS.resetLinkExpired }, 400),
    });
    const { router } = renderReset();
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(API_ERRORS.resetLinkExpired);
    const link = within(alert).getByRole('link', { name: 'Request a new reset link' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    expect(callsTo('POST /auth/reset-password')[0]!.body).toEqual({
      token: 'tok-1',
      password: NEW_PASSWORD,
    });
    await userEvent.click(link);
    await waitFor(() => expect(currentUrl(router)).toBe('/forgot-password'));
  });

  it('shows a too-common password without the new-link offer', async () => {
    mockApi({ 'POST /auth/reset-password': json({ error: API_ERRORS.passwordTooCommon }, 400) });
    renderReset();
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(API_ERRORS.passwordTooCommon);
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the server message and a Log in link, and ends a stored session', async () => {
    const user = makeUser();
    signIn(user);
    const message = 'Your password was changed. Please sign in with your new password.';
    const { callsTo } = mockApi({
      'GET /auth/me': { user },
      'POST /auth/reset-password': { message },
    });
    renderReset();
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    // The server already ended the session: no logout call.
    expect(callsTo('POST /auth/logout')).toHaveLength(0);
  });
});
