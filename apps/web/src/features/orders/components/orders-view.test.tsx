import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import OrdersRoute from '../../../app/routes/orders';
import { makeOrder, makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderRoute, signIn } from '../../../test/render';

const page = (orders: unknown[]) => ({
  orders,
  pagination: { total: orders.length, page: 1, limit: 20, total_pages: 1 },
});

describe('/orders', () => {
  it('denies access when signed out, with Go to Login back to /orders', () => {
    mockApi();
    renderRoute(<OrdersRoute />, { path: '/orders' });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to view your orders')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      '/login?redirect=/orders',
    );
  });

  it('lists orders with short id, period, amount, status, and Pay Now + QR for payable ones', async () => {
    const user = makeUser();
    signIn(user);
    const pending = makeOrder();
    const done = makeOrder({
      id: '11111111-2222-4333-8444-00000000beef',
      status: 'COMPLETED',
      duration_months: 12,
      amount: 199.99,
      payment_url: null,
      qr_code_url: null,
      completed_at: '2026-11-20T10:05:00.000Z',
    });
    mockApi({ 'GET /auth/me': { user }, 'GET /payments/orders': page([pending, done]) });
    renderRoute(<OrdersRoute />, { path: '/orders' });
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
    expect(within(rows[1]!).getByText('#0000beef')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Yearly')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Completed')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('shows the empty state with View Plans, and refetches on Refresh', async () => {
    const user = makeUser();
    signIn(user);
    const { callsTo } = mockApi({ 'GET /auth/me': { user }, 'GET /payments/orders': page([]) });
    renderRoute(<OrdersRoute />, { path: '/orders' });
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/plans');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(callsTo('GET /payments/orders').length).toBeGreaterThanOrEqual(2);
  });
});
