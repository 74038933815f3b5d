import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { HttpResponse } from 'msw';
import { API, API_ERRORS, API_ERROR_CODES, CLIENT_ERRORS, type Order } from '@flockr/contract';
import { SignedInOnly } from '../../../app/guards';
import OrdersRoute from '../../../app/routes/orders';
import { callsTo, mockEndpoint } from '../../../test/api';
import { makeOrder, makeUser } from '../../../test/fixtures';
import { renderRoute, signIn } from '../../../test/render';

const page = (orders: Order[], at = 1, totalPages = 1) => ({
  orders,
  pagination: { total: orders.length, page: at, limit: 20, total_pages: totalPages },
});

/** /orders as the router renders it: the page inside its sign-in guard. */
function renderOrders() {
  return renderRoute(
    <Routes>
      <Route element={<SignedInOnly denied={CLIENT_ERRORS.accessDenied.orders} />}>
        <Route path="orders" element={<OrdersRoute />} />
      </Route>
    </Routes>,
    { path: '/*', url: '/orders' },
  );
}

/** Signs a user in and answers `/auth/me`. */
function signedIn() {
  const user = makeUser();
  signIn(user);
  mockEndpoint(API.auth.me, { user });
}

describe('/orders', () => {
  it('denies access when signed out, with Go to Login back to /orders', async () => {
    renderOrders();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to view your orders')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      '/login?redirect=/orders',
    );
    expect(callsTo(API.payments.orders)).toHaveLength(0);
  });

  it('lists orders with short id, period, amount, status, and Pay Now + QR for payable ones', async () => {
    signedIn();
    const pending = makeOrder();
    const done = makeOrder({
      id: '11111111-2222-4333-8444-00000000beef',
      status: 'COMPLETED',
      duration_months: 12,
      amount: 199.99,
      payment_url: null,
      qr_code_url: null,
      completed_at: '2026-11-20T10:05:00.000Z',
      livemode: false,
    });
    mockEndpoint(API.payments.orders, page([pending, done]));
    renderOrders();
    const rows = await screen.findAllByRole('listitem');
    expect(within(rows[0]!).getByText('#c3d4e5f6')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Monthly')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('$19.99')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Pay Now' })).toHaveAttribute(
      'href',
      pending.payment_url,
    );
    expect(
      within(rows[0]!).getByRole('img', { name: 'QR code to pay order #c3d4e5f6' }),
    ).toHaveAttribute('src', pending.qr_code_url);
    // Pay Now leads; on phones the QR code (paying on another device) is folded away below it.
    const payNow = within(rows[0]!).getByRole('link', { name: 'Pay Now' });
    const qr = within(rows[0]!).getByRole('img', { name: 'QR code to pay order #c3d4e5f6' });
    expect(payNow.compareDocumentPosition(qr) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(rows[0]!).getByText('Pay on another device (QR code)').tagName).toBe('SUMMARY');
    expect(within(rows[1]!).getByText('#0000beef')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Yearly')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Completed')).toBeInTheDocument();
    // A test order says so; a live one does not.
    expect(within(rows[1]!).getByText('Test')).toBeInTheDocument();
    expect(within(rows[0]!).queryByText('Test')).not.toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('shows the empty state with View Plans, and refetches on Refresh', async () => {
    signedIn();
    mockEndpoint(API.payments.orders, page([]));
    renderOrders();
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/plans');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(callsTo(API.payments.orders)).toHaveLength(2));
    expect(callsTo(API.payments.orders)[0]!.url.search).toBe('?page=1&limit=20');
  });

  it('pages through the orders', async () => {
    signedIn();
    const second = makeOrder({ id: '11111111-2222-4333-8444-0000000000b2', status: 'EXPIRED' });
    mockEndpoint(API.payments.orders, ({ url }) =>
      url.searchParams.get('page') === '2'
        ? page([second], 2, 2)
        : page([makeOrder({ status: 'COMPLETED', payment_url: null, qr_code_url: null })], 1, 2),
    );
    renderOrders();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('#000000b2')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("shows the server's error text", async () => {
    signedIn();
    // Any endpoint may fail unexpectedly; the server then answers 500 with its generic text.
    mockEndpoint(API.payments.orders, () =>
      HttpResponse.json(
        { error: API_ERRORS.serverError, code: API_ERROR_CODES.serverError },
        { status: 500 },
      ),
    );
    renderOrders();
    expect(await screen.findByRole('alert')).toHaveTextContent(API_ERRORS.serverError);
  });
});
