import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, CLIENT_ERRORS } from '@flockr/contract';
import { mockEndpoint } from '../../../test/api';
import { makeStats } from '../test/fixtures';
import { gatewayError, renderAdmin } from '../test/render';
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
    renderAdmin('/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent(CLIENT_ERRORS.defaults.fetchStats);
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('1,234')).toBeInTheDocument();
  });

  it('summarizes an empty or all-zero series', () => {
    const money = (v: number) => `$${v.toFixed(2)}`;
    expect(summarize([], money)).toBe('No data for this period.');
    expect(summarize([{ date: '2026-11-01', value: 0 }], money)).toBe(
      'Total $0.00 from Nov 1 to Nov 1.',
    );
  });
});
