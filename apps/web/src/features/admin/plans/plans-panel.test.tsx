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
      entitlements: [],
      max_devices: 1,
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
      entitlements: [],
      max_devices: 1,
    });

    down = true;
    await userEvent.click(within(form).getByRole('button', { name: 'Save plan' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent(CLIENT_ERRORS.defaults.updatePlan),
    );
  });

  it('shows devices per license and what a license gives on each plan card', async () => {
    mockEndpoint(API.admin.plans, {
      plans: [
        makeAdminPlan({
          entitlements: [
            { code: 'TWITTER_ACCOUNTS', limit: 5 },
            { code: 'DAILY_ACTIONS', limit: null },
            { code: 'WHITE_LABEL', limit: null },
          ],
          max_devices: 3,
        }),
      ],
    });
    renderAdmin('/admin?tab=plans');
    const card = await screen.findByRole('article', { name: 'PRO' });
    expect(card).toHaveTextContent('Devices per license3');
    expect(card).toHaveTextContent('License gives (3)');
    expect(within(card).getByText('Up to 5 Twitter accounts')).toBeInTheDocument();
    expect(within(card).getByText('Unlimited daily actions')).toBeInTheDocument();
    expect(within(card).getByText('White label')).toBeInTheDocument();
  });

  it('edits the entitlements (code, optional limit) and the devices per license', async () => {
    const plan = makeAdminPlan({
      entitlements: [
        { code: 'TWITTER_ACCOUNTS', limit: 5 },
        { code: 'CUSTOM_REPORTS', limit: 2 },
      ],
      max_devices: 2,
    });
    mockEndpoint(API.admin.plans, { plans: [plan] });
    mockEndpoint(API.admin.updatePlan, { plan });
    renderAdmin('/admin?tab=plans');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit plan PRO' }));
    const form = screen.getByRole('form', { name: 'Edit plan PRO' });
    const group = within(form).getByRole('group', { name: 'Entitlements' });

    const first = within(group).getByRole('combobox', { name: 'Entitlement 1' });
    expect(first).toHaveValue('TWITTER_ACCOUNTS');
    expect(
      within(first)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Twitter accounts',
      'Daily actions',
      'Email support',
      'Priority support',
      'Phone support',
      'White label',
      'Custom reports',
    ]);
    // A code already used by another row cannot be chosen twice.
    expect(within(first).getByRole('option', { name: 'Custom reports' })).toBeDisabled();
    expect(within(group).getByRole('spinbutton', { name: 'Limit of entitlement 1' })).toHaveValue(
      5,
    );
    expect(group).toHaveTextContent('Shown as: Up to 5 Twitter accounts');
    // An admin's own code stays as it is.
    expect(within(group).getByRole('combobox', { name: 'Entitlement 2' })).toHaveValue(
      'CUSTOM_REPORTS',
    );

    // Add: the first code not used yet, unlimited.
    await userEvent.click(within(group).getByRole('button', { name: 'Add entitlement' }));
    const third = within(group).getByRole('combobox', { name: 'Entitlement 3' });
    expect(third).toHaveValue('DAILY_ACTIONS');
    const limit3 = within(group).getByRole('spinbutton', { name: 'Limit of entitlement 3' });
    expect(limit3).toHaveValue(null);
    expect(limit3).toHaveAttribute('placeholder', 'Unlimited');
    expect(group).toHaveTextContent('Shown as: Unlimited daily actions');
    await userEvent.type(limit3, '500');
    expect(group).toHaveTextContent('Shown as: 500 daily actions');

    await userEvent.click(within(group).getByRole('button', { name: 'Add entitlement' }));
    await userEvent.selectOptions(
      within(group).getByRole('combobox', { name: 'Entitlement 4' }),
      'WHITE_LABEL',
    );
    // Remove the admin's own code; empty the first limit (unlimited).
    await userEvent.click(within(group).getByRole('button', { name: 'Remove entitlement 2' }));
    await userEvent.clear(
      within(group).getByRole('spinbutton', { name: 'Limit of entitlement 1' }),
    );

    const devices = within(form).getByRole('spinbutton', { name: 'Devices per license' });
    expect(devices).toHaveValue(2);
    await userEvent.clear(devices);
    await userEvent.type(devices, '3');

    await userEvent.click(within(form).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(callsTo(API.admin.updatePlan)).toHaveLength(1));
    expect(callsTo(API.admin.updatePlan)[0]!.body).toMatchObject({
      entitlements: [
        { code: 'TWITTER_ACCOUNTS', limit: null },
        { code: 'DAILY_ACTIONS', limit: 500 },
        { code: 'WHITE_LABEL', limit: null },
      ],
      max_devices: 3,
    });
  });

  it('refuses a bad limit or device count with the contract messages', async () => {
    mockEndpoint(API.admin.plans, {
      plans: [makeAdminPlan({ entitlements: [{ code: 'DAILY_ACTIONS', limit: 10 }] })],
    });
    renderAdmin('/admin?tab=plans');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit plan PRO' }));
    const form = screen.getByRole('form', { name: 'Edit plan PRO' });
    const limit = within(form).getByRole('spinbutton', { name: 'Limit of entitlement 1' });
    await userEvent.clear(limit);
    await userEvent.type(limit, '2.5');
    const devices = within(form).getByRole('spinbutton', { name: 'Devices per license' });
    await userEvent.clear(devices);
    await userEvent.type(devices, '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect(await within(form).findByText('Limit must be a whole number')).toBeInTheDocument();
    expect(within(form).getByText('Device limit must be at least 1')).toBeInTheDocument();
    expect(callsTo(API.admin.updatePlan)).toHaveLength(0);
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
