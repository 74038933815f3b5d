import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_ERRORS } from '@flockr/contract';
import AdminRoute from '../../../app/routes/admin';
import { json, mockApi } from '../../../test/mock-api';
import { currentUrl, renderRoute, signIn } from '../../../test/render';
import { makeAdmin, makeAdminOrder, pageOf } from '../test/fixtures';

const order = makeAdminOrder({ status: 'REFUNDED', amount: 19.99 });
const putPath = `PUT /admin/orders/${order.id}/status`;

/** Renders the orders tab with `routes`. */
function renderOrders(routes: Parameters<typeof mockApi>[0], url = '/admin?tab=orders') {
  const me = makeAdmin();
  signIn(me);
  const api = mockApi({
    'GET /auth/me': { user: me },
    'GET /admin/orders': { orders: [order], pagination: pageOf(1) },
    ...routes,
  });
  return { ...api, ...renderRoute(<AdminRoute />, { path: '/admin', url }) };
}

describe('admin orders tab', () => {
  it('lists orders with short id, customer, plan, amount, status and date', async () => {
    renderOrders({});
    const table = await screen.findByRole('table', { name: 'Orders' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('#c3d4e5f6')).toBeInTheDocument();
    expect(within(row).getByText('alice')).toBeInTheDocument();
    expect(within(row).getByText('alice@example.com')).toBeInTheDocument();
    expect(within(row).getByText('PRO')).toBeInTheDocument();
    expect(within(row).getByText('$19.99')).toBeInTheDocument();
    expect(within(row).getByText('Refunded')).toBeInTheDocument();
  });

  it('filters by status and searches by id, username or email', async () => {
    const { callsTo, router } = renderOrders({});
    await screen.findByRole('table', { name: 'Orders' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'PENDING');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'c3d4{Enter}');
    await waitFor(() =>
      expect(Object.fromEntries(callsTo('GET /admin/orders').at(-1)!.url.searchParams)).toEqual({
        page: '1',
        limit: '10',
        status: 'PENDING',
        search: 'c3d4',
      }),
    );
    expect(currentUrl(router)).toBe('/admin?tab=orders&status=PENDING&search=c3d4');
  });

  it('sends the new status with the admin note', async () => {
    const { callsTo } = renderOrders({
      [putPath]: json({ order: { ...order, status: 'COMPLETED', admin_note: 'Paid by wire' } }),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Update status of order #c3d4e5f6' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Update order #c3d4e5f6' });
    const status = within(dialog).getByRole('combobox', { name: 'New status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['PENDING', 'COMPLETED', 'FAILED', 'CANCELLED', 'REFUNDED']);
    expect(status).toHaveValue('REFUNDED');
    await userEvent.selectOptions(status, 'COMPLETED');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Admin note (optional)' }),
      '  Paid by wire ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save status' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(putPath).map((c) => c.body)).toEqual([
      { status: 'COMPLETED', admin_note: 'Paid by wire' },
    ]);
    expect(await screen.findByText('Order #c3d4e5f6 is now Completed')).toBeInTheDocument();
  });

  it('leaves out an empty note', async () => {
    const { callsTo } = renderOrders({ [putPath]: json({ order }) });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Update status of order #c3d4e5f6' }),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'New status' }), 'FAILED');
    await userEvent.click(screen.getByRole('button', { name: 'Save status' }));
    await waitFor(() => expect(callsTo(putPath)).toHaveLength(1));
    expect(callsTo(putPath)[0]!.body).toEqual({ status: 'FAILED' });
  });

  it("shows the server's 409 text inside the dialog and keeps it open", async () => {
    renderOrders({
      [putPath]: json({ error: 'An order cannot go from REFUNDED to CANCELLED' }, 409),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Update status of order #c3d4e5f6' }),
    );
    const dialog = screen.getByRole('dialog');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'New status' }),
      'CANCELLED',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save status' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An order cannot go from REFUNDED to CANCELLED',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('uses the default text when the update fails without one', async () => {
    renderOrders({ [putPath]: new Response('', { status: 502 }) });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Update status of order #c3d4e5f6' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save status' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      CLIENT_ERRORS.defaults.updateOrderStatus,
    );
  });

  it('shows the list error with Try Again', async () => {
    renderOrders({ 'GET /admin/orders': json({ error: 'Database unavailable' }, 503) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
