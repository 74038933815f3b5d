import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@flockr/contract';
import { mockEndpoint } from '../../test/api';
import { makeUser } from '../../test/fixtures';
import { currentUrl, renderRoute } from '../../test/render';
import RegisterRoute, { welcomeNextText } from './register';

/** Signs up as alice from `url` (the server answers as it does). */
async function signUpFrom(url: string) {
  const user = makeUser({ email_verified: false });
  mockEndpoint(API.auth.register, { token: 'tok', expires_at: '2099-01-01T00:00:00.000Z', user });
  mockEndpoint(API.auth.me, { user });
  const rendered = renderRoute(<RegisterRoute />, { path: '/register', url });
  const typist = userEvent.setup();
  await typist.type(await screen.findByLabelText('Username'), 'alice');
  await typist.type(screen.getByLabelText('Email'), 'alice@example.com');
  await typist.type(screen.getByLabelText('Password'), 'Str0ng!pass');
  await typist.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
  await typist.click(screen.getByRole('button', { name: 'Create Account' }));
  return rendered;
}

describe('after sign-up', () => {
  it('says what comes next for each kind of target', () => {
    expect(welcomeNextText('/plans?plan=PRO%2B&period=yearly')).toBe(
      'Your account is ready. Taking you to the checkout for PRO+ · Yearly…',
    );
    expect(welcomeNextText('/plans')).toBe(
      'Your account is ready. Next, choose the plan that unlocks the download…',
    );
    expect(welcomeNextText('/orders')).toBe('Your account is ready. Taking you there now…');
  });

  it('lands a plain sign-up on /plans, the Welcome heading scrolled to and focused', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = await signUpFrom('/register');
    const heading = await screen.findByRole('heading', { name: 'Welcome to Flockr, alice!' });
    expect(heading).toHaveFocus();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
    expect(screen.getByRole('status')).toHaveTextContent(welcomeNextText('/plans'));
    await waitFor(() => expect(currentUrl(router)).toBe('/plans'), { timeout: 3000 });
  });

  it('continues a chosen plan: the Welcome names it, then goes to /plans with the choice', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = await signUpFrom(
      '/register?redirect=/plans%3Fplan%3DPRO%252B%26period%3Dyearly',
    );
    expect(
      await screen.findByText(
        'Your account is ready. Taking you to the checkout for PRO+ · Yearly…',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentUrl(router)).toBe('/plans?plan=PRO%2B&period=yearly'), {
      timeout: 3000,
    });
  });

  it('keeps the choice on the link to log in instead', () => {
    renderRoute(<RegisterRoute />, {
      path: '/register',
      url: '/register?redirect=/plans%3Fplan%3DPRO%26period%3Dyearly',
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirect=/plans%3Fplan%3DPRO%26period%3Dyearly',
    );
  });
});
