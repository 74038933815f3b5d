import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type User } from '@flockr/contract';
import { makeAdmin } from '../features/admin/test/fixtures';
import { callsTo, mockEndpoint } from '../test/api';
import { makeUser } from '../test/fixtures';
import { renderRoute, signIn } from '../test/render';
import { AdminShellOrSite } from './admin-layout';

/** `/admin` with a stand-in page inside the shell (or the site) for `me`. */
function renderShell(me: User) {
  signIn(me);
  mockEndpoint(API.auth.me, { user: me });
  mockEndpoint(API.auth.logout, undefined);
  return renderRoute(<p>admin page</p>, { path: '/admin', layout: <AdminShellOrSite /> });
}

describe('the admin shell', () => {
  it('gives an admin their own bar: no site navigation, footer or Download button', async () => {
    renderShell(makeAdmin());
    expect(await screen.findByText('admin page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Admin/ })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: 'View site' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('admin page');
  });

  it('signs the admin out from the bar', async () => {
    renderShell(makeAdmin());
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(callsTo(API.auth.logout)).toHaveLength(1);
  });

  it('keeps everyone else in the site (where /admin says Access Denied)', async () => {
    renderShell(makeUser());
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View site' })).not.toBeInTheDocument();
  });
});
