import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import {
  API,
  API_ERROR_CODES,
  API_ERRORS,
  STORAGE_KEYS,
  VALIDATION_MESSAGES,
} from '@flockr/contract';
import LoginRoute from '../../../app/routes/login';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeUser } from '../../../test/fixtures';
import { currentUrl, renderRoute, signIn } from '../../../test/render';

const m = VALIDATION_MESSAGES;

/** Renders /login at `url` and waits for its form (loaded next to the page's first chunk). */
async function renderLogin(url = '/login') {
  const rendered = renderRoute(<LoginRoute />, { path: '/login', url });
  await screen.findByRole('form', { name: 'Sign in' });
  return rendered;
}

async function fill(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

const authAnswer = { token: 'tok', expires_at: '2099-01-01T00:00:00.000Z', user: makeUser() };

describe('login form', () => {
  it('shows the required messages and clears them when edited', async () => {
    await renderLogin();
    await fill('', '');
    expect(await screen.findByText(m.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(m.passwordRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText(m.passwordRequired)).not.toBeInTheDocument();
    expect(screen.getByText(m.emailRequired)).toBeInTheDocument();
  });

  it('shows the invalid email message', async () => {
    await renderLogin();
    await fill('bad-address', 'secret');
    expect(await screen.findByText(m.emailInvalid)).toBeInTheDocument();
  });

  it('shows the server error in a red box directly above the submit button', async () => {
    mockEndpoint(
      API.auth.login,
      reply(401, {
        error: API_ERRORS.invalidCredentials,
        code: API_ERROR_CODES.invalidCredentials,
      }),
    );
    await renderLogin();
    await fill('alice@example.com', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    expect(alert.nextElementSibling).toBe(screen.getByRole('button', { name: 'Sign In' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('falls back to "Login failed" when the answer has no text', async () => {
    // Not the API's own answer (it always has a text) but a proxy in front of it failing.
    mockEndpoint(API.auth.login, new HttpResponse(null, { status: 502 }));
    await renderLogin();
    await fill('alice@example.com', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('sends remember_me and follows a same-site redirect after login', async () => {
    mockEndpoint(API.auth.login, authAnswer);
    mockEndpoint(API.auth.me, { user: authAnswer.user });
    const { router } = await renderLogin('/login?redirect=%2Forders');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await fill('alice@example.com', 'secret');
    await waitFor(() => expect(currentUrl(router)).toBe('/orders'));
    expect(callsTo(API.auth.login)[0]!.body).toEqual({
      email: 'alice@example.com',
      password: 'secret',
      remember_me: true,
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
  });

  it('refuses an off-site redirect and goes to /', async () => {
    mockEndpoint(API.auth.login, authAnswer);
    mockEndpoint(API.auth.me, { user: authAnswer.user });
    const { router } = await renderLogin('/login?redirect=//evil.com');
    await fill('alice@example.com', 'secret');
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it('sends a signed-in visitor to the target at once', async () => {
    const user = makeUser();
    signIn(user);
    mockEndpoint(API.auth.me, { user });
    const { router } = renderRoute(<LoginRoute />, {
      path: '/login',
      url: '/login?redirect=/plans',
    });
    await waitFor(() => expect(currentUrl(router)).toBe('/plans'));
  });

  it('links to forgot-password and to register keeping the redirect', async () => {
    await renderLogin('/login?redirect=/plans');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create one' })).toHaveAttribute(
      'href',
      '/register?redirect=/plans',
    );
  });
});
