import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, CLIENT_ERRORS } from '@flockr/contract';
import { mockEndpoint } from '../test/api';
import { makeUser } from '../test/fixtures';
import { currentUrl, renderRoute } from '../test/render';
import { SIGN_IN_INVITE, SignedInOnly } from './guards';
import LoginRoute from './routes/login';

describe('signed-out visitors on a signed-in page (requirements §2 and §8)', () => {
  it.each([
    ['/profile', CLIENT_ERRORS.accessDenied.profile],
    ['/orders?page=2', CLIENT_ERRORS.accessDenied.orders],
  ])(
    '%s keeps the Access Denied text and invites signing in, back to the page',
    async (url, text) => {
      const path = url.split('?')[0]!;
      renderRoute(<p>private</p>, { path, url, layout: <SignedInOnly denied={text} /> });
      expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.getByText(SIGN_IN_INVITE)).toBeInTheDocument();
      const back = encodeURIComponent(url).replace(/%2F/g, '/');
      expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
        'href',
        `/login?redirect=${back}`,
      );
      expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
        'href',
        `/register?redirect=${back}`,
      );
      expect(screen.queryByText('private')).not.toBeInTheDocument();
    },
  );

  it('comes back to the page after signing in', async () => {
    const user = makeUser();
    mockEndpoint(API.auth.login, { token: 'tok', expires_at: '2099-01-01T00:00:00.000Z', user });
    mockEndpoint(API.auth.me, { user });
    const { router } = renderRoute(<p>my orders</p>, {
      path: '/orders',
      layout: <SignedInOnly denied={CLIENT_ERRORS.accessDenied.orders} />,
      extraRoutes: [{ path: '/login', element: <LoginRoute /> }],
    });
    await userEvent.click(screen.getByRole('link', { name: 'Go to Login' }));
    await userEvent.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('my orders')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/orders');
  });
});
