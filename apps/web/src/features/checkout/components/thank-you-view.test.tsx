import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { API, CLIENT_ERRORS, type Order, type User } from '@flockr/contract';
import ThankYouRoute from '../../../app/routes/thank-you';
import { planSentence } from './thank-you-view';
import { SignedInOnly } from '../../../app/guards';
import { callsTo, mockEndpoint } from '../../../test/api';
import { makeOrder, makeUser } from '../../../test/fixtures';
import { renderRoute, signIn } from '../../../test/render';

const pending = makeOrder({
  plan_name: 'PRO',
  status: 'PENDING',
  payment_url: 'http://localhost:3000/sandbox/checkout/sbx_9',
  qr_code_url: 'http://localhost:3000/api/v1/payments/qr/sbx_9',
});
const ref = pending.id.slice(-8);
const pagination = { page: 1, limit: 20, total: 1, total_pages: 1 };

/** The page for `order` as `user` (signed in), the status poll answering `status`. */
function renderThankYou(user: User, order: Order, status = order.status) {
  signIn(user);
  mockEndpoint(API.auth.me, { user });
  mockEndpoint(API.payments.orders, { orders: [order], pagination });
  mockEndpoint(API.payments.orderStatus, {
    order_id: order.id,
    status,
    completed_at: status === 'COMPLETED' ? '2026-11-21T10:00:00.000Z' : null,
    expires_at: order.expires_at,
  });
  return renderRoute(<ThankYouRoute />, {
    path: '/thank-you/:orderRef',
    url: `/thank-you/${ref}`,
    layout: <SignedInOnly denied={CLIENT_ERRORS.accessDenied.orders} />,
  });
}

describe('thank-you page', () => {
  it('waits for the payment: the payment page first, paying on another device folded away', async () => {
    renderThankYou(makeUser(), pending);
    expect(await screen.findByRole('heading', { name: 'Finish your payment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open payment page' })).toHaveAttribute(
      'href',
      'http://localhost:3000/sandbox/checkout/sbx_9',
    );
    expect(screen.getByText('Pay on another device')).toBeInTheDocument();
    expect(callsTo(API.payments.orderStatus)[0]?.params.id ?? pending.id).toBe(pending.id);
  });

  it('once paid: thanks, the plan and its end, and the next steps (download, install, sign in)', async () => {
    const user = makeUser({
      email: 'buyer@example.com',
      subscription: { plan_name: 'PRO', status: 'ACTIVE', expires_at: '2026-12-21T10:00:00.000Z' },
    });
    renderThankYou(user, pending, 'COMPLETED');
    expect(
      await screen.findByRole('heading', { name: 'Thank you for your purchase' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Your PRO plan is active, paid through Dec 21, 2026/),
    ).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`Order #${ref}`))).toBeInTheDocument();
    const steps = screen.getByRole('list');
    expect(
      within(steps)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Download Flockr', 'Install', 'Connect your account']);
    expect(within(steps).getByRole('button', { name: 'Download Flockr' })).toBeEnabled();
    expect(within(steps).getByText('buyer@example.com')).toBeInTheDocument();
  });

  it('says a lower plan bought starts when the current one ends', () => {
    const user = makeUser({
      subscription: { plan_name: 'PRO+', status: 'ACTIVE', expires_at: '2027-02-21T10:00:00.000Z' },
    });
    expect(planSentence(pending, user)).toBe(
      'Your PRO plan starts when your current PRO+ plan ends; you are paid through Feb 21, 2027.',
    );
    expect(planSentence(pending, makeUser({ subscription: null }))).toBe(
      'Your PRO plan is active.',
    );
  });

  it('says when the order was not paid and leads back to the plans', async () => {
    renderThankYou(makeUser(), {
      ...pending,
      status: 'FAILED',
      payment_url: null,
      qr_code_url: null,
    });
    expect(
      await screen.findByRole('heading', { name: 'Your order was not paid' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute('href', '/plans');
  });

  it('says so when no order of the user has that reference', async () => {
    const user = makeUser();
    signIn(user);
    mockEndpoint(API.auth.me, { user });
    mockEndpoint(API.payments.orders, { orders: [], pagination: { ...pagination, total: 0 } });
    renderRoute(<ThankYouRoute />, {
      path: '/thank-you/:orderRef',
      url: '/thank-you/deadbeef',
      layout: <SignedInOnly denied={CLIENT_ERRORS.accessDenied.orders} />,
    });
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });
});
