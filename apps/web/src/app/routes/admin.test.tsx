import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_ERRORS } from '@flockr/contract';
import { makeAdmin, pageOf } from '../../features/admin/test/fixtures';
import { makeUser } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { currentUrl, renderRoute, signIn } from '../../test/render';
import AdminRoute from './admin';

/** Answers for every admin list, empty, so any tab renders. */
const emptyAdminApi = (user = makeAdmin()) => ({
  'GET /auth/me': { user },
  'GET /admin/users': { users: [], pagination: pageOf(0) },
  'GET /admin/orders': { orders: [], pagination: pageOf(0) },
  'GET /admin/plans': { plans: [] },
  'GET /admin/downloads': { downloads: [] },
  'GET /admin/changelog': { changelog_entries: [] },
  'GET /admin/audit': { entries: [], pagination: pageOf(0) },
});

describe('/admin', () => {
  it('denies a regular user with Go to Home', () => {
    const user = makeUser();
    signIn(user);
    mockApi({ 'GET /auth/me': { user } });
    renderRoute(<AdminRoute />, { path: '/admin' });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(CLIENT_ERRORS.accessDenied.admin)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('denies a signed-out visitor with Go to Home and calls no admin route', () => {
    const { calls } = mockApi();
    renderRoute(<AdminRoute />, { path: '/admin' });
    expect(screen.getByText("You don't have permission to access the admin panel")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(calls.filter((c) => c.path.startsWith('/admin'))).toEqual([]);
  });

  it('shows the seven tabs to admins, Dashboard first', () => {
    const user = makeAdmin({ role: 'SUPER_ADMIN' });
    signIn(user);
    mockApi(emptyAdminApi(user));
    renderRoute(<AdminRoute />, { path: '/admin' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Dashboard',
      'Users',
      'Orders',
      'Plans',
      'Downloads',
      'Changelog',
      'Audit',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('switches tabs on click and writes ?tab= to the URL; other filters are dropped', async () => {
    const user = makeAdmin();
    signIn(user);
    mockApi(emptyAdminApi(user));
    const { router } = renderRoute(<AdminRoute />, {
      path: '/admin',
      url: '/admin?tab=users&search=bob',
    });
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(currentUrl(router)).toBe('/admin?tab=orders');
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Orders' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();

    // Back returns to the previous tab with its filters.
    await router.navigate(-1);
    expect(await screen.findByRole('tab', { name: 'Users', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('bob');
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    const user = makeAdmin();
    signIn(user);
    mockApi(emptyAdminApi(user));
    const { router } = renderRoute(<AdminRoute />, { path: '/admin' });
    screen.getByRole('tab', { name: 'Dashboard' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    expect(currentUrl(router)).toBe('/admin?tab=users');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Audit' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Dashboard' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
    expect(currentUrl(router)).toBe('/admin?tab=audit');
  });

  it('opens the tab named in the URL and ignores an unknown one', () => {
    const user = makeAdmin();
    signIn(user);
    mockApi(emptyAdminApi(user));
    renderRoute(<AdminRoute />, { path: '/admin', url: '/admin?tab=plans' });
    expect(screen.getByRole('tab', { name: 'Plans' })).toHaveAttribute('aria-selected', 'true');
  });

  it('falls back to the Dashboard for an unknown tab', () => {
    const user = makeAdmin();
    signIn(user);
    mockApi(emptyAdminApi(user));
    renderRoute(<AdminRoute />, { path: '/admin', url: '/admin?tab=nope' });
    expect(screen.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  });
});
