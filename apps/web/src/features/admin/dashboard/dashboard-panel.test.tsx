import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, CLIENT_ERRORS } from '@flockr/contract';
import { mockEndpoint } from '../../../test/api';
import { makeHealth, makeStats, makeTestData } from '../test/fixtures';
import { makeAdoption } from '../test/release-fixtures';
import { gatewayError, lastQuery, renderAdmin } from '../test/render';
import { summarize } from './daily-chart';

const days = [
  { date: '2026-11-19', revenue: 0, signups: 1 },
  { date: '2026-11-20', revenue: 39.98, signups: 4 },
  { date: '2026-11-21', revenue: 19.99, signups: 2 },
];

/** Renders the dashboard with the default figures and the three days above. */
function renderDashboard() {
  mockEndpoint(API.admin.stats, { stats: makeStats() });
  mockEndpoint(API.admin.dailyStats, { currency: 'USD', days });
  mockEndpoint(API.admin.health, { health: makeHealth() });
  mockEndpoint(API.admin.adoption, makeAdoption());
  mockEndpoint(API.admin.testData, { test_data: makeTestData() });
  return renderAdmin('/admin');
}

describe('admin dashboard', () => {
  it('shows the figures with revenue formatted in its currency', async () => {
    renderDashboard();
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('1,000 active')).toBeInTheDocument();
    expect(screen.getByText('60 completed')).toBeInTheDocument();
    expect(screen.getByText('active of 70 total')).toBeInTheDocument();
    expect(screen.getByText('$1,999.50')).toBeInTheDocument();
    expect(screen.getByText('Completed minus refunded')).toBeInTheDocument();
  });

  it('names and describes both charts and carries their data in hidden tables', async () => {
    renderDashboard();
    const revenue = await screen.findByRole('figure', { name: 'Revenue per day (last 30 days)' });
    expect(revenue).toHaveAccessibleDescription(
      'Total $59.97 from Nov 19 to Nov 21; highest $39.98 on Nov 20.',
    );
    const revenueTable = within(revenue).getByRole('table', {
      name: 'Revenue per day (last 30 days)',
    });
    expect(within(revenueTable).getByRole('row', { name: 'Nov 20 $39.98' })).toBeInTheDocument();
    const signups = screen.getByRole('figure', { name: 'Sign-ups per day (last 30 days)' });
    expect(signups).toHaveAccessibleDescription(
      'Total 7 from Nov 19 to Nov 21; highest 4 on Nov 20.',
    );
  });

  it('lists the recent users and orders', async () => {
    renderDashboard();
    const users = await screen.findByRole('heading', { name: 'Recent users' });
    expect(users).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    expect(screen.getByText('#c3d4e5f6')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent orders' })).toBeInTheDocument();
  });

  it('shows the stats error with Try Again', async () => {
    let down = true;
    mockEndpoint(API.admin.stats, () => (down ? gatewayError() : { stats: makeStats() }));
    mockEndpoint(API.admin.dailyStats, { currency: 'USD', days });
    mockEndpoint(API.admin.health, { health: makeHealth() });
    mockEndpoint(API.admin.adoption, makeAdoption());
    mockEndpoint(API.admin.testData, { test_data: makeTestData() });
    renderAdmin('/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent(CLIENT_ERRORS.defaults.fetchStats);
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('1,234')).toBeInTheDocument();
  });

  it('puts business health first: revenue by month with change, new vs lapsed, due, paid rate, plans', async () => {
    renderDashboard();
    const health = await screen.findByRole('region', { name: 'Business health' });
    expect(await within(health).findByText('$600.00')).toBeInTheDocument();
    expect(within(health).getByText(/Nov 2026: \+50% on the month before/)).toBeInTheDocument();
    expect(within(health).getByText('12 new')).toBeInTheDocument();
    expect(within(health).getByText(/4 lapsed · net \+8/)).toBeInTheDocument();
    expect(within(health).getByText('75%')).toBeInTheDocument();
    expect(within(health).getByText(/30 of 40 placed · 2 waiting now/)).toBeInTheDocument();
    const months = within(health).getByRole('table');
    expect(within(months).getAllByRole('row')).toHaveLength(4);
    expect(within(months).getByRole('row', { name: /Oct 2026 \$200\.00 10 \+100%/ })).toBeVisible();
    expect(within(health).getByText('PRO+')).toBeInTheDocument();
    expect(within(health).getByText('40 active in all')).toBeInTheDocument();
    // The whole section comes before the spec's figures.
    const figures = screen.getByText('1,234');
    expect(health.compareDocumentPosition(figures) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('asks the server for the chosen date range and keeps it in the URL', async () => {
    const { router } = renderDashboard();
    await screen.findByRole('region', { name: 'Business health' });
    await userEvent.click(screen.getByRole('button', { name: 'Any date' }));
    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '2026-01-01' } });
    await waitFor(() => expect(lastQuery(API.admin.health)).toEqual({ from: '2026-01-01' }));
    expect(router.state.location.search).toContain('from=2026-01-01');
  });

  it('summarizes an empty or all-zero series', () => {
    const money = (v: number) => `$${v.toFixed(2)}`;
    expect(summarize([], money)).toBe('No data for this period.');
    expect(summarize([{ date: '2026-11-01', value: 0 }], money)).toBe(
      'Total $0.00 from Nov 1 to Nov 1.',
    );
  });
});
