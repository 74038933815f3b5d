import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API,
  API_ERRORS,
  API_ERROR_CODES,
  TEST_MODE_BANNER,
  type OrderStatus,
  type SandboxCheckout,
} from '@flockr/contract';
import SandboxCheckoutRoute from '../../../app/routes/sandbox-checkout';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { renderRoute } from '../../../test/render';
import { SANDBOX_BRAND, safeReturnUrl } from './sandbox-checkout-view';

const sessionId = 'sbx_3q2dFv0x9KcJ1mT4uYbA7wZpL8eR5nHs';
const returnUrl = 'http://localhost:3000/orders';

/** The page's data as the server answers it: the order's last 8 characters, never the buyer. */
function checkout(status: OrderStatus = 'PENDING'): SandboxCheckout {
  return {
    session_id: sessionId,
    order_ref: 'c3d4e5f6',
    plan_name: 'PRO',
    duration_months: 1,
    amount: 19.99,
    currency: 'USD',
    status,
    expires_at: '2099-01-01T00:00:00.000Z',
    merchant: 'Flockr',
    seller: {
      legal_name: 'Flockr Software LLC',
      address: '1 Example Street, Wilmington, DE 19801, United States',
      support_email: 'support@flockr.example',
    },
    prices_include_tax: true,
    return_url: returnUrl,
  };
}

/** The page at its URL, as a phone that scanned the QR code opens it: nobody signed in. */
function renderCheckout() {
  return renderRoute(<SandboxCheckoutRoute />, {
    path: '/sandbox/checkout/:sessionId',
    url: `/sandbox/checkout/${sessionId}`,
  });
}

const notPayable = {
  error: API_ERRORS.orderNotPending,
  code: API_ERROR_CODES.orderNotPending,
};

describe('sandbox checkout page', () => {
  it('works signed out: shows the order by its reference, and Pay completes it', async () => {
    mockEndpoint(API.payments.checkout, checkout());
    mockEndpoint(API.payments.pay, {
      order_ref: 'c3d4e5f6',
      status: 'COMPLETED',
      return_url: returnUrl,
    });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Complete your payment' })).toBeVisible();
    expect(screen.getByText('#c3d4e5f6')).toBeInTheDocument();
    expect(screen.getAllByText('$19.99').length).toBeGreaterThan(0);
    expect(screen.getByText(SANDBOX_BRAND)).toBeInTheDocument();
    // The sandbox never takes money: the site's test-mode banner tops its page.
    expect(screen.getByRole('status')).toHaveTextContent(TEST_MODE_BANNER);
    expect(
      screen.getByText(
        'Sold by Flockr Software LLC, 1 Example Street, Wilmington, DE 19801, United States. Support: support@flockr.example',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Prices include all taxes.')).toBeInTheDocument();
    expect(document.title).toBe(`Checkout · ${SANDBOX_BRAND}`);
    const [load] = callsTo(API.payments.checkout);
    expect(load!.params.sessionId).toBe(sessionId);
    expect(load!.headers.has('Authorization')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeVisible();
    expect(screen.getByText('Your payment of $19.99 to Flockr went through.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return to Flockr' })).toHaveAttribute(
      'href',
      returnUrl,
    );
    expect(callsTo(API.payments.pay)[0]!.params.sessionId).toBe(sessionId);
  });

  it("shows the server's refusal of Pay, then Cancel ends the checkout", async () => {
    mockEndpoint(API.payments.checkout, checkout());
    mockEndpoint(API.payments.pay, reply(409, notPayable));
    mockEndpoint(API.payments.cancel, {
      order_ref: 'c3d4e5f6',
      status: 'FAILED',
      return_url: returnUrl,
    });
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(API_ERRORS.orderNotPending);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(callsTo(API.payments.cancel)).toHaveLength(1);
  });

  it('says "Payment not found" for an unknown session, with nothing to pay', async () => {
    mockEndpoint(
      API.payments.checkout,
      reply(404, { error: API_ERRORS.paymentNotFound, code: API_ERROR_CODES.paymentNotFound }),
    );
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Checkout unavailable' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Payment not found');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it.each([
    ['CANCELLED', 'Payment cancelled'],
    ['COMPLETED', 'Already paid'],
    ['EXPIRED', 'Checkout expired'],
  ] as const)('shows a %s order as "%s" without Pay', async (status, title) => {
    mockEndpoint(API.payments.checkout, checkout(status));
    renderCheckout();
    expect(await screen.findByRole('heading', { name: title })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Return to Flockr' })).toHaveAttribute(
        'href',
        returnUrl,
      ),
    );
  });

  it('links back only to same-site paths and http(s) URLs', () => {
    expect(safeReturnUrl('/orders')).toBe('/orders');
    expect(safeReturnUrl(returnUrl)).toBe(returnUrl);
    expect(safeReturnUrl('javascript:alert(1)')).toBe('/');
    expect(safeReturnUrl('//evil.example')).toBe('/');
    expect(safeReturnUrl('/\\evil.example')).toBe('/');
  });
});
