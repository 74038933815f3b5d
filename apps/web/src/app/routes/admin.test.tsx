import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeUser } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderRoute, signIn } from '../../test/render';
import AdminRoute from './admin';

describe('/admin', () => {
  it('denies a regular user with Go to Home', () => {
    const user = makeUser();
    signIn(user);
    mockApi({ 'GET /auth/me': { user } });
    renderRoute(<AdminRoute />, { path: '/admin' });
    expect(
      screen.getByText("You don't have permission to access the admin panel"),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('shows the six tabs to admins', () => {
    const user = makeUser({ role: 'SUPER_ADMIN' });
    signIn(user);
    mockApi({ 'GET /auth/me': { user } });
    renderRoute(<AdminRoute />, { path: '/admin' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Dashboard',
      'Users',
      'Orders',
      'Plans',
      'Downloads',
      'Changelog',
    ]);
  });
});
