import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, CLIENT_ERRORS, type AdminOrder, type AdminPaymentEvent } from '@flockr/contract';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { currentUrl } from '../../../test/render';
import { makeAdminOrder, makePreview, makeUnmatchedPaymentEvent, pageOf } from '../test/fixtures';
import { apiError, gatewayError, lastQuery, renderAdmin } from '../test/render';

const order = makeAdminOrder({ status: 'COMPLETED', amount: 19.99 });
const pending = makeAdminOrder({ status: 'PENDING', amount: 19.99 });

/** Renders the orders tab listing `orders`, and `events` as unmatched payment events. */
function renderOrders(orders: AdminOrder[] = [order], events: AdminPaymentEvent[] = []) {
  mockEndpoint(API.admin.orders, { orders, pagination: pageOf(orders.length) });
  mockEndpoint(API.admin.paymentEvents, { events, pagination: pageOf(events.length) });
  mockEndpoint(API.admin.orderStatusPreview, ({ url }) => ({
    preview: makePreview({ to: url.searchParams.get('status') ?? 'REFUNDED' }),
  }));
  return renderAdmin('/admin?tab=orders');
}

/** Picks `status` in the dialog and waits for the server's preview of it. */
async function pick(dialog: HTMLElement, status: string) {
  await userEvent.selectOptions(
    within(dialog).getByRole('combobox', { name: 'New status' }),
    status,
  );
  await within(dialog).findByText('Refund notice to alice@example.com');
}

/** Opens the status dialog of the listed order #c3d4e5f6. */
async function openDialog() {
  await userEvent.click(
    await screen.findByRole('button', { name: 'Update status of order #c3d4e5f6' }),
  );
  return screen.getByRole('dialog', { name: 'Update order #c3d4e5f6' });
}

describe('admin orders tab', () => {
  it('warns about provider events that named no order', async () => {
    const event = makeUnmatchedPaymentEvent();
    renderOrders([order], [event]);
    const table = await screen.findByRole('table', { name: 'Payment events without an order' });
    expect(
      screen.getByRole('heading', { name: '1 payment event named no order' }),
    ).toBeInTheDocument();
    expect(within(table).getByText(event.event_id)).toBeInTheDocument();
    expect(within(table).getByText(event.reference!)).toBeInTheDocument();
    expect(lastQuery(API.admin.paymentEvents)).toMatchObject({ outcome: 'unmatched' });
  });

  it('shows no payment-event warning while every event matched an order', async () => {
    renderOrders();
    await screen.findByRole('table', { name: 'Orders' });
    await waitFor(() => expect(callsTo(API.admin.paymentEvents)).toHaveLength(1));
    expect(screen.queryByRole('table', { name: 'Payment events without an order' })).toBeNull();
  });

  it('lists orders with short id, customer, plan, amount, status and date', async () => {
    renderOrders();
    const table = await screen.findByRole('table', { name: 'Orders' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('#c3d4e5f6')).toBeInTheDocument();
    expect(within(row).getByText('alice')).toBeInTheDocument();
    expect(within(row).getByText('alice@example.com')).toBeInTheDocument();
    expect(within(row).getByText('PRO')).toBeInTheDocument();
    expect(within(row).getByText('$19.99')).toBeInTheDocument();
    expect(within(row).getByText('Completed')).toBeInTheDocument();
    expect(within(row).getByText('Nov 20, 2026')).toBeInTheDocument();
  });

  it('filters by status and searches by id, username or email', async () => {
    const { router } = renderOrders();
    await screen.findByRole('table', { name: 'Orders' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'PENDING');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'c3d4{Enter}');
    await waitFor(() =>
      expect(lastQuery(API.admin.orders)).toEqual({
        page: '1',
        limit: '10',
        status: 'PENDING',
        search: 'c3d4',
      }),
    );
    expect(currentUrl(router)).toBe('/admin?tab=orders&status=PENDING&search=c3d4');
  });

  it('offers only the statuses the server allows from the current one, and sends it with the note', async () => {
    mockEndpoint(API.admin.setOrderStatus, {
      order: { ...order, status: 'REFUNDED', admin_note: 'Refunded by wire' },
    });
    renderOrders();
    const dialog = await openDialog();
    const status = within(dialog).getByRole('combobox', { name: 'New status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['COMPLETED', 'CANCELLED', 'REFUNDED']);
    expect(status).toHaveValue('COMPLETED');
    expect(within(status).getByRole('option', { name: 'Completed (no change)' })).toBeVisible();
    await pick(dialog, 'REFUNDED');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Admin note (optional)' }),
      '  Refunded by wire ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save status' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const calls = callsTo(API.admin.setOrderStatus);
    expect(calls.map((c) => c.body)).toEqual([
      { status: 'REFUNDED', admin_note: 'Refunded by wire' },
    ]);
    expect(calls[0]!.params.id).toBe(order.id);
    expect(await screen.findByText('Order #c3d4e5f6 is now Refunded')).toBeInTheDocument();
  });

  it('leaves out an empty note', async () => {
    mockEndpoint(API.admin.setOrderStatus, { order: { ...pending, status: 'FAILED' } });
    renderOrders([pending]);
    const dialog = await openDialog();
    await pick(dialog, 'FAILED');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save status' }));
    await waitFor(() => expect(callsTo(API.admin.setOrderStatus)).toHaveLength(1));
    expect(callsTo(API.admin.setOrderStatus)[0]!.body).toEqual({ status: 'FAILED' });
  });

  it("shows the server's 409 text inside the dialog and keeps it open (another admin refunded it meanwhile)", async () => {
    mockEndpoint(
      API.admin.setOrderStatus,
      reply(409, {
        error: 'An order cannot go from REFUNDED to CANCELLED',
        code: 'ORDER_TRANSITION_NOT_ALLOWED',
      }),
    );
    renderOrders();
    const dialog = await openDialog();
    await pick(dialog, 'CANCELLED');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save status' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An order cannot go from REFUNDED to CANCELLED',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save status' })).toBeEnabled();
  });

  it('says what the chosen status will do before saving: time taken back, e-mails sent', async () => {
    renderOrders();
    const dialog = await openDialog();
    // Keeping the status changes only the note: nothing to preview.
    expect(within(dialog).queryByRole('region', { name: 'What will happen' })).toBeNull();
    await pick(dialog, 'REFUNDED');
    const preview = within(dialog).getByRole('region', { name: 'What will happen' });
    expect(preview).toHaveTextContent('21 days of unused time is taken back from alice');
    expect(preview).toHaveTextContent('−21 days of paid time');
    expect(within(preview).getByRole('list', { name: 'E-mails sent' })).toHaveTextContent(
      'Refund notice to alice@example.com',
    );
    expect(lastQuery(API.admin.orderStatusPreview)).toEqual({ status: 'REFUNDED' });
    expect(callsTo(API.admin.setOrderStatus)).toEqual([]);
  });

  it('cannot save a move the server says it would refuse', async () => {
    renderOrders();
    mockEndpoint(API.admin.orderStatusPreview, {
      preview: makePreview({ allowed: false, effects: ['Not allowed from here.'], emails: [] }),
    });
    const dialog = await openDialog();
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'New status' }),
      'CANCELLED',
    );
    expect(await within(dialog).findByText('Not allowed from here.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Save status' })).toBeDisabled();
  });

  it('uses the default text when the update fails without one', async () => {
    mockEndpoint(API.admin.setOrderStatus, gatewayError);
    renderOrders();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save status' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      CLIENT_ERRORS.defaults.updateOrderStatus,
    );
  });

  it('closes the dialog with Cancel without calling the server', async () => {
    renderOrders();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(API.admin.setOrderStatus)).toEqual([]);
  });

  it('shows the list error with Try Again', async () => {
    mockEndpoint(API.admin.paymentEvents, { events: [], pagination: pageOf(0) });
    mockEndpoint(API.admin.orders, reply(403, apiError('forbidden')));
    renderAdmin('/admin?tab=orders');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have permission to do this',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
