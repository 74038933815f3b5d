import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API, PLAN_COMPARISON, displayedYearlySaving, type User } from '@flockr/contract';
import { callsTo, mockEndpoint, reply, server } from '../../../test/api';
import { makeOrder, makePlan, makeUser } from '../../../test/fixtures';
import { currentUrl, renderRoute, signIn } from '../../../test/render';
import { ORDER_WAITING_TEXT } from '../api/plans';
import { PlansView } from './plans-view';
import { yearlySavingText } from './plan-card';

const free = makePlan({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'FREE',
  description: 'Try the basics.',
  monthly_price: 0,
  yearly_price: 0,
  features: ['1 Twitter account'],
  yearly_discount_percentage: 0,
});
const pro = makePlan();
const proPlus = makePlan({
  id: '00000000-0000-4000-8000-000000000003',
  name: 'PRO+',
  monthly_price: 49.99,
  yearly_price: 479.99,
  features: ['Unlimited accounts'],
  yearly_discount_percentage: 20,
});
const plansAnswer = {
  plans: [free, pro, proPlus],
  discount_info: { yearly_discount_percentage: 20 },
};

const card = (name: string) => screen.getByRole('article', { name });

/** Signs `user` in and answers `/auth/me` and the plan list as the server does. */
function signedInWithPlans(user: User) {
  signIn(user);
  mockEndpoint(API.auth.me, { user });
  mockEndpoint(API.subscriptions.plans, plansAnswer);
}

describe('plans page', () => {
  it('computes the displayed yearly saving as round(12 × monthly − yearly)', () => {
    expect(displayedYearlySaving(19.99, 199.99)).toBe(40);
    expect(yearlySavingText(pro)).toBe('Save $40');
    expect(yearlySavingText(proPlus)).toBe('Save $120');
    expect(yearlySavingText(free)).toBeNull();
  });

  it('shows monthly prices, then yearly prices with the saving and the server percentage', async () => {
    mockEndpoint(API.subscriptions.plans, plansAnswer);
    renderRoute(<PlansView />, { path: '/plans' });
    const proCard = await screen.findByRole('article', { name: 'PRO' });
    expect(within(proCard).getByText('$19.99')).toBeInTheDocument();
    expect(within(proCard).getByText('/month')).toBeInTheDocument();
    expect(within(proCard).queryByText('Save $40')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(screen.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    expect(within(proCard).getByText('$199.99')).toBeInTheDocument();
    expect(within(proCard).getByText('/year')).toBeInTheDocument();
    expect(within(proCard).getByText('Save $40')).toBeInTheDocument();
    expect(within(proCard).getByText('Save 17%')).toBeInTheDocument();
    expect(within(card('PRO+')).getByText('Save $120')).toBeInTheDocument();
    expect(within(card('PRO+')).getByText('Save 20%')).toBeInTheDocument();
    expect(within(card('FREE')).queryByText(/^Save/)).not.toBeInTheDocument();
  });

  it('renders the comparison table, the contact box and four trust badges', async () => {
    mockEndpoint(API.subscriptions.plans, plansAnswer);
    renderRoute(<PlansView />, { path: '/plans' });
    const table = screen.getByRole('table', { name: 'Pro vs Pro+ feature comparison' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Feature', 'Pro', 'Pro+']);
    expect(within(table).getAllByRole('rowheader')).toHaveLength(PLAN_COMPARISON.length);
    expect(await screen.findByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:support@flockr\.example/),
    );
    expect(
      within(screen.getByRole('list', { name: 'Why customers trust us' })).getAllByRole('listitem'),
    ).toHaveLength(4);
  });

  it('sends a signed-out visitor who chooses a plan to register with a redirect back', async () => {
    mockEndpoint(API.subscriptions.plans, plansAnswer);
    // What the server would answer a signed-out call; it must not be made at all.
    mockEndpoint(
      API.subscriptions.subscribe,
      reply(401, { error: 'Authentication required', code: 'AUTH_REQUIRED' }),
    );
    const { router } = renderRoute(<PlansView />, { path: '/plans' });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose PRO' }));
    // The redirect carries the choice (plan-choice.test.tsx follows it through sign-up).
    expect(currentUrl(router)).toBe('/register?redirect=/plans%3Fplan%3DPRO%26period%3Dmonthly');
    expect(callsTo(API.subscriptions.subscribe)).toHaveLength(0);
  });

  it('buys: subscribe, create payment, open the payment page, then announce the payment', async () => {
    const user = makeUser();
    signedInWithPlans(user);
    const order = makeOrder({
      duration_months: 12,
      amount: 199.99,
      payment_url: null,
      qr_code_url: null,
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    mockEndpoint(API.subscriptions.subscribe, { order_id: order.id, order });
    mockEndpoint(API.payments.create, {
      order_id: order.id,
      payment_url: 'http://localhost:3000/sandbox/checkout/sbx_1',
      qr_code_url: 'http://localhost:3000/api/v1/payments/qr/sbx_1',
      expires_at: order.expires_at,
    });
    mockEndpoint(API.payments.orderStatus, {
      order_id: order.id,
      status: 'COMPLETED',
      completed_at: '2026-11-21T10:00:00.000Z',
      expires_at: order.expires_at,
    });
    renderRoute(<PlansView />, { path: '/plans' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Yearly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose PRO' }));

    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('http://localhost:3000/sandbox/checkout/sbx_1', '_blank'),
    );
    expect(callsTo(API.subscriptions.subscribe)[0]!.body).toEqual({
      plan_id: pro.id,
      duration_months: 12,
    });
    expect(callsTo(API.payments.create)[0]!.body).toEqual({ order_id: order.id });
    expect(screen.getByRole('link', { name: 'Go to Order History' })).toHaveAttribute(
      'href',
      '/orders',
    );
    expect(screen.getAllByText(ORDER_WAITING_TEXT).length).toBeGreaterThan(0);
    expect(
      await screen.findByText('Payment received. Your PRO plan is active.'),
    ).toBeInTheDocument();
    expect(callsTo(API.payments.orderStatus)[0]!.params.id).toBe(order.id);
    // The session is reloaded, so the new plan shows as current at once.
    await waitFor(() => expect(callsTo(API.auth.me).length).toBeGreaterThanOrEqual(2));
  });

  it('shows the server error, or "Subscription failed"', async () => {
    signedInWithPlans(makeUser());
    mockEndpoint(
      API.subscriptions.subscribe,
      reply(404, { error: 'Plan not found', code: 'PLAN_NOT_FOUND' }),
    );
    renderRoute(<PlansView />, { path: '/plans' });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose PRO' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Plan not found');
    expect(callsTo(API.payments.create)).toHaveLength(0);

    // An answer without a text (a proxy's bare 502) falls back to the spec's default.
    server.use(
      http.post('*/api/v1/subscriptions/subscribe', () => new HttpResponse(null, { status: 502 })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Choose PRO' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Subscription failed'));
  });

  it('marks the active plan, and FREE for a signed-in user without one', async () => {
    const subscribed = makeUser({
      subscription: { plan_name: 'PRO', status: 'ACTIVE', expires_at: '2099-01-01T00:00:00.000Z' },
    });
    signedInWithPlans(subscribed);
    renderRoute(<PlansView />, { path: '/plans' });
    expect(
      await within(await screen.findByRole('article', { name: 'PRO' })).findByText('Current plan'),
    ).toBeInTheDocument();
    expect(within(card('FREE')).queryByText('Current plan')).not.toBeInTheDocument();
    expect(within(card('FREE')).getByRole('button', { name: 'Free plan' })).toBeDisabled();
  });
});
