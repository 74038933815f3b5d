import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_ERRORS } from '@flockr/contract';
import AdminRoute from '../../../app/routes/admin';
import { json, mockApi } from '../../../test/mock-api';
import { renderRoute, signIn } from '../../../test/render';
import { makeAdmin, makeAdminPlan } from '../test/fixtures';

const pro = makeAdminPlan();

/** Renders the plans tab with `routes`. */
function renderPlans(routes: Parameters<typeof mockApi>[0] = {}) {
  const me = makeAdmin();
  signIn(me);
  const api = mockApi({
    'GET /auth/me': { user: me },
    'GET /admin/plans': {
      plans: [
        pro,
        makeAdminPlan({
          id: '00000000-0000-4000-8000-000000000009',
          name: 'OLD',
          is_active: false,
        }),
      ],
    },
    ...routes,
  });
  return { ...api, ...renderRoute(<AdminRoute />, { path: '/admin', url: '/admin?tab=plans' }) };
}

describe('admin plans tab', () => {
  it('shows each plan with prices, state, subscribers and revenue', async () => {
    renderPlans();
    const card = await screen.findByRole('article', { name: 'PRO' });
    expect(within(card).getByText('$19.99')).toBeInTheDocument();
    expect(within(card).getByText('$199.99')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('3')).toBeInTheDocument();
    expect(within(card).getByText('$59.97')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'OLD' })).getByText('Inactive'),
    ).toBeVisible();
  });

  it('shows the contract messages for an empty form and sends nothing', async () => {
    const { callsTo } = renderPlans();
    await userEvent.click(await screen.findByRole('button', { name: 'New plan' }));
    const form = screen.getByRole('form', { name: 'New plan' });
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(within(form).getByRole('spinbutton', { name: 'Monthly price' })).toHaveAttribute(
      'step',
      '0.01',
    );
    await userEvent.type(within(form).getByRole('textbox', { name: 'Features' }), '\n   \n');
    await userEvent.click(within(form).getByRole('button', { name: 'Create plan' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText('Description is required')).toBeInTheDocument();
    expect(within(form).getAllByText('Price must be a number')).toHaveLength(2);
    expect(within(form).getByText('At least one feature is required')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(callsTo('POST /admin/plans')).toHaveLength(0);
  });

  it('rejects a price with more than two decimals', async () => {
    renderPlans();
    await userEvent.click(await screen.findByRole('button', { name: 'New plan' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Monthly price' }), '1.234');
    await userEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('Price can have at most 2 decimals')).toBeInTheDocument();
  });

  it('creates a plan, dropping blank feature lines from the payload', async () => {
    const { callsTo } = renderPlans({
      'POST /admin/plans': json({ plan: makeAdminPlan({ name: 'TEAM' }) }, 201),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New plan' }));
    const form = screen.getByRole('form', { name: 'New plan' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'TEAM');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Description' }), 'For teams');
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Monthly price' }), '29.99');
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Yearly price' }), '299');
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Features' }),
      'Ten accounts\n\n  \n Priority support \n',
    );
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Active' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(callsTo('POST /admin/plans')).toHaveLength(1));
    expect(callsTo('POST /admin/plans')[0]!.body).toEqual({
      name: 'TEAM',
      description: 'For teams',
      monthly_price: 29.99,
      yearly_price: 299,
      features: ['Ten accounts', 'Priority support'],
      is_active: false,
    });
    expect(await screen.findByText('Plan TEAM created')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New plan' })).not.toBeInTheDocument();
  });

  it('edits a plan with PUT and shows the server error or the default text', async () => {
    let answer = json({ error: 'A plan with this name already exists' }, 409);
    const { callsTo } = renderPlans({ [`PUT /admin/plans/${pro.id}`]: () => answer });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit plan PRO' }));
    const form = screen.getByRole('form', { name: 'Edit plan PRO' });
    expect(within(form).getByRole('textbox', { name: 'Features' })).toHaveValue(
      pro.features.join('\n'),
    );
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'FREE');
    await userEvent.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'A plan with this name already exists',
    );
    expect(callsTo(`PUT /admin/plans/${pro.id}`)[0]!.body).toMatchObject({
      name: 'FREE',
      monthly_price: 19.99,
      features: pro.features,
    });

    answer = new Response('', { status: 500 });
    await userEvent.click(within(form).getByRole('button', { name: 'Save plan' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent(CLIENT_ERRORS.defaults.updatePlan),
    );
  });
});
