import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, API_ERRORS } from '@flockr/contract';
import { apiError, callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeOrder, makePlan, makeUser } from '../../../test/fixtures';
import { phoneViewport, stubMatchMedia } from '../../../test/media';
import { currentUrl, renderRoute, signIn } from '../../../test/render';
import { leaveFor } from '../lib/leave-for';
import {
  planChoiceLabel,
  planChoiceOfPath,
  planChoicePath,
  readPlanChoice,
} from '../lib/plan-choice';
import { PlansView, recommendedFirst } from './plans-view';

vi.mock('../lib/leave-for', () => ({ leaveFor: vi.fn() }));

const free = makePlan({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'FREE',
  monthly_price: 0,
  yearly_price: 0,
  yearly_discount_percentage: 0,
});
const pro = makePlan();
const proPlus = makePlan({
  id: '00000000-0000-4000-8000-000000000003',
  name: 'PRO+',
  monthly_price: 49.99,
  yearly_price: 479.99,
  yearly_discount_percentage: 20,
});
const plansAnswer = {
  plans: [free, pro, proPlus],
  discount_info: { yearly_discount_percentage: 20 },
};

const PAYMENT_URL = 'http://localhost:3000/sandbox/checkout/sbx_9';

/** Signs a user in and answers the order calls as the server does. */
function signedInAndOrdering() {
  const user = makeUser();
  signIn(user);
  mockEndpoint(API.auth.me, { user });
  mockEndpoint(API.subscriptions.plans, plansAnswer);
  const order = makeOrder({ duration_months: 12, amount: 479.99 });
  mockEndpoint(API.subscriptions.subscribe, { order_id: order.id, order });
  mockEndpoint(API.payments.create, {
    order_id: order.id,
    payment_url: PAYMENT_URL,
    qr_code_url: 'http://localhost:3000/api/v1/payments/qr/sbx_9',
    expires_at: order.expires_at,
  });
  return order;
}

afterEach(() => {
  vi.mocked(leaveFor).mockClear();
  vi.unstubAllGlobals();
});

describe('plan choice in the URL', () => {
  it('builds and reads /plans?plan=…&period=…, the name percent-encoded', () => {
    const path = planChoicePath({ planName: 'PRO+', period: 'yearly' });
    expect(path).toBe('/plans?plan=PRO%2B&period=yearly');
    expect(planChoiceOfPath(path)).toEqual({ planName: 'PRO+', period: 'yearly' });
    expect(planChoiceLabel({ planName: 'PRO+', period: 'yearly' })).toBe('PRO+ · Yearly');
    expect(planChoiceOfPath('/plans')).toBeNull();
    expect(planChoiceOfPath('/orders?plan=PRO')).toBeNull();
    expect(readPlanChoice(new URLSearchParams('plan=PRO&period=weekly'))).toEqual({
      planName: 'PRO',
      period: 'monthly',
    });
  });
});

describe('a plan chosen before signing up', () => {
  it('carries Yearly → PRO+ to /register when signed out, without placing an order', async () => {
    mockEndpoint(API.subscriptions.plans, plansAnswer);
    const { router } = renderRoute(<PlansView />, { path: '/plans' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Yearly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose PRO+' }));
    expect(currentUrl(router)).toBe(
      '/register?redirect=/plans%3Fplan%3DPRO%252B%26period%3Dyearly',
    );
    expect(callsTo(API.subscriptions.subscribe)).toHaveLength(0);
  });

  it('starts a signed-out visitor on the period of the URL, and places nothing', async () => {
    mockEndpoint(API.subscriptions.plans, plansAnswer);
    renderRoute(<PlansView />, { path: '/plans', url: '/plans?plan=PRO%2B&period=yearly' });
    expect(await screen.findByRole('article', { name: 'PRO+' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    expect(callsTo(API.subscriptions.subscribe)).toHaveLength(0);
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('continues to the checkout once signed in: orders PRO+ yearly and goes to its payment page', async () => {
    const order = signedInAndOrdering();
    const { router } = renderRoute(<PlansView />, {
      path: '/plans',
      url: '/plans?plan=PRO%2B&period=yearly',
    });
    expect(
      await screen.findByText('Taking you to the checkout for PRO+ · Yearly…'),
    ).toBeInTheDocument();
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(PAYMENT_URL));
    expect(callsTo(API.subscriptions.subscribe).map((c) => c.body)).toEqual([
      { plan_id: proPlus.id, duration_months: 12 },
    ]);
    expect(callsTo(API.payments.create).map((c) => c.body)).toEqual([{ order_id: order.id }]);
    // The choice left the URL (Back from the payment page places no second order).
    expect(currentUrl(router)).toBe('/plans?period=yearly');
    expect(screen.getByRole('radio', { name: 'Yearly' })).toBeChecked();
  });

  it('drops an unknown or free plan without a call', async () => {
    signedInAndOrdering();
    const { router } = renderRoute(<PlansView />, {
      path: '/plans',
      url: '/plans?plan=FREE&period=monthly',
    });
    await waitFor(() => expect(currentUrl(router)).toBe('/plans?period=monthly'));
    expect(callsTo(API.subscriptions.subscribe)).toHaveLength(0);
    expect(leaveFor).not.toHaveBeenCalled();
    expect(screen.queryByText(/Taking you to the checkout/)).not.toBeInTheDocument();
  });

  it("shows the server's refusal and leaves the page usable", async () => {
    signedInAndOrdering();
    mockEndpoint(API.subscriptions.subscribe, reply(404, apiError('planNotFound')));
    renderRoute(<PlansView />, { path: '/plans', url: '/plans?plan=PRO&period=monthly' });
    expect(await screen.findByRole('alert')).toHaveTextContent(API_ERRORS.planNotFound);
    expect(leaveFor).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose PRO' })).toBeEnabled();
  });
});

describe('the recommended plan on phones', () => {
  it('comes first on a phone and keeps its place on wide screens', async () => {
    expect(recommendedFirst([free, pro, proPlus], 'PRO').map((p) => p.name)).toEqual([
      'PRO',
      'FREE',
      'PRO+',
    ]);
    stubMatchMedia(phoneViewport);
    mockEndpoint(API.subscriptions.plans, plansAnswer);
    renderRoute(<PlansView />, { path: '/plans' });
    await screen.findByRole('article', { name: 'PRO' });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      `plan-${pro.id}-name`,
      `plan-${free.id}-name`,
      `plan-${proPlus.id}-name`,
    ]);
  });
});
