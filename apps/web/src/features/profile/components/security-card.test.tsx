import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API,
  API_ERROR_CODES,
  API_ERRORS,
  RETENTION,
  STORAGE_KEYS,
  type ApiErrorKey,
} from '@flockr/contract';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { currentUrl } from '../../../test/render';
import { PASSWORDS_DO_NOT_MATCH } from '../api/texts';
import { renderProfile } from '../test/render-profile';

const NEW_PASSWORD = 'N3w-Passw0rd!';

/** The error answer the server gives for `key`. */
const failure = (key: ApiErrorKey) => ({ error: API_ERRORS[key], code: API_ERROR_CODES[key] });

async function openDialog(button: string, name: string) {
  await userEvent.click(screen.getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name });
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
    mockEndpoint(API.auth.changePassword, { message: 'unused' });
    renderProfile();
    const dialog = await openDialog('Change Password', 'Change Password');
    expect(within(dialog).getByTestId('password-strength')).toBeInTheDocument();
    await fill(dialog, 'Something-else1!');
    expect(await within(dialog).findByText(PASSWORDS_DO_NOT_MATCH)).toBeInTheDocument();
    expect(callsTo(API.auth.changePassword)).toHaveLength(0);
  });

  it('shows the server error in a red alert', async () => {
    mockEndpoint(API.auth.changePassword, reply(400, failure('currentPasswordWrong')));
    renderProfile();
    const dialog = await openDialog('Change Password', 'Change Password');
    await fill(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(API_ERRORS.currentPasswordWrong);
    // Focus moves to the error, inside the dialog (the submit button was disabled meanwhile).
    expect(alert.parentElement).toHaveFocus();
    // A 400 here is not a lost session.
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
  });

  it('sends the payload, closes and toasts the server message', async () => {
    const message = 'Your password was changed. Other devices were signed out.';
    mockEndpoint(API.auth.changePassword, { message });
    renderProfile();
    const dialog = await openDialog('Change Password', 'Change Password');
    await fill(dialog);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(API.auth.changePassword)[0]!.body).toEqual({
      current_password: 'Old-Passw0rd!',
      new_password: NEW_PASSWORD,
    });
  });

  // Fails until components/ui/dialog.tsx gives focus back to the element that opened it: Radix
  // does so only for a <Dialog.Trigger>, which the shared Dialog does not use. Once it does,
  // make this an ordinary `it`.
  it('gives focus back to the Change Password button once done', async () => {
    mockEndpoint(API.auth.changePassword, { message: 'Your password was changed.' });
    renderProfile();
    await fill(await openDialog('Change Password', 'Change Password'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Change Password' })).toHaveFocus(),
      { timeout: 300 },
    );
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
    mockEndpoint(API.auth.changeEmail, { message });
    renderProfile();
    const dialog = await openDialog('Update Email', 'Update Email');
    const d = within(dialog);
    await userEvent.type(d.getByLabelText('New email'), 'New@Example.com');
    await userEvent.type(d.getByLabelText('Current password'), 'Old-Passw0rd!');
    await userEvent.click(d.getByRole('button', { name: 'Send confirmation link' }));
    expect(await d.findByRole('status')).toHaveTextContent(message);
    expect(callsTo(API.auth.changeEmail)[0]!.body).toEqual({
      new_email: 'new@example.com',
      password: 'Old-Passw0rd!',
    });
    // Nothing changes until the link is opened.
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!).email).toBe(
      'alice@example.com',
    );
  });

  it('shows a 409 as the server text', async () => {
    mockEndpoint(API.auth.changeEmail, reply(409, failure('emailTaken')));
    renderProfile();
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
    mockEndpoint(API.user.deleteAccount, reply(400, failure('currentPasswordWrong')));
    renderProfile();
    const dialog = await openDialog('Delete Account', 'Delete your account?');
    expect(dialog).toHaveTextContent(`${RETENTION.paymentRecordsYears} years`);
    const d = within(dialog);
    await userEvent.type(d.getByLabelText('Password'), 'wrong');
    await userEvent.click(d.getByRole('button', { name: 'Delete my account' }));
    expect(await d.findByRole('alert')).toHaveTextContent(API_ERRORS.currentPasswordWrong);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
  });

  it('deletes with the password, clears the session, goes to / and toasts', async () => {
    mockEndpoint(API.user.deleteAccount, reply(204, undefined));
    // The server ended every session itself: no logout call is made (it would fail the test).
    const { router } = renderProfile();
    const dialog = await openDialog('Delete Account', 'Delete your account?');
    const d = within(dialog);
    await userEvent.type(d.getByLabelText('Password'), 'Old-Passw0rd!');
    await userEvent.click(d.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(callsTo(API.user.deleteAccount)[0]!.body).toEqual({ password: 'Old-Passw0rd!' });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(await screen.findByText('Your account was deleted')).toBeInTheDocument();
  });
});
