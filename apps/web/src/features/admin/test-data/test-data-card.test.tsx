import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@flockr/contract';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeHealth, makeStats, makeTestData } from '../test/fixtures';
import { makeAdoption } from '../test/release-fixtures';
import { apiError, renderAdmin } from '../test/render';

const leftOver = makeTestData({
  payments_mode: 'test',
  orders: { total: 3, completed: 2 },
  amounts: [{ currency: 'USD', total: 39.98 }],
  subscriptions: 2,
  licenses: 1,
  payment_events: 4,
});

/** The dashboard with `testData` as what `GET /admin/test-data` answers. */
function renderDashboard(testData = leftOver) {
  mockEndpoint(API.admin.stats, { stats: makeStats() });
  mockEndpoint(API.admin.dailyStats, { currency: 'USD', days: [] });
  mockEndpoint(API.admin.health, { health: makeHealth() });
  mockEndpoint(API.admin.adoption, makeAdoption());
  mockEndpoint(API.admin.testData, { test_data: testData });
  return renderAdmin('/admin');
}

describe('dashboard: test data', () => {
  it('shows test orders apart from the figures, on a line of their own', async () => {
    renderDashboard();
    const heading = await screen.findByRole('heading', {
      name: 'Test mode: payments take no real money',
    });
    const card = heading.closest('section') as HTMLElement;
    expect(card).toHaveTextContent(
      '3 test orders (2 completed) · $39.98 · 2 test subscriptions — not counted in any figure here.',
    );
  });

  it('clears them after a confirmation that says what goes and what stays', async () => {
    let data = leftOver;
    mockEndpoint(API.admin.clearTestData, () => {
      data = makeTestData({ payments_mode: 'test' });
      return {
        cleared: {
          orders: 3,
          payment_events: 4,
          subscriptions: 2,
          subscriptions_shortened: 0,
          licenses: 1,
          cleared_at: '2026-11-21T10:00:00.000Z',
        },
      };
    });
    renderDashboard();
    mockEndpoint(API.admin.testData, () => ({ test_data: data }));
    await userEvent.click(await screen.findByRole('button', { name: 'Clear test data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear test data?' });
    expect(dialog).toHaveTextContent(
      '3 test orders, with their payment records (4 provider events)',
    );
    expect(dialog).toHaveTextContent('2 subscriptions granted only by test orders');
    expect(dialog).toHaveTextContent('1 license created by test orders of buyers who never paid');
    expect(dialog).toHaveTextContent(
      'Live orders, revenue, accounts, downloads and the audit trail are not touched.',
    );
    expect(callsTo(API.admin.clearTestData)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear test data' }));
    expect(await screen.findByText('Test data cleared: 3 test orders removed')).toBeInTheDocument();
    expect(callsTo(API.admin.clearTestData)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Clear test data?' })).not.toBeInTheDocument(),
    );
    expect(
      await screen.findByText(
        'No test orders yet. Test orders are never counted in the figures here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear test data' })).toBeDisabled();
  });

  it("keeps the dialog open with the server's text when clearing fails", async () => {
    mockEndpoint(API.admin.clearTestData, reply(403, apiError('forbidden')));
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Clear test data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear test data?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear test data' }));
    expect(await within(dialog).findByText('You do not have permission to do this')).toBeVisible();
  });

  it('shows no test-data line on a live site with none left', async () => {
    renderDashboard(makeTestData());
    expect(await screen.findByRole('heading', { name: 'Recent orders' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear test data' })).not.toBeInTheDocument();
  });

  it('offers to clear what test mode left once the site is live', async () => {
    renderDashboard({ ...leftOver, payments_mode: 'live' });
    expect(
      await screen.findByRole('heading', { name: 'Test data left from test mode' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear test data' })).toBeEnabled();
  });
});
