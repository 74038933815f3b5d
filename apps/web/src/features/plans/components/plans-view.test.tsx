import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLAN_COMPARISON, displayedYearlySaving } from '@flockr/contract';
import { makeOrder, makePlan, makeUser } from '../../../test/fixtures';
import { json, mockApi } from '../../../test/mock-api';
import { currentUrl, renderRoute, signIn } from '../../../test/render';
import { ORDER_WAITING_TEXT, PlansView } from './plans-view';
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

describe('plans page', () => {
  it('computes the displayed yearly saving as round(12 × monthly − yearly)', () => {
    expect(displayedYearlySaving(19.99, 199.99)).toBe(40);
    expect(yearlySavingText(pro)).toBe('Save $40');
    expect(yearlySavingText(proPlus)).toBe('Save $120');
    expect(yearlySavingText(free)).toBeNull();
  });

  it('shows monthly prices, then yearly prices with the saving and the server percentage', async () => {
    mockApi({ 'GET /subscriptions/plans': plansAnswer });
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
    mockApi({ 'GET /subscriptions/plans': plansAnswer });
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
    const { calls } = mockApi({ 'GET /subscriptions/plans': plansAnswer });
    const { router } = renderRoute(<PlansView />, { path: '/plans' });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose PRO' }));
    expect(currentUrl(router)).toBe('/register?redirect=/plans');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('buys: subscribe, create payment, open the payment page, then announce the payment', async () => {
    const user = makeUser();
    signIn(user);
    const order = makeOrder();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { callsTo } = mockApi({
      'GET /auth/me': { user },
      'GET /subscriptions/plans': plansAnswer,
      'POST /subscriptions/subscribe': json({ order_id: order.id, order }, 201),
      'POST /payments/create': {
        order_id: order.id,
        payment_url: 'http://localhost:3000/sandbox/checkout/sess_1',
        qr_code_url: 'http://localhost:3000/qr.png',
        expires_at: order.expires_at,
      },
      [`GET /payments/orders/${order.id}/status`]: {
        order_id: order.id,
        status: 'COMPLETED',
        completed_at: '2026-11-21T10:00:00.000Z',
        expires_at: order.expires_at,
      },
    });
    renderRoute(<PlansView />, { path: '/plans' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Yearly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose PRO' }));

    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('http://localhost:3000/sandbox/checkout/sess_1', '_blank'),
    );
    expect(callsTo('POST /subscriptions/subscribe')[0]!.body).toEqual({
      plan_id: pro.id,
      duration_months: 12,
    });
    expect(callsTo('POST /payments/create')[0]!.body).toEqual({ order_id: order.id });
    expect(screen.getByRole('link', { name: 'Go to Order History' })).toHaveAttribute(
      'href',
      '/orders',
    );
    expect(screen.getAllByText(ORDER_WAITING_TEXT).length).toBeGreaterThan(0);
    expect(
      await screen.findByText('Payment received. Your PRO plan is active.'),
    ).toBeInTheDocument();
  });

  it('shows the server error, or "Subscription failed"', async () => {
    const user = makeUser();
    signIn(user);
    mockApi({
      'GET /auth/me': { user },
      'GET /subscriptions/plans': plansAnswer,
      'POST /subscriptions/subscribe': new Response(null, { status: 500 }),
    });
    renderRoute(<PlansView />, { path: '/plans' });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose PRO' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Subscription failed');
  });

  it('marks the active plan, and FREE for a signed-in user without one', async () => {
    const subscribed = makeUser({
      subscription: { plan_name: 'PRO', status: 'ACTIVE', expires_at: '2099-01-01T00:00:00.000Z' },
    });
    signIn(subscribed);
    mockApi({ 'GET /auth/me': { user: subscribed }, 'GET /subscriptions/plans': plansAnswer });
    renderRoute(<PlansView />, { path: '/plans' });
    expect(
      await within(await screen.findByRole('article', { name: 'PRO' })).findByText('Current plan'),
    ).toBeInTheDocument();
    expect(within(card('FREE')).queryByText('Current plan')).not.toBeInTheDocument();
    expect(within(card('FREE')).getByRole('button', { name: 'Free plan' })).toBeDisabled();
  });
});
