import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  API,
  PLAN_COMPARISON,
  displayedYearlySaving,
  type QuoteResponse,
  type User,
} from '@flockr/contract';
import { callsTo, mockEndpoint, reply, server } from '../../../test/api';
import { makeOrder, makePlan, makeUser } from '../../../test/fixtures';
import { currentUrl, renderRoute, signIn } from '../../../test/render';
import { PlansView } from './plans-view';
import { perMonthText, yearlySavingText } from './plan-card';

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

/** A quote as the server gives it: a NEW purchase of PRO for a year by default. */
function makeQuote(overrides: Partial<QuoteResponse> = {}): QuoteResponse {
  return {
    plan_id: pro.id,
    plan_name: 'PRO',
    duration_months: 12,
    amount: 199.99,
    currency: 'USD',
    change: 'NEW',
    starts_at: '2026-11-21T10:00:00.000Z',
    ends_at: '2027-11-21T10:00:00.000Z',
    current: null,
    carried_over_seconds: 0,
    ...overrides,
  };
}

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

  it('checks out: the quote, "Pay $199.99", the tab opened on the click, then the thank-you page', async () => {
    const user = makeUser();
    signedInWithPlans(user);
    const order = makeOrder({
      duration_months: 12,
      amount: 199.99,
      payment_url: null,
      qr_code_url: null,
    });
    // The tab the click opens; its location is set once the payment URL arrives.
    const tab = {
      closed: false,
      opener: {},
      location: { href: '' },
      close: vi.fn(),
      document: { title: '', body: { textContent: '' } },
    };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    mockEndpoint(API.subscriptions.quote, makeQuote());
    mockEndpoint(API.subscriptions.subscribe, { order_id: order.id, order });
    mockEndpoint(API.payments.create, {
      order_id: order.id,
      payment_url: 'http://localhost:3000/sandbox/checkout/sbx_1',
      qr_code_url: 'http://localhost:3000/api/v1/payments/qr/sbx_1',
      expires_at: order.expires_at,
    });
    const { router } = renderRoute(<PlansView />, { path: '/plans' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Yearly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose PRO' }));

    const dialog = await screen.findByRole('dialog', { name: 'Checkout: PRO' });
    expect(callsTo(API.subscriptions.subscribe)).toHaveLength(0);
    const pay = await within(dialog).findByRole('button', { name: 'Pay $199.99' });
    expect(callsTo(API.subscriptions.quote)[0]!.url.searchParams.get('duration_months')).toBe('12');
    expect(within(dialog).getByText('Yearly (12 months)')).toBeInTheDocument();
    expect(within(dialog).getByText('Prices include all taxes.')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/PRO starts as soon as you pay and runs for 12 months/),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'The secure payment page opens in a new tab, or in this one if your browser blocks new tabs.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Sold by Flockr Software LLC, 1 Example Street/),
    ).toBeInTheDocument();

    await userEvent.click(pay);
    // Opened during the click, before any request (popup blockers allow only that).
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() =>
      expect(tab.location.href).toBe('http://localhost:3000/sandbox/checkout/sbx_1'),
    );
    expect(tab.opener).toBeNull();
    expect(callsTo(API.subscriptions.subscribe)[0]!.body).toEqual({
      plan_id: pro.id,
      duration_months: 12,
    });
    expect(callsTo(API.payments.create)[0]!.body).toEqual({ order_id: order.id });
    await waitFor(() => expect(currentUrl(router)).toBe(`/thank-you/${order.id.slice(-8)}`));
  });

  it('goes to the payment page in this tab when the browser blocks the new tab', async () => {
    signedInWithPlans(makeUser());
    const order = makeOrder({ payment_url: null, qr_code_url: null });
    vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      assign,
    } as Location);
    mockEndpoint(API.subscriptions.quote, makeQuote({ duration_months: 1, amount: 19.99 }));
    mockEndpoint(API.subscriptions.subscribe, { order_id: order.id, order });
    mockEndpoint(API.payments.create, {
      order_id: order.id,
      payment_url: 'http://localhost:3000/sandbox/checkout/sbx_2',
      qr_code_url: 'http://localhost:3000/api/v1/payments/qr/sbx_2',
      expires_at: order.expires_at,
    });
    renderRoute(<PlansView />, { path: '/plans' });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose PRO' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $19.99' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost:3000/sandbox/checkout/sbx_2'),
    );
  });

  it('shows the server error in the checkout, or "Subscription failed", and closes the empty tab', async () => {
    signedInWithPlans(makeUser());
    const tab = {
      closed: false,
      opener: null,
      location: { href: '' },
      close: vi.fn(),
      document: { title: '', body: { textContent: '' } },
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    mockEndpoint(API.subscriptions.quote, makeQuote({ duration_months: 1, amount: 19.99 }));
    mockEndpoint(
      API.subscriptions.subscribe,
      reply(404, { error: 'Plan not found', code: 'PLAN_NOT_FOUND' }),
    );
    renderRoute(<PlansView />, { path: '/plans' });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose PRO' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $19.99' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Plan not found');
    expect(tab.close).toHaveBeenCalled();
    expect(callsTo(API.payments.create)).toHaveLength(0);

    // An answer without a text (a proxy's bare 502) falls back to the spec's default.
    server.use(
      http.post('*/api/v1/subscriptions/subscribe', () => new HttpResponse(null, { status: 502 })),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $19.99' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Subscription failed'),
    );
  });

  it('offers a subscriber Extend, Upgrade with the converted days, and a lower plan from its start', async () => {
    const subscribed = makeUser({
      subscription: { plan_name: 'PRO', status: 'ACTIVE', expires_at: '2099-01-01T00:00:00.000Z' },
    });
    signedInWithPlans(subscribed);
    mockEndpoint(API.subscriptions.quote, (call) =>
      call.url.searchParams.get('plan_id') === proPlus.id
        ? makeQuote({
            plan_id: proPlus.id,
            plan_name: 'PRO+',
            duration_months: 1,
            amount: 49.99,
            change: 'UPGRADE',
            ends_at: '2027-01-03T10:00:00.000Z',
            current: {
              plan_id: pro.id,
              plan_name: 'PRO',
              expires_at: '2026-12-11T10:00:00.000Z',
              monthly_price: 19.99,
              remaining_seconds: 20 * 86_400,
            },
            carried_over_seconds: 8 * 86_400,
          })
        : makeQuote({ duration_months: 1, amount: 19.99, change: 'RENEWAL' }),
    );
    renderRoute(<PlansView />, { path: '/plans' });
    const proCard = await screen.findByRole('article', { name: 'PRO' });
    expect(await within(proCard).findByRole('button', { name: 'Extend PRO' })).toBeInTheDocument();
    expect(within(proCard).queryByRole('button', { name: 'Choose PRO' })).not.toBeInTheDocument();
    await userEvent.click(within(card('PRO+')).getByRole('button', { name: 'Upgrade to PRO+' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to PRO+' });
    expect(
      await within(dialog).findByText(
        /The 20 days left on PRO are converted by monthly price \(\$19\.99 → \$49\.99 a month\) into 8 days of PRO\+/,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay $49.99' })).toBeEnabled();
  });

  it('says when a lower plan starts', async () => {
    const subscribed = makeUser({
      subscription: { plan_name: 'PRO+', status: 'ACTIVE', expires_at: '2099-01-01T00:00:00.000Z' },
    });
    signedInWithPlans(subscribed);
    renderRoute(<PlansView />, { path: '/plans' });
    const proCard = await screen.findByRole('article', { name: 'PRO' });
    expect(
      await within(proCard).findByRole('button', { name: 'Switch to PRO' }),
    ).toBeInTheDocument();
    expect(
      within(proCard).getByText(/^Starts .*2099, when your current plan ends\.$/),
    ).toBeInTheDocument();
    expect(within(card('PRO+')).getByRole('button', { name: 'Extend PRO+' })).toBeInTheDocument();
  });

  it('shows the yearly per-month equivalent once, and the seller with the tax note', async () => {
    mockEndpoint(API.subscriptions.plans, plansAnswer);
    renderRoute(<PlansView />, { path: '/plans' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Yearly' }));
    expect(perMonthText(199.99, 'USD')).toBe('$16.67/month, billed yearly');
    expect(within(card('PRO')).getAllByText('$16.67/month, billed yearly')).toHaveLength(1);
    expect(
      await screen.findByText(/Sold by Flockr Software LLC, 1 Example Street/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Prices include all taxes\./)).toBeInTheDocument();
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
