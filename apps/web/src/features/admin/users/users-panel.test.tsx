import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, CLIENT_ERRORS, type User } from '@flockr/contract';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeUser } from '../../../test/fixtures';
import { currentUrl } from '../../../test/render';
import {
  makeAdmin,
  makeAdminOrder,
  makePreview,
  makeSubscription,
  makeUserDetail,
  pageOf,
} from '../test/fixtures';
import { apiError, gatewayError, lastQuery, renderAdmin } from '../test/render';

const bob = makeUser({
  id: 'bbbbbbbb-0000-4000-8000-000000000002',
  username: 'bob',
  email: 'bob@example.com',
  subscription: { plan_name: 'PRO', status: 'ACTIVE', expires_at: '2027-01-01T00:00:00.000Z' },
});
const carol = makeUser({
  id: 'cccccccc-0000-4000-8000-000000000003',
  username: 'carol',
  email: 'carol@example.com',
  role: 'ADMIN',
});

/** The `GET /admin/users` answer: `users` as page `page` of `total`. */
const usersPage = (users: User[], total = users.length, page = 1) => ({
  users,
  pagination: pageOf(total, page),
});

/** Answers every status preview: the user is locked out, nothing else changes. */
function mockPreview(allowed = true) {
  mockEndpoint(API.admin.userStatusPreview, ({ url }) => ({
    preview: makePreview({
      from: 'ACTIVE',
      to: url.searchParams.get('status') ?? 'SUSPENDED',
      allowed,
      effects: allowed
        ? ['bob can no longer sign in or download.', 'No e-mail is sent.']
        : ['Only a super admin can do this'],
      emails: [],
      access_until: { before: null, after: null },
      time_ms: 0,
    }),
  }));
}

/** Picks `status` in `select`, reads the confirmation and confirms it with `button`. */
async function pickAndConfirm(select: HTMLElement, status: string, button: RegExp) {
  await userEvent.selectOptions(select, status);
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('No e-mail is sent.');
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
}

describe('admin users tab', () => {
  it('lists users with email, role, status, subscription and joined date', async () => {
    const me = makeAdmin();
    mockEndpoint(API.admin.users, usersPage([me, bob, carol]));
    renderAdmin('/admin?tab=users', me);
    const table = await screen.findByRole('table', { name: 'Users' });
    const bobRow = within(table).getByRole('row', { name: /bob@example.com/ });
    expect(within(bobRow).getByRole('combobox', { name: 'Status of bob' })).toHaveValue('ACTIVE');
    expect(within(bobRow).getByText('PRO')).toBeInTheDocument();
    expect(within(bobRow).getByText('Jan 15, 2026')).toBeInTheDocument();
    expect(within(bobRow).getByText('User')).toBeInTheDocument();
    // An ADMIN sees roles as badges, not as a select.
    expect(screen.queryByRole('combobox', { name: 'Role of bob' })).not.toBeInTheDocument();
    // Own row: the status dropdown is disabled (the server refuses it anyway).
    expect(screen.getByRole('combobox', { name: 'Status of root' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Status of root' })).toHaveAccessibleDescription(
      'You cannot change your own status or role',
    );
    expect(screen.getByRole('navigation', { name: 'Users pages' })).toHaveTextContent(
      'Page 1 of 1',
    );
  });

  it('sends search, status and role filters and keeps them in the URL', async () => {
    mockEndpoint(API.admin.users, usersPage([bob]));
    const { router } = renderAdmin('/admin?tab=users');
    await screen.findByRole('table', { name: 'Users' });
    expect(lastQuery(API.admin.users)).toEqual({ page: '1', limit: '10' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'bob');
    await waitFor(() => expect(lastQuery(API.admin.users)).toMatchObject({ search: 'bob' }));
    expect(currentUrl(router)).toBe('/admin?tab=users&search=bob');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'SUSPENDED');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'ADMIN');
    await waitFor(() =>
      expect(lastQuery(API.admin.users)).toEqual({
        page: '1',
        limit: '10',
        search: 'bob',
        status: 'SUSPENDED',
        role: 'ADMIN',
      }),
    );
    expect(currentUrl(router)).toBe('/admin?tab=users&search=bob&status=SUSPENDED&role=ADMIN');
  });

  it('reads page and filters from the URL and pages with Next', async () => {
    mockEndpoint(API.admin.users, ({ url }) =>
      usersPage([bob], 25, Number(url.searchParams.get('page'))),
    );
    const { router } = renderAdmin('/admin?tab=users&page=2&status=ACTIVE');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(lastQuery(API.admin.users)).toEqual({ page: '2', limit: '10', status: 'ACTIVE' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/admin?tab=users&page=3&status=ACTIVE');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/admin?tab=users&page=2&status=ACTIVE');
  });

  it('ignores an unknown filter value in the URL rather than sending it', async () => {
    mockEndpoint(API.admin.users, usersPage([bob]));
    renderAdmin('/admin?tab=users&status=BOGUS&page=-1');
    await screen.findByRole('table', { name: 'Users' });
    expect(lastQuery(API.admin.users)).toEqual({ page: '1', limit: '10' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  });

  it('changes a status with PUT and confirms with a toast', async () => {
    let current = bob;
    mockEndpoint(API.admin.users, () => usersPage([current]));
    mockEndpoint(API.admin.setUserStatus, ({ body }) => {
      current = { ...bob, status: (body as { status: User['status'] }).status };
      return { user: current };
    });
    mockPreview();
    renderAdmin('/admin?tab=users');
    const select = await screen.findByRole('combobox', { name: 'Status of bob' });
    await userEvent.selectOptions(select, 'SUSPENDED');
    // Nothing changes before the admin has read what will happen and confirmed.
    const dialog = await screen.findByRole('dialog', { name: 'Suspend bob?' });
    expect(await within(dialog).findByText('bob can no longer sign in or download.')).toBeVisible();
    expect(callsTo(API.admin.setUserStatus)).toHaveLength(0);
    expect(lastQuery(API.admin.userStatusPreview)).toEqual({ status: 'SUSPENDED' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend bob' }));
    expect(await screen.findByText('bob is now Suspended')).toBeInTheDocument();
    const [put] = callsTo(API.admin.setUserStatus);
    expect(put!.params.id).toBe(bob.id);
    expect(put!.body).toEqual({ status: 'SUSPENDED' });
    await waitFor(() => expect(select).toHaveValue('SUSPENDED'));
    expect(select).toBeEnabled();
  });

  it("shows the server's 403 text above the list and keeps the old status", async () => {
    mockEndpoint(API.admin.users, usersPage([carol]));
    mockEndpoint(API.admin.setUserStatus, reply(403, apiError('superAdminOnly')));
    mockPreview();
    renderAdmin('/admin?tab=users');
    const select = await screen.findByRole('combobox', { name: 'Status of carol' });
    await pickAndConfirm(select, 'INACTIVE', /Deactivate carol/);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a super admin can do this');
    expect(select).toHaveValue('ACTIVE');
  });

  it('clears the error once the next change succeeds', async () => {
    let refuse = true;
    mockEndpoint(API.admin.users, usersPage([bob]));
    mockEndpoint(API.admin.setUserStatus, () =>
      refuse
        ? reply(403, apiError('superAdminOnly'))
        : { user: { ...bob, status: 'INACTIVE' as const } },
    );
    mockPreview();
    renderAdmin('/admin?tab=users');
    const select = await screen.findByRole('combobox', { name: 'Status of bob' });
    await pickAndConfirm(select, 'INACTIVE', /Deactivate bob/);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a super admin can do this');
    refuse = false;
    await pickAndConfirm(select, 'INACTIVE', /Deactivate bob/);
    expect(await screen.findByText('bob is now Inactive')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to the default text when the answer carries none', async () => {
    mockEndpoint(API.admin.users, usersPage([bob]));
    mockEndpoint(API.admin.setUserStatus, gatewayError);
    mockPreview();
    renderAdmin('/admin?tab=users');
    await pickAndConfirm(
      await screen.findByRole('combobox', { name: 'Status of bob' }),
      'INACTIVE',
      /Deactivate bob/,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      CLIENT_ERRORS.defaults.updateUserStatus,
    );
  });

  it('cannot confirm a change the server says it would refuse, and Cancel changes nothing', async () => {
    mockEndpoint(API.admin.users, usersPage([carol]));
    mockPreview(false);
    renderAdmin('/admin?tab=users');
    const select = await screen.findByRole('combobox', { name: 'Status of carol' });
    await userEvent.selectOptions(select, 'SUSPENDED');
    const dialog = await screen.findByRole('dialog', { name: 'Suspend carol?' });
    expect(await within(dialog).findByText('Only a super admin can do this')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Suspend carol' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(select).toHaveValue('ACTIVE');
    expect(callsTo(API.admin.setUserStatus)).toHaveLength(0);
  });

  it('lets a SUPER_ADMIN change roles with PUT /role', async () => {
    const me = makeAdmin({ role: 'SUPER_ADMIN' });
    mockEndpoint(API.admin.users, usersPage([me, bob]));
    mockEndpoint(API.admin.setUserRole, { user: { ...bob, role: 'ADMIN' } });
    renderAdmin('/admin?tab=users', me);
    expect(await screen.findByRole('combobox', { name: 'Role of root' })).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of bob' }), 'ADMIN');
    expect(await screen.findByText('bob is now Admin')).toBeInTheDocument();
    const [put] = callsTo(API.admin.setUserRole);
    expect(put!.params.id).toBe(bob.id);
    expect(put!.body).toEqual({ role: 'ADMIN' });
  });

  it('opens a user detail with orders, subscription and downloads', async () => {
    mockEndpoint(API.admin.users, usersPage([bob]));
    mockEndpoint(
      API.admin.user,
      makeUserDetail({
        user: bob,
        orders: [makeAdminOrder({ status: 'COMPLETED' })],
        subscription: makeSubscription(),
        downloads: [
          {
            id: '66666666-7777-4888-8999-aaaaaaaaaaaa',
            version: '1.2.0',
            filename: 'flockr-v1.2.0.zip',
            downloaded_at: '2026-11-02T00:00:00.000Z',
          },
        ],
      }),
    );
    mockEndpoint(API.admin.userLicense, { license: null });
    renderAdmin('/admin?tab=users');
    await userEvent.click(await screen.findByRole('button', { name: 'View bob' }));
    const dialog = screen.getByRole('dialog', { name: 'User bob' });
    expect(await within(dialog).findByText('#c3d4e5f6')).toBeInTheDocument();
    expect(
      await within(dialog).findByText('No license: bob has never had a paid order.'),
    ).toBeInTheDocument();
    expect(callsTo(API.admin.user)[0]!.params.id).toBe(bob.id);
    expect(within(dialog).getByRole('heading', { name: 'Orders (1)' })).toBeInTheDocument();
    expect(within(dialog).getByText('Completed')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Paid through Dec 1, 2026 · renew any time'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('v1.2.0')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the list error with Try Again, and the empty state', async () => {
    let fail = true;
    mockEndpoint(API.admin.users, () => (fail ? gatewayError() : usersPage([])));
    renderAdmin('/admin?tab=users');
    expect(await screen.findByRole('alert')).toHaveTextContent(CLIENT_ERRORS.defaults.fetchUsers);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No users yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('offers Clear filters when filters match nothing, and Go to first page past the end', async () => {
    mockEndpoint(API.admin.users, usersPage([], 0));
    const { router } = renderAdmin('/admin?tab=users&role=ADMIN&page=3');
    expect(await screen.findByRole('heading', { name: 'No users found' })).toBeInTheDocument();
    expect(screen.getByText('No user matches these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(currentUrl(router)).toBe('/admin?tab=users');

    await router.navigate('/admin?tab=users&page=4');
    expect(await screen.findByRole('button', { name: 'Go to first page' })).toBeInTheDocument();
    expect(screen.getByText('Registered users will appear here.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to first page' }));
    expect(currentUrl(router)).toBe('/admin?tab=users');
  });
});
