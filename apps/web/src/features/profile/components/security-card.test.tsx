import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_ERRORS, RETENTION, STORAGE_KEYS } from '@flockr/contract';
import ProfileRoute from '../../../app/routes/profile';
import { makeUser } from '../../../test/fixtures';
import { json, mockApi, type MockHandler } from '../../../test/mock-api';
import { currentUrl, renderRoute, signIn } from '../../../test/render';
import { PASSWORDS_DO_NOT_MATCH } from '../api/texts';

const NEW_PASSWORD = 'N3w-Passw0rd!';

/** Signs alice in and renders /profile with the calls the page makes on load. */
function renderProfile(routes: Record<string, MockHandler> = {}) {
  const user = makeUser();
  signIn(user);
  const api = mockApi({
    'GET /auth/me': { user },
    'GET /subscriptions/my-subscriptions': { subscription: null, subscriptions: [] },
    ...routes,
  });
  const rendered = renderRoute(<ProfileRoute />, { path: '/profile' });
  return { ...api, ...rendered };
}

async function openDialog(button: string, name: string) {
  await userEvent.click(screen.getByRole('button', { name: button }));
  return screen.getByRole('dialog', { name });
}

describe('Change Password dialog', () => {
  async function fill(dialog: HTMLElement, confirm = NEW_PASSWORD) {
    const d = within(dialog);
    await userEvent.type(d.getByLabelText('Current password'), 'Old-Passw0rd!');
    await userEvent.type(d.getByLabelText('New password'), NEW_PASSWORD);
    await userEvent.type(d.getByLabelText('Confirm new password'), confirm);
    await userEvent.click(d.getByRole('button', { name: 'Change Password' }));
  }

  it('refuses a confirmation that does not match, without calling the server', async () => {
    const { callsTo } = renderProfile();
    const dialog = await openDialog('Change Password', 'Change Password');
    expect(within(dialog).getByTestId('password-strength')).toBeInTheDocument();
    await fill(dialog, 'Something-else1!');
    expect(await within(dialog).findByText(PASSWORDS_DO_NOT_MATCH)).toBeInTheDocument();
    expect(callsTo('POST /auth/change-password')).toHaveLength(0);
  });

  it('shows the server error in a red alert', async () => {
    renderProfile({
      'POST /auth/change-password': json({ error: API_ERRORS.currentPasswordWrong }, 400),
    });
    const dialog = await openDialog('Change Password', 'Change Password');
    await fill(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      API_ERRORS.currentPasswordWrong,
    );
    // A 400 here is not a lost session.
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
  });

  it('sends the payload, closes and toasts the server message', async () => {
    const message = 'Your password was changed. Other devices were signed out.';
    const { callsTo } = renderProfile({ 'POST /auth/change-password': { message } });
    const dialog = await openDialog('Change Password', 'Change Password');
    await fill(dialog);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('POST /auth/change-password')[0]!.body).toEqual({
      current_password: 'Old-Passw0rd!',
      new_password: NEW_PASSWORD,
    });
    expect(screen.getByRole('button', { name: 'Change Password' })).toHaveFocus();
  });

  it('closes on Escape', async () => {
    renderProfile();
    await openDialog('Change Password', 'Change Password');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Update Email dialog', () => {
  it('sends the new address and password and shows the server message in the dialog', async () => {
    const message =
      'We sent a confirmation link to new@example.com. Your address changes when you open it.';
    const { callsTo } = renderProfile({ 'POST /auth/change-email': { message } });
    const dialog = await openDialog('Update Email', 'Update Email');
    const d = within(dialog);
    await userEvent.type(d.getByLabelText('New email'), 'New@Example.com');
    await userEvent.type(d.getByLabelText('Current password'), 'Old-Passw0rd!');
    await userEvent.click(d.getByRole('button', { name: 'Send confirmation link' }));
    expect(await d.findByRole('status')).toHaveTextContent(message);
    expect(callsTo('POST /auth/change-email')[0]!.body).toEqual({
      new_email: 'new@example.com',
      password: 'Old-Passw0rd!',
    });
    // Nothing changes until the link is opened.
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!).email).toBe(
      'alice@example.com',
    );
  });

  it('shows a 409 as the server text', async () => {
    renderProfile({ 'POST /auth/change-email': json({ error: API_ERRORS.emailTaken }, 409) });
    const dialog = await openDialog('Update Email', 'Update Email');
    const d = within(dialog);
    await userEvent.type(d.getByLabelText('New email'), 'bob@example.com');
    await userEvent.type(d.getByLabelText('Current password'), 'Old-Passw0rd!');
    await userEvent.click(d.getByRole('button', { name: 'Send confirmation link' }));
    expect(await d.findByRole('alert')).toHaveTextContent(API_ERRORS.emailTaken);
  });
});

describe('Danger zone', () => {
  it('explains the retention period and shows a wrong password', async () => {
    renderProfile({
      'DELETE /user/account': json({ error: API_ERRORS.currentPasswordWrong }, 400),
    });
    const dialog = await openDialog('Delete Account', 'Delete your account?');
    expect(dialog).toHaveTextContent(`${RETENTION.paymentRecordsYears} years`);
    const d = within(dialog);
    await userEvent.type(d.getByLabelText('Password'), 'wrong');
    await userEvent.click(d.getByRole('button', { name: 'Delete my account' }));
    expect(await d.findByRole('alert')).toHaveTextContent(API_ERRORS.currentPasswordWrong);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
  });

  it('deletes with the password, clears the session, goes to / and toasts', async () => {
    const { callsTo, router } = renderProfile({
      'DELETE /user/account': new Response(null, { status: 204 }),
      'POST /auth/logout': json({ error: API_ERRORS.invalidToken }, 401),
    });
    const dialog = await openDialog('Delete Account', 'Delete your account?');
    const d = within(dialog);
    await userEvent.type(d.getByLabelText('Password'), 'Old-Passw0rd!');
    await userEvent.click(d.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(callsTo('DELETE /user/account')[0]!.body).toEqual({ password: 'Old-Passw0rd!' });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(await screen.findByText('Your account was deleted')).toBeInTheDocument();
  });
});
