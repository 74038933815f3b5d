import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, CLIENT_ERRORS } from '@flockr/contract';
import {
  makeAdmin,
  makeHealth,
  makeStats,
  pageOf,
  makeTestData,
} from '../../features/admin/test/fixtures';
import { makeAdoption } from '../../features/admin/test/release-fixtures';
import { renderAdmin } from '../../features/admin/test/render';
import { callsTo, mockEndpoint } from '../../test/api';
import { makeUser } from '../../test/fixtures';
import { currentUrl } from '../../test/render';

/** Answers every admin list and the dashboard, empty, so any tab renders. */
function mockEmptyAdmin() {
  mockEndpoint(API.admin.stats, { stats: makeStats({ recent_users: [], recent_orders: [] }) });
  mockEndpoint(API.admin.dailyStats, { currency: 'USD', days: [] });
  mockEndpoint(API.admin.health, { health: makeHealth() });
  mockEndpoint(API.admin.adoption, makeAdoption());
  mockEndpoint(API.admin.testData, { test_data: makeTestData() });
  mockEndpoint(API.admin.users, { users: [], pagination: pageOf(0) });
  mockEndpoint(API.admin.orders, { orders: [], pagination: pageOf(0) });
  mockEndpoint(API.admin.paymentEvents, { events: [], pagination: pageOf(0) });
  mockEndpoint(API.admin.plans, { plans: [] });
  mockEndpoint(API.admin.releaseDetails, { releases: [], minimum_version: null });
  mockEndpoint(API.admin.apiTokens, { tokens: [] });
  mockEndpoint(API.admin.changelog, { changelog_entries: [] });
  mockEndpoint(API.admin.audit, { entries: [], pagination: pageOf(0) });
}

/** Every call an admin endpoint received. */
const adminCalls = () => Object.values(API.admin).flatMap((endpoint) => callsTo(endpoint));

describe('/admin', () => {
  it('denies a regular user with Go to Home and calls no admin route', async () => {
    renderAdmin('/admin', makeUser());
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(CLIENT_ERRORS.accessDenied.admin)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(adminCalls()).toEqual([]);
  });

  it('denies a signed-out visitor with Go to Home and calls no admin route', () => {
    renderAdmin('/admin', null);
    expect(screen.getByText("You don't have permission to access the admin panel")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(adminCalls()).toEqual([]);
  });

  it('shows the eight tabs to admins, Dashboard first', async () => {
    mockEmptyAdmin();
    renderAdmin('/admin', makeAdmin({ role: 'SUPER_ADMIN' }));
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Dashboard',
      'Users',
      'Orders',
      'Plans',
      'Downloads',
      'Changelog',
      'Delivery',
      'Audit',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('No users yet.')).toBeInTheDocument();
  });

  it('switches tabs on click and writes ?tab= to the URL; other filters are dropped', async () => {
    mockEmptyAdmin();
    const { router } = renderAdmin('/admin?tab=users&search=bob');
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
    expect(await screen.findByRole('heading', { name: 'No users found' })).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    mockEmptyAdmin();
    const { router } = renderAdmin('/admin');
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
    expect(await screen.findByRole('heading', { name: 'No changes recorded yet' })).toBeVisible();
  });

  it('opens the tab named in the URL', async () => {
    mockEmptyAdmin();
    renderAdmin('/admin?tab=plans');
    expect(screen.getByRole('tab', { name: 'Plans' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'No plans yet' })).toBeInTheDocument();
  });

  it('opens Downloads for the old ?tab=releases of the release manager', async () => {
    mockEmptyAdmin();
    renderAdmin('/admin?tab=releases');
    expect(screen.getByRole('tab', { name: 'Downloads' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Downloads' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No versions yet' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Releases' })).not.toBeInTheDocument();
  });

  it('falls back to the Dashboard for an unknown tab', async () => {
    mockEmptyAdmin();
    renderAdmin('/admin?tab=nope');
    expect(screen.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
  });
});
