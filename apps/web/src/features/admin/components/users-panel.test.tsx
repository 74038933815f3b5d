import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_ERRORS, CLIENT_ERRORS, type User } from '@flockr/contract';
import AdminRoute from '../../../app/routes/admin';
import { makeUser } from '../../../test/fixtures';
import { json, mockApi, type RecordedCall } from '../../../test/mock-api';
import { currentUrl, renderRoute, signIn } from '../../../test/render';
import { makeAdmin, makeAdminOrder, pageOf } from '../test/fixtures';

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

/** Answers `GET /admin/users` with `users`, as one page of `total`. */
const usersAnswer = (users: User[], total = users.length, page = 1) => ({
  users,
  pagination: pageOf(total, page),
});

/** Renders the users tab at `url` for `me`. */
function renderUsers(me: User, routes: Parameters<typeof mockApi>[0], url = '/admin?tab=users') {
  signIn(me);
  const api = mockApi({ 'GET /auth/me': { user: me }, ...routes });
  const view = renderRoute(<AdminRoute />, { path: '/admin', url });
  return { ...api, ...view };
}

/** Query parameters of the last `GET /admin/users` call. */
const lastUsersQuery = (calls: RecordedCall[]) =>
  Object.fromEntries(calls.filter((c) => c.path === '/admin/users').at(-1)!.url.searchParams);

describe('admin users tab', () => {
  it('lists users with email, role, status, subscription and joined date', async () => {
    const me = makeAdmin();
    renderUsers(me, { 'GET /admin/users': usersAnswer([me, bob, carol]) });
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
    expect(screen.getByRole('navigation', { name: 'Users pages' })).toHaveTextContent(
      'Page 1 of 1',
    );
  });

  it('sends search, status and role filters and keeps them in the URL', async () => {
    const me = makeAdmin();
    const { calls, router } = renderUsers(me, {
      'GET /admin/users': usersAnswer([bob]),
    });
    await screen.findByRole('table', { name: 'Users' });
    expect(lastUsersQuery(calls)).toEqual({ page: '1', limit: '10' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'bob');
    await waitFor(() => expect(lastUsersQuery(calls)).toMatchObject({ search: 'bob' }));
    expect(currentUrl(router)).toBe('/admin?tab=users&search=bob');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'SUSPENDED');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'ADMIN');
    await waitFor(() =>
      expect(lastUsersQuery(calls)).toEqual({
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
    const me = makeAdmin();
    const { calls, router } = renderUsers(
      me,
      {
        'GET /admin/users': (call) =>
          json(usersAnswer([bob], 25, Number(call.url.searchParams.get('page')))),
      },
      '/admin?tab=users&page=2&status=ACTIVE',
    );
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(lastUsersQuery(calls)).toEqual({ page: '2', limit: '10', status: 'ACTIVE' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/admin?tab=users&page=3&status=ACTIVE');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('changes a status with PUT and confirms with a toast', async () => {
    const me = makeAdmin();
    let current = bob;
    const { callsTo } = renderUsers(me, {
      'GET /admin/users': () => json(usersAnswer([current])),
      'PUT /admin/users/bbbbbbbb-0000-4000-8000-000000000002/status': (call) => {
        current = { ...bob, status: (call.body as { status: User['status'] }).status };
        return json({ user: current });
      },
    });
    const select = await screen.findByRole('combobox', { name: 'Status of bob' });
    await userEvent.selectOptions(select, 'SUSPENDED');
    expect(await screen.findByText('bob is now Suspended')).toBeInTheDocument();
    expect(
      callsTo('PUT /admin/users/bbbbbbbb-0000-4000-8000-000000000002/status')[0]!.body,
    ).toEqual({ status: 'SUSPENDED' });
    await waitFor(() => expect(select).toHaveValue('SUSPENDED'));
  });

  it("shows the server's 403 text and keeps the old status", async () => {
    const me = makeAdmin();
    renderUsers(me, {
      'GET /admin/users': usersAnswer([carol]),
      'PUT /admin/users/cccccccc-0000-4000-8000-000000000003/status': json(
        { error: API_ERRORS.superAdminOnly },
        403,
      ),
    });
    const select = await screen.findByRole('combobox', { name: 'Status of carol' });
    await userEvent.selectOptions(select, 'INACTIVE');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a super admin can do this');
    expect(select).toHaveValue('ACTIVE');
  });

  it('falls back to the default text when the server gives none', async () => {
    const me = makeAdmin();
    renderUsers(me, {
      'GET /admin/users': usersAnswer([bob]),
      'PUT /admin/users/bbbbbbbb-0000-4000-8000-000000000002/status': new Response('', {
        status: 500,
      }),
    });
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Status of bob' }),
      'INACTIVE',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      CLIENT_ERRORS.defaults.updateUserStatus,
    );
  });

  it('lets a SUPER_ADMIN change roles with PUT /role', async () => {
    const me = makeAdmin({ role: 'SUPER_ADMIN' });
    const { callsTo } = renderUsers(me, {
      'GET /admin/users': usersAnswer([me, bob]),
      'PUT /admin/users/bbbbbbbb-0000-4000-8000-000000000002/role': json({
        user: { ...bob, role: 'ADMIN' },
      }),
    });
    expect(await screen.findByRole('combobox', { name: 'Role of root' })).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of bob' }), 'ADMIN');
    expect(await screen.findByText('bob is now Admin')).toBeInTheDocument();
    expect(callsTo('PUT /admin/users/bbbbbbbb-0000-4000-8000-000000000002/role')[0]!.body).toEqual({
      role: 'ADMIN',
    });
  });

  it('opens a user detail with orders, subscription and downloads', async () => {
    const me = makeAdmin();
    renderUsers(me, {
      'GET /admin/users': usersAnswer([bob]),
      'GET /admin/users/bbbbbbbb-0000-4000-8000-000000000002': {
        user: bob,
        orders: [makeAdminOrder({ status: 'COMPLETED' })],
        subscription: {
          id: '55555555-6666-4777-8888-999999999999',
          plan_id: '9a8b7c6d-2222-4e5f-9a0b-abcdefabcdef',
          plan_name: 'PRO',
          status: 'ACTIVE',
          started_at: '2026-11-01T00:00:00.000Z',
          expires_at: '2026-12-01T00:00:00.000Z',
          cancel_at_period_end: false,
          periods: [],
        },
        downloads: [
          {
            id: '66666666-7777-4888-8999-aaaaaaaaaaaa',
            version: '1.2.0',
            filename: 'flockr-v1.2.0.zip',
            downloaded_at: '2026-11-02T00:00:00.000Z',
          },
        ],
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'View bob' }));
    const dialog = screen.getByRole('dialog', { name: 'User bob' });
    expect(await within(dialog).findByText('#c3d4e5f6')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Orders (1)' })).toBeInTheDocument();
    expect(within(dialog).getByText('Completed')).toBeInTheDocument();
    expect(within(dialog).getByText('Dec 1, 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('v1.2.0')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the list error with Try Again, and the empty state', async () => {
    const me = makeAdmin();
    let fail = true;
    renderUsers(me, {
      'GET /admin/users': () => (fail ? new Response('', { status: 500 }) : json(usersAnswer([]))),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(CLIENT_ERRORS.defaults.fetchUsers);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No users yet' })).toBeInTheDocument();
  });
});
