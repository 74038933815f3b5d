import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, CLIENT_ERRORS } from '@flockr/contract';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeAdminPlan } from '../test/fixtures';
import { apiError, gatewayError, renderAdmin } from '../test/render';

const pro = makeAdminPlan();
const old = makeAdminPlan({
  id: '00000000-0000-4000-8000-000000000009',
  name: 'OLD',
  is_active: false,
});

/** Renders the plans tab listing PRO and the inactive OLD. */
function renderPlans() {
  mockEndpoint(API.admin.plans, { plans: [pro, old] });
  return renderAdmin('/admin?tab=plans');
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
    expect(within(card).getByText('Features (3)')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'OLD' })).getByText('Inactive'),
    ).toBeVisible();
  });

  it('shows the contract messages for an empty form and sends nothing', async () => {
    renderPlans();
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
    expect(callsTo(API.admin.createPlan)).toHaveLength(0);
  });

  it('rejects a price with more than two decimals', async () => {
    renderPlans();
    await userEvent.click(await screen.findByRole('button', { name: 'New plan' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Monthly price' }), '1.234');
    await userEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('Price can have at most 2 decimals')).toBeInTheDocument();
  });

  it('creates a plan, dropping blank feature lines from the payload', async () => {
    mockEndpoint(API.admin.createPlan, { plan: makeAdminPlan({ name: 'TEAM' }) });
    renderPlans();
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
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: 'After the subscription ends' }),
      'No downloads or updates',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(callsTo(API.admin.createPlan)).toHaveLength(1));
    expect(callsTo(API.admin.createPlan)[0]!.body).toEqual({
      name: 'TEAM',
      description: 'For teams',
      monthly_price: 29.99,
      yearly_price: 299,
      features: ['Ten accounts', 'Priority support'],
      is_active: false,
      after_expiry_access: 'none',
    });
    expect(await screen.findByText('Plan TEAM created')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'New plan' })).not.toBeInTheDocument(),
    );
    // Focus goes back to New plan, and the list was reloaded.
    expect(screen.getByRole('button', { name: 'New plan' })).toHaveFocus();
    expect(callsTo(API.admin.plans).length).toBeGreaterThan(1);
  });

  it('closes the form with Cancel', async () => {
    renderPlans();
    await userEvent.click(await screen.findByRole('button', { name: 'New plan' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New plan' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New plan' })).toHaveFocus();
  });

  it("edits a plan with PUT and shows the server's 409 or the default text", async () => {
    let down = false;
    mockEndpoint(API.admin.updatePlan, () =>
      down ? gatewayError() : reply(409, apiError('planNameTaken')),
    );
    renderPlans();
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
    const [put] = callsTo(API.admin.updatePlan);
    expect(put!.params.id).toBe(pro.id);
    expect(put!.body).toEqual({
      name: 'FREE',
      description: pro.description,
      monthly_price: 19.99,
      yearly_price: 199.99,
      features: pro.features,
      is_active: true,
      after_expiry_access: 'keep_released',
    });

    down = true;
    await userEvent.click(within(form).getByRole('button', { name: 'Save plan' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent(CLIENT_ERRORS.defaults.updatePlan),
    );
  });

  it('shows the list error with Try Again, and the empty state', async () => {
    let down = true;
    mockEndpoint(API.admin.plans, () => (down ? gatewayError() : { plans: [] }));
    renderAdmin('/admin?tab=plans');
    expect(await screen.findByRole('alert')).toHaveTextContent(CLIENT_ERRORS.defaults.fetchPlans);
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No plans yet' })).toBeInTheDocument();
  });
});
