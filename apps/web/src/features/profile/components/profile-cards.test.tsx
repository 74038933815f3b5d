import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API,
  API_ERROR_CODES,
  API_ERRORS,
  CLIENT_ERRORS,
  STORAGE_KEYS,
  subscriptionSchema,
  type ApiErrorKey,
  type Subscription,
} from '@flockr/contract';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeUser } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { SignedInOnly } from '../../../app/guards';
import { renderProfile } from '../test/render-profile';

/** The error answer the server gives for `key`. */
const failure = (key: ApiErrorKey) => ({ error: API_ERRORS[key], code: API_ERROR_CODES[key] });

/** The stored user, as the session keeps it. */
const storedUser = () => JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!) as unknown;

describe('/profile guard', () => {
  it('shows Access Denied with Go to Login to a visitor', async () => {
    renderRoute(<SignedInOnly denied={CLIENT_ERRORS.accessDenied.profile} />, {
      path: '/profile',
    });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(CLIENT_ERRORS.accessDenied.profile)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      '/login?redirect=/profile',
    );
  });
});

describe('Profile Settings', () => {
  it('saves username and country, updates the session and toasts', async () => {
    const saved = makeUser({ username: 'alicia', country: 'JP' });
    mockEndpoint(API.user.updateProfile, { user: saved });
    renderProfile();
    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    const username = screen.getByRole('textbox', { name: 'Username' });
    await userEvent.clear(username);
    await userEvent.type(username, 'alicia');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'Japan');
    await userEvent.click(save);
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(callsTo(API.user.updateProfile)[0]!.body).toEqual({ username: 'alicia', country: 'JP' });
    await waitFor(() => expect(storedUser()).toEqual(saved));
    // The form starts again from the saved values.
    await waitFor(() => expect(save).toBeDisabled());
    expect(username).toHaveValue('alicia');
  });

  it('sends an emptied country as null', async () => {
    const user = makeUser({ country: 'DE' });
    mockEndpoint(API.user.updateProfile, { user: { ...user, country: null } });
    renderProfile({ user });
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'Not specified');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(callsTo(API.user.updateProfile)).toHaveLength(1));
    expect(callsTo(API.user.updateProfile)[0]!.body).toEqual({ username: 'alice', country: null });
    await waitFor(() => expect(storedUser()).toEqual({ ...user, country: null }));
  });

  it('shows a taken username as the server text', async () => {
    mockEndpoint(API.user.updateProfile, reply(409, failure('usernameTaken')));
    renderProfile();
    const username = screen.getByRole('textbox', { name: 'Username' });
    await userEvent.type(username, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(API_ERRORS.usernameTaken);
    expect(storedUser()).toEqual(makeUser());
  });
});

describe('Notifications', () => {
  it('saves a flipped switch at once and toasts', async () => {
    const saved = makeUser({ marketing_emails: true });
    mockEndpoint(API.user.updateNotifications, { user: saved });
    renderProfile();
    const marketing = screen.getByRole('switch', { name: 'Marketing offers' });
    expect(marketing).not.toBeChecked();
    await userEvent.click(marketing);
    expect(marketing).toBeChecked();
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(callsTo(API.user.updateNotifications)[0]!.body).toEqual({ marketing_emails: true });
    await waitFor(() => expect(storedUser()).toEqual(saved));
    expect(marketing).toBeChecked();
    expect(marketing).toBeEnabled();
  });

  it('puts the switch back and shows the error when saving fails', async () => {
    mockEndpoint(API.user.updateNotifications, reply(400, failure('nothingToUpdate')));
    renderProfile();
    const product = screen.getByRole('switch', { name: 'Product updates' });
    expect(product).toBeChecked();
    await userEvent.click(product);
    expect(await screen.findByRole('alert')).toHaveTextContent(API_ERRORS.nothingToUpdate);
    expect(product).toBeChecked();
    expect(callsTo(API.user.updateNotifications)[0]!.body).toEqual({
      notifications_enabled: false,
    });
  });
});

describe('Current Subscription', () => {
  const subscription = (overrides: Partial<Subscription> = {}): Subscription =>
    subscriptionSchema.parse({
      id: '33333333-4444-4555-8666-777777777777',
      plan_id: '9a8b7c6d-2222-4e5f-9a0b-abcdefabcdef',
      plan_name: 'PRO',
      status: 'ACTIVE',
      started_at: '2026-01-01T00:00:00.000Z',
      expires_at: '2099-02-01T00:00:00.000Z',
      cancel_at_period_end: false,
      periods: [],
      ...overrides,
    });

  it('shows "No active subscription" with View Plans', async () => {
    renderProfile();
    expect(await screen.findByText('No active subscription')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/plans');
  });

  it('says what is paid for, stops reminders (cancel at period end), toasts, and reloads the subscription and the user', async () => {
    const active = subscription();
    const cancelled = subscription({ status: 'CANCELLED', cancel_at_period_end: true });
    let current = active;
    mockEndpoint(API.subscriptions.cancel, () => {
      current = cancelled;
      return { subscription: cancelled };
    });
    renderProfile();
    mockEndpoint(API.subscriptions.mine, () => ({
      subscription: current,
      subscriptions: [current],
    }));
    expect(
      await screen.findByText('Paid through Feb 1, 2099 · renew any time'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/plans');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop Reminders' }));
    expect(
      await screen.findByText(
        'Renewal reminders are off. Your access lasts until the end of the paid period',
      ),
    ).toBeInTheDocument();
    expect(callsTo(API.subscriptions.cancel)[0]!.params.id).toBe(active.id);
    expect(await screen.findByRole('button', { name: 'Remind Me to Renew' })).toBeInTheDocument();
    expect(screen.getByText('Ends Feb 1, 2099')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(API.auth.me).length).toBeGreaterThan(1));
  });

  it('resumes a cancelled subscription, or shows why it cannot', async () => {
    const cancelled = subscription({ status: 'CANCELLED', cancel_at_period_end: true });
    mockEndpoint(API.subscriptions.resume, reply(409, failure('subscriptionEnded')));
    renderProfile({ subscriptions: { subscription: cancelled, subscriptions: [cancelled] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Remind Me to Renew' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(API_ERRORS.subscriptionEnded);
    expect(callsTo(API.subscriptions.resume)[0]!.params.id).toBe(cancelled.id);

    mockEndpoint(API.subscriptions.resume, { subscription: subscription() });
    await userEvent.click(screen.getByRole('button', { name: 'Remind Me to Renew' }));
    expect(await screen.findByText('Renewal reminders are on again')).toBeInTheDocument();
    expect(screen.queryByText(API_ERRORS.subscriptionEnded)).not.toBeInTheDocument();
  });
});
